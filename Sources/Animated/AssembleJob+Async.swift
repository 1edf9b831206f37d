import Basics

extension AssembleJob {
    /// Plans, encodes and writes without blocking the caller's thread: the work runs on a thread
    /// of its own (never on Swift's cooperative pool), and cancelling the calling task stops it
    /// before the next frame (``AssembleError/cancelled``; nothing is written). `progress`
    /// receives `JobProgress` reports as ``run(progress:cancellation:)`` gives them, on that
    /// thread: hop to your actor before touching its state.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(AssembleError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: AssembleError.cancelled) { flag throws(AssembleError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }

    /// ``plan(progress:cancellation:)`` without blocking the caller's thread: the source is read on a thread of its own
    /// (never on Swift's cooperative pool). A task cancelled before or while the source is read
    /// throws ``AssembleError/cancelled`` (an animated source's frames stop at the next one;
    /// nothing is written). `progress` receives the reading phase's reports, on that thread.
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(AssembleError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: AssembleError.cancelled) { flag throws(AssembleError) in
            let plan = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return plan
        }
    }

    /// Encodes and writes a plan made by ``plan(progress:cancellation:)`` without blocking the caller's thread, as
    /// ``run(progress:)`` does: the source read once, then encoded (again, to another output of
    /// the plan's format, if need be), cancelled with its task before its next frame
    /// (``AssembleError/cancelled``; nothing is written).
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(AssembleError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: AssembleError.cancelled) { flag throws(AssembleError) in
            try job.run(plan, progress: progress, cancellation: flag)
        }
    }
}
