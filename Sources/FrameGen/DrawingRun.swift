import Basics
import Synchronization

/// The drawing budget of one whole run of frames (a `render`, a generator writing its frames):
/// `ResourceLimits.maxDrawingWork` over all of them together. Each frame is metered with what the
/// others have left (``meter(forFrame:)``) and recorded when done (``finish(_:frame:subject:)``); a run
/// is refused once its frames together pass the limit, whichever frame that happens in, and never
/// before — a run whose later frames do more (copies that stay, a stroke drawn on) is not refused
/// at the frame where it passes an even share.
///
/// A frame drawn again (an encoder's second pass) counts once, at its most: the outcome depends on
/// what the frames cost, not on how often or in what order they are drawn, nor on how many at once.
package final class DrawingRun: Sendable {
    /// The limit and the run's frame count (for messages).
    private let limit: Int, frames: Int
    /// Each finished frame's cost, by key (its index or time), and their sum.
    private let spent = Mutex<(byFrame: [Int: Int], total: Int)>(([:], 0))

    /// A run of `frames` frames under `limits.maxDrawingWork`.
    package init(frames: Int, limits: ResourceLimits) {
        limit = limits.maxDrawingWork
        self.frames = max(1, frames)
    }

    /// The meter for frame `key`: it may spend what the run's other frames have left.
    package func meter(forFrame key: Int) -> DrawingMeter {
        let others = spent.withLock { $0.total - ($0.byFrame[key] ?? 0) }
        return DrawingMeter(limit: limit, frames: frames, others: others)
    }

    /// Records what frame `key` spent (its most, when drawn before); the refusal when the run's
    /// frames together are now over the limit (or the frame was over what was left), else `nil`.
    /// `subject` names what drew the run (a scene file, `pts.json: strokes`), not the frame: which
    /// frame passes the limit first depends on the order frames are drawn in, on several cores.
    package func finish(_ meter: DrawingMeter, frame key: Int, subject: String) -> LimitError? {
        let cost = meter.total
        let (total, drawn) = spent.withLock { state in
            let before = state.byFrame[key] ?? 0
            if state.byFrame[key] == nil || cost > before {
                state.byFrame[key] = max(cost, before)
                let (sum, overflow) = (state.total - before).addingReportingOverflow(cost)
                state.total = overflow ? .max : sum
            }
            return (state.total, state.byFrame.count)
        }
        guard total > limit || meter.isOver else { return nil }
        return DrawingMeter.error(subject: subject, limit: limit, detail: "its frames together pass it: drawing stopped after "
                                    + "\(LimitError.group(drawn)) of its \(LimitError.group(frames)) frames, at more than \(LimitError.group(total))")
    }
}
