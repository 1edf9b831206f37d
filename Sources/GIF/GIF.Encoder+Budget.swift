import Basics
import Raster

extension GIF.Encoder {
    /// The outcome of ``encode(_:maxBytes:progress:)``.
    public struct Fitted: Sendable {
        /// The GIF: the first settings on the ladder that fit, or the smallest found when none did.
        public var bytes: [UInt8]
        /// What the encode of ``bytes`` did (frames, merges, timing, size).
        public var report: Report
        /// The settings that made `bytes`.
        public var settings: GIF.Encoder
        /// `true` when ``bytes`` is within the budget; `false` when no settings on the ladder reached it
        /// and ``bytes`` is the smallest result found.
        public var fits: Bool
        /// How many full encodes the search ran.
        public var attempts: Int
    }

    /// The settings tried to fit a budget, best first: these settings; for `high`, `standard`;
    /// then fewer colours (191 … 2: 127, 63, 31 … fill tables of a power of two entries with the
    /// transparent one) without dithering. Each costs fewer bytes than the one before
    /// on any ordinary sequence (colours are the dominant cost of a GIF's LZW codes).
    public var budgetLadder: [GIF.Encoder] {
        var ladder = [self]
        var smaller = self
        if quality == .high {
            smaller.quality = .standard
            ladder.append(smaller)
        }
        smaller.dithering = .none
        // Down to 2 colours: a 271-frame explosion fits 300 kB at 3 colours, where 7 did not.
        for colors in [191, 127, 95, 63, 47, 31, 15, 7, 3, 2] where colors < self.colors {
            smaller.colors = colors
            ladder.append(smaller)
        }
        return ladder
    }

    /// Encodes `input` in at most `maxBytes`, with the best settings of ``budgetLadder`` that fit.
    ///
    /// Bisects the ladder (file size falls along it): these settings first, then the smallest; when
    /// the smallest does not fit either, it is the best effort (`fits` false). About five encodes
    /// instead of up to ten. `progress` receives each encode's frames as one `JobProgress`
    /// of phase `encoding`, with the attempt and the most the search can take
    /// (``budgetSearchMaxAttempts``); its fraction never goes backwards and ends at 1. Throws as
    /// ``GIF/Encoder/encode(_:progress:)`` does, and ``GIF/EncodeError/setting(_:)`` for a
    /// `maxBytes` of 0 or less.
    public func encode(_ input: FrameInput, maxBytes: Int, progress: (@Sendable (JobProgress) -> Void)? = nil) throws(GIF.EncodeError) -> Fitted {
        // No file has 0 bytes or fewer: such a budget is a mistake, not a wish for the smallest GIF.
        guard maxBytes > 0 else { throw GIF.EncodeError.setting(SettingError(.maxBytes, of: nil, value: maxBytes, allowed: .atLeast(1), reason: "a number of bytes")) }
        var ladder = budgetLadder
        let most = budgetSearchMaxAttempts
        let reporter = JobProgress.Reporter(progress, phase: .encoding)
        var attempts = 0
        func attempt(_ step: Int) throws(GIF.EncodeError) -> Fitted {
            attempts += 1
            let (bytes, report) = try ladder[step].encode(input, progress: JobProgress.counts(reporter.counter(.encoding, attempt: attempts, maxAttempts: most)))
            return Fitted(bytes: bytes, report: report, settings: ladder[step], fits: bytes.count <= maxBytes, attempts: 0)
        }
        var best = try attempt(0)
        // A cap whose tables are no smaller than the largest the first GIF wrote cannot make it
        // smaller: a three-colour spinner (a table of 4 with the transparent entry) goes straight to 2.
        let used = best.report.colorsUsed
        ladder = [ladder[0]] + ladder.dropFirst().filter { $0.tableEntries < used || $0.colors == colors }
        if !best.fits && ladder.count > 1 {
            // Invariant: step `low` does not fit; `best`, when it fits, is the one at `high`.
            var low = 0, high = ladder.count - 1
            let smallest = try attempt(high)
            if smallest.fits {
                best = smallest
                while high - low > 1 {
                    let middle = (low + high) / 2
                    let result = try attempt(middle)
                    if result.fits {
                        best = result
                        high = middle
                    } else {
                        low = middle
                    }
                }
            } else if smallest.bytes.count < best.bytes.count {
                best = smallest
            }
        }
        best.attempts = attempts
        reporter.finish(.encoding, attempt: attempts, maxAttempts: most)
        return best
    }

    /// The most encodes ``encode(_:maxBytes:progress:)`` runs: these settings, the smallest,
    /// then a bisection of the ``budgetLadder`` between them.
    public var budgetSearchMaxAttempts: Int {
        let steps = budgetLadder.count
        guard steps > 1 else { return 1 }
        // Each bisection step keeps at most the larger half of the interval.
        var interval = steps - 1, bisections = 0
        while interval > 1 {
            interval = (interval + 1) / 2
            bisections += 1
        }
        return 2 + bisections
    }
}
