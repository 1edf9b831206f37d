import Basics

extension FrameOperationJob {
    /// Plans and runs without blocking the caller's thread: the work runs on a thread of its own
    /// (never on Swift's cooperative pool), and cancelling the calling task stops it before the
    /// next frame (``FrameOperationError/cancelled``; nothing is written).
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(FrameOperationError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: FrameOperationError.cancelled) { flag throws(FrameOperationError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }

    /// `plan()` without blocking the caller's thread: the source is read on a thread of its
    /// own (never on Swift's cooperative pool). A task cancelled before or while the source is
    /// read throws ``FrameOperationError/cancelled``; nothing is written.
    public func plan() async throws(FrameOperationError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: FrameOperationError.cancelled) { flag throws(FrameOperationError) in
            let plan = try job.makePlan(cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return plan
        }
    }

    /// Reads, changes and writes the frames of a plan made by `plan()` without blocking the
    /// caller's thread, as ``run(progress:)`` does: cancelling the calling task stops it before the
    /// next frame (``FrameOperationError/cancelled``; nothing is written).
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(FrameOperationError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: FrameOperationError.cancelled) { flag throws(FrameOperationError) in
            if flag.isCancelled { throw .cancelled }
            return try job.run(plan, progress: progress, cancellation: flag)
        }
    }
}
