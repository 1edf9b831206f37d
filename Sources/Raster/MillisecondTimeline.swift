/// Frame durations as whole milliseconds, placed on the cumulative timeline so the total is exact:
/// frame `i` ends at `round(T(i+1) · 1000)` ms, where `T` is the running sum of durations, so
/// rounding never accumulates (240 frames at 30 fps last 8000 ms, written 33, 34, 33, …).
///
/// Whole milliseconds because that is what players keep: Chromium turns an APNG delay fraction into
/// `1000 · num / den` ms rounded down (1/30 s plays as 33 ms, and 240 such frames as 7.92 s), and
/// WebP stores milliseconds. Browsers play a frame of 10 ms or less as 100 ms, so no delay below
/// ``minimumDelay`` is written: a frame that would get less is merged into its neighbour — dropped,
/// with the next frame starting where it would have — as GIF's timing does with centiseconds.
package struct MillisecondTimeline: Sendable, Equatable {
    /// The shortest delay written, in milliseconds: browsers play 10 ms or less as 100 ms.
    package static let minimumDelay = 11

    /// For each kept frame, its index in the input.
    package var frameIndices: [Int]
    /// The delay of each kept frame, in milliseconds.
    package var delays: [Int]
    private let inputCount: Int

    /// Input frames dropped because they would have shown for less than ``minimumDelay``.
    package var mergedFrames: Int { inputCount - frameIndices.count }

    /// Delays for frames lasting `durations` seconds each (positive).
    package init(durations: [Double]) {
        inputCount = durations.count
        var elapsed = 0.0, start = 0
        var kept: [Int] = [], delays: [Int] = []
        for (index, duration) in durations.enumerated() {
            elapsed += max(0, duration)
            let end = Int((elapsed * 1000).rounded())
            guard end - start >= Self.minimumDelay else { continue }
            kept.append(index)
            delays.append(end - start)
            start = end
        }
        // Time left after the last kept frame (too short to show alone) extends it, so the total
        // stays exact; with nothing kept, the first frame shows for the whole (at least the minimum).
        let total = Int((elapsed * 1000).rounded())
        if delays.isEmpty {
            if !durations.isEmpty {
                kept = [0]
                delays = [max(total, Self.minimumDelay)]
            }
        } else {
            delays[delays.count - 1] += total - start
        }
        frameIndices = kept
        self.delays = delays
    }
}
