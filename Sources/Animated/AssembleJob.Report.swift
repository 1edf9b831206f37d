import APNG
import GIF
import WebP

extension AssembleJob {
    /// What the encoder of the job's ``Format`` reported, with the facts every format shares.
    public enum Report: Sendable, Equatable {
        /// A GIF's report: palettes, frames merged for GIF's centisecond delays.
        case gif(GIF.Encoder.Report)
        /// An APNG's report: the colour type chosen.
        case apng(APNG.Encoder.Report)
        /// A WebP's report: lossless or lossy.
        case webp(WebP.Encoder.Report)

        /// Size of the file in bytes.
        public var bytes: Int {
            switch self {
            case .gif(let report): report.bytes
            case .apng(let report): report.bytes
            case .webp(let report): report.bytes
            }
        }

        /// Width of the animation in pixels.
        public var width: Int {
            switch self {
            case .gif(let report): report.width
            case .apng(let report): report.width
            case .webp(let report): report.width
            }
        }

        /// Height of the animation in pixels.
        public var height: Int {
            switch self {
            case .gif(let report): report.height
            case .apng(let report): report.height
            case .webp(let report): report.height
            }
        }

        /// Frames in the file, after merges.
        public var framesWritten: Int {
            switch self {
            case .gif(let report): report.framesWritten
            case .apng(let report): report.framesWritten
            case .webp(let report): report.framesWritten
            }
        }

        /// Input frames folded into the one before because they repeat exactly what it shows.
        public var framesMergedIdentical: Int {
            switch self {
            case .gif(let report): report.framesMergedIdentical
            case .apng(let report): report.framesMergedIdentical
            case .webp(let report): report.framesMergedIdentical
            }
        }

        /// GIF: input frames folded into the one before although their pixels differ from it (by
        /// at most ``nearIdenticalMaxDifference`` levels), because in the GIF's colours they draw
        /// nothing new. 0 for APNG and WebP, which merge exact repeats only.
        public var framesMergedNearIdentical: Int {
            if case .gif(let report) = self { report.framesMergedNearIdentical } else { 0 }
        }

        /// The largest difference of one channel of one pixel, in levels (0…255), between a
        /// near-identical frame merged and the frame shown in its place; 0 when none was merged.
        public var nearIdenticalMaxDifference: Int {
            if case .gif(let report) = self { report.nearIdenticalMaxDifference } else { 0 }
        }

        /// GIF: the frames of the play (0-based) folded into the one before because the GIF's alpha
        /// drops every pixel of them (alpha under 16 by default): invisible in a GIF, not
        /// near-identical. Empty for APNG and WebP, which keep every alpha.
        public var framesMergedInvisible: [Int] {
            if case .gif(let report) = self { report.framesMergedInvisible } else { [] }
        }

        /// One play's length in seconds, as the file's delays add up.
        public var duration: Double {
            switch self {
            case .gif(let report): Double(report.totalCentiseconds) / 100
            case .apng(let report): report.duration
            case .webp(let report): report.duration
            }
        }
    }
}
