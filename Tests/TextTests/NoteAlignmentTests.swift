import Basics
import Foundation
import Raster
import Testing
import TestSupport
import Text

/// Round 68t F7: a note's box is its text's width rounded up to whole points (as a label of the
/// ceiled `boundingRect` size), but right-aligned, centred and right-to-left lines were aligned in
/// the exact width, ending up to a point short of the right inset. On a clear chrome (the inked
/// pixels are the text's), right-aligned text now moves right by the rounding, left-aligned does not.
@Suite struct NoteAlignmentTests {
    static let insets = NineSlice.Insets(top: 4, left: 4, bottom: 4, right: 4)

    /// The rightmost column with ink.
    static func rightmostInk(_ bitmap: Bitmap) -> Int {
        var right = -1
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap[x, y].a > 0 { right = max(right, x) } }
        return right
    }

    @Test(arguments: ["Hi there", "A caption", "Speech bubble"])
    func rightAlignedTextEndsAtTheRightInset(text: String) throws {
        let chrome = try Bitmap(width: 30, height: 30, scale: 3)
        func note(_ alignment: TextStyle.Alignment) throws -> Bitmap {
            let style = TextStyle(font: try Font.standard(), size: 17, alignment: alignment)
            return try Note(text: text, style: style, chrome: chrome, insets: Self.insets).render(scale: 3)
        }
        let width = try TextLayout(text, style: TextStyle(font: try Font.standard(), size: 17)).width
        let rounding = (width.rounded(.up) - width) * 3
        let left = try note(.left), right = try note(.right)
        #expect(left.width == right.width)
        let shift = Self.rightmostInk(right) - Self.rightmostInk(left)
        #expect(abs(Double(shift) - rounding) <= 1, "moved \(shift) px for a rounding of \(rounding) px")
    }
}

/// Round 70t F1: `clipping` cut a line only at the right edge of its width: a right-aligned,
/// centred or right-to-left line wider than the box spilled out on the left (ink from x 0 for a
/// box from 250). Nothing is drawn outside the box now, at either edge.
@Suite struct ClippingBothEdgesTests {
    @Test(arguments: [TextStyle.Alignment.right, .center, .natural, .left])
    func aClippedLineStaysInsideItsBox(alignment: TextStyle.Alignment) throws {
        let text = alignment == .natural ? "שלום עולם זה טקסט בעברית לבדיקה של שבירת שורות" : "Tap anywhere on the screen to spawn a new explosion"
        var style = TextStyle(font: try Font.standard(), size: 18, alignment: alignment)
        style.lineBreakMode = .clipping
        let layout = try TextLayout(text, style: style, maxWidth: 200)
        var bitmap = try Bitmap(width: 600, height: 40, scale: 1)
        try layout.draw(into: &bitmap, x: 250, y: 5)
        var columns: [Int] = []
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap[x, y].a > 0 { columns.append(x) } }
        #expect(!columns.isEmpty)
        #expect((columns.min() ?? 0) >= 250 && (columns.max() ?? 600) < 451, "ink from \(columns.min() ?? -1) to \(columns.max() ?? -1)")
    }
}

/// Round 71t: a truncated line could be wider than its `maxWidth`. An Arabic letter cut from its
/// neighbour takes a wider shape beside the ellipsis than it had in the paragraph (`مرحبا ب…` 7 pt
/// past a 56 pt box), and a width narrower than the ellipsis drew the ellipsis whole, outside the
/// box. Every truncated line fits now, and one where not even the ellipsis fits is drawn empty.
@Suite struct TruncationFitsTests {
    static let texts = ["مرحبا بالعالم الجميل جدا", "Hello wonderful world of sprites", "שלום עולם זה טקסט בעברית"]

    @Test(arguments: [TextStyle.LineBreakMode.truncatingTail, .truncatingMiddle, .truncatingHead])
    func everyTruncatedLineFitsItsWidth(mode: TextStyle.LineBreakMode) throws {
        var checked = 0
        for text in Self.texts {
            for width in stride(from: 3.0, through: 200, by: 3) {
                var style = TextStyle(font: try Font.standard(), size: 14)
                style.lineBreakMode = mode
                let layout = try TextLayout(text, style: style, maxWidth: width)
                for line in layout.lines {
                    #expect(line.width <= width + 1e-9, "\(mode) \(text) at \(width): \(line.width)")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.texts.count * 66)
    }

    @Test func aWidthNarrowerThanTheEllipsisDrawsNothing() throws {
        var style = TextStyle(font: try Font.standard(), size: 14, alignment: .right)
        style.lineBreakMode = .truncatingTail
        let layout = try TextLayout("Hello wonderful world of sprites", style: style, maxWidth: 3)
        var bitmap = try Bitmap(width: 60, height: 30, scale: 2)
        try layout.draw(into: &bitmap, x: 20, y: 5)
        #expect(!bitmap.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 }, "ink drawn for a line that cannot hold an ellipsis")
    }
}
