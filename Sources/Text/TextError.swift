import Basics
import Raster

/// Why text could not be set or drawn.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A font file that cannot be read or is not a scalable TrueType/OpenType font.
    case fontUnreadable(file: String, reason: String)
    /// The font that ships with the library is missing from its resources (a broken install).
    case standardFontMissing
    /// A setting out of its range: Basics' `SettingError` names it (a value to switch over:
    /// `.size`, `.lineSpacing`, `.maxWidth`, `.scale`, `.position`), the value given and what it takes.
    case setting(SettingError)
    /// More text than one layout takes (`TextLayout.maximumLength` UTF-16 units).
    case tooLong(length: Int, maximum: Int)
    /// A character — a grapheme cluster: a base and the combining marks on it — of more code points
    /// than one layout sets (`TextLayout.maximumCharacterLength`), starting at `offset` (UTF-16 units
    /// into the text): shaping one takes time growing with the square of its length (a letter under
    /// 50 000 accents took minutes, in Pango too), and no script needs more than a few dozen.
    case characterTooLong(offset: Int, codePoints: Int, maximum: Int)
    /// A ``Note`` of no text (`""`, or only spaces and line breaks, which set no width): a note
    /// grows its chrome around its text, and such a one made a note narrower than its chrome
    /// (24 px from a 25 px chrome). Refused.
    case emptyNote
    /// The chrome of a ``Note`` (named by `file`) cannot be nine-sliced to the text's size.
    case chrome(file: String, NineSlice.Error)
    /// A bitmap over the resource limits.
    case limit(LimitError)
    /// ICU failed (an ICU error code); not expected on valid UTF-16.
    case unicode(operation: String, code: Int)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .fontUnreadable(let file, let reason): "\(file): cannot be used as a font: \(reason)"
        case .standardFontMissing: "the font that ships with Flipbook (DejaVuSans.ttf) is missing from its resources: reinstall, or give a font file"
        case .setting(let error): error.description
        case .tooLong(let length, let maximum): "the text is \(length) UTF-16 units long; one layout takes at most \(maximum)"
        case .characterTooLong(let offset, let codePoints, let maximum):
            "the text holds a character of \(codePoints) code points (a base and the combining marks on it, at UTF-16 offset "
                + "\(offset)); a character is set with at most \(maximum) (shaping one takes time growing with the square of its "
                + "length; Unicode's stream-safe text has at most 31): fewer marks on one letter"
        case .emptyNote: "the note's text sets no width (it is empty, or only spaces, tabs, line breaks or marks that take none, such as combining "
            + "accents with no letter; tabs only move the next character to a stop, so a text of tabs alone draws nothing): a note grows its chrome "
            + "around its text; give the text to set"
        case .chrome(let file, .insetsExceedImage(_, let width, let height, let horizontal, let vertical)):
            // A note's chrome always grows: it needs a centre, so the bound is "less than".
            "\(file): cap insets take \(horizontal)×\(vertical) px (left + right × top + bottom) of a \(width)×\(height) px chrome, "
                + "which leaves no centre to grow the note with; give insets whose left + right is less than \(width) px (at most "
                + "\(max(width - 1, 0)) px) and top + bottom less than \(height) px (at most \(max(height - 1, 0)) px), in points "
                + "divided by the scale"
        case .chrome(let file, let error): "\(file): \(error.description)"
        case .limit(let error): error.description
        case .unicode(let operation, let code): "ICU's \(operation) failed (error \(code))"
        }
    }
}
