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
