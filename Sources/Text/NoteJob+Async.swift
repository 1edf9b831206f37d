import Basics

extension NoteJob {
    /// Plans, renders and writes without blocking the caller's thread: the work runs on a thread
    /// of its own (never on Swift's cooperative pool), and cancelling the calling task stops it
    /// before the PNG is written (``NoteError/cancelled``; nothing is written).
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(NoteError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: NoteError.cancelled) { flag throws(NoteError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }

    /// ``plan(progress:cancellation:)`` without blocking the caller's thread. A task cancelled before or while the files
    /// are read throws ``NoteError/cancelled``.
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(NoteError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: NoteError.cancelled) { flag throws(NoteError) in
            let plan = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return plan
        }
    }

    /// Renders and writes a plan made by ``plan(progress:cancellation:)`` without blocking the caller's thread, as
    /// ``run(progress:)`` does.
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(NoteError) -> Outcome {
        let job = self
        return try await BackgroundThread.run(cancelled: NoteError.cancelled) { flag throws(NoteError) in
            try job.run(plan, progress: progress, cancellation: flag)
        }
    }
}
