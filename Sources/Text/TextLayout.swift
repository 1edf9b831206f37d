import Basics
import Raster

/// Text set in lines: shaped by HarfBuzz with the font's kerning and ligatures, broken where
/// Unicode's line-breaking rules allow (ICU), each line in visual order by the bidi algorithm,
/// aligned and spaced by its ``TextStyle`` — what `boundingRect(with:options:attributes:)`
/// measures and `draw(in:)` draws. Positions are in points from the layout's top-left corner,
/// y down; ``draw(into:x:y:)`` draws it into a bitmap at the bitmap's scale.
///
/// ```swift
/// let style = TextStyle(font: try Font.standard(), size: 25)
/// let layout = try TextLayout("Tap anywhere to explode", style: style, maxWidth: 300)
/// print(layout.width, layout.height, layout.lines.count)
/// ```
public struct TextLayout: Sendable {
    /// One glyph, placed: its id in the font, and its origin on the baseline in points from the
    /// layout's top-left corner.
    public struct Glyph: Sendable, Equatable {
        /// The glyph's index in the font.
        public var id: UInt32
        /// Its origin's distance from the layout's left edge, in points.
        public var x: Double
        /// Its origin's distance from the layout's top edge (its baseline, shifted by marks), in points.
        public var y: Double
    }

    /// One line of the layout.
    public struct Line: Sendable {
        /// The part of the text it shows (a truncated line stands for its whole paragraph).
        public var range: Range<String.Index>
        /// Its left edge after alignment, in points from the layout's left edge.
        public var x: Double
        /// Its baseline, in points from the layout's top edge.
        public var baseline: Double
        /// Its advance width, white space at its end left out, in points.
        public var width: Double
        /// Whether its paragraph runs right to left.
        public var isRightToLeft: Bool
        /// Its glyphs in visual order (left to right), placed in the layout's coordinates.
        public var glyphs: [Glyph]
    }

    /// The most UTF-16 units one layout takes.
    public static let maximumLength = 1_000_000
    /// The most code points one character (grapheme cluster) of a text may hold: shaping a cluster
    /// takes time growing with the square of its length (HarfBuzz's, and so Pango's), so a text of
    /// ``maximumLength`` units in clusters of this length still lays out in about two seconds, where
    /// one cluster of 50 000 marks took minutes. Real text stays far below: Unicode's stream-safe
    /// format allows 31; emoji sequences take about ten.
    public static let maximumCharacterLength = 256

    /// The style it was set in.
    public let style: TextStyle
    /// The width it was set to, or nil for lines as long as their paragraphs.
    public private(set) var maxWidth: Double?
    /// Its lines, top to bottom.
    public private(set) var lines: [Line]
    /// The widest line's width, in points (the used rectangle's width).
    public let width: Double
    /// From the first line's top to the last line's bottom, in points: lines × line height plus
    /// the spacing between them.
    public let height: Double
    /// Characters the font has no glyph for, each once, in order of appearance: they are drawn as
    /// the font's "missing glyph" box; a caller reports them or chooses another font.
    public let missingCharacters: [Character]
    /// Control characters in the text other than tabs and line breaks (U+0000–U+001F,
    /// U+007F–U+009F), each once, in order: they take no width and are not drawn, as UIKit sets
    /// them; a caller may report them. A tab advances to the next stop every 28 points from the
    /// line's start (`NSParagraphStyle`'s default tab stops) and draws nothing.
    public let controlCharacters: [Character]

    /// The height of one line in points: the font's ascender and descender at the size, each
    /// rounded up to a whole point (as FreeType gives them to Pango, so lines sit on whole points
    /// at every scale), plus its line gap (UIKit's `leading`).
    public var lineHeight: Double { Self.metrics(style).lineHeight }

