import Foundation
import Testing
import TestSupport

/// What fresh eyes round 28 found (session 16), on the gold coin and the dino.
@Suite("Fresh eyes 28: a sheet's other scales in a build, stale scales, links to outputs, a watch's removals")
struct FreshEyesRoundTwentyEightTests {
    /// Writes `text` to `name` in `folder`.
    static func write(_ text: String, to name: String, in folder: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// A sheet at scales 1 and 2 writes `o/s@2x.png`; another target wrote it too, and the build
    /// let both run (one's output lost, which one by the order they ran in).
    @Test func aSheetsOtherScalesAreItsOutputs() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"sheet": "coin", "output": "o/s.png", "scales": [1, 2]}, "b": {"assemble": "dino", "output": "o/s@2x.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("both write o/s@2x.png"), "\(run.stdout) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/o"))
    }

    /// The same sheet written into its own source folder took its new `atlas@2x.json` for an input
    /// changed while it was built: every build built it twice.
    @Test func aSheetsOtherScalesInItsSourceFolderAreNoInputs() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"sh": {"sheet": "coin", "output": "coin/atlas.png", "scales": [1, 2]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0 && !first.stderr.contains("changed while"), "\(first.stdout) \(first.stderr)")
        #expect(try CLI.run(["build"], in: folder).stdout.contains("0 built, 1 up to date"))
    }

    /// A render target whose scale went 1 → 2 kept `rr1.png…` beside the new `rr1@2x.png…`: read at
    /// @1x, and once the scene's frame count changed the target failed on them for good.
    @Test func anEarlierScalesFramesInATargetsFolderAreRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"r": {"render": "scene.json", "output": "rr", "scale": 1}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#"{"size": [32, 24], "frames": 2, "fps": 10, "layers": [{"image": "coin/gold_1.png", "bounds": [16, 16], "position": [16, 12]}]}"#,
                       to: "scene.json", in: folder)
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Self.write(#"{"targets": {"r": {"render": "scene.json", "output": "rr", "scale": 2}}}"#, to: "flipbook.json", in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("removed rr/rr1.png, rr/rr2.png"), "\(run.stdout) \(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/rr").filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == ["rr1@2x.png", "rr2@2x.png", "sequence.json"])
    }

    /// `g` assembles `frlink`, a link to `fr` (the frames target's output): it did not wait for
    /// that target, so after a new frame it was called up to date with the old frames.
    @Test func aSourceLinkedToAnotherTargetsOutputWaitsForIt() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "out/a.gif"}, "f": {"frames": "out/a.gif", "output": "fr"}, "g": {"assemble": "frlink", "output": "out2/g.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/frlink", withDestinationPath: "fr")
        #expect(try CLI.run(["build"], in: folder).status == 0)
        // Not gold_4 again: a frame like the one before is merged into it for timing.
        try FileManager.default.copyItem(atPath: folder + "/coin/gold_1.png", toPath: folder + "/coin/gold_5.png")
        let run = try CLI.run(["build", "--threads", "2"], in: folder)
        #expect(run.status == 0 && run.stdout.contains("g: built"), "\(run.stdout) \(run.stderr)")
        let info = try CLI.run(["info", "out2/g.gif"], in: folder)
        #expect(info.stdout.contains("5 frames"), "\(info.stdout)")
    }

    /// A removed sheet target's page kept because a scene names it lost its `@2x` page, which the
    /// scene drawn at @2x reads for it: the render's picture changed without a word.
    @Test func aKeptPageKeepsItsOtherScales() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"sh": {"sheet": "coin", "output": "sh/a.png", "scales": [1, 2]}, "r": {"render": "scene.json", "output": "out/r@2x.png", "scale": 2}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(#"{"size": [32, 24], "duration": 0.1, "fps": 10, "layers": [{"image": "sh/a.png", "bounds": [32, 24], "position": [16, 12]}]}"#, to: "scene.json", in: folder)
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Self.write(#"{"targets": {"r": {"render": "scene.json", "output": "out/r@2x.png", "scale": 2}}}"#, to: "flipbook.json", in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.stderr.contains("kept sh/a.png, sh/a@2x.png, which a target names as its source"), "\(run.stdout) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/sh/a@2x.png") && !FileManager.default.fileExists(atPath: folder + "/sh/a.json"))
        #expect(run.stdout.contains("r: up to date"), "\(run.stdout)")
    }

    /// A save that took a target out of the project removed its outputs while the watch printed nothing.
    @Test func aWatchSaysWhatARemovedTargetLeft() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"h": {"assemble": "coin", "output": "out/h.gif"}, "f": {"frames": "out/h.gif", "output": "fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch"], in: folder)
        #expect(watch.waitForLines(1), "\(watch.stdout) \(watch.stderr)")
        try Self.write(#"{"targets": {"h": {"assemble": "coin", "output": "out/h.gif"}}}"#, to: "flipbook.json", in: folder)
        #expect(watch.waitForLines(2), "\(watch.stdout) \(watch.stderr)")
        #expect(watch.stdout.last?.contains("flipbook.json changed: nothing built; 1 up to date") == true, "\(watch.stdout)")
        #expect(watch.waitForError(containing: "written by target f, no longer in the project") != nil, "\(watch.stderr)")
        #expect(watch.interrupt() == 130)
        #expect(!FileManager.default.fileExists(atPath: folder + "/fr"))
    }

    /// `blur src -o out.gif` after `src` lost its @1x frames said only "out.gif is not written",
    /// not that the earlier run's `out.gif` is still there, played on @1x screens.
    @Test func aLostAtOneXNamesTheEarlierFileKept() throws {
        let folder = try Fixtures.temporaryFolder("fe28-blur")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
        for index in 1...4 {
            for scale in ["", "@2x", "@3x"] {
                try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(index).png"), toPath: "\(folder)/src/gold_\(index)\(scale).png")
            }
        }
        #expect(try CLI.run(["blur", "src", "--sigma", "1", "-o", "out.gif"], in: folder).status == 0)
        for index in 1...4 { try FileManager.default.removeItem(atPath: "\(folder)/src/gold_\(index).png") }
        let run = try CLI.run(["blur", "src", "--sigma", "1", "-o", "out.gif"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("the out.gif there still holds an earlier run's animation, which readers take on @1x screens"),
                "\(run.stderr)")
        // Round 64t: once (it was also said as "out.gif, beside the output, is not written again").
        #expect(run.stderr.components(separatedBy: "earlier run's animation").count == 2, "\(run.stderr)")
    }
}
