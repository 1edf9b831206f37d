import Dispatch
import Foundation

/// The GIF writer (``GIF/Writer``) on a thread of its own, so that LZW-compressing one frame overlaps
/// refining the next.
///
/// Frames are written in the order added, at most ``depth`` waiting. The writer is opened with the
/// first frame (which may hand its table over as the global one). The first error stops the
/// writing; the next `add`, or `finish`, throws it.
final class WriterThread: @unchecked Sendable {
    /// Frames that may wait for the writer before `add` blocks: their memory stays bounded.
    static let depth = 4

    private let queue = DispatchQueue(label: "flipbook.gif.writer")
    private let slots = DispatchSemaphore(value: WriterThread.depth)
    private let lock = NSLock()
    private var failure: (any Error)?
    // Touched only on `queue`:
    private let open: (inout GIF.IndexedFrame) throws -> GIF.Writer
    private var writer: GIF.Writer?
    private var written = 0

    /// `open` makes the writer from the first frame, and may change that frame (drop its local table).
    init(open: @escaping (inout GIF.IndexedFrame) throws -> GIF.Writer) {
        self.open = open
    }

    func add(_ frame: GIF.IndexedFrame) throws {
        if let failure = currentFailure { throw failure }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard currentFailure == nil else { return }
            do {
                var frame = frame
                if writer == nil { writer = try open(&frame) }
                try writer!.add(frame)
                written += 1
            } catch {
                lock.lock()
                failure = failure ?? error
                lock.unlock()
            }
        }
    }

    /// Waits for every frame, closes the stream: the bytes not yet drained, and frames written.
    func finish() throws -> (bytes: [UInt8], written: Int) {
        try queue.sync {
            if let failure = currentFailure { throw failure }
            guard let writer else { throw GIF.EncodeError.invalidInput("no frames") }
            return (try writer.finish(), written)
        }
    }

    /// Drops the frames still waiting and returns once the thread has let go of the writer (and
    /// whatever its drain writes to): for an encode that failed on its own side.
    func abandon() {
        lock.lock()
        failure = failure ?? CancellationError()
        lock.unlock()
        queue.sync {}
    }

    private var currentFailure: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }
}
