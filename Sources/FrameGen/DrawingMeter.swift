import Basics
import Synchronization

/// What one frame's drawing has cost so far, in pixels' worth, against its share of
/// `ResourceLimits.maxDrawingWork` (the limit over the run's frames): the work a few bytes of
/// scene can ask for once curves, dashes, joins and caps are flattened, a wide pen covers the
/// canvas, a thousand translucent layers are composited over one another or shadows and backdrops
/// blur. The canvases of one frame share it (``Canvas/meter``, copied to the canvases made from
/// one). Each fill, stroke and clip is charged the pixels it covers and its scan conversion (each
/// edge, and each pixel row an edge crosses); an image drawn, a layer composited or masked, the
/// pixels it touches; a blur, the pixels it blurs — each weighed by `DrawingCost`. Once over, the
/// canvases draw nothing more, and the frame's maker throws ``error(subject:)``.
///
/// A frame drawn on its own (a renderer asked for one time) may spend its even share, the limit
/// over the run's frames, so that the outcome does not depend on which frames are asked for, in
/// what order or how many at once. A frame of a whole run (``DrawingRun``) may spend what the
/// other frames of the run have left: a run whose work grows over its frames (copies that stay,
/// a stroke drawn on) is refused only when all of them together pass the limit.
package final class DrawingMeter: Sendable {
    /// What a frame may spend: the limit over the run's frames (at least 1), or what a run's other
    /// frames have left of it.
    package let allowance: Int
    /// The limit and the frames it is shared by, for the message.
    private let limit: Int, frames: Int
    private let spent = Mutex(0)

    /// A meter for one of `frames` frames sharing `limits.maxDrawingWork` evenly.
    package init(frames: Int, limits: ResourceLimits) {
        limit = limits.maxDrawingWork
        self.frames = max(1, frames)
        allowance = max(1, limits.maxDrawingWork / self.frames)
    }

    /// A meter for a frame of a run whose other frames have spent `others` of `limit`
    /// (``DrawingRun`` says its refusal).
    init(limit: Int, frames: Int, others: Int) {
        self.limit = limit
        self.frames = max(1, frames)
        allowance = max(0, limit - others)
    }

    /// `pixels` covered, `crossedRows` pixel rows crossed by `edges` edges, in pixels' worth
    /// (``Int/max`` when it overflows).
    package static func cost(pixels: Int, crossedRows: Int = 0, edges: Int = 0) -> Int {
        let (rows, o1) = max(0, crossedRows).multipliedReportingOverflow(by: DrawingCost.crossedRow)
        let (scans, o2) = max(0, edges).multipliedReportingOverflow(by: DrawingCost.edge)
        let (partial, o3) = max(0, pixels).addingReportingOverflow(rows)
        let (total, o4) = partial.addingReportingOverflow(scans)
        return o1 || o2 || o3 || o4 ? .max : total
    }

    /// `count` pixels at `weight` units each, ``Int/max`` when it overflows.
    package static func cost(pixels count: Int, weight: Int) -> Int {
        let (total, overflow) = max(0, count).multipliedReportingOverflow(by: weight)
        return overflow ? .max : total
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

    /// What the frame has spent so far, in pixels' worth.
    package var total: Int { spent.withLock { $0 } }

    /// The error for a frame over its share, `nil` when it is not: the run as a whole needs more
    /// than the limit. `subject` names what drew it (a scene file, `FILE: strokes`) and the frame.
    package func error(subject: String) -> LimitError? {
        let total = total
        guard total > allowance else { return nil }
        return Self.error(subject: subject, limit: limit, detail: "at this frame's pace: it alone does more than \(LimitError.group(total))"
            + (frames == 1 ? "" : ", past the \(LimitError.group(allowance)) each of its \(LimitError.group(frames)) frames may do"))
    }

    /// The refusal of `subject` over `limit`, `detail` saying by how much.
    static func error(subject: String, limit: Int, detail: String) -> LimitError {
        LimitError(limit: .drawingWork, subject: subject, amount: nil, maximum: limit,
                   detail: detail + "; a pixel painted counts 1, composited \(DrawingCost.composite), a sequence frame's decoded \(DrawingCost.decoded) "
                    + "each time it shows (\(DrawingCost.decodedRowByRow) for a 16-bit or interlaced PNG, and \(DrawingCost.fileByte) a byte of its file), blurred \(DrawingCost.blur), resampled \(DrawingCost.resampled); an edge \(DrawingCost.edge) and "
                    + "each pixel row it crosses \(DrawingCost.crossedRow): fewer frames, fewer or smaller layers or sequence frames, "
                    + "simpler paths, longer dashes, thinner pens or fewer shadows do less")
    }
}
