import Animated
import Basics
import Foundation

/// Aseprite's JSON sheet format, as Aseprite's own "Export Sprite Sheet" writes it with the
/// `{frame}` file-name format (a hash keyed `"0"`, `"1"`…) and Phaser's `createFromAseprite` reads
/// it: frames in play order with their `duration`, and `meta.frameTags` with `from`/`to` indices
/// into that order, `direction`, and `repeat` ("N" plays) when the animation does not loop forever.
///
/// Phaser looks each tag's frames up by those numbers (`frames[String(i)]`), so keys named after
/// the files (`walk0`) give animations of no frames: the keys are the numbers, and each frame also
/// carries its name as `filename` (TexturePacker's field, which readers of the hash ignore), so
/// ``decode(_:file:)`` gives the names back.
public enum AsepriteJSON {
    /// The data file of page `page`; keys are written in sheet order because tag indices refer to it.
    /// `related` names the data files of a multipack's other pages (`meta.related_multi_packs`, as
    /// in TexturePacker's JSON; Aseprite itself never splits a sheet).
    /// - Throws: ``SheetExport/Error/pageOutOfRange(_:page:pages:)`` for a page the sheet does not have.
    public static func encode(_ sheet: SpriteSheet, page: Int = 0, image: String, related: [String] = []) throws(SheetExport.Error) -> [UInt8] {
        try SheetExport.checkPage(page, of: sheet, format: .aseprite)
        let sprites = sheet.sprites.filter { $0.page == page }
        let bitmap = sheet.pages[page]
        var lines = ["{", "  \"frames\": {"]
        for (index, sprite) in sprites.enumerated() {
            let f = TexturePackerJSON.frame(sprite, filename: nil).frame, s = sprite.spriteSourceSize
            lines.append("    \(quote(String(index))): {")
            lines.append("      \"filename\": \(quote(sprite.name)),")
            lines.append("      \"frame\": { \"x\": \(f.x), \"y\": \(f.y), \"w\": \(f.w), \"h\": \(f.h) },")
            lines.append("      \"rotated\": \(sprite.rotated),")
            lines.append("      \"trimmed\": \(sprite.trimmed),")
            lines.append("      \"spriteSourceSize\": { \"x\": \(s.x), \"y\": \(s.y), \"w\": \(s.width), \"h\": \(s.height) },")
            lines.append("      \"sourceSize\": { \"w\": \(sprite.sourceWidth), \"h\": \(sprite.sourceHeight) },")
            lines.append("      \"duration\": \(sprite.duration ?? 100)")
            lines.append("    }" + (index + 1 < sprites.count ? "," : ""))
        }
        lines.append("  },")
        lines.append("  \"meta\": {")
        lines.append("    \"app\": \"flipbook\",")
        lines.append("    \"version\": \"0.1.0\",")
        lines.append("    \"image\": \(quote(image)),")
        lines.append("    \"format\": \"RGBA8888\",")
        lines.append("    \"size\": { \"w\": \(bitmap.width), \"h\": \(bitmap.height) },")
        lines.append("    \"scale\": \"\(bitmap.scale)\",")
        if !related.isEmpty { lines.append("    \"related_multi_packs\": [\(related.map(quote).joined(separator: ", "))],") }
        let index = Dictionary(sprites.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let tags = sheet.animations.compactMap { animation -> String? in
            let positions = animation.frames.compactMap { index[$0] }
            // A tag is a contiguous range; animations built from sequences are.
            guard let from = positions.first, let to = positions.last, positions == Array(from...to) else { return nil }
            var tag = "      { \"name\": \(quote(animation.name)), \"from\": \(from), \"to\": \(to), \"direction\": \(quote(animation.direction.rawValue))"
            if animation.repeatCount > 0 { tag += ", \"repeat\": \"\(animation.repeatCount)\"" }
            return tag + " }"
        }
        lines.append("    \"frameTags\": [" + (tags.isEmpty ? "]," : ""))
        if !tags.isEmpty {
            lines.append(tags.joined(separator: ",\n"))
            lines.append("    ],")
        }
        lines.append("    \"layers\": [],")
        lines.append("    \"slices\": []")
        lines.append("  }")
        lines.append("}")
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A JSON string literal.
    /// Where each object key first appears in JSON text (the byte offset of its opening quote),
    /// found in one pass: the frame order of 100 000 frames costs one scan, not one per frame.
    /// Keys written with escapes are decoded so they match the parsed keys.
    static func keyPositions(_ bytes: [UInt8]) -> [String: Int] {
        var positions: [String: Int] = [:]
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "\"") else { i += 1; continue }
            let start = i
            var escaped = false
            i += 1
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") { escaped = true; i += 1 }
                i += 1
            }
            guard i < bytes.count else { break }
            let end = i
            i += 1
            var j = i
            while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { continue }
            let raw = bytes[start...end]
            let key = escaped ? (try? JSONDecoder().decode(String.self, from: Data(raw))) : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
            if let key, positions[key] == nil { positions[key] = start }
        }
        return positions
    }

    static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// A frame tag (`meta.frameTags`): an animation over frames `from`…`to` of the sheet order.
    struct Tag: Codable, Equatable {
        var name: String
        var from: Int
        var to: Int
        /// The order of one play; a name that is none of Aseprite's four is refused, with the nearest as a suggestion.
        var direction: Animation.Direction?
        /// Plays, as a string (`"3"`); absent for forever.
        var `repeat`: String?
        /// User data of the tag (colour, text, properties). Not used.
        var color: String?
        var data: String?
        var properties: UncheckedInput?
    }

    /// A layer (`meta.layers`). Not used: listed so its keys are known.
    struct Layer: Codable, Equatable {
        struct Cel: Codable, Equatable {
            var frame: Int
            var opacity: Int?
            var zIndex: Int?
            var color: String?
            var data: String?
            var properties: UncheckedInput?
        }
        var name: String
        var group: String?
        var opacity: Int?
        var blendMode: String?
        var color: String?
        var data: String?
        var properties: UncheckedInput?
        var cels: [Cel]?
    }

    /// A slice (`meta.slices`). Not used: listed so its keys are known.
    struct Slice: Codable, Equatable {
        struct Key: Codable, Equatable {
            struct Point: Codable, Equatable { var x, y: Int }
            var frame: Int
            var bounds: TexturePackerJSON.Rect
            var center: TexturePackerJSON.Rect?
            var pivot: Point?
        }
        var name: String
        var color: String?
        var data: String?
        var properties: UncheckedInput?
        var keys: [Key]?
    }

    struct Document: Decodable {
        var frames: [String: TexturePackerJSON.Frame]
        var meta: TexturePackerJSON.Meta
    }

    /// Sprites in file order and the tags as animations. Frame order is recovered from where each
    /// key stands in the text (JSON objects are unordered to most parsers, but tags index them).
    /// Keys are read leniently, as by ``TexturePackerJSON`` (the warnings are dropped here); a tag
    /// whose `from`…`to` is not a range of the frames is refused. `file` names the data in errors.
    public static func decode(_ bytes: [UInt8], file: String = "sheet.json") throws(SheetDataError) -> (sprites: [SpriteSheet.Sprite], animations: [SpriteSheet.Animation], image: String) {
        let document: Document
        var warnings: [SchemaError] = []
        do {
            document = try StrictDecoder(file: file, policy: .lenient).decode(Document.self, fromJSON: bytes, warnings: &warnings)
            for (key, frame) in document.frames { try TexturePackerJSON.check(frame, at: InputPath("frames").appending(key), file: file) }
        } catch {
            throw SheetDataError(format: "Aseprite JSON", schema: error)
        }
        let positions = keyPositions(bytes)
        let ordered = document.frames.keys.sorted { a, b in
            (positions[a] ?? .max, a) < (positions[b] ?? .max, b)
        }
        let sprites = ordered.map { key in
            let frame = document.frames[key]!
            return TexturePackerJSON.sprite(frame.filename ?? key, frame)
        }
        let animations: [SpriteSheet.Animation]
        do { animations = try Self.animations(document.meta.frameTags ?? [], frames: sprites.map(\.name), file: file) } catch {
            throw SheetDataError(format: "Aseprite JSON", schema: error)
        }
        return (sprites, animations, document.meta.image)
    }

    /// The animations `tags` make of `frames` (sprite names in file order): each tag's `from`…`to`,
    /// its direction and plays. A `from` or `to` that is no frame index, or `from` after `to`, is
    /// refused naming the tag. `file` names the data in errors.
    static func animations(_ tags: [Tag], frames: [String], file: String) throws(SchemaError) -> [SpriteSheet.Animation] {
        var animations: [SpriteSheet.Animation] = []
        for (index, tag) in tags.enumerated() {
            let at = InputPath("meta").appending("frameTags").appending(index: index)
            for (value, key) in [(tag.from, "from"), (tag.to, "to")] where !(0..<frames.count).contains(value) || tag.from > tag.to {
                throw SchemaError(file: file, path: at.appending(key),
                                  problem: .outOfRange(requirement: "must be a frame index from 0 to \(frames.count - 1), from ≤ to"), found: String(value))
            }
            // Aseprite writes plays as a string of digits ("3"); anything else is no count of plays,
            // refused as the data's, not read as "forever" or passed on to fail as an output's.
            var plays = 0
            if let text = tag.repeat {
                guard let count = Int(text), count >= 0, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
                    throw SchemaError(file: file, path: at.appending("repeat"),
                                      problem: .outOfRange(requirement: "must be a whole number of plays as a string (\"3\"), 0 or absent for forever"),
                                      found: InputPath.quote(text))
                }
                plays = count
            }
            animations.append(SpriteSheet.Animation(name: tag.name, frames: Array(frames[tag.from...tag.to]),
                                                    direction: tag.direction ?? .forward, repeatCount: plays))
        }
        return animations
    }
}
