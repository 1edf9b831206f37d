import Foundation

/// Runs blocking work on a thread of its own for an `async` caller: long synchronous work (an
/// encode, a sheet's packing) must not hold one of Swift's cooperative threads, which are as many
/// as the cores and shared by every task of the process.
package enum BackgroundThread {
    /// `body`'s result, computed on a new thread (with the 4 MiB stack the frame loops use) while
    /// the calling task is suspended.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())
            }
            thread.name = "flipbook.job"
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    /// `body` on a thread of its own, given a flag that the calling task's cancellation raises
    /// (`body` stops at its next step and throws); `cancelled` when the task was cancelled before
    /// anything started. The jobs' `async` forms are this around their synchronous ones.
    package static func run<T: Sendable, Failure: Error & Sendable>(
        cancelled: Failure, _ body: @escaping @Sendable (CancellationFlag) throws(Failure) -> T
    ) async throws(Failure) -> T {
        if Task.isCancelled { throw cancelled }
        let flag = CancellationFlag()
        let result: Result<T, Failure> = await withTaskCancellationHandler {
            await run { Result { () throws(Failure) in try body(flag) } }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}
