import Foundation
import Testing
import TestSupport

/// What fresh eyes round 32 found (session 17).
@Suite("Fresh eyes 32: a sheet at three scales; a target renamed with its output")
struct FreshEyesRoundThirtyTwoTests {
    /// `sheet dino --scales 1,2,3` crashed (a division by zero in the packer), in a build too.
    @Test func aSheetOfTheDinoAtThreeScalesIsWritten() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"d": {"sheet": "dino", "output": "out/d.png", "scales": [1, 2, 3]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "dino", "-o", "d.png", "--scales", "1,2,3"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let build = try CLI.run(["build"], in: folder)
        #expect(build.status == 0 && build.stdout.contains("d: built"), "\(build.stdout) \(build.stderr)")
    }

    /// A target renamed (`coin` → `gold`) with the same output: the build said it "kept
    /// out/coin.gif, which a target names as its source" — gold writes it; nothing reads it.
    @Test func aRenamedTargetsOutputIsNotSaidToBeKeptForAReader() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"coin": {"assemble": "coin", "output": "out/coin.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Data(#"{"targets": {"gold": {"assemble": "coin", "output": "out/coin.gif"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && !run.stderr.contains("names as its source"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/coin.gif"))
    }

    /// A frames target's output moved from `art/coinf` to `art2/coinf`: the frames and `coinf/`
    /// went, but the `art/` the build had made stayed, empty. Not a folder a target still uses.
    @Test func aMovedOutputsEmptyParentGoesButNotAFolderInUse() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "keep/g.gif"}, "f": {"frames": "keep/g.gif", "output": "art/coinf"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Data(#"{"targets": {"g": {"assemble": "coin", "output": "keep/g.gif"}, "f": {"frames": "keep/g.gif", "output": "art2/coinf"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/art"))
        #expect(FileManager.default.fileExists(atPath: folder + "/keep/g.gif") && FileManager.default.fileExists(atPath: folder + "/coin"))
    }

    /// `"after": ["a"]` in target `a` was reported as a circle of one ("a" → "a").
    @Test func aTargetWaitingForItselfIsSaidAsSuch() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "a.gif", "after": ["a"]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("targets.a.after[0]") && run.stderr.contains("a target never waits for itself"), "\(run.stderr)")
    }

    /// Two sheet targets swapping output names (`s` → `out/t.png`, `t` → `out/s.png`) where `t` had
    /// four pages: `s`'s job replaced `t`'s earlier pages without a note (a reason of `t` only
    /// said they were missing).
    @Test func pagesAnotherTargetWroteAndThisOneReplacesAreSaid() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "coin", "output": "out/s.png"}, "t": {"sheet": "dino", "output": "out/t.png", "maxSize": 1024}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0 && FileManager.default.fileExists(atPath: folder + "/out/t-0.png"), "\(first.stdout) \(first.stderr)")
        try Data(#"{"targets": {"s": {"sheet": "coin", "output": "out/t.png"}, "t": {"sheet": "dino", "output": "out/s.png"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: s: removed out/t-0.json, out/t-0.png and"), "\(run.stderr)")
        #expect(run.stderr.contains("written by t's earlier build"), "\(run.stderr)")
    }

    /// Two targets swapping outputs: `a` was rebuilt "because out/x.gif was changed since it was
    /// built" — `b` had just written it, as its own output now.
    @Test func aSwappedOutputIsNotTheOtherTargetsReason() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "out/x.gif"}, "b": {"assemble": "dino", "output": "out/y.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Data(#"{"targets": {"a": {"assemble": "coin", "output": "out/y.gif"}, "b": {"assemble": "dino", "output": "out/x.gif"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && !run.stdout.contains("was changed since it was built") && !run.stdout.contains("is missing"), "\(run.stdout)")
    }

    /// A folder copied with a killed run's journal was refused by every command, advising to make
    /// it writable (it was): the advice says a copied folder cannot be finished, and how to keep it.
    @Test func aCopiedHalfReplacedFolderSaysHowToKeepIt() throws {
        let (work, _) = try InterruptedReplaceCommandTests.halfReplaced()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.copyItem(atPath: work + "/out", toPath: work + "/copy")
        let run = try CLI.run(["info", "copy"], in: work)
        #expect(run.status == 3 && run.stderr.contains("a folder copied or changed since cannot be finished") && run.stderr.contains("remove .flipbook-"),
                "\(run.stderr)")
    }
}
