import Basics
import Foundation
import Raster

/// Godot's `SpriteFrames` resource as a text file (`.tres`), with one `AtlasTexture` per sprite, as
/// an `AnimatedSprite` (Godot 3) or `AnimatedSprite2D` (Godot 4) plays it. Each `AtlasTexture`
/// carries its sprite's name as `resource_name` (a property every Godot resource has and keeps), so
/// that names come back; Godot's frames themselves have no names.
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
/// frames N times with `loop` off. A sprite of no animation (a named sprite, `coinGold.png`) is
/// a one-frame animation named after it.
///
/// Reading is strict: the sections, attributes and properties it knows are the ones Godot 3 and 4
/// write for these resources (`gd_resource` `type`, `load_steps`, `format`, `uid`, `script_class`;
/// `ext_resource` `path`, `type`, `id`, `uid`; `AtlasTexture` `atlas`, `region`, `margin`,
/// `filter_clip`, Godot 3's `flags`; animations' `frames`, `loop`, `name`, `speed` and frames'
/// `duration`, `texture`; on any resource `resource_name`, `resource_local_to_scene`, `script`,
/// `__meta__` and Godot 4's `metadata/…`). Anything else, a value of the wrong type or out of range
/// is an error naming the section, the key and the line, with the nearest known key.
public enum GodotSpriteFrames {
    /// The two text formats.
    public enum Version: Int, Sendable, CaseIterable {
        /// Godot 3.x, `format=2`.
        case godot3 = 3
        /// Godot 4.x, `format=3`.
        case godot4 = 4
    }

    /// The sections of a `SpriteFrames` resource file.
    static let sectionTags: KnownKeys = ["gd_resource", "ext_resource", "sub_resource", "resource"]
    /// The attributes of each section's header.
    static let attributeKeys: [String: KnownKeys] = [
        "gd_resource": ["type", "load_steps", "format", "uid", "script_class"],
        "ext_resource": ["path", "type", "id", "uid"],
        "sub_resource": ["type", "id"],
        "resource": [],
    ]
    /// Properties every resource may have.
    static let resourceKeys = KnownKeys(["resource_name", "resource_local_to_scene", "script", "__meta__"], prefixes: ["metadata/"])
    /// An `AtlasTexture`'s properties (Godot 3's `Texture` adds `flags`).
    static let atlasTextureKeys = KnownKeys(["atlas", "region", "margin", "filter_clip", "flags"]).union(resourceKeys)
    /// The `[resource]` section's properties.
    static let spriteFramesKeys = KnownKeys(["animations"]).union(resourceKeys)
    /// An animation's keys, and a frame's (Godot 4).
    static let animationKeys: KnownKeys = ["frames", "loop", "name", "speed"]
    static let frameKeys: KnownKeys = ["duration", "texture"]

