import Foundation
import Raster

/// Godot's `SpriteFrames` resource as a text file (`.tres`), with one `AtlasTexture` per region, as
/// an `AnimatedSprite` (Godot 3) or `AnimatedSprite2D` (Godot 4) plays it.
///
/// - Godot 3 (`format=2`): `[ext_resource path="sheet.png" type="Texture" id=1]` per page,
///   `[sub_resource type="AtlasTexture" id=N]` with `atlas = ExtResource( 1 )`,
///   `region = Rect2( x, y, w, h )` and, for a trimmed frame, `margin = Rect2( left, top, Δw, Δh )`
///   (where the region sits in the original frame, and how much smaller it is); then
///   `animations = [ { "frames": [ SubResource( 2 ), … ], "loop": true, "name": "walk", "speed": 30.0 } ]`.
/// - Godot 4 (`format=3`): the same resources with string ids (`ExtResource("1")`), `Texture2D`,
///   and frames as `{"duration": 1.0, "texture": SubResource("…")}` — a duration relative to
///   `1 / speed`, so frames of different lengths keep them.
///
/// Page paths are written relative to the `.tres` (Godot resolves a path without `res://`
/// against the folder of the file that names it), so sheet and resource can move together into
/// any folder of a project. Godot's `AtlasTexture` cannot turn a region, so rotated sprites are
/// refused (``SheetEngine``). Godot has no ping-pong and no "play N times": a `reverse` animation
/// is written reversed, a `pingpong` one forward and back, and an animation of N plays as its
/// frames N times with `loop` off.
public enum GodotSpriteFrames {
    /// The two text formats.
    public enum Version: Int, Sendable, CaseIterable {
        /// Godot 3.x, `format=2`.
        case godot3 = 3
        /// Godot 4.x, `format=3`.
        case godot4 = 4
    }

