import Basics
import Raster

extension SequenceWriter {
    /// Why a sequence folder could not be written: what ``SequenceWriter`` and
    /// `AnimationDecoder.writeFrames(to:cancellation:progress:)` throw, each case naming the file
    /// or folder. Nothing of the set is in place after any of them.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A setting of the writer is out of range (Basics' `SettingError`, naming it): a `scale`
        /// outside 1…3, limits that are not positive.
        case setting(SettingError)
        /// The output contract refused a frame, `sequence.json` or the folder (Basics'
        /// `OutputError`, naming it): one of the inputs, a file Flipbook did not write, another
        /// set's file, a frame number under 1, a prefix that is no plain file name.
        case output(OutputError)
        /// The folder could not be made, or a file not written (Basics' `FileIO.Error`, naming it).
        case write(FileIO.Error)
        /// A frame could not be encoded as PNG (Raster's `PNG.EncodeError`).
        case encode(PNG.EncodeError)
        /// `sequence.json` could not be written.
        case manifest(SequenceManifest.Error)
        /// A frame's maker (``SequenceWriter/writeFrames(count:progress:_:)``) went over a
        /// resource limit (Basics' `LimitError`, naming what asked for it).
        case limit(LimitError)
        /// A frame's maker failed with an error of the caller's own: frame `number`, and the
        /// error's description.
        case frame(number: Int, reason: String)
        /// A frame of the animation being written out could not be decoded (Raster's
        /// `AnimationDecodeError`, naming the file); a file of no frame is its `noFrames`.
        case decode(AnimationDecodeError)
        /// `AnimationDecoder.writeFrames(to:cancellation:progress:)` or `encodedFrames` was called
        /// on a decoder of `file` that had already handed out every frame (by `nextFrame()` or
        /// `allFrames()`): nothing was left to write. (A file of no frame is refused when its
        /// decoder reads the first one: ``decode(_:)`` with `noFrames`.)
        case framesAlreadyRead(file: String)
        /// The caller's cancellation flag was raised.
        case cancelled

        /// What went wrong, naming the file or folder.
        public var description: String {
            switch self {
            case .setting(let error): error.description
            case .output(let error): error.description
            case .write(let error): error.description
            case .encode(let error): error.description
            case .manifest(let error): error.description
            case .limit(let error): error.description
            case .frame(let number, let reason): "frame \(number) could not be made: \(reason)"
            case .decode(let error): error.description
            case .framesAlreadyRead(let file):
                "\(file): every frame was already read from this decoder, so none was left to write; open a new decoder on the file"
            case .cancelled: "cancelled; nothing was written"
            }
        }

        /// The output set's `error`: the contract's refusal as ``output(_:)``, the file system's failure as ``write(_:)``.
        static func writing(_ error: OutputSet.Error) -> Self {
            switch error {
            case .refused(let error): .output(error)
            case .write(let error): .write(error)
            }
        }

        /// `error`, thrown while writing the set, as one of the cases (`number`: the frame being made).
        static func from(_ error: any Swift.Error, frame number: Int? = nil) -> Self {
            switch error {
            case let error as Self: error
            case let error as SettingError: .setting(error)
            case let error as OutputError: .output(error)
            case let error as FileIO.Error: .write(error)
            case PNG.EncodeError.output(let error), SequenceManifest.Error.output(let error): .output(error)
            case let error as PNG.EncodeError: .encode(error)
            case let error as SequenceManifest.Error: .manifest(error)
            case let error as LimitError: .limit(error)
            case let error as AnimationDecodeError: .decode(error)
            case is CancellationError: .cancelled
            default: number.map { .frame(number: $0, reason: "\(error)") } ?? .write(FileIO.Error(path: "", reason: "\(error)", operation: .write))
            }
        }
    }
}
