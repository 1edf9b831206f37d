import Basics
import Foundation
import Testing

/// `ThreadBudget` bounds how many threads Flipbook's loops run at once, and only that.
@Suite("Thread budget")
struct ThreadBudgetTests {
    /// Threads inside a loop at once, at most.
    final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0, most = 0, done = 0
        func enter() { lock.withLock { inside += 1; most = max(most, inside) } }
        func leave() { lock.withLock { inside -= 1; done += 1 } }
        var peak: Int { lock.withLock { most } }
        var count: Int { lock.withLock { done } }
    }

    @Test(arguments: [1, 2])
    func aLoopRunsAtMostTheBudgetsThreads(limit: Int) {
        let gauge = Gauge()
        ThreadBudget.withLimit(limit) {
            #expect(ThreadBudget.current == limit)
            ParallelLoop.perform(64) { _ in
                gauge.enter()
                // A nested loop under a budget runs on the thread it is in.
                #expect(ThreadBudget.current == 1)
                ParallelLoop.perform(4) { _ in usleep(200) }
                usleep(500)
                gauge.leave()
            }
        }
        #expect(gauge.count == 64)
        #expect(gauge.peak <= limit)
        #expect(ThreadBudget.current == nil, "the budget ends with the call")
    }

    @Test func withoutABudgetEveryIndexRunsOnce() {
        let gauge = Gauge()
        ParallelLoop.perform(100) { _ in gauge.enter(); gauge.leave() }
        #expect(gauge.count == 100)
        #expect(ThreadBudget.withLimit(nil) { ThreadBudget.current } == nil)
        #expect(ThreadBudget.withLimit(0) { ThreadBudget.current } == 1, "at least one thread")
    }

    /// A limit below one is taken as one (documented on `withLimit`): every index still runs,
    /// one at a time, and the limit ends with the call.
    @Test(arguments: [0, -1, -64, Int.min])
    func aLimitBelowOneRunsOnOneThread(limit: Int) {
        let gauge = Gauge()
        ThreadBudget.withLimit(limit) {
            #expect(ThreadBudget.current == 1)
            ParallelLoop.perform(16) { _ in gauge.enter(); usleep(100); gauge.leave() }
        }
        #expect(gauge.count == 16)
        #expect(gauge.peak == 1)
        #expect(ThreadBudget.current == nil)
    }
}
