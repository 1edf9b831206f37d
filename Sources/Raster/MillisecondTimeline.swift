/// Frame durations as whole milliseconds, placed on the cumulative timeline so the total is exact:
/// frame `i` starts at `round(T(i) · 1000)` ms, where `T` is the running sum of durations, so
/// rounding never accumulates (240 frames at 30 fps last 8000 ms, written 33, 34, 33, …).
///
/// Whole milliseconds because that is what players keep: Chromium turns an APNG delay fraction into
/// `1000 · num / den` ms rounded down (1/30 s plays as 33 ms, and 240 such frames as 7.92 s), and
/// WebP stores milliseconds. Browsers play a frame of 10 ms or less as 100 ms, so no delay below
/// ``minimumDelay`` is written: a frame that would start less than that after the last one kept
/// is dropped, and the one before shows until the next kept frame's own start. The first frame is
/// always kept (it is the poster image), frames keep their places on the timeline (at 120 fps,
/// every other frame shows, 17 and 16 ms each), and time left after the last kept frame that is
/// too short to show alone extends the frame before.
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
        // Frames of one short duration (a frame rate over 90 fps) keep every k-th frame, k the
        // fewest that last the minimum, so the kept ones stay evenly spaced (99 fps: 20, 20, 21 ms);
        // other short frames are dropped as they come.
        var stride = 1
        if let first = durations.first, first > 0, first * 1000 < Double(Self.minimumDelay),
           durations.allSatisfy({ abs($0 - first) <= 1e-9 * max(1, first) }) {
            stride = Int((Double(Self.minimumDelay) / (first * 1000)).rounded(.up))
        }
        var elapsed = 0.0
        var kept: [Int] = [], starts: [Int] = []
        for (index, duration) in durations.enumerated() {
            let start = Int((elapsed * 1000).rounded())
            if kept.isEmpty || (index % stride == 0 && start - starts[starts.count - 1] >= Self.minimumDelay) {
                kept.append(index)
                starts.append(start)
            }
            elapsed += max(0, duration)
        }
        let total = max(Int((elapsed * 1000).rounded()), Self.minimumDelay)
        // The last kept frame must show long enough too, or give its time to the one before.
        while kept.count > 1 && total - starts[starts.count - 1] < Self.minimumDelay {
            kept.removeLast()
            starts.removeLast()
        }
        frameIndices = kept
        delays = zip(starts, starts.dropFirst() + [total]).map { $1 - $0 }
    }
}
