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
/// `café.ttf` decomposed was set in the font read for the composed name. Such a scene is refused
/// now, naming the layer and both spellings, as `assemble` and `sheet` refuse two such files; one
/// spelling read twice is one file.
@Suite("A render scene naming files in two Unicode normalisations")
struct SceneNameSpellingTests {
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
    static let coin = "sequences/kenney-gold-coin"

    /// A folder holding `café/seq` twice: composed with coin frames 1–2, decomposed with 3–4, and a
    /// font file under both spellings.
    static func folder() throws -> String {
        let folder = try Fixtures.temporaryFolder("spellings")
        let font = try Data(contentsOf: URL(fileURLWithPath: Fixtures.repository + "/Sources/Text/Resources/DejaVuSans.ttf"))
        for (spelling, first) in [(composed, 1), (decomposed, 3)] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(spelling)/seq", withIntermediateDirectories: true)
            for index in 0..<2 {
                try Data(try Fixtures.bytes("\(coin)/gold_\(first + index).png")).write(to: URL(fileURLWithPath: "\(folder)/\(spelling)/seq/f\(index + 1).png"))
            }
            try font.write(to: URL(fileURLWithPath: "\(folder)/\(spelling).ttf"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 4, "Linux keeps both folders and both fonts")
        return folder
    }

    /// The first frame of `layers` drawn on a 32×16 canvas, from a scene file in `folder`.
    static func firstFrame(_ layers: [String], in folder: String) throws -> Bitmap {
        let path = folder + "/scene.json"
        try Data(#"{"size": [32, 16], "frames": 1, "layers": [\#(layers.joined(separator: ", "))]}"#.utf8).write(to: URL(fileURLWithPath: path))
        return try SceneFile(file: path).renderer().render(at: 0)
    }

    static func sequence(_ source: String, x: Int) -> String {
        #"{"sequence": {"source": "\#(source)/seq"}, "bounds": [16, 16], "position": [\#(x), 8]}"#
    }

    static func image(_ source: String, x: Int) -> String {
        #"{"image": "\#(source)/seq/f1.png", "position": [\#(x), 8]}"#
    }

    static func text(_ font: String) -> String { #"{"text": {"string": "a", "font": "\#(font).ttf", "fontSize": 10}}"# }

    @Test(arguments: [
        ([sequence(composed, x: 8), sequence(decomposed, x: 24)], "layers[1].sequence.source"),
        ([image(decomposed, x: 8), image(composed, x: 24)], "layers[1].image"),
        ([sequence(composed, x: 8), image(decomposed, x: 24)], "layers[1].image"),
        // A scene in `.` reads images as `./café/…` and a sequence's frames as `café/…`: one name (fresh eyes 57 #3).
        ([image(composed, x: 8), sequence(decomposed, x: 24)], "layers[1].sequence.source"),
        ([text(composed), text(decomposed)], "layers[1].text.font"),
    ])
    func twoSpellingsAreRefused(layers: [String], keyPath: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try Self.firstFrame(layers, in: folder)
            Issue.record("accepted: \(keyPath)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("scene.json: \(keyPath)"), "\(message)")
            #expect(message.contains("caf\\u{E9}") && message.contains("cafe\\u{301}"), "both spellings told apart: \(message)")
        }
    }

    /// One spelling read by several layers is one file, and each folder drawn alone plays its own frames.
    @Test func oneSpellingIsOneFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let left = try Self.firstFrame([Self.sequence(Self.composed, x: 8), Self.image(Self.composed, x: 24), Self.text(Self.composed),
                                        Self.text(Self.composed)], in: folder)
        let right = try Self.firstFrame([Self.sequence(Self.decomposed, x: 8)], in: folder)
        func half(_ bitmap: Bitmap) -> [UInt8] { (0..<16).flatMap { y in bitmap.pixels[(y * 32) * 4..<(y * 32 + 16) * 4] } }
        #expect(half(left) != half(right), "the decomposed folder's frames, not the composed one's")
    }
}
