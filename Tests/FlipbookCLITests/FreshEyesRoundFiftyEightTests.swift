import Foundation
import Testing
import TestSupport

/// Fresh eyes round 58: notes and refusals that named something the user never had — another
/// target's files said as this one's earlier build's, a page side nobody gave, a file name the
/// user never typed.
@Suite("Fresh eyes 58: what notes and refusals name")
struct FreshEyesRoundFiftyEightTests {
    /// #3: target `sh` (a sheet in `out/x`) deleted, a new `fr3` writing frames into `out/x`: the
    /// sheet's files were "removed …: written by its earlier build" — fr3's, which never ran.
    @Test func aDeletedTargetsFilesAreSaidAsItsOwn() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"coin": {"assemble": "coin", "output": "build/coin.gif", "fps": 10}, "#
            + #""sh": {"sheet": "coin", "output": "out/x/s.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        let renamed = #"{"targets": {"coin": {"assemble": "coin", "output": "build/coin.gif", "fps": 10}, "#
            + #""fr3": {"frames": "build/coin.gif", "output": "out/x"}}}"#
        try Data(renamed.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: fr3: removed out/x/s.json, out/x/s.png: written by target sh, no longer in the project"), "\(run.stderr)")
        #expect(!run.stderr.contains("written by its earlier build"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/x/s.png"))
    }

    /// #5: `--scales 1,3 --max-size 256` refused against "a 255×255 page": the side given is said, and why @3x pages are 255 px.
    @Test func aPageSideOfWholePointsIsExplained() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "coin", "-o", "h.png", "--scales", "1,3", "--border", "40", "--max-size", "256"], in: folder)
        #expect(run.status == 1 && run.stderr.contains("does not fit a 255×255 page")
                && run.stderr.contains("(--max-size 256 allows @3x pages of 255 px: pages shared by several scales are whole points)"),
                "\(run.status) \(run.stderr)")
    }

    /// #6: `-o k.json --scales 2 --engine godot4` was refused as `k@2x.json`, a name never typed (and only after packing).
    @Test func aRefusedNameIsTheOneTyped() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "coin", "-o", "k.json", "--scales", "2", "--engine", "godot4"], in: folder)
        #expect(run.status == 2 && run.stderr.hasPrefix("error: k.json: a godot4 sheet is PNG pages and .tres data"), "\(run.status) \(run.stderr)")
        #expect(!run.stderr.contains("k@2x"), "\(run.stderr)")
    }

    /// Round 59: `-o k.json --engine godot4` advised `--format json-hash`, which is then refused
    /// beside `--engine godot4` ("leave out --format"): the advice names the engine to leave out.
    @Test func aDataNameOfAnotherFormatAdvisesLeavingTheEngineOut() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "coin", "-o", "k.json", "--engine", "godot4"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("for .json data, leave out --engine (godot4 reads .tres data) and give --format json-hash"),
                "\(run.stderr)")
    }

    /// Round 59: `--max-drawn-segments` (renamed) was an unknown option without a word of its new name.
    @Test func theOldNameOfTheDrawingLimitNamesTheNewOne() throws {
        let folder = try Fixtures.temporaryFolder("round59-old-flag")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["draw", "x.json", "-o", "x.png", "--max-drawn-segments", "5"], in: folder)
        #expect(run.status == 2 && run.stderr.hasPrefix("error: unknown option '--max-drawn-segments': it is now --max-drawing-work"), "\(run.stderr)")
    }

    /// Round 59: `generate explosion` counted its sparks only; its fireball (1.6 µs a pixel of
    /// noise) and what its sparks drew were not charged (100 000 sparks × 200 frames of 1024² drew
    /// for 7 minutes). The fireball's pixels are counted with the sparks before any frame (exit 2).
    @Test func anExplosionsFireballIsCounted() throws {
        let folder = try Fixtures.temporaryFolder("round59-explosion")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["generate", "explosion", "--size", "1024x1024", "--frames", "200", "-o", "e.gif"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("error: --size 1024x1024 --frames 200 --sparks 28: needs ")
                && run.stderr.contains("px of fireball, 400 a pixel"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/e.gif"))
        let small = try CLI.run(["generate", "explosion", "--size", "64x64", "--frames", "8", "-o", "e.gif"], in: folder)
        #expect(small.status == 0, "\(small.stderr)")
    }
}
