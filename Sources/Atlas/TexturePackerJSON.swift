import Animated
import Basics
import Foundation
import Raster

/// TexturePacker's JSON, as Phaser and PixiJS load it (specified in the repository's
/// `docs/Formats.md`, "TexturePacker JSON hash" and "array"): `frames` keyed by name (hash)
/// or as an array with `filename`, `animations` per sequence, and `meta`. An animation is a plain
/// list of frame names, which Phaser and PixiJS play forward: a `reverse` or `pingpong` sequence is
/// written in its played order (``SpriteSheet/Animation/playedFrames``); a set number of plays
/// cannot be said (both loop until told otherwise), which ``SheetEngine`` warns of.
///
/// Reading knows every key its producers write — TexturePacker (`pivot`, `anchor`, `borders`,
/// `scale9Borders`, polygon `vertices`/`verticesUV`/`triangles`, `smartupdate`, `normal_map`,
/// `related_multi_packs`, a multi-atlas's `normalMap`), Aseprite (`duration`, `frameTags`, `layers`,
/// `slices`), Free Texture Packer (a number for `meta.scale`), ShoeBox and Adobe Animate — and is
/// lenient (Basics' `KnownKeys.Policy.lenient`): these files come from templates that users edit, so a key
/// of a producer's own is a warning (``Decoded/warnings``), while a misspelling of a key the object
/// lacks (`spriteSourceSize.q` where `h` is missing, `rotatd`), a value of the wrong type, a size
/// out of range or an animation naming a frame that does not exist is an error naming the key.
public enum TexturePackerJSON {
    /// `frames` as an object keyed by name (hash) or as an array with `filename` (array).
    public enum Style: String, Sendable, CaseIterable {
        /// `frames` is an object whose keys are the frame names (`--format json-hash`, also what
        /// `--engine pixi` and a one-page `--engine phaser3` write).
        case hash = "json-hash"
        /// `frames` is an array whose elements carry the name as `filename`
        /// (`--format json-array`); PixiJS cannot read it.
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

    /// `meta.scale`: TexturePacker and Aseprite write a string (`"1"`, `"0.5"`), Free Texture Packer a number.
    struct Scale: Codable, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else {
                self.text = InputValue.format(try container.decode(Double.self))
            }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    struct Frame: Codable, Equatable {
        var filename: String?
        var frame: Rect
        var rotated: Bool
        var trimmed: Bool
        var spriteSourceSize: Rect
        var sourceSize: Size
        var pivot: Pivot?
        var duration: Int?
        /// PixiJS's anchor (TexturePacker's pixijs format).
        var anchor: Pivot?
        /// Nine-slice borders: PixiJS's (`left`…`bottom`) and Phaser's (`x`, `y`, `w`, `h`). Not used.
        var borders: UncheckedInput?
        var scale9Borders: UncheckedInput?
        /// TexturePacker's polygon meshes. Not used.
        var vertices: UncheckedInput?
        var verticesUV: UncheckedInput?
        var triangles: UncheckedInput?
    }

    struct Meta: Codable, Equatable {
        var app: String?
        var version: String?
        var image: String
        var format: String?
        var size: Size
        var scale: Scale?
        /// PixiJS (≥ 7) loads these other pages' data files along with this one.
        var related_multi_packs: [String]?
        /// `true` when the page is premultiplied; written only then. Phaser and PixiJS do not read
        /// it: the loader must be told (PixiJS `alphaMode: 'premultiplied-alpha'`).
        var premultipliedAlpha: Bool?
        /// TexturePacker's change hash and normal-map page. Not used.
        var smartupdate: String?
        var normal_map: String?
        var normalMap: String?
        /// Aseprite's tags, layers and slices (read by ``AsepriteJSON``).
        var frameTags: [AsepriteJSON.Tag]?
        var layers: [AsepriteJSON.Layer]?
        var slices: [AsepriteJSON.Slice]?
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
            /// The page's normal map (TexturePacker, for Phaser's lights). Not used.
            var normalMap: String?
            var format: String?
            var size: Size
            var scale: Double?
            var frames: [Frame]
        }
        struct MultiMeta: Codable {
            var app: String?
            var version: String?
            var premultipliedAlpha: Bool?
            var smartupdate: String?
        }
        var textures: [Texture]
        var animations: [String: [String]]?
        var meta: MultiMeta?
    }

