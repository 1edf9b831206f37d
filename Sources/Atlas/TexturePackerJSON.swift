import Animated
import Foundation
import Raster

/// TexturePacker's JSON, as Phaser and PixiJS load it (DESIGN.md §7): `frames` keyed by name (hash)
/// or as an array with `filename`, `animations` per sequence, and `meta`.
public enum TexturePackerJSON {
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

    /// The data file for `sheet`, whose page is saved as `image` (a file name relative to the data).
    public static func encode(_ sheet: SpriteSheet, image: String, style: Style) -> [UInt8] {
        let meta = Meta(app: "flipbook", version: "0.1.0", image: image, format: "RGBA8888",
                        size: Size(w: sheet.page.width, h: sheet.page.height), scale: String(sheet.page.scale))
        let animations = sheet.animations.isEmpty ? nil : Dictionary(sheet.animations.map { ($0.name, $0.frames) }, uniquingKeysWith: { a, _ in a })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch style {
        case .hash:
            let frames = Dictionary(sheet.sprites.map { ($0.name, frame($0, filename: nil)) }, uniquingKeysWith: { a, _ in a })
            data = try? encoder.encode(HashDocument(frames: frames, animations: animations, meta: meta))
        case .array:
            data = try? encoder.encode(ArrayDocument(frames: sheet.sprites.map { frame($0, filename: $0.name) }, animations: animations, meta: meta))
        }
        return Array(data ?? Data()) + [0x0A]
    }

    private static func frame(_ sprite: SpriteSheet.Sprite, filename: String?) -> Frame {
        Frame(filename: filename, frame: Rect(sprite.frame), rotated: false, trimmed: sprite.trimmed,
              spriteSourceSize: Rect(sprite.spriteSourceSize), sourceSize: Size(w: sprite.sourceWidth, h: sprite.sourceHeight),
              pivot: Pivot(x: 0.5, y: 0.5), duration: sprite.duration)
    }

    /// Why a data file could not be read.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { "not a TexturePacker JSON sheet: \(reason)" }
    }

    /// The sprites, animations and image name of a JSON hash or array (ours or TexturePacker's).
    public static func decode(_ bytes: [UInt8]) throws(Error) -> (sprites: [SpriteSheet.Sprite], animations: [String: [String]], image: String, size: (Int, Int)) {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let frames: [(String, Frame)]
        let animations: [String: [String]]
        let meta: Meta
        if let hash = try? decoder.decode(HashDocument.self, from: data) {
            frames = hash.frames.sorted { NaturalOrder.areInIncreasingOrder($0.key, $1.key) }.map { ($0.key, $0.value) }
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
        if let rotated = frames.first(where: { $0.1.rotated }) {
            throw Error(reason: "frame '\(rotated.0)' is stored rotated; rotated frames are not supported yet")
        }
        let sprites = frames.map { name, frame in
            SpriteSheet.Sprite(name: name, frame: frame.frame.pixelRect, trimmed: frame.trimmed, spriteSourceSize: frame.spriteSourceSize.pixelRect,
                               sourceWidth: frame.sourceSize.w, sourceHeight: frame.sourceSize.h, duration: frame.duration)
        }
        return (sprites, animations, meta.image, (meta.size.w, meta.size.h))
    }
}
