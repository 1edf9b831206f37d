import Basics

/// A ``FramesJob``'s `async` forms: the same work on a thread of its own (never on Swift's
/// cooperative pool), stopped when the calling task is cancelled.
extension FramesJob {
    /// ``run(progress:cancellation:)`` on a thread of its own, for `async` callers: the task's
    /// cancellation stops it before the next frame (``FramesJobError/cancelled``), and nothing is
    /// written. `progress` receives its reports on that thread: hop to your actor before touching its state.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(FramesJobError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: FramesJobError.cancelled) { flag throws(FramesJobError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }

    /// ``plan(progress:cancellation:)`` without blocking the caller's thread: the input is read and
    /// checked on a thread of its own; a task cancelled before or while it is read throws
    /// ``FramesJobError/cancelled``. Nothing is written.
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(FramesJobError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: FramesJobError.cancelled) { flag throws(FramesJobError) in
            let plan = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return plan
        }
    }

    /// ``run(_:progress:cancellation:)`` without blocking the caller's thread: the frames are
    /// encoded and written on a thread of its own; cancelling the task stops before the next frame
    /// (``FramesJobError/cancelled``; nothing is written, the earlier set stands).
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(FramesJobError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: FramesJobError.cancelled) { flag throws(FramesJobError) in
            try job.run(plan, progress: progress, cancellation: flag)
        }
    }
}
