import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// What fresh eyes round 21 found in builds (session 13), on the real gold-coin frames: a watch
/// that took its own report for a change, a file kept for a reader and then forgotten, circles and
/// nested outputs explained by what makes them.
@Suite("Builds: fresh eyes 21")
struct BuildFreshEyesTwentyOneTests {
    /// `flipbook build --watch > watch.log` with a target whose prefix source reads the project's
    /// folder: each failure written into the log started the next build, four times a second. The
    /// files the watch is told to ignore (its own report) start no build; another file there does.
    @Test func theWatchsOwnReportStartsNoBuild() async throws {
        let extra = #""missing": {"assemble": "artx", "output": "build/x.gif"}"#
        let (folder, file) = try IncrementalBuildTests.project("watch-own-log", count: 1, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/watch.log"
        try BuildWatchTests.save(Data(), to: log)
        let watch = BuildWatchTests.Running(file) { $0.ignoredFiles = [log] }
        #expect(watch.recorder.waitForBuilds(1))
        // The first build's output folder, made in the folder the prefix reads, may start one more.
        try await Task.sleep(for: .milliseconds(1000))
        let settled = watch.recorder.builds.count
        for line in 0..<5 {
            try BuildWatchTests.save(Data("coin: failed \(line)\n".utf8), to: log)
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .milliseconds(500))
        #expect(watch.recorder.builds.count == settled, "the log's writes started builds")
        // Any other file in the folder the prefix reads still does.
        try BuildWatchTests.save(try BuildWatchTests.frame(1), to: folder + "/artx1.png")
        #expect(watch.recorder.waitForBuilds(settled + 1))
        try await watch.stop()
        #expect(watch.recorder.builds.last?.changes.contains("artx1.png") == true)
    }

    /// `coin`'s output renamed (`build/coin.gif` → `build/gold.gif`) while `unpack` still read the
    /// old one: it was kept without a word and forgotten, so it stayed on disk for good once
    /// `unpack` read the new one. Now the build says it is kept and why, and removes it once no
    /// target reads it.
    @Test func aFileKeptForAReaderIsRemovedOnceNoneReadsIt() throws {
        let folder = try Fixtures.temporaryFolder("kept-for-reader")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        for name in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try FileManager.default.copyItem(atPath: "\(IncrementalBuildTests.coin)/\(name)", toPath: "\(folder)/art/\(name)")
        }
        let file = folder + "/flipbook.json"
        func build(_ json: String) throws -> BuildReport {
            try Data(json.utf8).write(to: URL(fileURLWithPath: file))
            var job = BuildJob(project: try Project.read(file: file))
            job.tool = "test"
            return try job.run(cancellation: nil)
        }
        let first = try build(#"{"targets": {"coin": {"assemble": "art", "output": "build/coin.gif"}, "unpack": {"frames": "build/coin.gif", "output": "build/f"}}}"#)
        #expect(first.built.sorted() == ["coin", "unpack"])
        let renamed = try build(#"{"targets": {"coin": {"assemble": "art", "output": "build/gold.gif"}, "unpack": {"frames": "build/coin.gif", "output": "build/f"}}}"#)
        let notes = renamed.entries.first { $0.target == "coin" }?.notes ?? []
        #expect(notes.contains { $0.hasPrefix("kept build/coin.gif: written by its earlier build, no longer among its outputs, but unpack reads it") }, "\(notes)")
        #expect(FileManager.default.fileExists(atPath: folder + "/build/coin.gif"))
        let moved = try build(#"{"targets": {"coin": {"assemble": "art", "output": "build/gold.gif"}, "unpack": {"frames": "build/gold.gif", "output": "build/f"}}}"#)
        #expect(moved.notes.contains { $0.hasPrefix("removed build/coin.gif: written by an earlier build") }, "\(moved.notes)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/coin.gif"))
    }

    /// Circles that come from a folder read whole, and a target reading inside its own output,
    /// said with what makes them; an output inside another's output folder named as such (it was
    /// "both write art", though one wrote `art/coin.gif`).
    @Test(arguments: [
        (#""unpack": {"frames": "anim/coin.gif", "output": "anim"}"#,
         #""unpack" reads anim/coin.gif, inside its own output anim, which is all the target's"#),
        (#""coin": {"assemble": "art", "output": "art/coin.gif"}, "sh": {"sheet": "art", "output": "art/sheet.png"}"#,
         #""coin" reads all of art/, where "sh" writes art/sheet.png"#),
        (#""fr": {"frames": "x.gif", "output": "art"}, "coin": {"assemble": "y", "output": "art/coin.gif"}"#,
         #"the target "coin" writes art/coin.gif, inside art, the output folder of the target "fr""#),
    ])
    func circlesAndNestedOutputsSayWhy(targets: String, expected: String) throws {
        let folder = try Fixtures.temporaryFolder("circle-reasons")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The folders read are there, as in a project (a missing one is read as a prefix path).
        for name in ["art", "anim"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(IncrementalBuildTests.coin)/gold_1.png", toPath: "\(folder)/\(name)/gold_1.png")
        }
        let file = folder + "/flipbook.json"
        try Data((#"{"targets": {"# + targets + "}}").utf8).write(to: URL(fileURLWithPath: file))
        do throws(ProjectError) {
            _ = try Project.read(file: file)
            Issue.record("the project was read")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }
}