    /// The first baseline's distance from the top and the height of a line, in points.
    static func metrics(_ style: TextStyle) -> (ascender: Double, lineHeight: Double) {
        let shaper = style.font.shaper, perUnit = style.font.pointsPerUnit(size: style.size)
        let ascender = (Double(shaper.ascender) * perUnit - 1e-9).rounded(.up)
        let descender = (Double(shaper.descender) * perUnit - 1e-9).rounded(.up)
        return (ascender, ascender + descender + Double(shaper.lineGap) * perUnit)
    }

    /// Sets `text` in `style`, wrapping (or truncating, by the style's line-break mode) lines
    /// longer than `maxWidth` points; nil sets each paragraph on one line.
    /// - Throws: ``TextError/setting(_:)`` for a size, spacing or width out of
    ///   range; ``TextError/tooLong(length:maximum:)`` over ``maximumLength``;
    ///   ``TextError/characterTooLong(offset:codePoints:maximum:)`` for a character over ``maximumCharacterLength`` code points.
    public init(_ text: String, style: TextStyle, maxWidth: Double? = nil) throws(TextError) {
        try style.check()
        if let maxWidth, !(maxWidth.isFinite && maxWidth > 0 && maxWidth <= 1_000_000) {
            throw .setting(SettingError(.maxWidth, of: "TextLayout", value: maxWidth, allowed: .above(0, atMost: 1_000_000)))
        }
        let units = Array(text.utf16)
        guard units.count <= Self.maximumLength else { throw .tooLong(length: units.count, maximum: Self.maximumLength) }
        try Self.checkCharacters(text)
        self.style = style
        self.maxWidth = maxWidth
        var setter = LineSetter(text: text, units: units, style: style, maxWidth: maxWidth)
        let set = try setter.setLines()
        let widest = set.map(\.width).max() ?? 0
        let container = maxWidth ?? widest
        let (ascender, lineHeight) = Self.metrics(style)
        let pitch = lineHeight + style.lineSpacing
        var lines: [Line] = []
        for (index, line) in set.enumerated() {
            let x: Double = switch style.alignment {
            case .left: 0
            case .right: container - line.width
            case .center: (container - line.width) / 2
            case .natural: line.isRightToLeft ? container - line.width : 0
            }
            let baseline = ascender + Double(index) * pitch
            let start = String.Index(utf16Offset: line.range.lowerBound, in: text)
            let end = String.Index(utf16Offset: line.range.upperBound, in: text)
            lines.append(Line(range: start..<end, x: x, baseline: baseline, width: line.width, isRightToLeft: line.isRightToLeft,
                              glyphs: line.glyphs.map { Glyph(id: $0.id, x: x + $0.x, y: baseline + $0.y) }))
        }
        self.lines = lines
        width = widest
        height = lines.isEmpty ? 0 : Double(lines.count) * pitch - style.lineSpacing
        missingCharacters = setter.missing
        controlCharacters = setter.controls
    }

    /// Refuses a character of more than ``maximumCharacterLength`` code points (``TextError/characterTooLong(offset:codePoints:maximum:)``).
    private static func checkCharacters(_ text: String) throws(TextError) {
        var offset = 0
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count > maximumCharacterLength {
                throw .characterTooLong(offset: offset, codePoints: scalars.count, maximum: maximumCharacterLength)
            }
            offset += character.utf16.count
        }
    }

    /// The same lines, broken where they are, aligned in `width` points instead of the width they
    /// were set to (a note's lines in the width they take): setting the text again in that width
    /// could break it elsewhere, a line measured alone being a kerning pair narrower than in its paragraph.
    func aligned(within width: Double) -> TextLayout {
        var copy = self
        copy.maxWidth = width
        let old = maxWidth ?? self.width
        copy.lines = lines.map { line in
            let shift: Double = switch style.alignment {
            case .left: 0
            case .right: width - old
            case .center: (width - old) / 2
            case .natural: line.isRightToLeft ? width - old : 0
            }
            var moved = line
            moved.x += shift
            for index in moved.glyphs.indices { moved.glyphs[index].x += shift }
            return moved
        }
        return copy
    }
}
