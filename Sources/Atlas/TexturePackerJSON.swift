import Animated
import Foundation
import Raster

/// TexturePacker's JSON, as Phaser and PixiJS load it (DESIGN.md §7): `frames` keyed by name (hash)
/// or as an array with `filename`, `animations` per sequence, and `meta`.
public enum TexturePackerJSON {
    /// `frames` as an object keyed by name (hash) or as an array with `filename` (array).
    public enum Style: String, Sendable, CaseIterable {
        case hash = "json-hash"
        case array = "json-array"
    }

    struct Size: Codable, Equatable { var w, h: Int }

    /// A rectangle as the format spells it: `{"x", "y", "w", "h"}`.
    struct Rect: Codable, Equatable {
        var x, y, w, h: Int
        init(_ rect: PixelRect) { (x, y, w, h) = (rect.x, rect.y, rect.width, rect.height) }
        var pixelRect: PixelRect { PixelRect(x: x, y: y, width: w, height: h) }
    }
    struct Pivot: Codable, Equatable { var x, y: Double }

    struct Frame: Codable, Equatable {
        var filename: String?
        var frame: Rect
        var rotated: Bool
        var trimmed: Bool
        var spriteSourceSize: Rect
        var sourceSize: Size
        var pivot: Pivot?
        var duration: Int?
    }

    struct Meta: Codable, Equatable {
        var app: String?
        var version: String?
        var image: String
        var format: String?
        var size: Size
        var scale: String?
        /// PixiJS (≥ 7) loads these other pages' data files along with this one.
        var related_multi_packs: [String]?
        /// `true` when the page is premultiplied; written only then. Phaser and PixiJS do not read
        /// it: the loader must be told (PixiJS `alphaMode: 'premultiplied-alpha'`).
        var premultipliedAlpha: Bool?
    }

    struct HashDocument: Codable {
        var frames: [String: Frame]
        var animations: [String: [String]]?
        var meta: Meta
    }

    struct ArrayDocument: Codable {
        var frames: [Frame]
        var animations: [String: [String]]?
        var meta: Meta
    }

    /// Phaser 3's multi-atlas (`this.load.multiatlas`): one file, a `textures` array with each
    /// page's image, size and frames (an array with `filename`, as in JSON array).
    struct MultiAtlasDocument: Codable {
        struct Texture: Codable {
            var image: String
            var format: String?
            var size: Size
            var scale: Double?
            var frames: [Frame]
        }
        struct MultiMeta: Codable {
            var app: String?
            var version: String?
            var premultipliedAlpha: Bool?
        }
        var textures: [Texture]
        var animations: [String: [String]]?
        var meta: MultiMeta?
    }

