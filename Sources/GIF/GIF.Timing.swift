import Basics
import Raster

extension GIF {
    /// Frame delays in centiseconds, placed on the cumulative timeline so the total is exact.
    ///
    /// Frame `i` starts at `round(T(i) · 100)` cs, where `T` is the running sum of durations, so
    /// rounding never accumulates (271 frames at 30 fps last 903 cs, not 271 × 3 = 813). Browsers
    /// play delays of 0 or 1 cs as 10 cs, so no delay below ``minimumDelay`` is written: a frame
    /// that would start less than that after the last one kept is dropped, and the one before
    /// shows until the next kept frame's own start; ``mergedFrames`` says how many. The first frame
    /// is always kept, and frames of one rate over 50 fps keep every k-th frame, evenly spaced
    /// (60 fps: 3, 4, 3, … cs).
    public struct Timing: Sendable, Equatable {
        /// The shortest delay written, in centiseconds.
        public static let minimumDelay = 2
        /// The longest delay one frame can store (16 bits); a longer frame is written as the same
        /// frame repeated.
        public static let maximumDelay = 65535
        /// The longest a frame may show, in seconds (a day); longer durations are taken as this.
        public static let maximumFrameDuration = 86_400.0

        /// For each kept frame, its index in the input.
        public var frameIndices: [Int]
        /// The delay of each kept frame, in centiseconds.
        public var delays: [Int]

        /// Input frames dropped because they would have shown for less than ``minimumDelay``.
        public var mergedFrames: Int { inputCount - Set(frameIndices).count }
        /// The total of all delays, in centiseconds.
        public var totalCentiseconds: Int { delays.reduce(0, +) }

        private let inputCount: Int

        /// Delays for frames lasting `durations` seconds each: one not positive (NaN included) is
        /// taken as 0 and merged, one over ``maximumFrameDuration`` (infinity included) as a day.
        /// ``Encoder`` refuses such durations instead.
        public init(durations: [Double]) {
            // A frame shows for at most a day (``maximumFrameDuration``): 132 repeats at most.
            self.init(durations, longest: Self.maximumFrameDuration)
        }

        /// Delays for `durations`, each taken as at most `longest` seconds; with `splitting`, a
        /// delay over ``maximumDelay`` is the same frame several times (``pieces(of:)``). The
        /// encoder passes infinity — its input frames are at most a day each, already checked,
        /// but a run of identical ones (`IdenticalRuns`) is timed as one frame and may last
        /// longer — and no splitting: it encodes each frame once and writes the pieces itself.
        init(_ durations: [Double], longest: Double, splitting: Bool = true) {
            inputCount = durations.count
            let clamped = durations.map { $0 > 0 ? min($0, longest) : 0 }
            var kept: [Int] = [], delays: [Int] = []
            if !clamped.isEmpty {
                // The same rule as APNG's and WebP's milliseconds (Raster's `DelayTimeline`), in
                // centiseconds: the first frame is always kept.
                let timeline = DelayTimeline(durations: clamped, ticksPerSecond: 100, minimumDelay: Self.minimumDelay)
                (kept, delays) = (timeline.frameIndices, timeline.delays)
            }
            guard splitting else {
                (frameIndices, self.delays) = (kept, delays)
                return
            }
            // A delay over 16 bits becomes the same frame shown several times.
            var splitIndices: [Int] = [], splitDelays: [Int] = []
            for (index, delay) in zip(kept, delays) {
                let pieces = Self.pieces(of: delay)
                splitIndices += Array(repeating: index, count: pieces.count)
                splitDelays += pieces
            }
            frameIndices = splitIndices
            self.delays = splitDelays
        }

        /// A delay of `centiseconds` as delays a GIF can store, in order: pieces of
        /// ``maximumDelay`` and the rest, none under ``minimumDelay`` (655.36 s: 65 533 and 3 cs).
        static func pieces(of centiseconds: Int) -> [Int] {
            var pieces: [Int] = [], left = centiseconds
            while left > maximumDelay {
                let piece = left - maximumDelay >= minimumDelay ? maximumDelay : maximumDelay - minimumDelay
                pieces.append(piece)
                left -= piece
            }
            return pieces + [left]
        }

        /// Delays for `count` frames at `fps` frames per second (no frames for a count under 1; an
        /// `fps` that is not positive gives durations taken as 0, as ``init(durations:)`` says).
        /// - Throws: `LimitError` for `frames` when `count` is over `limits.maxFrames`, before
        ///   anything is allocated.
        public init(count: Int, fps: Double, limits: ResourceLimits = .default) throws(LimitError) {
            guard count <= limits.maxFrames else {
                throw LimitError(limit: .frames, subject: "GIF.Timing(count:)", amount: count, maximum: limits.maxFrames)
            }
            self.init(durations: Array(repeating: 1 / fps, count: max(count, 0)))
        }
    }
}
