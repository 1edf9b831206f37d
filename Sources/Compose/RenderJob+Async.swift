import Basics

extension RenderJob {
    /// Plans, renders and writes without blocking the caller's thread: the work runs on a thread of
    /// its own (never on Swift's cooperative pool), and cancelling the calling task stops it before
    /// the next frame (``RenderError/cancelled``; nothing is written). `progress` receives
    /// `JobProgress` reports as ``run(progress:cancellation:)`` gives them, on that thread.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(RenderError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: RenderError.cancelled) { flag throws(RenderError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }

    /// ``plan(progress:cancellation:)`` without blocking the caller's thread: the scene and its images are read on a
    /// thread of its own. A task cancelled before or while they are read throws ``RenderError/cancelled``.
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(RenderError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: RenderError.cancelled) { flag throws(RenderError) in
            let plan = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return plan
        }
    }

    /// Renders and writes a plan made by ``plan(progress:cancellation:)`` without blocking the caller's thread, as
    /// ``run(progress:)`` does.
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(RenderError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: RenderError.cancelled) { flag throws(RenderError) in
            try job.run(plan, progress: progress, cancellation: flag)
        }
    }
}
