import Foundation
import Testing
import TestSupport

/// What `assemble` and `sheet` did without a word (docs/findings of a new user): frames missing
/// from a numbered sequence were played past (`validate` calls it `seq.gap`), highlighted frames
/// were packed at 30 fps whatever `sequence.json` said, and an APNG beside the frames made `sheet`
/// refuse a folder `assemble` and `validate` take. Real frames (Kenney's coin, ansimuz's fire bomb).
@Suite("assemble and sheet say what they skip")
struct SilentSkipCommandTests {
    /// `gap/`: the coin's frames 1, 3 and 4 (frame 2 left out).
    static func gapFolder() throws -> String {
        let dir = try Fixtures.temporaryFolder("silent-skip")
        try FileManager.default.createDirectory(atPath: "\(dir)/gap", withIntermediateDirectories: true)
        for number in [1, 3, 4] {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(number).png"),
                                             toPath: "\(dir)/gap/gold_\(number).png")
        }
        return dir
    }

    @Test(arguments: [["assemble", "gap", "-o", "a/gap.gif"], ["assemble", "gap", "-o", "a/gap.webp"],
                      ["sheet", "gap", "-o", "s/gap.png"]])
    func aGapIsAWarningNamingTheMissingNumbers(arguments: [String]) throws {
        let dir = try Self.gapFolder()
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: missing frame 2 of gap/gold_1…4: the 3 frames there play without it"), "\(result.stderr)")
        let json = try CLI.run(arguments + ["--json", "--overwrite"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let warnings = try #require(object?["warnings"] as? [String], "\(json.stdout)")
        #expect(warnings.contains { $0.hasPrefix("missing frame 2 of gap/gold_1…4") }, "\(warnings)")
    }

    /// A whole sequence gives no such warning.
    @Test func aWholeSequenceIsQuiet() throws {
        let dir = try Fixtures.temporaryFolder("silent-skip")
        let result = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "\(dir)/coin.png"])
        #expect(result.status == 0 && !result.stderr.contains("missing frame"), "\(result.stderr)")
    }

    /// `preview.png`, an APNG `assemble` wrote beside the coin's frames, is left out with a note.
    @Test func sheetLeavesOutAnAPNGBesideTheFrames() throws {
        let dir = try Fixtures.temporaryFolder("silent-skip")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        let preview = try CLI.run(["assemble", Fixtures.path("sequences/ansimuz-fire-bomb-pixel"), "-o", "coin/preview.png"], in: dir)
        #expect(preview.status == 0, "\(preview.stderr)")
        let sheet = try CLI.run(["sheet", "coin", "-o", "s/coin.png", "--json"], in: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stderr.contains("note: left out, no frames: coin/preview.png"), "\(sheet.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(sheet.stdout.utf8)) as? [String: Any]
        #expect(object?["sprites"] as? Int == 4, "\(sheet.stdout)")
        for command in [["assemble", "coin", "-o", "a/coin.gif"], ["validate", "coin"]] {
            #expect(try CLI.run(command, in: dir).status == 0, "\(command)")
        }
    }

    /// `hl/`: the coin's 4 frames at 8 fps (0.5 s a play) and 6 highlighted frames (`hero_hl0…5`,
    /// the fire bomb's first six): each highlighted frame shows 0.5 s / 6 = 83 ms, as `assemble
    /// --highlighted` plays it (it was 33 ms, the 30 fps default).
    @Test(arguments: [("{\"highlighted\": \"hero_hl\", \"fps\": 8}", 125, 83),
                      ("{\"highlighted\": \"hero_hl\", \"duration\": 1.2, \"direction\": \"pingpong\"}", 200, 120)])
    func sheetTimesHighlightedFramesAsTimingSays(manifest: String, normal: Int, highlighted: Int) throws {
        let dir = try Fixtures.temporaryFolder("silent-skip")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/hl")
        for number in 0..<6 {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/ansimuz-fire-bomb-pixel/frame-00\(number).png"),
                                             toPath: "\(dir)/hl/hero_hl\(number).png")
        }
        try manifest.write(toFile: "\(dir)/hl/sequence.json", atomically: true, encoding: .utf8)
        let sheet = try CLI.run(["sheet", "hl", "-o", "s/hl.png"], in: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/s/hl.json"))) as? [String: Any]
        let frames = try #require(json?["frames"] as? [String: [String: Any]])
        #expect(frames.count == 10)
        #expect((1...4).map { frames["gold_\($0)"]?["duration"] as? Int } == Array(repeating: normal, count: 4))
        #expect((0..<6).map { frames["hero_hl\($0)"]?["duration"] as? Int } == Array(repeating: highlighted, count: 6))
    }
}