    /// The resource for `sheet`, whose pages are saved as `images` (file names relative to the
    /// resource). The sheet must have no rotated sprite.
    /// - Throws: ``SheetExport/Error/imageNamesNotOnePerPage(_:images:pages:)`` unless `images` has
    ///   one name per page; ``SheetExport/Error/rotationNotSupported(_:)`` for a rotated sprite
    ///   (Godot's `AtlasTexture` cannot turn a region);
    ///   ``SheetExport/Error/characterNotStorable(_:name:character:)`` for a name holding NUL
    ///   (tab, line feed and carriage return are escaped; any other character is written as it is).
    public static func encode(_ sheet: SpriteSheet, images: [String], version: Version) throws(SheetExport.Error) -> [UInt8] {
        let format: SheetExport.Format = version == .godot4 ? .godot4 : .godot3
        try SheetExport.checkImages(images, of: sheet, format: format)
        try SheetExport.checkRotation(of: sheet, format: format)
        try SheetNames.check([sheet], format: format)
        let godot4 = version == .godot4
        // One AtlasTexture per sprite, named after it: identical frames keep their own names.
        let textures = sheet.sprites
        let textureOf = Dictionary(textures.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
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
            lines.append("resource_name = \(quote(sprite.name))")
            lines.append("atlas = \(external(sprite.page))")
            lines.append("region = \(rect([f.x, f.y, f.width, f.height]))")
            if sprite.trimmed {
                lines.append("margin = \(rect([s.x, s.y, sprite.sourceWidth - s.width, sprite.sourceHeight - s.height]))")
            }
            lines.append("")
        }
        let durationOf = Dictionary(sheet.sprites.compactMap { s in s.duration.map { (s.name, $0) } }, uniquingKeysWith: { a, _ in a })
        // Sprites of no animation (named sprites: `coinGold.png`) become one-frame animations named
        // after them, since Godot's SpriteFrames holds animations only.
        var animations = sheet.animations
        let animated = Set(animations.flatMap(\.frames))
        var taken = Set(animations.map(\.name))
        for sprite in sheet.sprites where !animated.contains(sprite.name) {
            var name = sprite.name, suffix = 2
            while taken.contains(name) { name = "\(sprite.name)_\(suffix)"; suffix += 1 }
            taken.insert(name)
            animations.append(SpriteSheet.Animation(name: name, frames: [sprite.name]))
        }
        let entries = animations.map { animation -> String in
            // Each animation's own speed: its shortest frame (a 12 fps sequence plays at 12.0).
            let base = animation.frames.compactMap { durationOf[$0] }.filter { $0 > 0 }.min() ?? 33
            // Durations are whole milliseconds: 33 ms was 30 fps, not 30.303.
            let rate = 1000 / Double(base)
            let speed = [rate.rounded(.down), rate.rounded(.up)].first { $0 >= 1 && Int((1000 / $0).rounded()) == base } ?? rate
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
        let once = animation.playedFrames
        return animation.repeatCount > 1 ? Array([[String]](repeating: once, count: min(animation.repeatCount, 100)).joined()) : once
    }

    /// How long a frame of relative `duration` shows at `speed` frames a second, in whole
    /// milliseconds (at most a day). The writer's own speed stands for whole milliseconds (30.0 for
    /// 33 ms), so the duration is counted in those when that gives a whole number (3.0303 × 33 ms
    /// is 100 ms, where 3.0303 ÷ 30 s would be 101).
    static func milliseconds(_ duration: Double, speed: Double) -> Int {
        let base = (1000 / speed).rounded()
        let viaBase = duration * base, exact = 1000 * duration / speed
        let value = abs(viaBase - viaBase.rounded()) < 0.01 ? viaBase.rounded() : exact.rounded()
        return Int(min(max(value, 0), 86_400_000))
    }

    /// A number as Godot writes a float: always with a decimal point.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        return rounded == rounded.rounded() ? String(format: "%.1f", rounded) : String(rounded)
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\r", with: "\\r") + "\""
    }

    /// What a `.tres` says: its page images (paths as written) and, per animation, its frames in
    /// play order as sprites, with their page and trim. A sprite is named by its `AtlasTexture`'s
    /// `resource_name` (as ``encode(_:images:version:)`` writes it) when every frame of the
    /// animation has one and each name stands for one texture and one duration throughout the file;
    /// otherwise (Godot's own editor names none) by `animation` + position (`walk0`, `walk1`…), a
    /// one-frame animation as a sprite named after it (`coinGold`), every position a frame of its
    /// own, identical frames included. Either way an animation lists its frames as Godot plays them:
    /// a ping-pong or an animation of N plays comes back written out (`repeatCount` 1 when `loop`
    /// is off). Each frame's duration is
    /// its `duration` (Godot 4; 1 when absent) over `speed` (5 when absent), in whole milliseconds
    /// (`milliseconds(_:speed:)`). `file` names the resource in errors.
    public static func decode(_ bytes: [UInt8], file: String = "sheet.tres") throws(SheetDataError) -> (images: [String], sprites: [SpriteSheet.Sprite], animations: [SpriteSheet.Animation]) {
        let document = try GodotText.parse(String(decoding: bytes, as: UTF8.self))
        guard let header = document.sections.first, header.tag == "gd_resource", header.attributes["type"] == .string("SpriteFrames") else {
            throw SheetDataError(format: "Godot SpriteFrames", line: 1, reason: "not a SpriteFrames resource (the first line must be [gd_resource type=\"SpriteFrames\" …])")
        }
        do {
            return try read(document, file: file)
        } catch {
            throw SheetDataError(format: "Godot SpriteFrames", schema: error)
        }
    }

