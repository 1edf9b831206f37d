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
}
