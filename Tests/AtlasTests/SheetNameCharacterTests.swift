import Animated
import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import Atlas

/// A sprite name goes into every sheet format and comes back as it went in — spaces, quotes,
/// backslashes, accents, leading zeros, `&` and `<` — or, where a format cannot carry one of its
/// characters, is refused naming the sprite, the format and the character before anything is
/// written (issue 43: a line feed in a name broke a libGDX atlas; a tab or a control character
/// went verbatim into the plists and `.tres`).
@Suite("Sheet names: characters each format carries")
struct SheetNameCharacterTests {
    /// A name, and the formats that cannot carry it (with the character they refuse).
    static let names: [(name: String, refusedBy: [SheetExport.Format], character: Unicode.Scalar?)] = [
        ("with space 1", [], nil),
        ("h\u{E9}ros_007", [], nil),
        ("he\u{301}ros_008", [], nil),
        ("say \"hi\"", [], nil),
        (#"back\slash"#, [], nil),
        ("0042", [], nil),
        ("a&b<c>d", [], nil),
        ("it's", [], nil),
        ("tab\there", [.libgdx], "\t"),
        ("two\nlines", [.libgdx], "\n"),
        ("cr\rhere", [.libgdx, .spritekit, .cocos2d], "\r"),
        ("bell\u{7}here", [.libgdx, .spritekit, .cocos2d], "\u{7}"),
        ("nul\u{0}here", [.libgdx, .spritekit, .cocos2d, .godot3, .godot4], "\u{0}"),
        ("del\u{7F}here", [.libgdx], "\u{7F}"),
        ("a:b", [.libgdx], ":"),
    ]

    static func sheet(_ name: String) throws -> SpriteSheet {
        var bitmap = Bitmap(clearWidth: 4, height: 4)
        for y in 0..<4 { for x in 0..<2 { bitmap[x, y] = Color(r: 200, g: 10, b: 30) } }
        // A second frame, so that the animation (Godot's only names) is named too.
        var other = bitmap
        other[3, 3] = Color(r: 1, g: 2, b: 3)
        return try SheetBuilder(padding: 1).build([SheetBuilder.Input(name: name, bitmap: bitmap, sequence: name, duration: 0.1),
                                                   SheetBuilder.Input(name: name + " 2", bitmap: other, sequence: name, duration: 0.1)])
    }

    @Test(arguments: SheetExport.Format.allCases, names.indices)
    func aNameComesBackOrIsRefused(format: SheetExport.Format, index: Int) throws {
        let (name, refusedBy, character) = Self.names[index]
        let sheet = try Self.sheet(name)
        let folder = try Fixtures.temporaryFolder("sheet-chars")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if refusedBy.contains(format) {
            let expected = SheetExport.Error.characterNotStorable(format, name: name, character: try #require(character))
            #expect(throws: expected) { try SheetExport.files(for: [sheet], format: format, output: folder + "/s.png") }
            #expect(expected.description.contains(format.rawValue) && expected.description.contains("U+"), "\(expected)")
            return
        }
        let files = try SheetExport.files(for: [sheet], format: format, output: folder + "/s.png")
        try SheetExportImportTests.write(files)
        let data = format == .spritekit ? folder + "/s.atlasc" : try #require(files.first { !$0.path.hasSuffix(".png") }).path
        let back = try SheetImport.read(data)
        // Names compared by their bytes: `é` must not come back as `e` + U+0301.
        if format == .godot3 || format == .godot4 {   // Godot's frames have no names of their own; its animations do
            #expect(back.animations.map { Array($0.name.utf8) } == [Array(name.utf8)], "\(format): \(back.animations.map(\.name))")
        } else {
            #expect(Set(back.sprites.map { Array($0.name.utf8) }) == [Array(name.utf8), Array((name + " 2").utf8)],
                    "\(format): \(back.sprites.map(\.name))")
        }
    }

    /// The per-format encoders refuse as ``SheetExport/files(for:format:output:data:)`` does.
    @Test func eachEncoderRefusesWhatItCannotCarry() throws {
        let sheet = try Self.sheet("bell\u{7}here")
        let bell: Unicode.Scalar = "\u{7}"
        #expect(throws: SheetExport.Error.characterNotStorable(.libgdx, name: "bell\u{7}here", character: bell)) {
            try LibGDXAtlas.encode(sheet, images: ["s.png"])
        }
        let nul = try Self.sheet("nul\u{0}here")
        #expect(throws: SheetExport.Error.characterNotStorable(.godot4, name: "nul\u{0}here", character: "\u{0}")) {
            try GodotSpriteFrames.encode(nul, images: ["s.png"], version: .godot4)
        }
        #expect(throws: SheetExport.Error.characterNotStorable(.cocos2d, name: "bell\u{7}here", character: bell)) {
            try Cocos2dPlist.encode(sheet, image: "s.png")
        }
        #expect(throws: SheetExport.Error.characterNotStorable(.spritekit, name: "bell\u{7}here", character: bell)) {
            try SpriteKitAtlas.encode([sheet], name: "s")
        }
        #expect(throws: Never.self) { try TexturePackerJSON.encode(sheet, image: "s.png", style: .hash) }
    }

    /// `sheet` of a folder holding `fire\n1.png` for libGDX: refused before anything is written.
    @Test func aJobRefusesBeforeWritingAnything() throws {
        let folder = try Fixtures.temporaryFolder("sheet-chars-job")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        for (number, name) in ["fire\n1.png", "fire\n2.png"].enumerated() {
            try Data(try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(number + 1).png")).write(to: URL(fileURLWithPath: folder + "/in/" + name))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/in").count == 2)
        let job = SheetJob(sources: [folder + "/in"], output: folder + "/out/s.png", engine: .libgdx)
        #expect(throws: SheetJobError.format(.characterNotStorable(.libgdx, name: "fire\n1", character: "\n"))) { try job.run(cancellation: nil) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
