import Basics
import Raster

extension GIF {
    /// Why a GIF could not be read. Every case names the file.
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file could not be opened or read.
        case unreadable(file: String, reason: String)
        /// The data does not start with `GIF87a`/`GIF89a`.
        case notGIF(file: String)
        /// giflib rejected the data (truncation, a bad LZW stream, a frame without a colour table…).
        case corrupt(file: String, reason: String)
        /// A screen or frame over the decoder's pixel budget; refused before allocating.
        case tooLarge(file: String, width: Int, height: Int, maxPixels: Int)
        /// More frames than the decoder's frame budget.
        case tooManyFrames(file: String, maxFrames: Int)

        /// The resource limit this error reports, if it is one.
        public var limit: LimitError? {
            switch self {
            case .tooLarge(let file, let width, let height, let maxPixels):
                LimitError(limit: .pixels, subject: file, amount: width * height, maximum: maxPixels, detail: "\(width)×\(height)")
            case .tooManyFrames(let file, let maxFrames):
                LimitError(limit: .frames, subject: file, amount: nil, maximum: maxFrames)
            default: nil
            }
        }

        /// `FILE: what is wrong`; a GIF over a resource limit is described as its `LimitError` would be,
        /// naming the flag that raises the limit.
        public var description: String {
            switch self {
            case .unreadable(let file, let reason): "\(file): cannot read file: \(reason)"
            case .notGIF(let file): "\(file): not a GIF file (no GIF87a/GIF89a signature)"
            case .corrupt(let file, let reason): "\(file): corrupt GIF: \(reason)"
            case .tooLarge, .tooManyFrames: limit!.description
            }
        }
    }

    /// Why a GIF could not be written.
    public enum EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The input cannot make a GIF (no frames, frames of different sizes, a screen over 65535).
        case invalidInput(String)
        /// A setting of the encoder (its colours, scale, repeat count, dithering) or the `maxBytes`
        /// asked for is out of range: Basics' `SettingError` names it.
        case setting(SettingError)
        /// giflib failed while writing.
        case giflib(String)
        /// The output file could not be created, written or renamed into place: the file, the
        /// system's reason and its kind (a missing folder, no permission, a full disk).
        case writeFailed(FileIO.Error)
        /// The input's ``Encoder/Input/cancellation`` flag was raised: the encode stopped, nothing was written.
        case cancelled

        /// What could not be encoded or written and why, as the CLI prints it.
        public var description: String {
            switch self {
            case .invalidInput(let reason): "cannot encode GIF: \(reason)"
            case .setting(let error): "cannot encode GIF: \(error)"
            case .giflib(let reason): "GIF encoder failed: \(reason)"
            case .writeFailed(let error): "\(error.path): cannot write GIF: \(error.reason)"
            case .cancelled: "GIF encoding cancelled"
            }
        }
    }
}
