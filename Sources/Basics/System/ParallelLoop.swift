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
    package static let cores = ProcessInfo.processInfo.activeProcessorCount

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
        let chunks = count < minimum ? 1 : min(count, most ?? cores)
        guard chunks > 1 else {
            if count > 0 { body(0..<count) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            body((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
        }
    }
}
