import Basics
import Raster

extension WebP.Encoder {
    /// The outcome of ``encode(_:maxBytes:progress:)``: the same shape as the GIF encoder's
    /// `GIF.Encoder.Fitted`.
    public struct Fitted: Sendable {
        /// The WebP: the best settings that fit, or the smallest file tried when none did.
        public var bytes: [UInt8]
        /// What the encode of ``bytes`` did (frames, quality, alpha bytes, size).
        public var report: Report
        /// The settings that made `bytes` (lossy at the quality found, when the search left lossless).
        public var settings: WebP.Encoder
        /// `true` when ``bytes`` is within the budget; `false` when no quality reached it and
        /// ``bytes`` is the smallest result found.
        public var fits: Bool
        /// How many full encodes the search ran.
        public var attempts: Int
    }

    /// The best WebP for `input` within `maxBytes`: these settings when their file fits; else lossy
    /// frames at the highest quality that fits, found by bisection over 0…100 (about seven encodes,
    /// below ``quality`` when this encoder is already lossy) after quality 0 is tried alone. When
    /// nothing fits, the smallest file tried comes back with ``Fitted/fits`` `false` after two encodes (its
    /// report's ``Report/alphaBytes`` says what its lossless alpha takes). The report's ``Report/quality`` says the quality used.
    /// `progress` receives each encode's frames as one `JobProgress` of phase `encoding`, with the
    /// attempt and the most the search can take (``budgetSearchMaxAttempts``); its fraction never
    /// goes backwards and ends at 1.
    /// Throws as ``encode(_:progress:)`` does, and ``EncodeError/setting(_:)`` for a `maxBytes`
    /// of 0 or less.
    public func encode(_ input: FrameInput, maxBytes: Int,
                       progress: (@Sendable (JobProgress) -> Void)? = nil) throws(WebP.EncodeError) -> Fitted {
        guard maxBytes > 0 else { throw WebP.EncodeError.setting(SettingError(.maxBytes, of: nil, value: maxBytes, allowed: .atLeast(1), reason: "a number of bytes")) }
        let most = budgetSearchMaxAttempts
        let reporter = JobProgress.Reporter(progress, phase: .encoding)
        var attempts = 1
        let first = try encode(input, progress: JobProgress.counts(reporter.counter(.encoding, attempt: 1, maxAttempts: most)))
        if first.bytes.count <= maxBytes {
            reporter.finish(.encoding, attempt: 1, maxAttempts: most)
            return Fitted(bytes: first.bytes, report: first.report, settings: self, fits: true, attempts: 1)
        }
        var lossy = self
        lossy.lossless = false
        var (low, high) = lossyQualities
        var best: (bytes: [UInt8], report: Report, settings: WebP.Encoder)? = nil
        var smallest = (bytes: first.bytes, report: first.report, settings: self)
        // The lowest quality first: when even it does not fit (its lossless alpha alone may not,
        // ``Report/alphaBytes``), no quality does, and the search stops after one encode.
        if low <= high {
            lossy.quality = 0
            attempts += 1
            let floor = try lossy.encode(input, progress: JobProgress.counts(reporter.counter(.encoding, attempt: attempts, maxAttempts: most)))
            if floor.bytes.count < smallest.bytes.count { smallest = (floor.bytes, floor.report, lossy) }
            guard floor.bytes.count <= maxBytes else {
                reporter.finish(.encoding, attempt: attempts, maxAttempts: most)
                return Fitted(bytes: smallest.bytes, report: smallest.report, settings: smallest.settings, fits: false, attempts: attempts)
            }
            best = (floor.bytes, floor.report, lossy)
            low = 1
        }
        while low <= high {
            let middle = (low + high) / 2
            lossy.quality = Double(middle)
            attempts += 1
            let attempt = try lossy.encode(input, progress: JobProgress.counts(reporter.counter(.encoding, attempt: attempts, maxAttempts: most)))
            if attempt.bytes.count < smallest.bytes.count { smallest = (attempt.bytes, attempt.report, lossy) }
            if attempt.bytes.count <= maxBytes {
                best = (attempt.bytes, attempt.report, lossy)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        reporter.finish(.encoding, attempt: attempts, maxAttempts: most)
        if let best { return Fitted(bytes: best.bytes, report: best.report, settings: best.settings, fits: true, attempts: attempts) }
        return Fitted(bytes: smallest.bytes, report: smallest.report, settings: smallest.settings, fits: false, attempts: attempts)
    }

    /// The most encodes ``encode(_:maxBytes:progress:)`` runs: these settings, quality 0 alone,
    /// then a bisection of the lossy qualities between them.
    public var budgetSearchMaxAttempts: Int {
        let (low, high) = lossyQualities
        guard low <= high else { return 1 }
        // Each step keeps at most the larger half of the qualities left, without the one tried.
        var left = high - low, steps = 0
        while left > 0 {
            left /= 2
            steps += 1
        }
        return 2 + steps
    }

    /// The lossy qualities the budget search bisects: all of 0…100 after a lossless encode, else
    /// those below ``quality``.
    private var lossyQualities: (low: Int, high: Int) {
        (0, lossless ? 100 : Int(quality.rounded(.down)) - 1)
    }
}