    /// Why a `.tres` could not be read as sprite frames.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The line of the file where reading stopped.
        public var line: Int
        /// What was wrong there.
        public var reason: String
        /// `Godot SpriteFrames, line N: reason`.
        public var description: String { "Godot SpriteFrames, line \(line): \(reason)" }
    }

    /// The resource for `sheet`, whose pages are saved as `images` (file names relative to the
    /// resource). The sheet must have no rotated sprite.
    public static func encode(_ sheet: SpriteSheet, images: [String], version: Version) -> [UInt8] {
        precondition(images.count == sheet.pages.count, "one image name per page")
        precondition(!sheet.sprites.contains(where: \.rotated), "Godot's AtlasTexture cannot rotate a region")
        let godot4 = version == .godot4
        // One AtlasTexture per distinct region (identical frames share theirs).
        var textures: [SpriteSheet.Sprite] = []
        var textureOf: [String: Int] = [:]
        var byKey: [[Int]: Int] = [:]
        for sprite in sheet.sprites {
            let (f, t) = (sprite.frame, sprite.spriteSourceSize)
            let key = [sprite.page, f.x, f.y, f.width, f.height, t.x, t.y, sprite.sourceWidth, sprite.sourceHeight]
            if let existing = byKey[key] { textureOf[sprite.name] = existing; continue }
            byKey[key] = textures.count
            textureOf[sprite.name] = textures.count
            textures.append(sprite)
        }
        func external(_ page: Int) -> String { godot4 ? "ExtResource(\"\(page + 1)\")" : "ExtResource( \(page + 1) )" }
        func sub(_ index: Int) -> String { godot4 ? "SubResource(\"AtlasTexture_\(index + 1)\")" : "SubResource( \(index + 1) )" }
        func rect(_ values: [Int]) -> String {
            godot4 ? "Rect2(\(values.map(String.init).joined(separator: ", ")))" : "Rect2( \(values.map(String.init).joined(separator: ", ")) )"
        }

        var lines = ["[gd_resource type=\"SpriteFrames\" load_steps=\(images.count + textures.count + 1) format=\(godot4 ? 3 : 2)]", ""]
        for (index, image) in images.enumerated() {
            lines.append(godot4 ? "[ext_resource type=\"Texture2D\" path=\(quote(image)) id=\"\(index + 1)\"]"
                                : "[ext_resource path=\(quote(image)) type=\"Texture\" id=\(index + 1)]")
        }
        lines.append("")
        for (index, sprite) in textures.enumerated() {
            let f = sprite.frame, s = sprite.spriteSourceSize
            lines.append(godot4 ? "[sub_resource type=\"AtlasTexture\" id=\"AtlasTexture_\(index + 1)\"]"
                                : "[sub_resource type=\"AtlasTexture\" id=\(index + 1)]")
            lines.append("atlas = \(external(sprite.page))")
            lines.append("region = \(rect([f.x, f.y, f.width, f.height]))")
            if sprite.trimmed {
                lines.append("margin = \(rect([s.x, s.y, sprite.sourceWidth - s.width, sprite.sourceHeight - s.height]))")
            }
            lines.append("")
        }
        let durationOf = Dictionary(sheet.sprites.compactMap { s in s.duration.map { (s.name, $0) } }, uniquingKeysWith: { a, _ in a })
        let durations = durationOf.values.filter { $0 > 0 }
        let base = durations.min() ?? 33
        // Durations are whole milliseconds: 33 ms was 30 fps, not 30.303.
        let rate = 1000 / Double(base)
        let speed = [rate.rounded(.down), rate.rounded(.up)].first { $0 >= 1 && Int((1000 / $0).rounded()) == base } ?? rate
        let entries = sheet.animations.map { animation -> String in
            let frames = playOrder(animation).compactMap { name -> String? in
                guard let texture = textureOf[name] else { return nil }
                guard godot4 else { return sub(texture) }
                let duration = Double(durationOf[name] ?? base) / Double(base)
                return "{\n\"duration\": \(number(duration)),\n\"texture\": \(sub(texture))\n}"
            }
            let loop = animation.repeatCount == 0
            let name = godot4 ? "&" + quote(animation.name) : quote(animation.name)
            let list = godot4 ? "[\(frames.joined(separator: ", "))]" : "[ \(frames.joined(separator: ", ")) ]"
            return "{\n\"frames\": \(list),\n\"loop\": \(loop),\n\"name\": \(name),\n\"speed\": \(number(speed))\n}"
        }
        lines.append("[resource]")
        lines.append("animations = " + (godot4 ? "[\(entries.joined(separator: ", "))]" : "[ \(entries.joined(separator: ", ")) ]"))
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The frames of `animation` as Godot must list them: reversed, forward and back, or
    /// repeated for a set number of plays (see the type's documentation).
    static func playOrder(_ animation: SpriteSheet.Animation) -> [String] {
        var once = animation.frames
        switch animation.direction {
        case "reverse": once.reverse()
        case "pingpong" where once.count > 2: once += once.dropFirst().dropLast().reversed()
        case "pingpong_reverse" where once.count > 2:
            once.reverse()
            once += once.dropFirst().dropLast().reversed()
        default: break
        }
        return animation.repeatCount > 1 ? Array([[String]](repeating: once, count: min(animation.repeatCount, 100)).joined()) : once
    }

    /// A number as Godot writes a float: always with a decimal point.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        return rounded == rounded.rounded() ? String(format: "%.1f", rounded) : String(rounded)
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// What a `.tres` says: its page images (paths as written) and, per animation, its frames in
    /// play order as sprites named `animation` + position (`walk0`, `walk1`…; Godot frames have
    /// no names), with their page and trim. Frames an animation lists twice (a ping-pong, a
    /// repeat) are one sprite.
    public static func decode(_ bytes: [UInt8]) throws(Error) -> (images: [String], sprites: [SpriteSheet.Sprite], animations: [SpriteSheet.Animation]) {
        let document = try GodotText.parse(String(decoding: bytes, as: UTF8.self))
        guard let header = document.sections.first, header.tag == "gd_resource", header.attributes["type"] == .string("SpriteFrames") else {
            throw Error(line: 1, reason: "not a SpriteFrames resource (the first line must be [gd_resource type=\"SpriteFrames\" …])")
        }
        var pages: [String: Int] = [:]
        var images: [String] = []
        var textures: [String: (page: Int, region: [Int], margin: [Int])] = [:]
        var animationsValue: GodotText.Value?
        for section in document.sections.dropFirst() {
            switch section.tag {
            case "ext_resource":
                guard case .string(let path)? = section.attributes["path"], let id = section.attributes["id"]?.idText else {
                    throw Error(line: section.line, reason: "ext_resource without path or id")
                }
                pages[id] = images.count
                images.append(path)
            case "sub_resource":
                guard section.attributes["type"] == .string("AtlasTexture") else { continue }
                guard let id = section.attributes["id"]?.idText else { throw Error(line: section.line, reason: "sub_resource without id") }
                guard let atlas = section.properties["atlas"]?.reference(to: "ExtResource"), let page = pages[atlas],
                      let region = section.properties["region"]?.integers(of: "Rect2"), region.count == 4 else {
                    throw Error(line: section.line, reason: "AtlasTexture \(id) needs an atlas ExtResource named above and a region Rect2")
                }
                let margin = section.properties["margin"]?.integers(of: "Rect2") ?? [0, 0, 0, 0]
                guard margin.count == 4, region[2] > 0, region[3] > 0, margin.allSatisfy({ $0 >= 0 }) else {
                    throw Error(line: section.line, reason: "AtlasTexture \(id) has an empty region or a negative margin")
                }
                textures[id] = (page, region, margin)
            case "resource":
                animationsValue = section.properties["animations"]
            default:
                continue
            }
        }
        guard case .array(let list)? = animationsValue else { throw Error(line: 1, reason: "no animations array in [resource]") }
        var sprites: [SpriteSheet.Sprite] = []
        var animations: [SpriteSheet.Animation] = []
        for entry in list {
            guard case .dictionary(let fields) = entry, let name = fields["name"]?.text, case .array(let frames)? = fields["frames"] else {
                throw Error(line: 1, reason: "an animation lacks a name or a frames array")
            }
            var names: [String] = []
            var seen: [String: String] = [:]
            for frame in frames {
                let reference: String?
                if case .dictionary(let item) = frame { reference = item["texture"]?.reference(to: "SubResource") } else { reference = frame.reference(to: "SubResource") }
                guard let reference, let texture = textures[reference] else {
                    throw Error(line: 1, reason: "animation '\(name)' names a frame that is not an AtlasTexture above")
                }
                if let existing = seen[reference] { names.append(existing); continue }
                let spriteName = name + String(seen.count)
                seen[reference] = spriteName
                names.append(spriteName)
                let (r, m) = (texture.region, texture.margin)
                sprites.append(SpriteSheet.Sprite(
                    name: spriteName, frame: PixelRect(x: r[0], y: r[1], width: r[2], height: r[3]), page: texture.page,
                    trimmed: m != [0, 0, 0, 0], spriteSourceSize: PixelRect(x: m[0], y: m[1], width: r[2], height: r[3]),
                    sourceWidth: r[2] + m[2], sourceHeight: r[3] + m[3]))
            }
            animations.append(SpriteSheet.Animation(name: name, frames: names, repeatCount: fields["loop"] == .bool(false) ? 1 : 0))
        }
        return (images, sprites, animations)
    }
}
