import Foundation

/// The sets one run writes, committed together at its end (``OutputSet/commit(_:)``): a job that
/// writes several sets — a sequence's frames at @1x, @2x and @3x, each scale a set of its own, or
/// one animation file a scale — adds each here instead of committing it, so that a failure or a
/// cancel on the last leaves every file of the previous run as it was.
package final class OutputBatch: @unchecked Sendable {
    private let lock = NSLock()
    private var sets: [OutputSet] = []
    private var whenCommitted: [() -> Void] = []

    package init() {}

    /// Adds `set`, to be committed with the others; `committed` runs once every set is in place
    /// (a writer that owns the set learns it need not discard it). Until then the batch keeps
    /// what `committed` holds alive; dropped uncommitted, the sets' temporary files go with it.
    package func add(_ set: OutputSet, committed: @escaping () -> Void = {}) {
        lock.withLock {
            sets.append(set)
            whenCommitted.append(committed)
        }
    }

    /// Commits every set added, as one (``OutputSet/commit(_:)``), or none.
    package func commit() throws(OutputSet.Error) {
        let (sets, whenCommitted) = lock.withLock { (self.sets, self.whenCommitted) }
        try OutputSet.commit(sets)
        for done in whenCommitted { done() }
        lock.withLock {
            self.sets = []
            self.whenCommitted = []
        }
    }
}
