import Foundation

/// Results of concurrent iterations (``ParallelLoop``), one slot per index, read in index order
/// once the loop is done; it also counts the slots filled so far, for progress.
package final class ParallelSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]
    private var filled = 0

    /// `count` empty slots (none for a count under 1).
    package init(count: Int) { slots = Array(repeating: nil, count: max(count, 0)) }

    /// Stores `value` in slot `index` and returns how many slots have been filled so far, this one
    /// included.
    @discardableResult
    package func store(_ value: Value?, at index: Int) -> Int {
        lock.withLock {
            slots[index] = value
            filled += 1
            return filled
        }
    }

    /// How many slots have been filled so far.
    package var filledCount: Int { lock.withLock { filled } }

    /// Every slot, in index order (`nil` where nothing was stored).
    package var values: [Value?] { lock.withLock { slots } }
}