    /// Phaser 3's multi-atlas for all pages of `sheet`, saved as `images` (file names relative to
    /// the data): what `this.load.multiatlas(key, url)` reads. Phaser's `load.atlas` cannot read
    /// several pages; PixiJS follows `related_multi_packs` instead (see ``encode(_:page:image:style:related:)``).
    /// - Throws: ``SheetExport/Error/imageNamesNotOnePerPage(_:images:pages:)`` unless `images`
    ///   has one name per page.
    public static func encodeMultiAtlas(_ sheet: SpriteSheet, images: [String]) throws(SheetExport.Error) -> [UInt8] {
        try SheetExport.checkImages(images, of: sheet, format: .phaser3)
        let textures = sheet.pages.enumerated().map { index, page in
            MultiAtlasDocument.Texture(image: images[index], format: "RGBA8888", size: Size(w: page.width, h: page.height),
                                       scale: Double(page.scale),
                                       frames: sheet.sprites.filter { $0.page == index }.map { frame($0, filename: $0.name) })
        }
        let animations = sheet.animations.isEmpty ? nil : Dictionary(sheet.animations.map { ($0.name, $0.playedFrames) }, uniquingKeysWith: { a, _ in a })
        let document = MultiAtlasDocument(textures: textures, animations: animations,
                                          meta: .init(app: "flipbook", version: "0.1.0", premultipliedAlpha: sheet.premultipliedAlpha ? true : nil))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(document)) ?? Data()) + [0x0A]
    }

    /// Each page of a Phaser multi-atlas (``encodeMultiAtlas(_:images:)``) as a decoded page;
    /// `nil` when the data is not one (no `textures` key). `file` names the data in errors and
    /// warnings (which the first page carries).
    public static func decodeMultiAtlas(_ bytes: [UInt8], file: String = "sheet.json") throws(SheetDataError) -> [Decoded]? {
        var warnings: [SchemaError] = []
        do {
            let root = try InputValue.json(bytes, file: file)
            guard root.kind == .object, try root.object().has("textures") else { return nil }
            let document = try StrictDecoder(file: file, policy: .lenient).decode(MultiAtlasDocument.self, from: root.value, warnings: &warnings)
            var pages: [Decoded] = []
            var names: [String] = []
            for (index, texture) in document.textures.enumerated() {
                let at = InputPath("textures").appending(index: index)
                let sprites = try texture.frames.enumerated().map { position, frame throws(SchemaError) in
                    let path = at.appending("frames").appending(index: position)
                    guard let name = frame.filename else { throw SchemaError(file: file, path: path.appending("filename"), problem: .missingKey) }
                    try check(frame, at: path, file: file)
                    return sprite(name, frame)
                }
                try check(texture.size, at: at.appending("size"), file: file)
                names += sprites.map(\.name)
                let scale = texture.scale.flatMap { $0 >= 1 && $0 <= 16 && $0 == $0.rounded() ? Int($0) : nil } ?? 1
                pages.append(Decoded(sprites: sprites, animations: index == 0 ? document.animations ?? [:] : [:], image: texture.image,
                                     width: texture.size.w, height: texture.size.h, scale: scale, related: [],
                                     premultipliedAlpha: document.meta?.premultipliedAlpha ?? false, warnings: index == 0 ? warnings : []))
            }
            try check(document.animations ?? [:], frames: names, file: file)
            return pages
        } catch {
            throw SheetDataError(format: "TexturePacker JSON", schema: error)
        }
    }

    /// The data file for page `page` of `sheet`, whose image is saved as `image` (a file name
    /// relative to the data). A multipack sheet has one data file per page; `related` names the
    /// others (`meta.related_multi_packs`, which PixiJS follows). Animations list the frames on this page.
    /// - Throws: ``SheetExport/Error/pageOutOfRange(_:page:pages:)`` for a page the sheet does not have.
    public static func encode(_ sheet: SpriteSheet, page: Int = 0, image: String, style: Style, related: [String] = []) throws(SheetExport.Error) -> [UInt8] {
        try SheetExport.checkPage(page, of: sheet, format: style == .hash ? .jsonHash : .jsonArray)
        let bitmap = sheet.pages[page]
        let meta = Meta(app: "flipbook", version: "0.1.0", image: image, format: "RGBA8888",
                        size: Size(w: bitmap.width, h: bitmap.height), scale: Scale(String(bitmap.scale)),
                        related_multi_packs: related.isEmpty ? nil : related,
                        premultipliedAlpha: sheet.premultipliedAlpha ? true : nil)
        let sprites = sheet.sprites.filter { $0.page == page }
        let onPage = Set(sprites.map(\.name))
        let pageAnimations = sheet.animations.compactMap { animation -> (String, [String])? in
            let frames = animation.playedFrames.filter(onPage.contains)
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

    /// What a data file says: its sprites (rotated ones turned clockwise, TexturePacker's way),
    /// animations, page image and size, and the other pages' data files of a multipack.
    public struct Decoded: Sendable {
        /// The frames, in natural order of their names (hash) or file order (array).
        public var sprites: [SpriteSheet.Sprite]
        /// Animation name → frame names in play order.
        public var animations: [String: [String]]
        /// The page image (`meta.image`), relative to the data file.
        public var image: String
        /// The page width in pixels (`meta.size.w`).
        public var width: Int
        /// The page height in pixels (`meta.size.h`).
        public var height: Int
        /// `meta.scale` (1 when absent or not a whole number).
        public var scale: Int
        /// The other pages' data files (`meta.related_multi_packs`).
        public var related: [String]
        /// `meta.premultipliedAlpha` (false when absent).
        public var premultipliedAlpha: Bool
        /// Keys of the producer's own that Flipbook does not know (see the type's documentation).
        public var warnings: [SchemaError] = []
        /// Aseprite's `meta.frameTags` as animations (with their direction and plays), over the
        /// frames in file order.
        var tagged: [SpriteSheet.Animation] = []
    }

    /// Reads a JSON hash or array (ours, TexturePacker's, Aseprite's, Free Texture Packer's…);
    /// `file` names the data in errors and warnings.
    public static func decode(_ bytes: [UInt8], file: String = "sheet.json") throws(SheetDataError) -> Decoded {
        var warnings: [SchemaError] = []
        let frames: [(String, Frame)]
        let animations: [String: [String]]
        let meta: Meta
        var tagged: [SpriteSheet.Animation] = []
        do {
            let root = try InputValue.json(bytes, file: file)
            let decoder = StrictDecoder(file: file, policy: .lenient)
            if try root.object()["frames"]?.kind == .array {
                let array = try decoder.decode(ArrayDocument.self, from: root.value, warnings: &warnings)
                frames = try array.frames.enumerated().map { index, frame throws(SchemaError) in
                    let path = InputPath("frames").appending(index: index)
                    guard let name = frame.filename else { throw SchemaError(file: file, path: path.appending("filename"), problem: .missingKey) }
                    try check(frame, at: path, file: file)
                    return (name, frame)
                }
                animations = array.animations ?? [:]
                meta = array.meta
            } else {
                let hash = try decoder.decode(HashDocument.self, from: root.value, warnings: &warnings)
                for (key, frame) in hash.frames { try check(frame, at: InputPath("frames").appending(key), file: file) }
                // A frame's `filename`, when it has one, is its name (Aseprite data keyed by number).
                // Aseprite's tags index the frames in file order: then that is the order.
                let positions = hash.meta.frameTags == nil ? [:] : AsepriteJSON.keyPositions(bytes)
                frames = hash.frames.sorted { a, b in
                    positions.isEmpty ? NaturalOrder.areInIncreasingOrder(a.key, b.key) : (positions[a.key] ?? .max, a.key) < (positions[b.key] ?? .max, b.key)
                }.map { ($0.value.filename ?? $0.key, $0.value) }
                animations = hash.animations ?? [:]
                meta = hash.meta
            }
            try check(meta.size, at: InputPath("meta").appending("size"), file: file)
            // A multipack's animations may list frames of its other pages (PixiJS's related_multi_packs).
            if (meta.related_multi_packs ?? []).isEmpty { try check(animations, frames: frames.map(\.0), file: file) }
            tagged = try AsepriteJSON.animations(meta.frameTags ?? [], frames: frames.map(\.0), file: file)
        } catch {
            throw SheetDataError(format: "TexturePacker JSON", schema: error)
        }
        return Decoded(sprites: frames.map { sprite($0, $1) }, animations: animations, image: meta.image,
                       width: meta.size.w, height: meta.size.h, scale: meta.scale.flatMap { Int($0.text) }.map { max(1, $0) } ?? 1,
                       related: meta.related_multi_packs ?? [], premultipliedAlpha: meta.premultipliedAlpha ?? false, warnings: warnings,
                       tagged: tagged)
    }

    /// Refuses a frame whose rectangles or duration are out of range: regions and sizes of at least
    /// a pixel, at non-negative places.
    static func check(_ frame: Frame, at path: InputPath, file: String) throws(SchemaError) {
        func require(_ ok: Bool, _ key: [String], _ value: Int, _ requirement: String) throws(SchemaError) {
            guard ok else {
                throw SchemaError(file: file, path: key.reduce(path) { $0.appending($1) }, problem: .outOfRange(requirement: requirement),
                                  found: String(value))
            }
        }
        for (rect, name) in [(frame.frame, "frame"), (frame.spriteSourceSize, "spriteSourceSize")] {
            try require(rect.x >= 0, [name, "x"], rect.x, "must not be negative")
            try require(rect.y >= 0, [name, "y"], rect.y, "must not be negative")
            try require(rect.w >= 1, [name, "w"], rect.w, "must be at least 1 pixel")
            try require(rect.h >= 1, [name, "h"], rect.h, "must be at least 1 pixel")
        }
        try check(frame.sourceSize, at: path.appending("sourceSize"), file: file)
        if let duration = frame.duration { try require(duration >= 0, ["duration"], duration, "must not be negative") }
    }

    /// Refuses a page or source size under a pixel.
    static func check(_ size: Size, at path: InputPath, file: String) throws(SchemaError) {
        for (value, key) in [(size.w, "w"), (size.h, "h")] where value < 1 {
            throw SchemaError(file: file, path: path.appending(key), problem: .outOfRange(requirement: "must be at least 1 pixel"),
                              found: String(value))
        }
    }

    /// Refuses an animation that names a frame the data does not have, suggesting the nearest name.
    static func check(_ animations: [String: [String]], frames: [String], file: String) throws(SchemaError) {
        let known = Set(frames)
        for (name, list) in animations.sorted(by: { $0.key < $1.key }) {
            for (index, frame) in list.enumerated() where !known.contains(frame) {
                throw SchemaError(file: file, path: InputPath("animations").appending(name).appending(index: index),
                                  problem: .invalid(reason: "no frame is named \(InputPath.quote(frame))"), found: frame,
                                  suggestion: Suggestion.nearest(to: frame, among: frames))
            }
        }
    }
}
