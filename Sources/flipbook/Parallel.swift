import Basics
import Dispatch
import Foundation

/// `body(0..<count)` on all cores, results in index order; `progress` counts completions.
func parallelMap<T>(_ count: Int, progress: Progress?, _ body: @Sendable (Int) -> T) -> [T] {
    let results = Results<T>(count: count)
    ParallelLoop.perform(count) { index in
        let done = results.set(index, body(index))
        progress?.update(done, count)
    }
    return results.values
}

/// Slots filled from several threads, and how many are filled.
private final class Results<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]
    private var filled = 0
    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores `value` at `index`; returns how many slots are filled now.
    func set(_ index: Int, _ value: T) -> Int {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = value
        filled += 1
        return filled
    }

    var values: [T] { slots.compactMap { $0 } }
}
