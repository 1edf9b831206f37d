import Animated
import Basics
import GIF
import Raster

/// Why a ``FramesJob`` wrote no frames. Each case names the file or setting at fault.
public enum FramesJobError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setting of the job is out of range, before anything is read: ``FramesJob/limits`` that
    /// are not positive (`ResourceLimits.rangeError`). Basics' `SettingError` names the setting
    /// and the value.
    case setting(SettingError)
    /// The files given (``FramesJob/init(files:prefix:limits:)``) are refused by the rules every
    /// job shares for an upload, in Animated's `Discovery.Error`: a name given twice with
    /// different bytes (`.repeatedName`), several GIFs, APNGs or WebPs and no sheet data
    /// (`.severalAnimations`), no animation or sheet data at all (`.noFrames`).
    case source(Discovery.Error)
    /// The files given hold several sheet data files (`a.atlas`, `b.json`): which sheet to read
    /// cannot be told.
    case severalSheets(data: [String])
    /// The input is a folder (of frames, presumably): there is nothing to explode.
    case folderGiven(path: String)
    /// A prefix was given for a sheet, whose frames are named after its sprites.
    case prefixForSheet(path: String)
    /// The prefix is empty, names a folder or a hidden file.
    case invalidPrefix(String)
    /// An animation was picked (``FramesJob/animation``) from the GIF, APNG or WebP at `path`,
    /// which is one animation: only a sheet's data holds several by name.
    case animationForFile(path: String)
    /// The sheet's data at `file` has no animation named `animation`; `animations` are those it has.
    case animationNotFound(file: String, animation: String, animations: [String])
    /// The GIF, APNG or WebP — or the sheet's data — at `path` is named at `scale`, outside the
    /// `@1x`…`@3x` no reader goes past (`spin@5x.gif` would give `spin1@5x.png…`, `l@9x.atlas`
    /// `walk0@9x.png…`): refused as every reader refuses it (Animated's
    /// `Discovery.Error.scaleOutOfRange`), in the same words, before anything is read or written.
    case scaleOutOfRange(path: String, scale: Int)
    /// The GIF, APNG or WebP could not be read (or asks for more than the limits allow):
    /// Raster's `AnimationDecodeError`, naming the file and format.
    case decode(AnimationDecodeError)
    /// The file given is a still PNG (no `acTL` chunk), whatever its name (`.png`, `.jpg`, none):
    /// there are no frames to explode.
    case stillImage(path: String)
    /// The sheet's data or pages could not be read.
    case sheet(SheetImport.Error)
    /// The sheet's data names a page or data file outside its folder (absolute, with `..`, or a
    /// symbolic link that leads out): nothing there was opened.
    case outsideFolder(SheetImport.PathRefusal)
    /// The input asks for more than ``FramesJob/limits`` allow — sprites, pixels of a page or a
    /// frame, pixels of all frames (`ResourceLimits.maxOutputPixels`) — found before the work;
    /// the error names the limit and the setting that raises it.
    case limit(LimitError)
    /// The output was refused by the output contract (a file where the folder should be, an input).
    case output(OutputError)
    /// A frame could not be encoded (the earlier set stands).
    case encode(PNG.EncodeError)
    /// The GIF's `sequence.json` could not be written (the earlier set stands).
    case manifest(SequenceManifest.Error)
    /// A file could not be written: a full disk, no permission (the earlier set stands).
    case write(FileIO.Error)
    /// The task was cancelled (or the cancellation flag raised) before the frames were written:
    /// nothing was.
    case cancelled

    /// What went wrong.
    public var description: String {
        switch self {
        case .setting(let error): error.description
        case .source(.noFrames(let source)) where source == Discovery.filesGiven:
            "no animation or sheet data among the files given: FramesJob(files:) explodes one GIF, APNG or WebP, "
                + "or a sheet's data file (.json, .atlas, .atlasc, .plist, .tres) given with its pages"
        case .source(let error): error.description
        case .severalSheets(let data):
            "the files given hold \(data.count) sheet data files (\(Discovery.shortList(data))): which sheet to read cannot be told; "
                + "give one data file with its pages"
        case .folderGiven(let path):
            "\(path) is a folder; frames are read from a GIF, an APNG, a WebP or a sheet's data file (.json, .atlas, .atlasc, .plist, .tres) — "
                + "a folder of frames is a source for AssembleJob or SheetJob"
        case .prefixForSheet(let path): "\(path): a prefix names a GIF's frames; a sheet's frames are named after its sprites"
        case .invalidPrefix(let prefix): "the prefix must be a plain file name prefix: no folder, not hidden, none of \\ : * ? \" < > | (got '\(prefix)')"
        case .animationForFile(let path):
            "\(path) is one animation: an animation is picked by name from a sheet's data, which may hold several; leave FramesJob.animation out"
        case .animationNotFound(let file, let animation, let animations):
            "\(file) has no animation named \"\(animation)\": "
                + (animations.isEmpty ? "it names no animations, only frames; leave FramesJob.animation out"
                   : "its animations are \(Discovery.shortList(animations.map { "\"\($0)\"" }))")
        case .scaleOutOfRange(let path, let scale):
            "\(path) is not read: " + (FramesJob.sheetExtensions.contains(OutputName.pathExtension(path)) ? Self.sheetScaleRefusal(path, scale)
                : ImageFileName.animationScaleRefusal(path, animated: true) ?? "it is named @\(scale)x, outside @1x…@3x")
        case .decode(let error): error.description
        case .stillImage(let path):
            "\(path) is a still PNG\(["png", "apng"].contains(OutputName.pathExtension(path)) ? "" : " (whatever its name says)"), "
                + "not an APNG (it has no acTL chunk): there are no frames to explode"
        case .sheet(let error): error.description
        case .outsideFolder(let refusal): refusal.description
        case .limit(let error): error.description
        case .output(let error): error.description
        case .encode(let error): error.description
        case .manifest(let error): error.description
        case .write(let error): error.description
        case .cancelled: "cancelled"
        }
    }

    /// Why sheet data named `path` at `scale` (`l@9x.atlas`) is not read: its frames would be named
    /// `@9x`, which no reader takes, and the names that would do.
    static func sheetScaleRefusal(_ path: String, _ scale: Int) -> String {
        let name = ImageFileName(path: path), range = ImageFileName.scaleRange
        let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        let device = name.device.map { "~" + $0 } ?? "", stem = folder + name.stem, ext = name.pathExtension
        return "it is named @\(scale)x, so its frames would be named @\(scale)x, and frames are read at @\(range.lowerBound)x…@\(range.upperBound)x, "
            + "the scales UIKit loads: no reader would take them; name it \(stem)\(device).\(ext) or \(stem)@\(range.upperBound)x\(device).\(ext)"
    }

    /// The output set's `error`: the contract's refusal as ``output(_:)``, the file system's failure as ``write(_:)``.
    static func writing(_ error: OutputSet.Error) -> FramesJobError {
        switch error {
        case .refused(let error): .output(error)
        case .write(let error): .write(error)
        }
    }

    /// `error` as one of the cases above.
    static func from(_ error: any Error) -> FramesJobError {
        switch error {
        case let error as FramesJobError: error
        case let error as SequenceWriter.Error:
            switch error {
            case .setting(let error): .setting(error)
            case .output(let error), .manifest(.output(let error)), .encode(.output(let error)): .output(error)
            case .write(let error): .write(error)
            case .encode(let error): .encode(error)
            case .manifest(let error): .manifest(error)
            case .limit(let error): .limit(error)
            case .decode(let error): .decode(error)
            case .cancelled: .cancelled
            case .frame(_, let reason): .write(FileIO.Error(path: "", reason: reason, operation: .write))
            case .framesAlreadyRead(let file): .write(FileIO.Error(path: file, reason: error.description, operation: .write))   // a fresh decoder each run: never met
            }
        case let error as AnimationDecodeError: .decode(error)
        case SheetImport.Error.outsideFolder(let refusal): .outsideFolder(refusal)
        case SheetImport.Error.limit(let limit): .limit(limit)
        case let error as SheetImport.Error: .sheet(error)
        case let error as SheetImport.PathRefusal: .outsideFolder(error)
        case let error as LimitError: .limit(error)
        case let error as OutputError: .output(error)
        case PNG.EncodeError.output(let error), SequenceManifest.Error.output(let error): .output(error)
        case let error as PNG.EncodeError: .encode(error)
        case let error as SequenceManifest.Error: .manifest(error)
        case let error as FileIO.Error: .write(error)
        case is CancellationError: .cancelled
        default: .write(FileIO.Error(path: "", reason: "\(error)", operation: .write))
        }
    }
}

extension FramesJobError {
    /// The resource limit this error reports, if it is one (``limit(_:)``, an animation's or a
    /// sheet's over a limit): a caller may raise that limit and retry.
    public var limitError: LimitError? {
        switch self {
        case .limit(let error): error
        case .decode(let error): error.limit
        case .sheet(let error): error.limitError
        default: nil
        }
    }

    /// The setting this error reports, if it is one (``setting(_:)``): a caller may show it beside
    /// the control that sets it.
    public var settingError: SettingError? {
        if case .setting(let error) = self { error } else { nil }
    }
}
