import Foundation
import Testing
import TestSupport

/// Fresh eyes round 61: the sequence operations dropped files without a word.
@Suite("Fresh eyes 61: what the sequence operations leave out is said")
struct FreshEyesRoundSixtyOneTests {
    /// #4: `blur`, `slice` and `resize` of a folder holding `~ipad` frames and a cover without a
    /// number wrote the phone frames only and said nothing (`assemble` says both); now each says
    /// them, on standard error and in `--json`'s notes.
    @Test(arguments: [["blur", "--sigma", "1"], ["slice", "--insets", "8,8,8,8", "--size", "100x40"], ["resize", "--scale", "0.5"]])
    func aDeviceFrameAndACoverLeftOutAreSaid(operation: [String]) throws {
        let folder = try Fixtures.temporaryFolder("round61-devices")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        try FileManager.default.createDirectory(atPath: folder + "/dev", withIntermediateDirectories: true)
        for index in 1...3 {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(index).png", toPath: "\(folder)/dev/g\(index).png")
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(index).png", toPath: "\(folder)/dev/g\(index)~ipad.png")
        }
        try FileManager.default.copyItem(atPath: "\(coin)/gold_4.png", toPath: "\(folder)/dev/cover.png")
        let run = try CLI.run([operation[0], "dev", "-o", "out", "--json"] + operation.dropFirst(), in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let notes = try #require(object["notes"] as? [String]).joined(separator: "\n")
        #expect(notes.contains("left out, not played:") && notes.contains("g1~ipad.png") && notes.contains("cover.png"), "\(notes)")
        #expect(run.stderr.contains("~ipad: UIKit reads them on that device only"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasSuffix(".png") }.count == 3)
    }

    /// #8: docs/CLI.md: "a folder whose name has a dot is written when it exists". `blur`, `slice`,
    /// `resize` and `render` refused an existing `pre.v3` (a rerun of `-o pre.v3/` as `-o pre.v3`).
    @Test(arguments: [["blur", "coin", "--sigma", "1"], ["resize", "coin", "--scale", "0.5"],
                      ["slice", "coin", "--insets", "1,1,1,1", "--size", "10x10"], ["render", "scene.json"]])
    func anExistingFolderWithADotIsWritten(command: [String]) throws {
        let folder = try Fixtures.temporaryFolder("round61-dotted")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder + "/coin")
        try Data(##"{"size": [8, 8], "frames": 2, "layers": [{"bounds": [4, 4], "backgroundColor": "#FF0000"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: folder + "/scene.json"))
        try FileManager.default.createDirectory(atPath: folder + "/pre.v3", withIntermediateDirectories: false)
        for _ in 0..<2 {
            let run = try CLI.run(command + ["-o", "pre.v3"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/pre.v3").contains("sequence.json"))
    }

    /// #7: `--max-output-pixels` ("all the frames one run writes, added up") was checked one scale
    /// at a time: 2 frames of 64² at @1x and 2 of 128² at @2x (40 960 pixels) passed 35 000.
    @Test func everyScalesFramesCountTogether() throws {
        let folder = try Fixtures.temporaryFolder("round61-scales")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        try FileManager.default.createDirectory(atPath: folder + "/ms", withIntermediateDirectories: true)
        for index in 1...2 {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(index).png", toPath: "\(folder)/ms/s\(index).png")
            let run = try CLI.run(["resize", "ms/s\(index).png", "-o", "ms/s\(index)@2x.png", "--scale", "2"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let refused = try CLI.run(["resize", "ms", "-o", "out", "--scale", "1", "--max-output-pixels", "35000"], in: folder)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("every scale's frames together: 2 frames of 64×64 at @1x and 2 frames of 128×128 at @2x"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // Round 61b #5: a limit the @2x frames alone pass named them alone ("needs 32 768 pixels …
        // (2 frames of 128×128)"); every scale's are named, with their sum.
        let below = try CLI.run(["resize", "ms", "-o", "out", "--scale", "1", "--max-output-pixels", "20000"], in: folder)
        #expect(below.status == 3, "\(below.stderr)")
        #expect(below.stderr.contains("needs 40 960 pixels of frames in all (every scale's frames together: 2 frames of 64×64 at @1x and 2 frames of 128×128 at @2x)"),
                "\(below.stderr)")
        let passed = try CLI.run(["resize", "ms", "-o", "out", "--scale", "1", "--max-output-pixels", "40960"], in: folder)
        #expect(passed.status == 0, "\(passed.stderr)")
    }

    /// #9: `draw` drew characters its font lacks as empty boxes, and skipped control characters,
    /// without a word (`note` and `render` name them): now it warns as `render` does.
    @Test func drawSaysWhatItsTextCannotShow() throws {
        let folder = try Fixtures.temporaryFolder("round61-draw-text")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(##"{"size": [120, 40], "ops": [{"text": "Boom 爆発", "at": [2, 2], "fontSize": 12}, {"text": "a\u0001b", "at": [2, 20], "fontSize": 12}]}"##.utf8)
            .write(to: URL(fileURLWithPath: folder + "/t.json"))
        let run = try CLI.run(["draw", "t.json", "-o", "t.png", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [String])
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first?.hasPrefix("t.json: ops[0]: the font (DejaVu Sans) has no glyph for U+7206 '爆', U+767A '発'") == true, "\(warnings)")
        #expect(warnings.last?.hasPrefix("t.json: ops[1]: the text holds control character") == true, "\(warnings)")
    }
}
