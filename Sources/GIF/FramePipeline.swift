import Dispatch
import Foundation

/// Produces per-frame values in parallel windows, one window ahead of a sequential consumer:
/// while the caller consumes window k, the other cores already produce window k + 1. At most two
/// windows of values exist at once, so memory does not grow with the frame count.
enum FramePipeline {
    static func run<T>(
        count: Int, windowSize: Int,
        produce: @escaping @Sendable (Int) throws -> T,
        consume: (Int, T) throws -> Void
    ) throws {
        guard count > 0 else { return }
        var next: Window<T>? = Window(range: 0..<min(windowSize, count), produce: produce)
        while let current = next {
            let values = try current.values()
            let end = current.range.upperBound
            next = end < count ? Window(range: end..<min(end + windowSize, count), produce: produce) : nil
            for (offset, value) in values.enumerated() { try consume(current.range.lowerBound + offset, value) }
        }
    }

    /// One window being produced in the background.
    private final class Window<T>: @unchecked Sendable {
        let range: Range<Int>
        private var slots: [Result<T, any Error>?]
        private let lock = NSLock()
        private let group = DispatchGroup()

        init(range: Range<Int>, produce: @escaping @Sendable (Int) throws -> T) {
            self.range = range
            slots = Array(repeating: nil, count: range.count)
            group.enter()
            DispatchQueue.global().async { [self] in
                DispatchQueue.concurrentPerform(iterations: range.count) { offset in
                    let result = Result { try produce(range.lowerBound + offset) }
                    lock.lock()
                    slots[offset] = result
                    lock.unlock()
                }
                group.leave()
            }
        }

        /// Waits for the window, then returns its values in order (or the first error).
        func values() throws -> [T] {
            group.wait()
            return try slots.map { try $0!.get() }
        }
    }
}
