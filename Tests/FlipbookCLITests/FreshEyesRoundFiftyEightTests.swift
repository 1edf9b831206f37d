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
        #expect(run.stderr.contains("note: fr3: removed out/x/s.json, out/x/s.png: written by sh's earlier build"), "\(run.stderr)")
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
}
