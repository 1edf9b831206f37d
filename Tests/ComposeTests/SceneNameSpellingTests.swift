import Animated
import Basics
import Compose
import Foundation
import Raster
import Testing
import TestSupport

/// Fresh eyes 56 #3, #4: a `render` scene whose two sequence layers play `café/seq` composed and
/// decomposed — two folders on Linux — showed the first folder's frames in both (the decoded-frame
/// store was keyed by the path as a String, whose `==` is canonical), and a text layer naming
/// `café.ttf` decomposed was set in the font read for the composed name. Each layer now reads its
/// own files.
@Suite("A render scene naming files in two Unicode normalisations")
struct SceneNameSpellingTests {
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
    static let coin = "sequences/kenney-gold-coin"

    /// A folder holding `café/seq` twice: composed with coin frames 1–2, decomposed with 3–4.
    static func folder() throws -> String {
        let folder = try Fixtures.temporaryFolder("spellings")
        for (spelling, first) in [(composed, 1), (decomposed, 3)] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(spelling)/seq", withIntermediateDirectories: true)
            for index in 0..<2 {
                try Data(try Fixtures.bytes("\(coin)/gold_\(first + index).png")).write(to: URL(fileURLWithPath: "\(folder)/\(spelling)/seq/f\(index + 1).png"))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2, "Linux keeps both folders")
        return folder
    }

    /// The first frame of `layers` drawn on a 32×16 canvas, from a scene file in `folder`.
    static func firstFrame(_ layers: [String], in folder: String) throws -> Bitmap {
        let path = folder + "/scene.json"
        try Data(#"{"size": [32, 16], "frames": 1, "layers": [\#(layers.joined(separator: ", "))]}"#.utf8).write(to: URL(fileURLWithPath: path))
        return try SceneFile(file: path).renderer().render(at: 0)
    }

    static func layer(_ source: String, x: Int) -> String {
        #"{"sequence": {"source": "\#(source)/seq"}, "bounds": [16, 16], "position": [\#(x), 8]}"#
    }

    @Test func twoSequenceLayersOfTwoSpellingsEachPlayTheirOwnFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let both = try Self.firstFrame([Self.layer(Self.composed, x: 8), Self.layer(Self.decomposed, x: 24)], in: folder)
        let left = try Self.firstFrame([Self.layer(Self.composed, x: 8)], in: folder)
        let right = try Self.firstFrame([Self.layer(Self.decomposed, x: 24)], in: folder)
        func half(_ bitmap: Bitmap, _ x0: Int) -> [UInt8] {
            (0..<16).flatMap { y in bitmap.pixels[(y * 32 + x0) * 4..<(y * 32 + x0 + 16) * 4] }
        }
        #expect(half(left, 0) != half(right, 16), "the two folders hold different frames")
        #expect(half(both, 0) == half(left, 0), "the composed layer plays its folder")
        #expect(half(both, 16) == half(right, 16), "the decomposed layer plays its own folder, not the composed one's")
    }

    /// A text layer naming a font file in the second spelling reads that file: here not a font,
    /// so refused (it was set in the first spelling's font without a word).
    @Test func aFontOfTheSecondSpellingIsReadItself() throws {
        let folder = try Fixtures.temporaryFolder("spellings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(contentsOf: URL(fileURLWithPath: Fixtures.repository + "/Sources/Text/Resources/DejaVuSans.ttf"))
            .write(to: URL(fileURLWithPath: "\(folder)/\(Self.composed).ttf"))
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(Self.decomposed).ttf"))
        func text(_ font: String) -> String { #"{"text": {"string": "a", "font": "\#(font).ttf", "fontSize": 10}}"# }
        #expect(throws: Never.self) { _ = try Self.firstFrame([text(Self.composed), text(Self.composed)], in: folder) }
        do {
            _ = try Self.firstFrame([text(Self.composed), text(Self.decomposed)], in: folder)
            Issue.record("the decomposed name was set in the composed name's font")
        } catch {
            #expect("\(error)".contains("layers[1].text.font"), "\(error)")
        }
    }
}
