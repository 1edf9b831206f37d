import FrameGen
import Synchronization

/// Canvases a ``LayerRenderer`` has drawn frames on, kept for the frames after: a canvas taken
/// from here is restarted (only the pixels drawn on go back to its start colour) rather than
/// allocated and filled whole, frame after frame. At most `capacity` are kept, and only canvases
/// frames drew on at once are ever made, so the pool holds no more than the frames drawn at once
/// already hold (`LayerRenderer.frameBytes` each).
final class CanvasPool: Sendable {
    private let canvases = Mutex<[Canvas]>([])
    /// The most canvases kept.
    let capacity: Int

    /// A pool keeping at most `capacity` canvases.
    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// A kept canvas, restarted (`Canvas.restart()`: as it was made), or nil when none is kept.
    /// Restarted here, when no copy of it is left with whoever put it back.
    func take() -> Canvas? {
        guard var canvas = canvases.withLock({ $0.popLast() }) else { return nil }
        return canvas.restart() ? canvas : nil
    }

    /// Keeps `canvas` for a later ``take()`` unless the pool is full.
    func put(_ canvas: Canvas) {
        canvases.withLock { kept in
            if kept.count < capacity { kept.append(canvas) }
        }
    }
}
