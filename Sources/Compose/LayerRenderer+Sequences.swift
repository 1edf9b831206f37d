import Animated
import Basics
import FrameGen
import Raster

extension LayerRenderer {
    /// A layer a frame earlier (``frameInterval``): its time, and the frame its streamed sequence
    /// showed then (`nil` for other content), which a frame shown now is charged from.
    struct Before {
        let time: Double
        let shown: Int?
    }

    /// `model` at its local `time`: the frame its sequence shows then, looked up only for a
    /// sequence read as a stream — its presentation then, as an animation of its `frame` may
    /// have moved it (a keyframed frame played backwards decodes the stream from the first).
    static func moment(of model: Layer, at time: Double) -> Before {
        guard case .sequence(let sequence) = model.content, case .streamed? = sequence.animation.frames.first,
              case .sequence(let shown) = model.presentation(at: time).content else { return Before(time: time, shown: nil) }
        return Before(time: time, shown: shown.frameIndex(at: time))
    }

    /// Draws the frame `sequence` shows at the layer's `time` over `bounds` (nothing when none
    /// shows), charging the canvas's meter what giving it costs, held or not: its decoding
    /// (`FrameSource.decodingWork(of:)`) and, for a streamed file, the frames decoded to reach it
    /// from `shownBefore`, the frame shown a frame earlier (``Before``). Over the frame's share,
    /// the draw does nothing.
    func draw(_ sequence: SequenceContent, in bounds: Rect, path: String, time: Double, shownBefore: Int?,
              on canvas: inout Canvas) throws(CompositionError) {
        guard let index = sequence.frameIndex(at: time) else { return }
        let (frame, work): (Bitmap, Int)
        do {
            (frame, work) = try decodedFrames.frame(sequence.animation.frames[index], scale: sequence.animation.scale)
        } catch {
            throw .frameUnreadable(layer: path, frame: index, error)
        }
        let steps = sequence.framesDecoded(toShow: index, after: shownBefore)
        let (charged, overflow) = work.multipliedReportingOverflow(by: steps)
        canvas.meter?.spend(overflow ? .max : charged)
        canvas.draw(frame, in: bounds.x, bounds.y, bounds.width, bounds.height)
    }
}
