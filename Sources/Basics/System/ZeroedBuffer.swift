/// A large table of 32-bit counters that starts at zero and costs memory only where it is written:
/// its pages come from `calloc`, which the system maps on first touch. A 2²¹-bin colour histogram
/// that a frame touches in a few hundred places then holds a few hundred pages, not 8 MB.
///
/// A reference type: copies share the storage (``copy()`` makes an independent one).
package final class ZeroedBuffer: @unchecked Sendable {
    /// The counters.
    package let buffer: UnsafeMutableBufferPointer<Int32>

    /// `count` zeroed counters.
    package init(count: Int) {
        guard let raw = System.allocateZeroed(max(count, 1), size: MemoryLayout<Int32>.stride) else {
            fatalError("out of memory for \(count) counters")
        }
        buffer = UnsafeMutableBufferPointer(start: raw.bindMemory(to: Int32.self, capacity: max(count, 1)), count: count)
    }

    /// An independent buffer holding the same counters.
    package func copy() -> ZeroedBuffer {
        let other = ZeroedBuffer(count: buffer.count)
        if let source = buffer.baseAddress, let target = other.buffer.baseAddress {
            target.update(from: source, count: buffer.count)
        }
        return other
    }

    deinit { System.release(UnsafeMutableRawPointer(buffer.baseAddress!)) }
}
