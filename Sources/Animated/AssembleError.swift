import APNG
import Basics
import GIF
import WebP
import Raster

/// Why an ``AssembleJob`` made no animation. Every case names what it is about; switch over them to
/// handle one (a missing folder, a limit to raise, a cancelled request) and describe the rest.
public enum AssembleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source could not become an animation: missing, no frames, several sequences, a broken
    /// `sequence.json`, an unreadable GIF, a GIF among other sources.
    case source(Animation.LoadError)
    /// The timing or the highlighted play asked for does not fit the animation (a delay count
    /// other than the frame count, no highlighted frames). A timing value out of range (an fps of
    /// 0) is a ``setting(_:)``.
    case playback(Animation.PlaybackError)
    /// The highlighted play was asked for (``AssembleJob/highlighted``) and `source` (the folder,
    /// prefix, files or upload given) has none: its `sequence.json` names no `highlighted` prefix.
    case noHighlightedFrames(source: String)
    /// A setting of the job or its encoders is out of range (a repeat count, a scale, a thread
    /// count, colours, the `timing`'s fps, duration or a delay), or means nothing for the format: Basics' `SettingError` names it, the value
    /// given and the values allowed. Switch over its `setting` to handle one.
    case setting(SettingError)
    /// A frame could not be decoded (or is larger than the pixel limit allows).
    case frame(PNG.DecodeError)
    /// The frame `file` is `width × height` pixels (at the animation's scale) where the first
    /// frame, `first`, is `expectedWidth × expectedHeight`: an animation's frames share one size.
    /// Found from the frames' headers when the job is planned, before anything is decoded.
    case frameSize(file: String, width: Int, height: Int, first: String, expectedWidth: Int, expectedHeight: Int)
    /// The frames are `width × height` pixels, over the `maxSide` pixels a side that `format`
    /// holds (``AssembleJob/Format/maxSide``: a GIF's screen, a WebP's canvas).
    case formatSize(format: AssembleJob.Format, width: Int, height: Int, maxSide: Int)
    /// The animation asks for more than the job's Basics' `ResourceLimits` allow (its frame count).
    case limit(LimitError)
    /// The output was refused by the output contract before anything was written: a name that
    /// promises another format, an input, a file Flipbook did not write.
    case output(OutputError)
    /// The frames cannot make one GIF (frames of different sizes), or giflib failed.
    case encode(GIF.EncodeError)
    /// The frames cannot make one APNG (frames of different sizes), or its compressor failed.
    case encodeAPNG(APNG.EncodeError)
    /// The frames cannot make one WebP (frames of different sizes, over 16 383 pixels a side), or libwebp failed.
    case encodeWebP(WebP.EncodeError)
    /// The output could not be written (a full disk, no permission); nothing was left at its name.
    case write(FileIO.Error)
    /// The task was cancelled (or the job's cancellation flag raised): the encode stopped before
    /// the next frame and nothing was written.
    case cancelled

    /// What went wrong, naming the file or setting.
    public var description: String {
        switch self {
        case .source(let error): error.description
        case .playback(let error): error.description
        case .noHighlightedFrames(let source):
            "\(source) has no highlighted frames (name them with \"highlighted\" in its sequence.json)"
        case .setting(let error): error.description
        case .frame(let error): error.description
        case let .frameSize(file, width, height, first, expectedWidth, expectedHeight):
            "\(file) is \(width)×\(height), the first frame (\(first)) \(expectedWidth)×\(expectedHeight): all frames must be one size; export them at one size"
        case let .formatSize(format, width, height, maxSide):
            "the frames are \(width)×\(height); \(format) frames are 1…\(maxSide) pixels a side: resize them, or write \(format == .apng ? "another format" : "an APNG")"
        case .limit(let error): error.description
        case .output(let error): error.description
        case .encode(let error): error.description
        case .encodeAPNG(let error): error.description
        case .encodeWebP(let error): error.description
        case .write(let error): error.description
        case .cancelled: "cancelled"
        }
    }

    /// The resource limit this error reports, if it is one: a caller may raise that limit and retry.
    public var limitError: LimitError? {
        switch self {
        case .source(let error): error.limitError
        case .frame(let error): error.limit
        case .limit(let error): error
        default: nil
        }
    }

    /// The setting this error reports, if it is one (``setting(_:)``, a timing out of range, or an
    /// encoder's `EncodeError.setting`): a caller may show it beside the control that sets it.
    public var settingError: SettingError? {
        switch self {
        case .setting(let error), .playback(.outOfRange(let error)), .encode(.setting(let error)), .encodeAPNG(.setting(let error)),
             .encodeWebP(.setting(let error)): error
        default: nil
        }
    }

    /// The output set's `error`: the contract's refusal as ``output(_:)``, the file system's failure as ``write(_:)``.
    static func writing(_ error: OutputSet.Error) -> AssembleError {
        switch error {
        case .refused(let error): .output(error)
        case .write(let error): .write(error)
        }
    }

    /// `error` as one of the cases above (any error the encoder's input or the output set passes on).
    static func from(_ error: any Error, output: String?) -> AssembleError {
        switch error {
        case let error as AssembleError: error
        case let error as PNG.DecodeError: .frame(error)
        case let error as LimitError: .limit(error)
        case let error as OutputError: .output(error)
        case let error as FileIO.Error: .write(error)
        case GIF.EncodeError.cancelled, is CancellationError: .cancelled
        case GIF.EncodeError.writeFailed(let error): .write(error)
        case GIF.EncodeError.frame(let error), APNG.EncodeError.frame(let error), WebP.EncodeError.frame(let error): .frame(error)
        case GIF.EncodeError.output(let error), APNG.EncodeError.output(let error), WebP.EncodeError.output(let error): .output(error)
        case let error as GIF.EncodeError: .encode(error)
        case APNG.EncodeError.cancelled: .cancelled
        case APNG.EncodeError.writeFailed(let error): .write(error)
        case let error as APNG.EncodeError: .encodeAPNG(error)
        case WebP.EncodeError.cancelled: .cancelled
        case WebP.EncodeError.writeFailed(let error): .write(error)
        case let error as WebP.EncodeError: .encodeWebP(error)
        default: .write(FileIO.Error(path: output ?? "the GIF", reason: "\(error)", operation: .write))
        }
    }
}
