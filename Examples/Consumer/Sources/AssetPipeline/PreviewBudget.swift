import Basics
import GIF
import Raster
import WebP

/// A preview of an animation within a byte budget (a chat's upload limit), as a service makes it:
/// the GIF and the WebP encoders take the same `FrameInput`, their budget searches return the same
/// `Fitted` shape, and each throws only its own typed `EncodeError`, switched over here.
public enum PreviewBudget {
    /// What the service answers.
    public enum Answer: Sendable, Equatable {
        /// The smaller preview that fits: its format (`gif` or `webp`) and bytes.
        case preview(format: String, bytes: [UInt8])
        /// No preview fits: the smallest size reached.
        case tooLarge(smallest: Int)
        /// The request cannot be served: an HTTP status and the reason to show.
        case rejected(status: Int, reason: String)
    }

    /// The smaller of a GIF and a WebP of `frames` (shown `durations` seconds each) within
    /// `maxBytes`.
    public static func preview(_ frames: [Bitmap], durations: [Double], maxBytes: Int) -> Answer {
        let input = FrameInput(durations: durations) { frames[$0] }
        let gif: GIF.Encoder.Fitted
        do throws(GIF.EncodeError) { gif = try GIF.Encoder().encode(input, maxBytes: maxBytes) } catch {
            switch error {
            case .setting(let setting): return .rejected(status: 400, reason: setting.description)
            case .invalidInput(let reason): return .rejected(status: 422, reason: reason)
            case .frame(let decode): return .rejected(status: 422, reason: decode.description)
            case .cancelled: return .rejected(status: 499, reason: "cancelled")
            case .giflib, .writeFailed, .load, .output: return .rejected(status: 500, reason: error.description)
            }
        }
        let webp: WebP.Encoder.Fitted
        do throws(WebP.EncodeError) { webp = try WebP.Encoder(effort: .fast).encode(input, maxBytes: maxBytes) } catch {
            switch error {
            case .setting(let setting): return .rejected(status: 400, reason: setting.description)
            case .invalidInput(let reason): return .rejected(status: 422, reason: reason)
            case .frame(let decode): return .rejected(status: 422, reason: decode.description)
            case .cancelled: return .rejected(status: 499, reason: "cancelled")
            case .libwebp, .writeFailed, .load, .output: return .rejected(status: 500, reason: error.description)
            }
        }
        let fitting = [("gif", gif.bytes, gif.fits), ("webp", webp.bytes, webp.fits)].filter(\.2).min { $0.1.count < $1.1.count }
        if let (format, bytes, _) = fitting { return .preview(format: format, bytes: bytes) }
        return .tooLarge(smallest: min(gif.bytes.count, webp.bytes.count))
    }
}
