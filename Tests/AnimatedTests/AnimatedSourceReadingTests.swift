import Animated
import Basics
import Raster
import Testing
import TestSupport

/// Reading an animated source is reported and cancellable frame by frame (issue 43: a GIF source
/// was read to its end, unreported, whatever the caller cancelled).
@Suite("Animated sources read with progress and cancellation")
struct AnimatedSourceReadingTests {
    /// A GIF source within the limits is read frame by frame in phase `reading`, and a raised flag
    /// stops the reading before the next frame with `.cancelled` (it ran to its end, unreported,
    /// and a job cancelled a second in ended seconds later with the limit error).
    @Test func readingAGIFSourceIsReportedAndStopsWhenCancelled() throws {
        let file = InMemoryFile(name: "many.gif", bytes: HostileGIF.bomb(width: 64, height: 64, frames: 40))
        let flag = CancellationFlag(), log = ProgressLog()
        let job = AssembleJob(source: .files([file]), output: nil)
        #expect(throws: AssembleError.cancelled) {
            _ = try job.run(progress: { report in
                log.callback(report)
                if report.phase == .reading && report.done == 3 { flag.cancel() }
            }, cancellation: flag)
        }
        #expect(log.values.map(\.phase) == [.reading, .reading, .reading])
        // Reading takes the first quarter of the bar, frame by frame (it stood at 0 while read).
        #expect(log.values.map(\.done) == [1, 2, 3] && log.values.allSatisfy { $0.total == 40 })
        #expect(log.values.map(\.fraction) == [1, 2, 3].map { 0.25 * Double($0) / 40 })
        // Not cancelled, the same source reads all 40 frames, then encodes them.
        let whole = ProgressLog()
        _ = try job.run(progress: whole.callback, cancellation: nil)
        #expect(whole.values.filter { $0.phase == .reading }.count == 40)
        #expect(whole.values.last?.phase == .encoding && whole.values.last?.fraction == 1 && whole.neverGoesBackwards)
    }

    /// `Animation.load` stops too, with its own case.
    @Test func loadingStopsWhenCancelled() {
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: Animation.LoadError.cancelled) {
            _ = try Animation.load(gif: HostileGIF.bomb(width: 8, height: 8, frames: 4), file: "x.gif", limits: .default)
            _ = try Animation.load(files: [InMemoryFile(name: "x.gif", bytes: HostileGIF.bomb(width: 8, height: 8, frames: 4))],
                                   cancellation: flag)
        }
    }
}
