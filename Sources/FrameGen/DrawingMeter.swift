import Basics
import Synchronization

/// What one frame's drawing has cost so far, against its share of `ResourceLimits.maxDrawnSegments`
/// (the limit over the run's frames): the work a few bytes of path data can ask for once curves,
/// dashes, joins and caps are flattened and a wide pen's edges cross many pixel rows — or once
/// shadows and backdrops blur. The canvases of one frame share it (``Canvas/meter``, copied to
/// the canvases made from one); each fill, stroke and clip is charged the pixel rows its edges
/// cross (at least one an edge), and a blur the pixels it blurs. Once over, the canvases draw
/// nothing more, and the frame's maker throws ``error(subject:)``.
///
/// Counted per frame, so that the outcome does not depend on the order frames are drawn in, nor
/// on how many are drawn at once: a run whose every frame stays within its share stays within
/// the limit.
package final class DrawingMeter: Sendable {
    /// What a frame may spend: the limit over the run's frames (at least 1).
    package let allowance: Int
    /// The limit and the frames it is shared by, for the message.
    private let limit: Int, frames: Int
    private let spent = Mutex(0)

    /// A meter for one of `frames` frames sharing `limits.maxDrawnSegments`.
    package init(frames: Int, limits: ResourceLimits) {
        limit = limits.maxDrawnSegments
        self.frames = max(1, frames)
        allowance = max(1, limits.maxDrawnSegments / self.frames)
    }

    /// Adds `amount`; false when the frame is now over its share (the drawing asked for stops).
    @discardableResult
    package func spend(_ amount: Int) -> Bool {
        spent.withLock { total in
            total = total.addingReportingOverflow(max(0, amount)).overflow ? .max : total + max(0, amount)
            return total <= allowance
        }
    }

    /// Whether the frame has spent more than its share: nothing more is drawn.
    package var isOver: Bool { spent.withLock { $0 > allowance } }

    /// The error for a frame over its share, `nil` when it is not: the run as a whole needs more
    /// than the limit. `subject` names what drew it (a scene file, `FILE: strokes`) and the frame.
    package func error(subject: String) -> LimitError? {
        let total = spent.withLock { $0 }
        guard total > allowance else { return nil }
        let share = frames == 1 ? "" : ", past the \(LimitError.group(allowance)) each of its \(LimitError.group(frames)) frames may draw"
        return LimitError(limit: .drawnSegments, subject: subject, amount: nil, maximum: limit,
                          detail: "this frame alone draws more than \(LimitError.group(total)) of them\(share); a segment counts once for "
                            + "every pixel row its edges cross, a blur once for every pixel: fewer frames, simpler paths, "
                            + "longer dashes, thinner pens or fewer shadows draw less")
    }
}
