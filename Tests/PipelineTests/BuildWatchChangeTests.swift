import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// What a watch takes for a change: a file's bytes, not its being written (BuildWatchTests has the
/// watch's saves, bursts, folders and project file).
@Suite("Build watch: what is a change")
struct BuildWatchChangeTests {
    /// Round 72p: a save that changed no byte (`touch`, an editor saving an unchanged file) built
    /// again — a failing target ran and said its failure once more. It is no change now; a file the
    /// last build did not read (deleted, then put back as it was) still is.
    @Test func aSaveThatChangesNoByteBuildsNothing() async throws {
        let extra = #""check": {"validate": "frames", "output": "build/report.json"}"#
        let (folder, file) = try IncrementalBuildTests.project("watch-same-bytes", count: 1, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: "\(folder)/frames/coin0/gold_2.png")
        let watch = BuildWatchTests.Running(file, withoutCache: true)
        #expect(watch.recorder.waitForBuilds(1))
        let frame = "\(folder)/frames/coin0/gold_3.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: frame))
        try BuildWatchTests.save(bytes, to: frame)
        try BuildWatchTests.save(try Data(contentsOf: URL(fileURLWithPath: file)), to: file)
        try await Task.sleep(for: .milliseconds(1200))
        #expect(watch.recorder.builds.count == 1, "\(watch.recorder.builds.map(\.changes))")

        try FileManager.default.removeItem(atPath: frame)
        #expect(watch.recorder.waitForBuilds(2))
        try BuildWatchTests.save(bytes, to: frame)
        #expect(watch.recorder.waitForBuilds(3))
        try await watch.stop()
        let builds = watch.recorder.builds
        #expect(builds.map(\.changes) == [[], ["frames/coin0/gold_3.png"], ["frames/coin0/gold_3.png"]])
        #expect(builds.last?.report.built == ["coin0"])
    }
}
