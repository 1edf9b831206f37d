import Basics
import Raster

extension WebP.Encoder {
    /// The best WebP for `input` within `maxBytes`: these settings when their file fits; else lossy
    /// frames at the highest quality that fits, found by bisection over 0…100 (about seven encodes,
    /// below ``quality`` when this encoder is already lossy) after quality 0 is tried alone. When
    /// nothing fits, the smallest file tried comes back with `fits == false` after two encodes (its
    /// report's ``Report/alphaBytes`` says what its lossless alpha takes). The report's ``Report/quality`` says the quality used.
    /// `progress` receives each encode's frames as one `JobProgress` of phase `encoding`, with the
    /// attempt and the most the search can take (``budgetSearchMaxAttempts``); its fraction never
    /// goes backwards and ends at 1.
    /// A `maxBytes` of 0 or less is refused (``EncodeError/setting(_:)``).
    public func encode(_ input: FrameInput, maxBytes: Int,
                       progress: (@Sendable (JobProgress) -> Void)? = nil) throws -> (bytes: [UInt8], report: Report, fits: Bool) {
        guard maxBytes > 0 else { throw WebP.EncodeError.setting(SettingError(.maxBytes, of: nil, value: maxBytes, allowed: .atLeast(1), reason: "a number of bytes")) }
        let most = budgetSearchMaxAttempts
        let reporter = JobProgress.Reporter(progress, phase: .encoding)
        var attempts = 1
        let first = try encode(input, progress: reporter.counter(.encoding, attempt: 1, maxAttempts: most))
        if first.bytes.count <= maxBytes {
            reporter.finish(.encoding, attempt: 1, maxAttempts: most)
            return (first.bytes, first.report, true)
        }
        var lossy = self
        lossy.lossless = false
        var (low, high) = lossyQualities
        var best: (bytes: [UInt8], report: Report)? = nil
        var smallest = first
        // The lowest quality first: when even it does not fit (its lossless alpha alone may not,
        // ``Report/alphaBytes``), no quality does, and the search stops after one encode.
        if low <= high {
            lossy.quality = 0
            attempts += 1
            let floor = try lossy.encode(input, progress: reporter.counter(.encoding, attempt: attempts, maxAttempts: most))
            if floor.bytes.count < smallest.bytes.count { smallest = floor }
            guard floor.bytes.count <= maxBytes else {
                reporter.finish(.encoding, attempt: attempts, maxAttempts: most)
                return (smallest.bytes, smallest.report, false)
            }
            best = floor
            low = 1
        }
        while low <= high {
            let middle = (low + high) / 2
            lossy.quality = Double(middle)
            attempts += 1
            let attempt = try lossy.encode(input, progress: reporter.counter(.encoding, attempt: attempts, maxAttempts: most))
            if attempt.bytes.count < smallest.bytes.count { smallest = attempt }
            if attempt.bytes.count <= maxBytes {
                best = attempt
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        reporter.finish(.encoding, attempt: attempts, maxAttempts: most)
        if let best { return (best.bytes, best.report, true) }
        return (smallest.bytes, smallest.report, false)
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
