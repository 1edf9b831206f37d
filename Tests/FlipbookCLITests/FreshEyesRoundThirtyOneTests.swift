import Basics
import Foundation
import Testing
import TestSupport

/// What fresh eyes round 31 found (session 17), on the gold coin and the fire bomb.
@Suite("Fresh eyes 31: outputs that change hands between targets; one target built alone; notes for what a job's set removed")
struct FreshEyesRoundThirtyOneTests {
    /// A project of `coin` and `fire` frame folders (and their GIFs) built once with `targets`.
    static func built(_ targets: String) throws -> String {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        try FileManager.default.createDirectory(atPath: folder + "/fire", withIntermediateDirectories: true)
        let fire = Fixtures.pngNames(in: "sequences/ansimuz-fire-bomb-pixel")
        #expect(fire.count == 14)
        for name in fire { try FileManager.default.copyItem(atPath: Fixtures.path("sequences/ansimuz-fire-bomb-pixel/\(name)"), toPath: "\(folder)/fire/\(name)") }
        for name in ["coin", "fire"] { #expect(try CLI.run(["assemble", name, "-o", "\(name).gif"], in: folder).status == 0) }
        try write(targets, in: folder)
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        return folder
    }

    static func write(_ targets: String, in folder: String) throws {
        try Data(#"{"targets": {\#(targets)}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
    }

    static func visible(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// `a` → `fa` and `b` → `fb`; then `a` writes `fb` (and `b` moves on to `fc`, or the two swap):
    /// `a` failed on `b`'s earlier frames in `fb` ("belongs to another set"), on every build, and
    /// `fb` kept `b`'s stale frames. They are the build's own: set aside and replaced now.
    @Test(arguments: ["fc", "fa"])
    func aFramesTargetTakesOverTheFolderAnotherLeft(bMovesTo: String) throws {
        let folder = try Self.built(#""a": {"frames": "coin.gif", "output": "fa"}, "b": {"frames": "fire.gif", "output": "fb"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#""a": {"frames": "coin.gif", "output": "fb"}, "b": {"frames": "fire.gif", "output": "\#(bMovesTo)"}"#, in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(Self.visible(folder + "/fb") == ["coin1.png", "coin2.png", "coin3.png", "coin4.png", "sequence.json"])
        #expect(Self.visible(folder + "/" + bMovesTo).count == 15)
        let again = try CLI.run(["build"], in: folder)
        #expect(again.status == 0 && again.stdout.contains("0 built"), "\(again.stdout) \(again.stderr)")
    }

    /// Two sheets whose `data` files change hands (`a` takes `b`'s, or they swap): the first to
    /// build failed on the other's data ("belongs to another set"), for good when they swapped.
    @Test(arguments: ["data/c.json", "data/a.json"])
    func sheetDataFilesChangeHandsBetweenTargets(bDataMovesTo: String) throws {
        let folder = try Self.built(#""a": {"sheet": "coin", "output": "pages/a.png", "data": "data/a.json"}, "b": {"sheet": "fire", "output": "pages/b.png", "data": "data/b.json"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#""a": {"sheet": "coin", "output": "pages/a.png", "data": "data/b.json"}, "b": {"sheet": "fire", "output": "pages/b.png", "data": "\#(bDataMovesTo)"}"#, in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let data = try String(contentsOfFile: folder + "/data/b.json", encoding: .utf8)
        #expect(data.contains("a.png") && !data.contains("b.png"), "data/b.json is a's now")
        let again = try CLI.run(["build"], in: folder)
        #expect(again.status == 0 && again.stdout.contains("0 built"), "\(again.stdout) \(again.stderr)")
    }

    /// `flipbook build r` after the target writing what `r` reads was deleted from the project:
    /// "flipbook.json has no target wf" (exit 2), a name the user never typed; with that fixed,
    /// the build then waited for ever (its order was taken before the deleted target's files went).
    @Test func buildingOneTargetAfterItsWriterWasDeletedSaysWhatItReads() throws {
        let folder = try Self.built(#""w": {"assemble": "coin", "output": "build/coin.gif"}, "wf": {"frames": "build/coin.gif", "output": "build/wf"}, "r": {"sheet": "build/wf", "output": "out/r.png"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#""w": {"assemble": "coin", "output": "build/coin.gif"}, "r": {"sheet": "build/wf", "output": "out/r.png"}"#, in: folder)
        let run = try CLI.run(["build", "r"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("r: failed: build/wf"), "\(run.stdout) \(run.stderr)")
        #expect(!run.stderr.contains("no target"), "\(run.stderr)")
    }

    /// A sheet target's scales [1, 2] → [2, 3] removed `s.png` and `s.json` without the note a
    /// renamed output gets; so did fewer pages (the job's own set replaced them).
    @Test func filesTheJobsSetRemovedAreSaid() throws {
        let folder = try Self.built(#""s": {"sheet": "coin", "output": "build/s.png", "scales": [1, 2]}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#""s": {"sheet": "coin", "output": "build/s.png", "scales": [2, 3]}"#, in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: s: removed build/s.json, build/s.png: written by its earlier build"), "\(run.stderr)")
    }

    /// `build --watch`: a save renaming `wf`'s output removed its frames from `build/wf`, which `r`
    /// reads; the removals (the build's own) started a second build.
    @Test func aWatchIsNotStartedByItsOwnRemovals() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"w": {"assemble": "coin", "output": "build/coin.gif"}, "wf": {"frames": "build/coin.gif", "output": "build/wf"}, "r": {"sheet": "build/wf", "output": "out/r.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch"], in: folder)
        #expect(watch.waitForLines(1), "\(watch.stdout) \(watch.stderr)")
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: #""build/wf"}"#, with: #""build/wf2"}"#)
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        #expect(watch.waitForLines(2), "\(watch.stdout) \(watch.stderr)")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(watch.stdout.count == 2, "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    /// A sheet whose pages and data lie in two folders was reported as "4 files in .".
    @Test func filesInTwoFoldersAreSaidByTheirFolders() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "coin", "output": "out/s.png", "data": "d/s.json", "scales": [1, 2]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && run.stdout.contains("s: built (never built): 4 files in d and out"), "\(run.stdout) \(run.stderr)")
    }

    /// `sheet coin -o out` (or `--data d`) where `out` (`d`) is an existing folder wrote `out.png`
    /// and `out.json` beside the folder without a word: meant as the folder, most likely.
    @Test(arguments: [["-o", "d"], ["-o", "s.png", "--data", "d"]])
    func anOutputNamedAsAnExistingFolderIsRefused(arguments: [String]) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/d", withIntermediateDirectories: true)
        let run = try CLI.run(["sheet", "coin"] + arguments, in: folder)
        #expect(run.status == 2 && run.stderr.contains("d is a folder; name a file in it"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.json") && !FileManager.default.fileExists(atPath: folder + "/d.png"))
    }

    /// A sheet target deleted from the project after its data was edited: the data is kept (the
    /// user's now), but its folder's record still named it, so once the user deleted it as told,
    /// `data/` held only the hidden record, build after build.
    @Test func anEditedFileKeptIsForgottenByItsFoldersRecord() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "build/c.gif"}, "s": {"sheet": "coin", "output": "pages/s.png", "data": "data/s.json"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/data/s.json"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("edited".utf8))
        try handle.close()
        try Self.write(#""g": {"assemble": "coin", "output": "build/c.gif"}"#, in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("kept data/s.json, changed since built"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/data") == ["s.json"])
    }

    /// `b` writes its sheet through a link (`coinlink/s.png`, `coinlink` → `coin`) into the folder
    /// `a` reads: `a` did not wait for `b` (with one thread it went first), and the next build,
    /// nothing changed, built `a` again.
    @Test func anOutputWrittenThroughALinkIsWaitedFor() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "build/x.gif"}, "b": {"sheet": "dino", "output": "coinlink/s.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/coinlink", withDestinationPath: "coin")
        let run = try CLI.run(["build", "--threads", "1"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.firstIndex { $0.hasPrefix("b: built") } ?? 9 < lines.firstIndex { $0.hasPrefix("a: built") } ?? 0, "\(run.stdout)")
        let again = try CLI.run(["build"], in: folder)
        #expect(again.stdout.contains("0 built, 2 up to date"), "\(again.stdout)")
    }

    /// `assemble coin -o a.gif` on a folder of @1x and @2x frames left the @2x out without a word
    /// (`sheet` says it); the note names the scale to give and the name.
    @Test func assemblingOneScaleSaysTheOthersLeftOut() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 1...4 { try FileManager.default.copyItem(atPath: "\(folder)/coin/gold_\(index).png", toPath: "\(folder)/coin/gold_\(index)@2x.png") }
        let run = try CLI.run(["assemble", "coin", "-o", "a.gif"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("note: assembled the @1x frames; the @2x frames beside them are left out: assemble them with --scale 2, named a@2x.gif"),
                "\(run.stderr)")
        let asked = try CLI.run(["assemble", "coin", "--scale", "2", "-o", "a@2x.gif"], in: folder)
        #expect(asked.status == 0 && !asked.stderr.contains("left out"), "\(asked.stderr)")
    }

    /// `"after": ["h"]` in target `g` (no `h`) suggested `g` itself.
    @Test func anUnknownAfterNeverSuggestsTheTargetItself() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "g.gif", "after": ["h"]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 2 && run.stderr.contains(#"unknown value "h""#) && !run.stderr.contains("did you mean"), "\(run.stderr)")
    }
}

/// Fresh eyes 31: a command reading one file of a half-replaced folder (`info`, `blur`, `resize`,
/// `slice` of `out/fire10.png`) left the killed run's journal and read the old frame, where every
/// command reading the folder finishes the commit first (docs/CLI.md names `info`).
@Suite("Fresh eyes 31: one file read from a half-replaced folder")
struct FreshEyesRoundThirtyOneInterruptedTests {
    @Test(arguments: [["info", "out/fire10.png"], ["blur", "out/fire10.png", "--sigma", "1", "-o", "b.png"],
                      ["resize", "out/fire10.png", "--scale", "0.5", "-o", "r.png"], ["slice", "out/fire10.png", "--insets", "1,1,1,1", "--size", "40x40", "-o", "s.png"]])
    func aCommandReadingOneFileFinishesTheCommitFirst(arguments: [String]) throws {
        let (work, rerun) = try InterruptedReplaceCommandTests.halfReplaced()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let journals = { try FileManager.default.contentsOfDirectory(atPath: work + "/out").filter { $0.hasSuffix(".journal") } }
        #expect(try journals().count == 1)
        let run = try CLI.run(arguments, in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try journals().isEmpty)
        #expect(try FileIO.readAll(work + "/out/fire10.png") == rerun[9])
    }
}
