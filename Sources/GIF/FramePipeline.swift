import Basics
import Dispatch
import Foundation

/// Produces per-frame values on worker threads, ahead of a consumer that takes them in order.
///
/// At most `ahead` values are produced or waiting at any time (plus the one being consumed): as
/// soon as the consumer takes frame i, a worker may start on frame i + `ahead`. Memory does not
/// grow with the frame count, and no worker waits for a whole batch to finish. A raised `stop` flag
/// ends the run before the next frame is produced or consumed, with `stopped()`'s error.
enum FramePipeline {
    static func run<T>(
        count: Int, ahead: Int, stop: CancellationFlag? = nil, stopped: @escaping @Sendable () -> any Error = { CancellationError() },
        produce: @escaping @Sendable (Int) throws -> T,
        consume: (Int, consuming T) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let state = State<T>(count: count, ahead: max(1, ahead))
        let workers = min(max(1, ParallelLoop.cores), count)
        let group = DispatchGroup()
        // Threads of their own, not blocks on Dispatch's pool: a worker waiting for the consumer
        // would hold a pool thread, and the consumer's own parallel loops
        // (`DispatchQueue.concurrentPerform`) would then find none free and run on one core.
        // The workers keep the caller's thread budget: their loops stay within it.
        let budget = ThreadBudget.current
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                Thread.current.name = "flipbook.frames"   // as profilers list it
                // Below the consumer, whose loops' chunks then take the other core first: measured
                // on Benchmarks/gif-real against equal priority, 3–11 % less wall time (nice 19
                // about the same; 5 half of it).
                ParallelLoop.workAhead()
                ThreadBudget.withLimit(budget) {
                    while let index = state.nextIndex() {
                        state.store(Result {
                            if stop?.isCancelled == true { throw stopped() }
                            return try produce(index)
                        }, at: index)
                    }
                }
                group.leave()
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
        defer {
            state.cancel()
            group.wait()
        }
        for index in 0..<count {
            if stop?.isCancelled == true { throw stopped() }
            try consume(index, try state.take(index).get())
        }
    }

    /// The shared counters and finished values, behind one condition.
    private final class State<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private let ahead: Int
        /// The next index a worker will produce.
        private var next = 0
        /// Frames the consumer has taken.
        private var taken = 0
        private var cancelled = false
        private var finished: [Int: Result<T, any Error>] = [:]

        init(count: Int, ahead: Int) {
            self.count = count
            self.ahead = ahead
        }

        /// The next index to produce, once fewer than `ahead` are in flight; `nil` when done.
        func nextIndex() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !cancelled && next < count && next - taken >= ahead { condition.wait() }
            guard !cancelled && next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: Result<T, any Error>, at index: Int) {
            condition.lock()
            finished[index] = value
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for frame `index` and hands it over.
        func take(_ index: Int) -> Result<T, any Error> {
            condition.lock()
            defer { condition.unlock() }
            while finished[index] == nil { condition.wait() }
            taken = index + 1
            condition.broadcast()
            return finished.removeValue(forKey: index)!
        }

        /// Stops the workers after the frame they are on (after the last frame, or on an error).
        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
