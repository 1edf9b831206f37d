import Basics
import Raster

extension GIF {
    /// Why a GIF could not be written.
    public enum EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The input cannot make a GIF (no frames, frames of different sizes, a screen over 65535).
        case invalidInput(String)
        /// A setting of the encoder (its colours, scale, repeat count, dithering) or the `maxBytes`
        /// asked for is out of range: Basics' `SettingError` names it.
        case setting(SettingError)
        /// The stream could not be written (the name is from when giflib wrote it): a writer used
        /// after it finished, or a drain that failed with an error of another kind.
        case giflib(String)
        /// The output file could not be created, written or renamed into place: the file, the
        /// system's reason and its kind (a missing folder, no permission, a full disk).
        case writeFailed(FileIO.Error)
        /// The input's `cancellation` flag was raised: the encode stopped, nothing was written.
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
            case .invalidInput(let reason): "cannot encode GIF: \(reason)"
            case .setting(let error): "cannot encode GIF: \(error)"
            case .giflib(let reason): "GIF encoder failed: \(reason)"
            case .writeFailed(let error): "\(error.path): cannot write GIF: \(error.reason)"
            case .cancelled: "GIF encoding cancelled"
            case .frame(let error): error.description
            case .load(let reason): "cannot make the GIF: a frame could not be read or drawn: \(reason)"
            case .output(let error): error.description
            }
        }
    }
}

/// The encoders share one mapping of thrown errors onto their cases (Raster's `EncoderError`).
extension GIF.EncodeError: EncoderError {}
