import Dispatch
import Foundation

/// A read-only buffer pointer shared by parallel loops.
package struct UnsafeSendable<T>: @unchecked Sendable {
    package let buffer: UnsafeBufferPointer<T>
    package init(_ buffer: UnsafeBufferPointer<T>) { self.buffer = buffer }
}

/// A buffer pointer that parallel loops write disjoint parts of.
package struct UnsafeMutableSendable<T>: @unchecked Sendable {
    package let buffer: UnsafeMutableBufferPointer<T>
    package init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}

/// Splits independent work over the cores in contiguous chunks (Raster's filters, FrameGen's
/// canvas).
package enum ParallelLoop {
    /// The cores this process may run on, read once (on Linux each read parses `/proc`; the GIF
    /// encoder asked several hundred times a frame).
    package static let machineCores = ProcessInfo.processInfo.activeProcessorCount

    /// The threads a loop started on this thread may use: the machine's cores, or fewer under a
    /// ``ThreadBudget``.
    package static var cores: Int { ThreadBudget.current.map { min($0, machineCores) } ?? machineCores }

    /// `body(index)` for every index in `0..<iterations` at once, as `DispatchQueue.concurrentPerform`
    /// does, within the ``ThreadBudget``: under a limit, that many threads take the indices in turn
    /// (each index's work is the same whichever thread does it) and loops nested in `body` run on
    /// the thread they are in.
    package static func perform(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
        guard let limit = ThreadBudget.current else {
            DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
            return
        }
        if limit <= 1 || iterations <= 1 {
            ThreadBudget.withLimit(1) { for index in 0..<iterations { body(index) } }
            return
        }
        let next = NextIndex()
        DispatchQueue.concurrentPerform(iterations: min(limit, iterations)) { _ in
            ThreadBudget.withLimit(1) {
                while let index = next.take(below: iterations) { body(index) }
            }
        }
    }

    /// Makes the calling thread give way to the others when the cores are busy: for threads
    /// working ahead of the one that waits on them (the GIF encoder's frame decoders), so the
    /// chunks of that thread's own loops run first.
    package static func workAhead() {
        System.lowerThreadPriority(to: 10)
    }

    /// `body(index)` for every index in `0..<count`, in up to 16 contiguous chunks at once.
    package static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        chunks(count, minimum: 1, most: 16) { range in for index in range { body(index) } }
    }

    /// `body(range)` over `0..<count` cut into `most` contiguous ranges at once (default: one per
    /// core), or one range when `count` is under `minimum`: for work too fine to hand out an index
    /// at a time.
    package static func chunks(_ count: Int, minimum: Int = 1 << 16, most: Int? = nil, _ body: @Sendable (Range<Int>) -> Void) {
        let chunks = count < minimum ? 1 : min(count, most ?? machineCores)
        guard chunks > 1 else {
            if count > 0 { body(0..<count) }
            return
        }
        perform(chunks) { chunk in
            body((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
        }
    }

    /// Hands out indices 0, 1, 2, … to the threads of a limited ``perform(_:_:)``.
    private final class NextIndex: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        func take(below count: Int) -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                next += 1
                return next - 1
            }
        }
    }

}
