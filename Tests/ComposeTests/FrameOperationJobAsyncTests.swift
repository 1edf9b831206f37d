import Animated
import Basics
import Compose
import Foundation
import Raster
import Testing
import TestSupport

/// `FrameOperationJob` had only `async run(progress:)` where the other jobs have `async plan()` and
/// `async run(_ plan:)`, and its sync `plan()` took no cancellation (found by a fresh-eyes server
/// developer): "plan, look, then run" blocked a cooperative thread. It now has the jobs' shape.
@Suite("FrameOperationJob: async plan and run of a plan")
struct FrameOperationJobAsyncTests {
    static let impact = Fixtures.path("gif/effects/Effect_Impact.gif")

    @Test func anAsyncPlanThenRunWritesWhatTheSyncRunWrites() async throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-async")
        let job = FrameOperationJob(sources: [Self.impact], output: folder + "/async", operation: .scale(factor: 0.5, filter: .lanczos3))
        let plan = try await job.plan()
        let outcome = try await job.run(plan)
        #expect(outcome.frames == 24 && plan.animation.frames.count == 24)
        let sync = try FrameOperationJob(sources: [Self.impact], output: folder + "/sync", operation: .scale(factor: 0.5, filter: .lanczos3))
            .run(progress: nil, cancellation: nil)
        for (made, expected) in zip(outcome.files, sync.files) {
            #expect(try FileIO.readAll(made) == (try FileIO.readAll(expected)), "\(made)")
        }
        #expect(outcome.files.count == sync.files.count)
    }

    static func isCancelled(_ error: any Error) -> Bool {
        if case FrameOperationError.cancelled = error { true } else { false }
    }

    @Test func aCancelledTaskPlansAndWritesNothing() async throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-async-cancel")
        let job = FrameOperationJob(sources: [Self.impact], output: folder + "/out", operation: .blur(Blur(sigma: 1)))
        let plan = try job.plan(cancellation: nil)
        let task = Task { () async throws(FrameOperationError) -> FrameOperationJob.Outcome in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job.run(plan)
        }
        await #expect { _ = try await task.value } throws: { Self.isCancelled($0) }
        let planning = Task { () async throws(FrameOperationError) -> FrameOperationJob.Plan in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job.plan()
        }
        await #expect { _ = try await planning.value } throws: { Self.isCancelled($0) }
        // The sync plan takes a cancellation flag now.
        let flag = CancellationFlag()
        flag.cancel()
        #expect { _ = try job.plan(cancellation: flag) } throws: { Self.isCancelled($0) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