    private static func read(_ document: GodotText, file: String) throws(SchemaError) -> (images: [String], sprites: [SpriteSheet.Sprite], animations: [SpriteSheet.Animation]) {
        var pages: [String: Int] = [:]
        var images: [String] = []
        var textures: [String: (page: Int, region: [Int], margin: [Int], name: String?)] = [:]
        var animationsValue: (value: GodotText.Value, path: InputPath, line: Int, lines: (InputPath) -> Int?)?
        for section in document.sections {
            let idText = section.attributes["id"]?.idText
            let at = idText.map { InputPath.root.appending(section.tag).appending($0) } ?? InputPath.root.appending(section.tag)
            func error(_ path: InputPath, _ problem: SchemaError.Problem, found: String? = nil, line: Int? = nil) -> SchemaError {
                SchemaError(file: file, path: path, problem: problem, found: found, line: line ?? section.line)
            }
            func checkKeys(_ present: [String: Any], _ known: KnownKeys, at path: InputPath, lines: [String: Int] = [:]) throws(SchemaError) {
                for key in present.keys.sorted() where !known.contains(key) {
                    var unknown = SchemaError.unknownKey(key, in: path, file: file, known: known.keys, present: Set(present.keys))
                    unknown.line = lines[key] ?? section.line
                    throw unknown
                }
            }
            guard sectionTags.contains(section.tag) else {
                var unknown = SchemaError.unknownKey(section.tag, in: .root, file: file, known: sectionTags.keys, noun: "section")
                unknown.line = section.line
                throw unknown
            }
            try checkKeys(section.attributes, attributeKeys[section.tag] ?? [], at: at)
            switch section.tag {
            case "ext_resource":
                guard case .string(let path)? = section.attributes["path"] else {
                    throw error(at.appending("path"), section.attributes["path"].map { .wrongType(expected: "a string", found: $0.summary) } ?? .missingKey)
                }
                guard let id = idText else { throw error(at.appending("id"), .missingKey) }
                pages[id] = images.count
                images.append(path)
            case "sub_resource":
                guard section.attributes["type"] == .string("AtlasTexture") else { continue }
                guard let id = idText else { throw error(at.appending("id"), .missingKey) }
                try checkKeys(section.properties, atlasTextureKeys, at: at, lines: section.propertyLines)
                func line(_ key: String) -> Int { section.propertyLines[key] ?? section.line }
                guard let atlasValue = section.properties["atlas"] else { throw error(at.appending("atlas"), .missingKey) }
                guard let atlas = atlasValue.reference(to: "ExtResource"), let page = pages[atlas] else {
                    throw error(at.appending("atlas"), .invalid(reason: "expected ExtResource( id ) of an ext_resource above"), line: line("atlas"))
                }
                guard let regionValue = section.properties["region"] else { throw error(at.appending("region"), .missingKey) }
                guard let region = regionValue.integers(of: "Rect2"), region.count == 4 else {
                    throw error(at.appending("region"), .invalid(reason: "expected Rect2( x, y, width, height ) in whole pixels"), line: line("region"))
                }
                let margin = try section.properties["margin"].map { value throws(SchemaError) -> [Int] in
                    guard let margin = value.integers(of: "Rect2"), margin.count == 4 else {
                        throw error(at.appending("margin"), .invalid(reason: "expected Rect2( left, top, Δw, Δh ) in whole pixels"), line: line("margin"))
                    }
                    return margin
                } ?? [0, 0, 0, 0]
                guard region[0] >= 0, region[1] >= 0, region[2] > 0, region[3] > 0 else {
                    throw error(at.appending("region"), .outOfRange(requirement: "x and y must not be negative, width and height at least 1"),
                                found: region.map(String.init).joined(separator: ", "), line: line("region"))
                }
                guard margin.allSatisfy({ $0 >= 0 }) else {
                    throw error(at.appending("margin"), .outOfRange(requirement: "must not be negative"),
                                found: margin.map(String.init).joined(separator: ", "), line: line("margin"))
                }
                let name: String?
                switch section.properties["resource_name"] {
                case nil: name = nil
                case .string(let text)?: name = text.isEmpty ? nil : text
                case let other?: throw error(at.appending("resource_name"), .wrongType(expected: "a string", found: other.summary), line: line("resource_name"))
                }
                textures[id] = (page, region, margin, name)
            case "resource":
                try checkKeys(section.properties, spriteFramesKeys, at: at, lines: section.propertyLines)
                if let value = section.properties["animations"] {
                    animationsValue = (value, at.appending("animations"), section.propertyLines["animations"] ?? section.line, section.line(of:))
                }
            default:
                continue
            }
        }
        guard let animations = animationsValue else {
            throw SchemaError(file: file, path: InputPath("resource").appending("animations"), problem: .missingKey, line: 1)
        }
        // The line of the value itself (`resource.animations[0].speed`: the line of `"speed": …`), else the property's.
        func line(of path: InputPath) -> Int { animations.lines(InputPath(Array(path.components.dropFirst(animations.path.components.count - 1)))) ?? animations.line }
        func error(_ path: InputPath, _ problem: SchemaError.Problem, found: String? = nil) -> SchemaError {
            SchemaError(file: file, path: path, problem: problem, found: found, line: line(of: path))
        }
        guard case .array(let list) = animations.value else { throw error(animations.path, .wrongType(expected: "an array", found: animations.value.summary)) }
        var sprites: [SpriteSheet.Sprite] = []
        var result: [SpriteSheet.Animation] = []
        // Each sprite named by a `resource_name` so far: the texture and duration it stands for.
        var named: [String: (texture: String, duration: Int)] = [:]
        for (index, entry) in list.enumerated() {
            let at = animations.path.appending(index: index)
            guard case .dictionary(let fields) = entry else { throw error(at, .wrongType(expected: "a dictionary", found: entry.summary)) }
            for key in fields.keys.sorted() where !animationKeys.contains(key) {
                var unknown = SchemaError.unknownKey(key, in: at, file: file, known: animationKeys.keys, present: Set(fields.keys))
                unknown.line = line(of: at.appending(key))
                throw unknown
            }
            guard let nameValue = fields["name"] else { throw error(at.appending("name"), .missingKey) }
            guard let name = nameValue.text else { throw error(at.appending("name"), .wrongType(expected: "a string", found: nameValue.summary)) }
            guard let framesValue = fields["frames"] else { throw error(at.appending("frames"), .missingKey) }
            guard case .array(let frames) = framesValue else { throw error(at.appending("frames"), .wrongType(expected: "an array", found: framesValue.summary)) }
            // Godot's default speed is 5 frames a second.
            var speed = 5.0
            if let value = fields["speed"] {
                guard case .number(let number) = value else { throw error(at.appending("speed"), .wrongType(expected: "a number", found: value.summary)) }
                guard number > 0, number.isFinite else {
                    throw error(at.appending("speed"), .outOfRange(requirement: "must be positive"), found: InputValue.format(number))
                }
                speed = number
            }
            var loops = true
            switch fields["loop"] {
            case nil: break
            case .bool(let flag)?: loops = flag
            case .number(let value)? where value == 0 || value == 1: loops = value == 1
            case let other?: throw error(at.appending("loop"), .wrongType(expected: "true or false", found: other.summary))
            }
            var references: [String] = []
            var durations: [Int] = []
            for (position, frame) in frames.enumerated() {
                let framePath = at.appending("frames").appending(index: position)
                let reference: String?
                if case .dictionary(let item) = frame {
                    for key in item.keys.sorted() where !frameKeys.contains(key) {
                        var unknown = SchemaError.unknownKey(key, in: framePath, file: file, known: frameKeys.keys, present: Set(item.keys))
                        unknown.line = line(of: framePath.appending(key))
                        throw unknown
                    }
                    if let duration = item["duration"] {
                        guard case .number(let value) = duration else {
                            throw error(framePath.appending("duration"), .wrongType(expected: "a number", found: duration.summary))
                        }
                        guard value > 0, value.isFinite else {
                            throw error(framePath.appending("duration"), .outOfRange(requirement: "must be positive"), found: InputValue.format(value))
                        }
                    }
                    reference = item["texture"]?.reference(to: "SubResource")
                    if case .number(let value)? = item["duration"] { durations.append(milliseconds(value, speed: speed)) } else {
                        durations.append(milliseconds(1, speed: speed))
                    }
                } else {
                    reference = frame.reference(to: "SubResource")
                    durations.append(milliseconds(1, speed: speed))
                }
                guard let reference, textures[reference] != nil else {
                    throw error(framePath, .invalid(reason: "expected SubResource( id ) of an AtlasTexture above"))
                }
                references.append(reference)
            }
            // Named by the textures when every one has a name that stands for one texture and one
            // duration; else every position is a frame of its own, identical frames included (a
            // hold, the empty frames after an explosion): a list that repeats may as well be frames
            // that repeat as plays that do.
            var byName = named
            let textureNames = references.enumerated().map { position, reference -> String? in
                guard let spriteName = textures[reference]?.name else { return nil }
                if let earlier = byName[spriteName], earlier != (reference, durations[position]) { return nil }
                byName[spriteName] = (reference, durations[position])
                return spriteName
            }
            let usesNames = !references.isEmpty && textureNames.allSatisfy { $0 != nil }
            var names: [String] = []
            for (position, reference) in references.enumerated() {
                // A one-frame animation is a named sprite (`coinGold`), as `encode` writes one.
                let spriteName = usesNames ? textureNames[position]! : references.count == 1 ? name : name + String(position)
                names.append(spriteName)
                if usesNames {
                    guard named[spriteName] == nil else { continue }
                    named[spriteName] = (reference, durations[position])
                }
                let texture = textures[reference]!
                let (r, m) = (texture.region, texture.margin)
                sprites.append(SpriteSheet.Sprite(
                    name: spriteName, frame: PixelRect(x: r[0], y: r[1], width: r[2], height: r[3]), page: texture.page,
                    trimmed: m != [0, 0, 0, 0], spriteSourceSize: PixelRect(x: m[0], y: m[1], width: r[2], height: r[3]),
                    sourceWidth: r[2] + m[2], sourceHeight: r[3] + m[3], duration: durations[position]))
            }
            result.append(SpriteSheet.Animation(name: name, frames: names, repeatCount: loops ? 0 : 1))
        }
        return (images, sprites, result)
    }
}
