import Animated
import Basics
import Foundation
import GIF
import Testing
import TestSupport
import WebP

/// One progress value for a job: with `maxBytes` each encode of the search is an attempt, its
/// frames counted from 0 again, while the job's fraction only grows (a bar went backwards 11 times
/// in one upload when progress was (done, total) restarting at each attempt).
@Suite("AssembleJob progress: a phase and an attempt, never backwards")
struct AssembleJobProgressTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The 4-frame coin is 4115 bytes as a GIF at the first settings and 617 at the smallest, 6448
    /// bytes as a lossless WebP and 2124 at quality 0: these budgets fit between, so the search
    /// bisects.
    @Test(arguments: [(AssembleJob.Format.gif, 2_000), (.webp, 3_000)])
    func aBudgetSearchNeverGoesBackwards(_ format: AssembleJob.Format, maxBytes: Int) throws {
        var job = AssembleJob(source: .paths([Self.coin]), output: nil, maxBytes: maxBytes)
        job.format = format
        let log = ProgressLog()
        let outcome = try job.run(progress: log.callback, cancellation: nil)
        #expect(outcome.fits && outcome.bytes.count <= maxBytes)
        let reports = log.values
        let most = format == .gif ? GIF.Encoder().budgetSearchMaxAttempts : WebP.Encoder().budgetSearchMaxAttempts
        #expect(most == (format == .gif ? 6 : 9), "WebP: lossless, quality 0, then 7 steps of 1…100")
        #expect(reports.allSatisfy { $0.phase == .encoding && $0.maxAttempts == most && $0.total == 4 })
        // Several attempts, each counting its frames from 0 again; the fraction never falls.
        let attempts = reports.map(\.attempt)
        #expect(attempts.first == 1 && (attempts.last ?? 0) >= 3 && (attempts.last ?? 0) <= most)
        #expect(attempts == attempts.sorted())
        #expect(log.restarts >= 2)
        #expect(log.neverGoesBackwards)
        #expect(reports.last?.fraction == 1 && reports.last?.done == 4)
        #expect(reports.dropLast().allSatisfy { $0.fraction < 1 })
    }

    /// Without a budget: one attempt, the frames encoded, ending at 1.
    @Test func oneEncodeIsOneAttempt() throws {
        let log = ProgressLog()
        _ = try AssembleJob(source: .paths([Self.coin]), output: nil).run(progress: log.callback, cancellation: nil)
        #expect(log.values.allSatisfy { $0.phase == .encoding && $0.attempt == 1 && $0.maxAttempts == 1 && $0.total == 4 })
        #expect(log.neverGoesBackwards && log.restarts == 0)
        #expect(log.values.last?.fraction == 1 && log.values.last?.description == "encoding 4/4 (100 %)")
    }

    /// The `async` plan reads off the cooperative pool and gives what the synchronous one gives; a
    /// plan written from async code, twice, gives the bytes of the synchronous run.
    @Test func planningFromAsyncCode() async throws {
        let job = AssembleJob(source: .paths([Self.coin]), output: nil)
        let plan = try await job.plan()
        #expect(plan.playback.frames.count == 4 && plan.format == .gif)
        let first = try await job.run(plan)
        let second = try await job.run(plan, progress: ProgressLog().callback)
        let sync = try job.run(progress: nil, cancellation: nil)
        #expect(first.bytes == sync.bytes && second.bytes == sync.bytes)

        // A task cancelled before it plans reads nothing; one cancelled before it writes writes nothing.
        let folder = try Fixtures.temporaryFolder("assemble-async-plan")
        let writing = AssembleJob(source: .paths([Self.coin]), output: "\(folder)/coin.gif")
        let planning = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await writing.plan()
        }
        #expect(await #expect(throws: AssembleError.cancelled) { try await planning.value } != nil)
        let written = try await writing.plan()
        let running = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await writing.run(written)
        }
        #expect(await #expect(throws: AssembleError.cancelled) { try await running.value } != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
