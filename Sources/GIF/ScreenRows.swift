import Foundation

/// Which rows of the screen are final while a frame is drawn onto it beside other work: the
/// rows outside the frame's rectangle at once, the rectangle's rows top to bottom as the LZW
/// choice passes them (``FrameDiff/add(_:delay:beside:)``).
///
/// The work beside reads a row only once ``waitFor(rowsBelow:)`` says every row above it is final, so
/// it reads what it would read after the whole frame: the same results, in the same order.
final class ScreenRows: @unchecked Sendable {
    /// The rows the frame draws: `first..<end`.
    let first: Int
    let end: Int
    private let condition = NSCondition()
    /// Rows of the rectangle, from its top, already final.
    private var done = 0

    init(drawing rect: GIF.Rect) {
        (first, end) = (rect.y, rect.y + rect.height)
    }

    /// Says the rectangle's first `rows` rows are final (the screen holds what they draw).
    func publish(_ rows: Int) {
        condition.lock()
        done = max(done, rows)
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once every row of the screen above `row` is final.
    func waitFor(rowsBelow row: Int) {
        let needed = min(row, end) - first
        guard needed > 0 else { return }
        condition.lock()
        while done < needed { condition.wait() }
        condition.unlock()
    }
}
