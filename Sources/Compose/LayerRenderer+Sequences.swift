import Animated
import Basics
import FrameGen
import Raster

extension LayerRenderer {
    /// Draws the frame `sequence` shows at the layer's `time` over `bounds` (nothing when none
    /// shows), charging the canvas's meter what giving it costs, held or not: its decoding
    /// (`FrameSource.decodingWork(of:)`) and, for a streamed file, the frames decoded to reach it
    /// from the one shown at `previous`, the layer's time a frame earlier (``frameInterval``).
    /// Over the frame's share, the draw does nothing.
    func draw(_ sequence: SequenceContent, in bounds: Rect, path: String, time: Double, previous: Double?,
              on canvas: inout Canvas) throws(CompositionError) {
        guard let index = sequence.frameIndex(at: time) else { return }
        let (frame, work): (Bitmap, Int)
        do {
            (frame, work) = try decodedFrames.frame(sequence.animation.frames[index], scale: sequence.animation.scale)
        } catch {
            throw .frameUnreadable(layer: path, frame: index, error)
        }
        let steps = sequence.framesDecoded(toShow: index, after: previous.flatMap(sequence.frameIndex(at:)))
        let (charged, overflow) = work.multipliedReportingOverflow(by: steps)
        canvas.meter?.spend(overflow ? .max : charged)
        canvas.draw(frame, in: bounds.x, bounds.y, bounds.width, bounds.height)
    }
}
