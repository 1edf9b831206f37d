import Basics
import Raster

extension WebP {
    /// Why an animated WebP could not be written.
    public enum EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The input cannot make a WebP (no frames, frames of different sizes, over 16 383 pixels a side).
        case invalidInput(String)
        /// A setting of the encoder (its quality, repeat count) or the `maxBytes` asked for is out
        /// of range: Basics' `SettingError` names it.
        case setting(SettingError)
        /// libwebp failed: its reason.
        case libwebp(String)
        /// The output file could not be created, written or renamed into place.
        case writeFailed(FileIO.Error)
        /// The input's cancellation flag was raised: the encode stopped, nothing was written.
        case cancelled
        /// A frame the input's `load` gave could not be read: Raster's `PNG.DecodeError`, naming its file.
        case frame(PNG.DecodeError)
        /// The input's `load` failed with an error of the caller's own: its description.
        case load(reason: String)
        /// The output was refused by the output contract before anything was written (Basics'
        /// `OutputError`): a name that promises another format, an input, a file Flipbook did not write.
        case output(OutputError)



        /// What could not be encoded or written and why, as the CLI prints it.
        public var description: String {
            switch self {
            case .invalidInput(let reason): "cannot encode WebP: \(reason)"
            case .setting(let error): "cannot encode WebP: \(error)"
            case .libwebp(let reason): "WebP encoder failed: \(reason)"
            case .writeFailed(let error): "\(error.path): cannot write WebP: \(error.reason)"
            case .cancelled: "WebP encoding cancelled"
            case .frame(let error): error.description
            case .load(let reason): "cannot make the WebP: a frame could not be read or drawn: \(reason)"
            case .output(let error): error.description
            }
        }
    }
}

/// The encoders share one mapping of thrown errors onto their cases (Raster's `EncoderError`).
extension WebP.EncodeError: EncoderError {}
