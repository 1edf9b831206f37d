import Basics

extension SheetJob {
    /// Plans and writes without blocking the caller's thread: the work runs on a thread of its own
    /// (never on Swift's cooperative pool), and cancelling the calling task stops the decoding
    /// before its next frame (``SheetJobError/cancelled``; nothing is written, the earlier set
    /// stands). `progress` receives (frames decoded, frames in all) from the decoding threads: hop
    /// to your actor before touching its state. Returns the plan written.
    public func run(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(SheetJobError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: SheetJobError.cancelled) { flag throws(SheetJobError) in
            let plan = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            try job.write(plan)
            return plan
        }
    }
}
