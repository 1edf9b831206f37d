import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import Atlas

/// A sprite's name comes back as it went in — sheet export, then import — in every format that
/// can carry names (issue 43: libGDX turned `0123456789` into `01234567890`, `dracula_house_4` into
/// `dracula_house4`, `frame-001` into `frame1`). Godot's frames have no names: Flipbook writes each
/// sprite's as its `AtlasTexture`'s `resource_name` (Godot's own files, without them, come back by
/// position: ``godotsOwnFilesComeBackByPosition()``).
@Suite("Sheet names round-trip")
struct SheetNameRoundTripTests {
    /// Frames as `sheet` groups them from their files: (sprite names, the animation they make).
    static let groups: [(names: [String], sequence: String?)] = [
        (["0123456789"], "0123456789"),
        (["dracula_house_4", "dracula_house_5"], "dracula_house"),
        (["frame-001", "frame-002"], "frame"),
        (["walk_01", "walk_02", "walk_10"], "walk"),
        (["gold1", "gold2"], "gold"),               // libGDX's own folding gives these back as they are
        (["coinGold"], nil),                        // a named sprite
        (["a, b; c", "a, b; c 2"], "a, b; c"),     // commas and spaces inside
        (["héros_007"], "héros"),
    ]

    @Test(arguments: SheetExport.Format.allCases, groups.indices)
    func namesComeBack(format: SheetExport.Format, group: Int) throws {
        let (names, sequence) = Self.groups[group]
        let folder = try Fixtures.temporaryFolder("sheet-names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputs = names.enumerated().map { index, name in
            var bitmap = Bitmap(clearWidth: 6, height: 6)
            for y in 1..<5 { for x in 0..<(index + 2) { bitmap[x, y] = Color(r: 200, g: UInt8(20 * index), b: 30) } }
            return SheetBuilder.Input(name: name, bitmap: bitmap, sequence: sequence, duration: 0.1)
        }
        let sheet = try SheetBuilder(padding: 1, trim: true).build(inputs)
        let files = try SheetExport.files(for: [sheet], format: format, output: folder + "/s.png")
        try SheetExportImportTests.write(files)
        let data = format == .spritekit ? folder + "/s.atlasc" : try #require(files.first { !$0.path.hasSuffix(".png") }).path
        let back = try SheetImport.read(data)
        // Cocos2d's plist lists frames by key, sorted: compared by name.
        #expect(back.sprites.map(\.name).sorted() == names.sorted(), "\(format)")
        for input in inputs {
            let sprite = try #require(back.sprites.first { $0.name == input.name })
            let same = try back.frame(sprite) == input.bitmap
            #expect(same, "\(format) \(sprite.name)")
        }
        if format == .godot3 || format == .godot4 {
            // One animation per sequence (or per named sprite), its frames by name.
            let animation = try #require(back.animations.first { $0.name == sequence ?? names[0] })
            #expect(animation.frames == names)
        }
    }

    /// A name libGDX's lines cannot hold is refused when written, naming it, rather than renamed
    /// (a `:` or a line break: ``SheetNameCharacterTests``).
    @Test(arguments: [" padded", "trailing "])
    func libGDXRefusesNamesItCannotHold(name: String) throws {
        let sheet = try SheetBuilder().build([SheetBuilder.Input(name: name, bitmap: Bitmap(width: 2, height: 2))])
        #expect(throws: SheetExport.Error.nameNotStorable(.libgdx, name: name)) {
            try SheetExport.files(for: [sheet], format: .libgdx, output: "/tmp/unused.png")
        }
        #expect(throws: Never.self) { try SheetExport.files(for: [sheet], format: .jsonHash, output: "/tmp/unused.png") }
    }

    /// libGDX atlases as libGDX's TexturePacker writes them (`walk_1.png` as `walk`, index 1; no
    /// `name:` field) still read as `name` + `index`.
    @Test func libGDXsOwnAtlasesStillFoldTheIndex() throws {
        let text = "p.png\nsize:8,4\nfilter:Nearest,Nearest\nrepeat:none\nwalk\nindex:1\nbounds:0,0,4,4\nwalk\nindex:2\nbounds:4,0,4,4\n"
        let atlas = try LibGDXAtlas.decode(Array(text.utf8))
        #expect(atlas.regions.map(\.sprite.name) == ["walk1", "walk2"])
        #expect(atlas.regions.allSatisfy { $0.spriteName == nil })
    }

    /// A `.tres` as Godot's editor saves it names no `AtlasTexture`: its frames come back as their
    /// animation's name and position, each position a frame of its own; one texture named twice
    /// for two regions (a hand edit) falls back the same way rather than lose a frame.
    @Test func godotsOwnFilesComeBackByPosition() throws {
        func resource(_ names: [String?]) -> [UInt8] {
            var text = "[gd_resource type=\"SpriteFrames\" load_steps=4 format=3]\n\n[ext_resource type=\"Texture2D\" path=\"p.png\" id=\"1\"]\n\n"
            for (index, name) in names.enumerated() {
                text += "[sub_resource type=\"AtlasTexture\" id=\"A_\(index)\"]\n" + (name.map { "resource_name = \"\($0)\"\n" } ?? "")
                    + "atlas = ExtResource(\"1\")\nregion = Rect2(\(index * 4), 0, 4, 4)\n\n"
            }
            let frames = names.indices.map { "{\n\"duration\": 1.0,\n\"texture\": SubResource(\"A_\($0)\")\n}" }
            text += "[resource]\nanimations = [{\n\"frames\": [\(frames.joined(separator: ", "))],\n\"loop\": true,\n\"name\": &\"walk\",\n\"speed\": 10.0\n}]\n"
            return Array(text.utf8)
        }
        #expect(try GodotSpriteFrames.decode(resource([nil, nil, nil])).sprites.map(\.name) == ["walk0", "walk1", "walk2"])
        #expect(try GodotSpriteFrames.decode(resource(["a", "b", "c"])).sprites.map(\.name) == ["a", "b", "c"])
        #expect(try GodotSpriteFrames.decode(resource(["a", nil, "c"])).sprites.map(\.name) == ["walk0", "walk1", "walk2"])
        #expect(try GodotSpriteFrames.decode(resource(["a", "a", "c"])).sprites.map(\.name) == ["walk0", "walk1", "walk2"])
    }
}
