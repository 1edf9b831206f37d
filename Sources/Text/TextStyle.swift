import Basics
import Raster

/// How text is set: font, size, colour, alignment, wrapping and spacing — the attributes of
/// `NSAttributedString` and `NSParagraphStyle` that text in sprites needs.
public struct TextStyle: Sendable {
    /// Where lines sit between the left and right edges (`NSTextAlignment`).
    public enum Alignment: String, Sendable, CaseIterable {
        /// Left for left-to-right paragraphs, right for right-to-left ones (the default).
        case natural
        /// Against the left edge.
        case left
        /// Centred.
        case center
        /// Against the right edge.
        case right
    }

    /// What happens to a line longer than the width (`NSLineBreakMode`).
    public enum LineBreakMode: String, Sendable, CaseIterable {
        /// Wrap at word boundaries (Unicode's line-break rules); a word longer than the width is
        /// broken between characters (the default, as UIKit does).
        case wordWrapping
        /// Wrap between any two characters (grapheme clusters).
        case charWrapping
        /// One line per paragraph, cut at the edge.
        case clipping
        /// One line per paragraph; what does not fit at its start is replaced by an ellipsis.
        case truncatingHead
        /// One line per paragraph; what does not fit at its end is replaced by an ellipsis.
        case truncatingTail
        /// One line per paragraph; what does not fit in its middle is replaced by an ellipsis.
        case truncatingMiddle

        /// Whether paragraphs wrap onto several lines.
        var wraps: Bool { self == .wordWrapping || self == .charWrapping }
    }

    /// The font.
    public var font: Font
    /// Points per em, more than 0 and at most ``maximumSize``.
    public var size: Double
    /// The colour of the glyphs.
    public var color: Color
    /// Where lines sit.
    public var alignment: Alignment
    /// What happens to lines longer than the width.
    public var lineBreakMode: LineBreakMode
    /// Points added between lines (`NSParagraphStyle.lineSpacing`), 0 or more.
    public var lineSpacing: Double

    /// The largest size, in points.
    public static let maximumSize = 1000.0

    /// A style; everything not given as UIKit's defaults (black, natural alignment, word
    /// wrapping, no extra line spacing).
    public init(font: Font, size: Double, color: Color = .black, alignment: Alignment = .natural,
                lineBreakMode: LineBreakMode = .wordWrapping, lineSpacing: Double = 0) {
        self.font = font
        self.size = size
        self.color = color
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
    }

    /// Refuses a size or spacing out of range, naming the setting.
    func check() throws(TextError) {
        guard size.isFinite, size > 0, size <= Self.maximumSize else {
            throw .setting(SettingError(.size, of: "TextStyle", value: size, allowed: .above(0, atMost: Self.maximumSize)))
        }
        guard lineSpacing.isFinite, lineSpacing >= 0, lineSpacing <= Self.maximumSize else {
            throw .setting(SettingError(.lineSpacing, of: "TextStyle", value: lineSpacing, allowed: .interval(0...Self.maximumSize)))
        }
    }
}
