import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// A job cancelled once its frames were all read (a Swift developer's check, issue 44): an APNG
/// or WebP of one batch of frames went on to compress and write them — cancelled at 0.2 s, the
/// 720p fade returned success at 2 s with its file written. Raised at the last frame's report, the
/// flag now stops it before the file is committed: `.cancelled`, nothing written.
@Suite("Cancelled after the last frame: nothing written")
struct CancelAtTheEndTests {
    @Test(arguments: ["fade.png", "fade.webp", "fade.gif"])
    func aFlagRaisedAtTheLastFrameWritesNothing(name: String) throws {
        let folder = try Fixtures.temporaryFolder("cancel-at-end")
        let flag = CancellationFlag()
        var job = AssembleJob(sources: [Fixtures.path("sequences/bbb-opening-fadein-720p")], output: folder + "/" + name)
        job.timing = Animation.Timing(fps: 12)
        let progress: @Sendable (JobProgress) -> Void = { report in if report.done == report.total { flag.cancel() } }
        #expect(throws: AssembleError.cancelled) { _ = try job.run(progress: progress, cancellation: flag) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.isEmpty)
    }
}
