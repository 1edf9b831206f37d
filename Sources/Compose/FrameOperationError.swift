import Animated
import Basics
import Raster

/// Why a ``FrameOperationJob`` wrote nothing. Every case names what it is about.
public enum FrameOperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source could not be read as a sequence or an animation (a missing folder, no frames,
    /// a damaged GIF…).
    case source(Animation.LoadError)
    /// The source's timing cannot be played (a manifest's durations out of range).
    case playback(Animation.PlaybackError)
    /// A setting out of range: which, its value and what it takes.
    case setting(SettingError)
    /// A frame, or a frame the operation makes, over the resource limits.
    case limit(LimitError)
    /// The output's name refused before anything was written (an input, another set's file, a
    /// name that promises no format this job writes).
    case output(OutputError)
    /// The nine-slice does not fit the frame `frame` (insets larger than it, no centre to grow).
    case slice(frame: String, NineSlice.Error)
    /// A frame could not be decoded (`frame` names it).
    case frame(frame: String, PNG.DecodeError)
    /// The size the operation asks for — a slice's or a resize's width and height in points (at
    /// the sequence's scale), a scale's factor — makes frames over the limits: a setting of the
    /// caller's, refused before any frame is changed.
    case size(LimitError)
    /// The size the operation asks for rounds a side of the frames to no pixel: they would be
    /// `width` × `height` pixels (one side 0 or both) — a scale's factor of 1e-9, a slice's or a
    /// resize's width and height of 0.1 points. An image with no pixels, which no format stores:
    /// a setting of the caller's, refused before any frame is changed, as `flipbook resize`
    /// refuses it for one PNG. `subject` names what was measured and the setting (`the frames of
    /// coin scaled by FrameOperation.scale's factor`); `scale` is the pixels per point the size
    /// was taken at (1 for a factor, which scales pixels).
    case noPixels(subject: String, width: Int, height: Int, scale: Int)
    /// The sequence's frames are not all one size (`frame` is `width`×`height` pixels at the
    /// sequence's scale, its first frame `first` is `firstWidth`×`firstHeight`): found before any
    /// frame is changed, as `assemble` refuses them.
    case frameSize(frame: String, width: Int, height: Int, first: String, firstWidth: Int, firstHeight: Int)
    /// Encoding or writing the output failed: the writer's own error (an encoder's, the output
    /// contract's, the file system's), as `RenderJob` reports it.
    case writing(RenderError)
    /// The job was cancelled; nothing was written.
    case cancelled

    /// The output set's `error` (checking the output before any work, or committing it): the
    /// contract's refusal as ``output(_:)``, the file system's failure as ``writing(_:)``.
    static func checking(_ error: OutputSet.Error) -> Self {
        switch error {
        case .refused(let error): .output(error)
        case .write(let error): .writing(.write(error))
        }
    }

    /// A sentence a user can act on, naming the file.
    public var description: String {
        switch self {
        case .source(let error): error.description
        case .playback(let error): error.description
        case .setting(let error): error.description
        case .limit(let error): error.description
        case .output(let error): error.description
        case .slice(let frame, let error):
            // NineSlice names the file itself when given one.
            error.description.hasPrefix(frame) ? error.description : "\(frame): \(error.description)"
        case .frame(_, let error): error.description
        case .writing(let error): error.description
        case .size(let error): error.description
        case .noPixels(let subject, let width, let height, let scale):
            "\(subject) would be \(width)×\(height) px\(scale == 1 ? "" : " at @\(scale)x"): a frame needs at least one pixel a side"
        case .frameSize(let frame, let width, let height, let first, let firstWidth, let firstHeight):
            "\(frame) is \(width)×\(height), the first frame (\(first)) \(firstWidth)×\(firstHeight): all frames of a sequence must be one "
                + "size; export them at one size"
        case .cancelled: "cancelled"
        }
    }
}
