extension GIF {
    /// Frame delays in centiseconds, placed on the cumulative timeline so the total is exact.
    ///
    /// Frame `i` ends at `round(T(i+1) · 100)` cs, where `T` is the running sum of durations, so
    /// rounding never accumulates (271 frames at 30 fps last 903 cs, not 271 × 3 = 813). Browsers
    /// play delays of 0 or 1 cs as 10 cs, so no delay below ``minimumDelay`` is written: a frame
    /// that would get less is merged into its neighbour — dropped, with the next frame starting
    /// where it would have — and ``mergedFrames`` says how many.
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

        /// Delays for frames lasting `durations` seconds each.
        public init(durations: [Double]) {
            inputCount = durations.count
            var ends: [Int] = []
            var elapsed = 0.0
            for duration in durations {
                // A frame shows for at most a day (``maximumFrameDuration``): 132 repeats at most.
                elapsed += duration > 0 ? min(duration, Self.maximumFrameDuration) : 0
                ends.append(Int((elapsed * 100).rounded()))
            }
            var kept: [Int] = []
            var delays: [Int] = []
            var start = 0
            for (index, end) in ends.enumerated() where end - start >= Self.minimumDelay {
                kept.append(index)
                delays.append(end - start)
                start = end
            }
            // Time left after the last kept frame (too short to show alone) extends it, so the total
            // stays exact; with nothing kept, the first frame shows for the whole (at least 2 cs).
            let total = ends.last ?? 0
            if total > start {
                if delays.isEmpty {
                    if !durations.isEmpty {
                        kept = [0]
                        delays = [max(total, Self.minimumDelay)]
                    }
                } else {
                    delays[delays.count - 1] += total - start
                }
            } else if delays.isEmpty && !durations.isEmpty {
                kept = [0]
                delays = [Self.minimumDelay]
            }
            // A delay over 16 bits becomes the same frame shown several times.
            var splitIndices: [Int] = [], splitDelays: [Int] = []
            for (index, delay) in zip(kept, delays) {
                var left = delay
                while left > Self.maximumDelay {
                    let piece = left - Self.maximumDelay >= Self.minimumDelay ? Self.maximumDelay : Self.maximumDelay - Self.minimumDelay
                    splitIndices.append(index)
                    splitDelays.append(piece)
                    left -= piece
                }
                splitIndices.append(index)
                splitDelays.append(left)
            }
            frameIndices = splitIndices
            self.delays = splitDelays
        }

        /// Delays for `count` frames at `fps` frames per second.
        public init(count: Int, fps: Double) {
            self.init(durations: Array(repeating: 1 / fps, count: count))
        }
    }
}
