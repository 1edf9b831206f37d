import Basics
import Raster

/// Why a ``NoteJob`` wrote nothing. Every case names what it is about; switch over them to handle
/// one (a setting to correct, a chrome to replace) and describe the rest.
public enum NoteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setting of the job is out of range (``NoteJob/scale``, ``NoteJob/fontSize``,
    /// ``NoteJob/lineSpacing``, ``NoteJob/maxWidth``, ``NoteJob/insets`` — negative, not finite,
    /// or leaving the chrome no centre — a ``NoteJob/limits`` value that is not positive): Basics'
    /// `SettingError` names it, the value given and the values allowed.
    case setting(SettingError)
    /// The chrome image could not be read as a PNG (Raster's `PNG.DecodeError`, naming the file).
    case chrome(PNG.DecodeError)
    /// The text could not be set or drawn in the chrome: a font that cannot be read, a text too
    /// long, a chrome that cannot be nine-sliced to the text, a bitmap over the limits.
    case text(TextError)
    /// The output was refused by the output contract before anything was written: not a `.png`
    /// name, an input, a file Flipbook did not write (Basics' `OutputError`).
    case output(OutputError)
    /// The PNG could not be encoded or written (a full disk, no permission); nothing was left at its name.
    case write(PNG.EncodeError)
    /// The task was cancelled (or the job's cancellation flag raised) before the note was written.
    case cancelled

    /// What went wrong, naming the file or setting.
    public var description: String {
        switch self {
        case .setting(let error): error.description
        // Named as the chrome: `nonexist.png: cannot read file` did not say which of the note's files it was.
        case .chrome(let error): "the chrome " + error.description
        case .text(let error): error.description
        case .output(let error): error.description
        case .write(let error): error.description
        case .cancelled: "cancelled"
        }
    }
}

extension NoteError {
    /// The resource limit this error reports, if it is one (the chrome over the pixel limit, the
    /// note's bitmap over the limits): a caller may raise that limit and retry.
    public var limitError: LimitError? {
        switch self {
        case .chrome(let error): error.limit
        case .text(.limit(let error)): error
        default: nil
        }
    }

    /// The setting this error reports, if it is one (``setting(_:)``, or the text's): a caller may
    /// show it beside the control that sets it.
    public var settingError: SettingError? {
        switch self {
        case .setting(let error), .text(.setting(let error)): error
        default: nil
        }
    }
}
