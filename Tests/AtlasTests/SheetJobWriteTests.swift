import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// The synchronous `SheetJob.write` has every job's shape (docs/Design.md): a progress callback
/// and a cancellation flag, as the `async` one had (it took neither, so a caller off Swift's
/// concurrency could neither draw the writing nor stop it).
@Suite("SheetJob: synchronous write with progress and cancellation")
struct SheetJobWriteTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The files of `folder`, by name, hidden bookkeeping left out.
    static func names(in folder: String) -> [String] {
        (((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }).sorted()
    }

    @Test func theWriteReportsItsFilesEndingAtOne() throws {
        let folder = try Fixtures.temporaryFolder("sheet-write-progress")
        let job = SheetJob(sources: [Self.coin], output: folder + "/coin.png")
        let plan = try job.plan(cancellation: nil)
        let log = ProgressLog()
        try job.write(plan, progress: log.callback, cancellation: nil)
        #expect(log.values == [JobProgress(phase: .writing, done: 0, total: 2, fraction: 0), JobProgress(phase: .writing, done: 2, total: 2, fraction: 1)])
        #expect(Self.names(in: folder) == ["coin.json", "coin.png"])
    }

    /// A flag raised before the write, or while it runs (here at its first report, before the
    /// page is compressed), writes nothing: the earlier set stands, and no temporary file is left.
    @Test(arguments: [false, true])
    func aRaisedFlagWritesNothing(_ whileWriting: Bool) throws {
        let folder = try Fixtures.temporaryFolder("sheet-write-cancel")
        let job = SheetJob(sources: [Self.coin], output: folder + "/coin.png")
        let plan = try job.plan(cancellation: nil)
        try job.write(plan, cancellation: nil)
        let before = try FileIO.readAll(folder + "/coin.png")
        let flag = CancellationFlag()
        if !whileWriting { flag.cancel() }
        let raise: @Sendable (JobProgress) -> Void = { _ in if whileWriting { flag.cancel() } }
        var other = job
        other.pngLevel = 9
        #expect(throws: SheetJobError.cancelled) { try other.write(try other.plan(cancellation: nil), progress: raise, cancellation: flag) }
        #expect(Self.names(in: folder) == ["coin.json", "coin.png"])
        #expect(try FileIO.readAll(folder + "/coin.png") == before, "the page was replaced")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).allSatisfy { !$0.hasSuffix(".tmp") })
    }
}
