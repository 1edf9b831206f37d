import Basics

/// Frame durations as whole ticks — milliseconds for APNG and WebP, centiseconds for GIF — placed
/// on the cumulative timeline so the total is exact: frame `i` starts at `round(T(i) · ticks)`,
/// where `T` is the running sum of durations, so rounding never accumulates (240 frames at 30 fps
/// last 8000 ms, written 33, 34, 33, …; 271 frames last 903 cs, not 271 × 3).
///
/// Whole milliseconds because that is what players keep: Chromium turns an APNG delay fraction into
/// `1000 · num / den` ms rounded down (1/30 s plays as 33 ms, and 240 such frames as 7.92 s), and
/// WebP stores milliseconds. Browsers play a frame of 10 ms or less as 100 ms, so no delay below
/// the minimum (11 ms, 2 cs) is written: of two frames that would start less than that apart, the
/// later one shows in the earlier one's place (a short frame gives way to the long one after it).
/// The first frame is always kept (it is the poster image; a short one shows for the minimum and
/// the frame after it from then on), frames of one rate too fast to show
/// keep every k-th frame at its own place on the timeline (at 120 fps, every other frame shows,
/// 17 and 16 ms each), and time left after the last kept frame that is too short to show alone
/// extends the frame before.
///
/// A duration that is not a number or not positive is taken as 0, and one so long that the total
/// would overflow is cut (at 4·10¹⁸ ticks in all, far beyond any frame an encoder accepts): nothing
/// here traps. Encoders refuse a frame over ``maximumFrameDuration`` first
/// (``durationError(_:name:)``); a run of identical frames (`IdenticalRuns`) may last longer.
package struct DelayTimeline: Sendable, Equatable {
    /// The shortest delay written in milliseconds: browsers play 10 ms or less as 100 ms.
    package static let minimumDelay = 11
    /// The longest a frame may show, in seconds: a day (what the CLI's `--fps`, `--duration` and
    /// `--delays` and `Animation.Timing` accept). Every encoder refuses a longer one.
    package static let maximumFrameDuration = 86_400.0

    /// Why `durations` cannot be encoded — the first that is not a positive number of seconds
    /// of at most ``maximumFrameDuration`` (NaN, infinities, 0, negative, huge), as the setting
    /// `frameDurations[index]` of `owner` (the encoders' input, `FrameInput`), the frame named by
    /// `name` in its reason — or `nil` when every one can.
    package static func durationError(_ durations: [Double], owner: String = "FrameInput", name: (Int) -> String) -> SettingError? {
        guard let bad = durations.firstIndex(where: { !($0 > 0 && $0 <= maximumFrameDuration) }) else { return nil }
        return SettingError(.frameDurations(index: bad), of: owner, value: durations[bad], allowed: .seconds(atMost: maximumFrameDuration),
                            reason: "the duration of \(name(bad))")
    }

    /// For each kept frame, its index in the input.
    package var frameIndices: [Int]
    /// The delay of each kept frame, in ticks (milliseconds unless told otherwise).
    package var delays: [Int]
    private let inputCount: Int

    /// Input frames dropped because they would have shown for less than ``minimumDelay``.
    package var mergedFrames: Int { inputCount - frameIndices.count }

    /// Delays for frames lasting `durations` seconds each (positive), in ticks of
    /// 1/`ticksPerSecond` s, none shorter than `minimumDelay` ticks (milliseconds by default).
    package init(durations given: [Double], ticksPerSecond: Double = 1000, minimumDelay: Int = Self.minimumDelay) {
        inputCount = given.count
        // NaN, infinities and negatives never reach the arithmetic (a finite but huge duration
        // overflowed `Int` here): not positive is 0, and no total exceeds 4·10¹⁸ ticks.
        let longest = 4e18 / max(ticksPerSecond, 1) / Double(max(given.count, 1))
        let durations = given.map { $0 > 0 ? min($0, longest) : 0 }
        // Frames of one short duration (a frame rate over 90 fps) keep every k-th frame, k the
        // fewest that last the minimum, so the kept ones stay evenly spaced (99 fps: 20, 20, 21 ms);
        // other short frames are dropped as they come.
        var stride = 1
        if let first = durations.first, first > 0, first * ticksPerSecond < Double(minimumDelay),
           durations.allSatisfy({ abs($0 - first) <= 1e-9 * max(1, first) }) {
            // At most the frame count: a denormal duration would make the quotient infinite.
            stride = Int(min((Double(minimumDelay) / (first * ticksPerSecond)).rounded(.up), Double(max(durations.count, 1))))
        }
        var elapsed = 0.0
        var kept: [Int] = [], starts: [Int] = []
        for (index, duration) in durations.enumerated() {
            let start = Int((elapsed * ticksPerSecond).rounded())
            if kept.isEmpty || (index % stride == 0 && start - starts[starts.count - 1] >= minimumDelay) {
                kept.append(index)
                starts.append(start)
            } else if stride == 1 && kept.count > 1 {
                // Too close to the last kept frame (not the first): this one shows in its place,
                // so a short frame before a long one gives way to the long one.
                kept[kept.count - 1] = index
            } else if stride == 1 {
                // Too close to the first frame, which is always kept: that one shows for the
                // minimum, and this one from then on, when it still lasts the minimum itself.
                let shifted = starts[0] + minimumDelay
                let end = Int(((elapsed + max(0, duration)) * ticksPerSecond).rounded())
                if end - shifted >= minimumDelay {
                    kept.append(index)
                    starts.append(shifted)
                }
            }
            elapsed += max(0, duration)
        }
        let total = max(Int((elapsed * ticksPerSecond).rounded()), minimumDelay)
        // The last kept frame must show long enough too, or give its time to the one before.
        while kept.count > 1 && total - starts[starts.count - 1] < minimumDelay {
            kept.removeLast()
            starts.removeLast()
        }
        frameIndices = kept
        delays = zip(starts, starts.dropFirst() + [total]).map { $1 - $0 }
    }
}
