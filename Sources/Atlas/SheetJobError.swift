import Animated
import Basics
import Raster

/// Why a ``SheetJob`` wrote no sheet. Every case names what it is about; switch over them to handle
/// one (a refusal to show the user, a limit to raise, a cancelled request) and describe the rest.
public enum SheetJobError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A source is missing, is no folder of frames, may not be read or holds no PNG.
    case source(Discovery.Error)
    /// A folder's `sequence.json` cannot be read or does not fit its frames.
    case manifest(SequenceManifest.Error)
    /// A frame cannot be decoded (or is over the pixel limit).
    case frame(PNG.DecodeError)
    /// The frames ask for more than the job's Basics' `ResourceLimits` allow (decoded bytes held).
    case limit(LimitError)
    /// The sprites cannot be packed as asked (a sprite larger than a page, sizes that do not divide by their scale).
    case packing(SheetBuilder.Error)
    /// The engine cannot read what was asked for (rotation, premultiplied pages, several pages).
    case engine(SheetEngine.Refusal)
    /// The data format cannot hold what was asked for (rotation, premultiplied pages, another engine's format).
    case format(SheetExport.Error)
    /// An output was refused by the output contract before anything was written (a name, an input, a user's file).
    case output(OutputError)
    /// A file could not be written (a full disk, no permission); the earlier set stands.
    case write(FileIO.Error)
    /// A page could not be encoded as PNG.
    case encode(PNG.EncodeError)
    /// The task was cancelled (or the cancellation flag raised) before the sheet was written.
    case cancelled
    /// A setting of the job or its builder is out of range (its frame rate, its thread count, a
    /// padding): Basics' `SettingError` names it, the value given and the values allowed.
    case setting(SettingError)

    /// What went wrong, naming the file or setting.
    public var description: String {
        switch self {
        case .source(let error): error.description
        case .manifest(let error): error.description
        case .frame(let error): error.description
        case .limit(let error): error.description
        case .packing(let error): error.description
        case .engine(let error): error.description
        case .format(let error): error.description
        case .output(let error): error.description
        case .write(let error): error.description
        case .encode(let error): error.description
        case .cancelled: "cancelled"
        case .setting(let error): error.description
        }
    }

    /// The resource limit this error reports, if it is one: a caller may raise that limit and retry.
    public var limitError: LimitError? {
        switch self {
        case .limit(let error): error
        case .frame(let error): error.limit
        default: nil
        }
    }

    /// The setting this error reports, if it is one (``setting(_:)``): a caller may show it beside
    /// the control that sets it.
    public var settingError: SettingError? {
        if case .setting(let error) = self { error } else { nil }
    }

    /// `error` as one of the cases above.
    static func from(_ error: any Error, output: String) -> SheetJobError {
        switch error {
        case let error as SheetJobError: error
        case let error as Discovery.Error: .source(error)
        case let error as SequenceManifest.Error: .manifest(error)
        case let error as PNG.DecodeError: .frame(error)
        case let error as LimitError: .limit(error)
        case let error as SheetBuilder.Error: .packing(error)
        case let error as SheetEngine.Refusal: .engine(error)
        case SheetExport.Error.output(let error), SheetExport.Error.encode(.output(let error)), PNG.EncodeError.output(let error),
             SequenceManifest.Error.output(let error): .output(error)
        case SheetExport.Error.write(let error): .write(error)
        case SheetExport.Error.encode(let error): .encode(error)
        case let error as SheetExport.Error: .format(error)
        case let error as OutputError: .output(error)
        case let error as FileIO.Error: .write(error)
        case let error as PNG.EncodeError: .encode(error)
        case is CancellationError: .cancelled
        default: .write(FileIO.Error(path: output, reason: "\(error)", operation: .write))
        }
    }
}
