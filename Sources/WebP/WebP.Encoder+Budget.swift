import Basics
import Raster

extension WebP.Encoder {
    /// The best WebP for `input` within `maxBytes`: these settings when their file fits; else lossy
    /// frames at the highest quality that fits, found by bisection over 0…100 (about seven encodes,
    /// below ``quality`` when this encoder is already lossy) after quality 0 is tried alone. When
    /// nothing fits, the smallest file tried comes back with `fits == false` after two encodes (its
    /// report's ``Report/alphaBytes`` says what its lossless alpha takes). The report's ``Report/quality`` says the quality used.
    /// A `maxBytes` of 0 or less is refused (``EncodeError/setting(_:)``).
    public func encode(_ input: FrameInput, maxBytes: Int,
                       progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> (bytes: [UInt8], report: Report, fits: Bool) {
        guard maxBytes > 0 else { throw WebP.EncodeError.setting(SettingError(.maxBytes, of: nil, value: maxBytes, allowed: .atLeast(1), reason: "a number of bytes")) }
        let first = try encode(input, progress: progress)
        if first.bytes.count <= maxBytes { return (first.bytes, first.report, true) }
        var lossy = self
        lossy.lossless = false
        var low = 0, high = lossless ? 100 : Int(quality.rounded(.down)) - 1
        var best: (bytes: [UInt8], report: Report)? = nil
        var smallest = first
        // The lowest quality first: when even it does not fit (its lossless alpha alone may not,
        // ``Report/alphaBytes``), no quality does, and the search stops after one encode.
        if low <= high {
            lossy.quality = 0
            let floor = try lossy.encode(input, progress: progress)
            if floor.bytes.count < smallest.bytes.count { smallest = floor }
            guard floor.bytes.count <= maxBytes else { return (smallest.bytes, smallest.report, false) }
            best = floor
            low = 1
        }
        while low <= high {
            let middle = (low + high) / 2
            lossy.quality = Double(middle)
            let attempt = try lossy.encode(input, progress: progress)
            if attempt.bytes.count < smallest.bytes.count { smallest = attempt }
            if attempt.bytes.count <= maxBytes {
                best = attempt
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        if let best { return (best.bytes, best.report, true) }
        return (smallest.bytes, smallest.report, false)
    }
}