    /// Phaser 3's multi-atlas for all pages of `sheet`, saved as `images` (file names relative to
    /// the data): what `this.load.multiatlas(key, url)` reads. Phaser's `load.atlas` cannot read
    /// several pages; PixiJS follows `related_multi_packs` instead (see ``encode(_:page:image:style:related:)``).
    public static func encodeMultiAtlas(_ sheet: SpriteSheet, images: [String]) -> [UInt8] {
        precondition(images.count == sheet.pages.count, "one image name per page")
        let textures = sheet.pages.enumerated().map { index, page in
            MultiAtlasDocument.Texture(image: images[index], format: "RGBA8888", size: Size(w: page.width, h: page.height),
                                       scale: Double(page.scale),
                                       frames: sheet.sprites.filter { $0.page == index }.map { frame($0, filename: $0.name) })
        }
        let animations = sheet.animations.isEmpty ? nil : Dictionary(sheet.animations.map { ($0.name, $0.frames) }, uniquingKeysWith: { a, _ in a })
        let document = MultiAtlasDocument(textures: textures, animations: animations,
                                          meta: .init(app: "flipbook", version: "0.1.0", premultipliedAlpha: sheet.premultipliedAlpha ? true : nil))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(document)) ?? Data()) + [0x0A]
    }

    /// Each page of a Phaser multi-atlas (``encodeMultiAtlas(_:images:)``) as a decoded page;
    /// `nil` when the data is not one (no `textures` array).
    public static func decodeMultiAtlas(_ bytes: [UInt8]) throws(Error) -> [Decoded]? {
        let document: MultiAtlasDocument
        do { document = try JSONDecoder().decode(MultiAtlasDocument.self, from: Data(bytes)) } catch {
            // No `textures` array at the top: another kind of sheet, read by `decode(_:)`.
            if case DecodingError.keyNotFound(let key, let context) = error, key.stringValue == "textures", context.codingPath.isEmpty { return nil }
            if case DecodingError.typeMismatch(_, let context) = error, context.codingPath.map(\.stringValue) == ["textures"] { return nil }
            throw Error(reason: "\(error)")
        }
        var pages: [Decoded] = []
        for (index, texture) in document.textures.enumerated() {
            let sprites = try texture.frames.map { frame throws(Error) in
                guard let name = frame.filename else { throw Error(reason: "a frame of textures[\(index)] has no filename") }
                return sprite(name, frame)
            }
            let scale = texture.scale.flatMap { $0 >= 1 && $0 <= 16 && $0 == $0.rounded() ? Int($0) : nil } ?? 1
            pages.append(Decoded(sprites: sprites, animations: index == 0 ? document.animations ?? [:] : [:], image: texture.image,
                                 width: texture.size.w, height: texture.size.h, scale: scale, related: [],
                                 premultipliedAlpha: document.meta?.premultipliedAlpha ?? false))
        }
        return pages
    }

    /// The data file for page `page` of `sheet`, whose image is saved as `image` (a file name
    /// relative to the data). A multipack sheet has one data file per page; `related` names the
    /// others (`meta.related_multi_packs`, which PixiJS follows). Animations list the frames on this page.
    public static func encode(_ sheet: SpriteSheet, page: Int = 0, image: String, style: Style, related: [String] = []) -> [UInt8] {
        let bitmap = sheet.pages[page]
        let meta = Meta(app: "flipbook", version: "0.1.0", image: image, format: "RGBA8888",
                        size: Size(w: bitmap.width, h: bitmap.height), scale: String(bitmap.scale),
                        related_multi_packs: related.isEmpty ? nil : related,
                        premultipliedAlpha: sheet.premultipliedAlpha ? true : nil)
        let sprites = sheet.sprites.filter { $0.page == page }
        let onPage = Set(sprites.map(\.name))
        let pageAnimations = sheet.animations.compactMap { animation -> (String, [String])? in
            let frames = animation.frames.filter(onPage.contains)
            return frames.isEmpty ? nil : (animation.name, frames)
        }
        let animations = pageAnimations.isEmpty ? nil : Dictionary(pageAnimations, uniquingKeysWith: { a, _ in a })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch style {
        case .hash:
            let frames = Dictionary(sprites.map { ($0.name, frame($0, filename: nil)) }, uniquingKeysWith: { a, _ in a })
            data = try? encoder.encode(HashDocument(frames: frames, animations: animations, meta: meta))
        case .array:
            data = try? encoder.encode(ArrayDocument(frames: sprites.map { frame($0, filename: $0.name) }, animations: animations, meta: meta))
        }
        return Array(data ?? Data()) + [0x0A]
    }

    /// A sprite as the format states it: with `rotated`, `frame.w/h` are the unrotated size.
    static func frame(_ sprite: SpriteSheet.Sprite, filename: String?) -> Frame {
        let rect = Rect(PixelRect(x: sprite.frame.x, y: sprite.frame.y, width: sprite.unturnedWidth, height: sprite.unturnedHeight))
        return Frame(filename: filename, frame: rect, rotated: sprite.rotated, trimmed: sprite.trimmed,
                     spriteSourceSize: Rect(sprite.spriteSourceSize), sourceSize: Size(w: sprite.sourceWidth, h: sprite.sourceHeight),
                     pivot: Pivot(x: 0.5, y: 0.5), duration: sprite.duration)
    }

    /// The sprite a frame describes (its on-page region turned back to `h × w` when rotated).
    static func sprite(_ name: String, _ frame: Frame) -> SpriteSheet.Sprite {
        let rect = frame.frame.pixelRect
        return SpriteSheet.Sprite(name: name, frame: frame.rotated ? rect.transposed : rect, rotated: frame.rotated, trimmed: frame.trimmed,
                                  spriteSourceSize: frame.spriteSourceSize.pixelRect,
                                  sourceWidth: frame.sourceSize.w, sourceHeight: frame.sourceSize.h, duration: frame.duration)
    }

    /// Why a data file could not be read.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// What was wrong.
        public var reason: String
        /// `not a TexturePacker JSON sheet: reason`.
        public var description: String { "not a TexturePacker JSON sheet: \(reason)" }
    }

    /// What a data file says: its sprites (rotated ones turned clockwise, TexturePacker's way),
    /// animations, page image and size, and the other pages' data files of a multipack.
    public struct Decoded: Sendable {
        /// The frames, in natural order of their names (hash) or file order (array).
        public var sprites: [SpriteSheet.Sprite]
        /// Animation name → frame names in play order.
        public var animations: [String: [String]]
        /// The page image (`meta.image`), relative to the data file.
        public var image: String
        /// The page size (`meta.size`).
        public var width: Int
        public var height: Int
        /// `meta.scale` (1 when absent or not a whole number).
        public var scale: Int
        /// The other pages' data files (`meta.related_multi_packs`).
        public var related: [String]
        /// `meta.premultipliedAlpha` (false when absent).
        public var premultipliedAlpha: Bool
    }

    /// Reads a JSON hash or array (ours or TexturePacker's).
    public static func decode(_ bytes: [UInt8]) throws(Error) -> Decoded {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let frames: [(String, Frame)]
        let animations: [String: [String]]
        let meta: Meta
        if let hash = try? decoder.decode(HashDocument.self, from: data) {
            // A frame's `filename`, when it has one, is its name (Aseprite data keyed by number).
            frames = hash.frames.sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }.map { ($0.value.filename ?? $0.key, $0.value) }
            animations = hash.animations ?? [:]
            meta = hash.meta
        } else {
            do {
                let array = try decoder.decode(ArrayDocument.self, from: data)
                frames = try array.frames.map { frame throws(Error) in
                    guard let name = frame.filename else { throw Error(reason: "an array frame has no filename") }
                    return (name, frame)
                }
                animations = array.animations ?? [:]
                meta = array.meta
            } catch let error as Error {
                throw error
            } catch {
                throw Error(reason: "\(error)")
            }
        }
        return Decoded(sprites: frames.map { sprite($0, $1) }, animations: animations, image: meta.image,
                       width: meta.size.w, height: meta.size.h, scale: meta.scale.flatMap { Int($0) }.map { max(1, $0) } ?? 1,
                       related: meta.related_multi_packs ?? [], premultipliedAlpha: meta.premultipliedAlpha ?? false)
    }
}
