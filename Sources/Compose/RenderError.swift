import Animated
import APNG
import Atlas
import Basics
import GIF
import Raster
import WebP

/// Why a ``RenderJob`` wrote nothing. Every case names what it is about; switch over them to handle
/// one (a typo in the scene, a limit to raise, a cancelled request) and describe the rest.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scene file could not be read: its JSON, a key, a value, an image or a sequence
    /// (``SceneFileError``, naming the file and key path).
    case scene(SceneFileError)
    /// A setting of the job is out of range (``RenderJob/scale``, ``RenderJob/fps``,
    /// ``RenderJob/repeatCount``, ``RenderJob/threads``, a resource limit): Basics' `SettingError`
    /// names it, the value given and the values allowed.
    case setting(SettingError)
    /// The render asks for more than the job's Basics' `ResourceLimits` allow (a sheet holding
    /// every frame over `maxDecodedBytes`).
    case limit(LimitError)
    /// The output was refused by the output contract before anything was written: a name that
    /// promises no format ``RenderJob`` writes, an input, a file Flipbook did not write.
    case output(OutputError)
    /// A frame could not be drawn: a sequence layer's frame that cannot be decoded when it is due.
    case render(CompositionError)
    /// The frames cannot make one GIF, or giflib failed.
    case encode(GIF.EncodeError)
    /// The frames cannot make one APNG, or its compressor failed.
    case encodeAPNG(APNG.EncodeError)
    /// The frames cannot make one WebP (over 16 383 pixels a side), or libwebp failed.
    case encodeWebP(WebP.EncodeError)
    /// A frame could not be encoded as PNG (a folder's frame, a sheet's page).
    case encodePNG(PNG.EncodeError)
    /// The frames cannot be packed into a sprite sheet: a frame too large for a page, names that
    /// clash (Atlas' `SheetBuilder.Error`, the error `flipbook sheet` reports for the same frames).
    case packing(SheetBuilder.Error)
    /// The sheet's data format cannot say the frames (Atlas' `SheetExport.Error`).
    case format(SheetExport.Error)
    /// The output could not be written (a full disk, no permission); nothing was left at its name.
    case write(FileIO.Error)
    /// The task was cancelled (or the job's cancellation flag raised): rendering stopped before
    /// the next frame and nothing was written.
    case cancelled

    /// What went wrong, naming the file or setting.
    public var description: String {
        switch self {
        case .scene(let error): error.description
        case .setting(let error): error.description
        case .limit(let error): error.description
        case .output(let error): error.description
        case .render(let error): error.description
        case .encode(let error): error.description
        case .encodeAPNG(let error): error.description
        case .encodeWebP(let error): error.description
        case .encodePNG(let error): error.description
        // A render's sheet has no page size to raise (RenderJob has no SheetBuilder): the way out is another output.
        case .packing(let error):
            // A render has no page size to raise (SheetBuilder's advice): it says what does work.
            switch error {
            case .doesNotFit(let maxSide): "the sprites do not fit one \(maxSide)×\(maxSide) page; " + Self.largerSheet(maxSide)
            case let .spriteTooLarge(name, width, height, _, maxSide):
                "'\(name)' is \(width)×\(height), larger than a \(maxSide)×\(maxSide) page; " + Self.largerSheet(maxSide)
            default: error.description
            }
        case .format(let error): error.description
        case .write(let error): error.description
        case .cancelled: "cancelled"
        }
    }

    /// What works when a rendered sheet's frames do not fit its `maxSide` page.
    private static func largerSheet(_ maxSide: Int) -> String {
        "a rendered sheet's pages are at most \(maxSide) px: render frames into a folder, or a GIF, APNG or WebP, "
            + "and pack them with a sheet of a larger page"
    }

    /// The resource limit this error reports, if it is one: a caller may raise that limit and retry.
    public var limitError: LimitError? {
        switch self {
        case .scene(let error): error.limitError
        case .limit(let error), .render(.limit(let error)): error
        default: nil
        }
    }

    /// The setting this error reports, if it is one (``setting(_:)``, or an encoder's): a caller
    /// may show it beside the control that sets it.
    public var settingError: SettingError? {
        switch self {
        case .setting(let error), .encode(.setting(let error)), .encodeAPNG(.setting(let error)), .encodeWebP(.setting(let error)): error
        default: nil
        }
    }

    /// The output set's `error`: the contract's refusal as ``output(_:)``, the file system's failure as ``write(_:)``.
    static func writing(_ error: OutputSet.Error) -> RenderError {
        switch error {
        case .refused(let error): .output(error)
        case .write(let error): .write(error)
        }
    }

    /// `error` as one of the cases above (any error the renderer, an encoder or the output set passes on).
    static func from(_ error: any Error, output: String?) -> RenderError {
        switch error {
        case let error as RenderError: error
        case let error as CompositionError: .render(error)
        case let error as LimitError: .limit(error)
        case let error as OutputError: .output(error)
        case let error as FileIO.Error: .write(error)
        case let error as PNG.EncodeError: .encodePNG(error)
        case is CancellationError: .cancelled
        case GIF.EncodeError.cancelled, APNG.EncodeError.cancelled, WebP.EncodeError.cancelled: .cancelled
        case GIF.EncodeError.writeFailed(let error), APNG.EncodeError.writeFailed(let error), WebP.EncodeError.writeFailed(let error): .write(error)
        case GIF.EncodeError.output(let error), APNG.EncodeError.output(let error), WebP.EncodeError.output(let error): .output(error)
        case let error as GIF.EncodeError: .encode(error)
        case let error as APNG.EncodeError: .encodeAPNG(error)
        case let error as WebP.EncodeError: .encodeWebP(error)
        case SheetExport.Error.output(let error): .output(error)
        // A folder of frames: the contract's refusals stay refusals (exit 2), not write failures.
        case SequenceWriter.Error.output(let error): .output(error)
        // A scale the folder's names cannot carry (`@4x`…`@8x`): the job's setting.
        case SequenceWriter.Error.setting(let error): .setting(error)
        case SequenceWriter.Error.write(let error): .write(error)
        case SequenceWriter.Error.encode(let error): .encodePNG(error)
        case SequenceWriter.Error.limit(let error): .limit(error)
        case SequenceWriter.Error.cancelled: .cancelled
        case let error as SheetBuilder.Error: .packing(error)
        case let error as SheetExport.Error: .format(error)
        default: .write(FileIO.Error(path: output ?? "the output", reason: "\(error)", operation: .write))
        }
    }
}
