import Raster
import Testing
@testable import Text

@Suite struct TextLayoutTests {
    static func style(_ size: Double = 20, _ mode: TextStyle.LineBreakMode = .wordWrapping,
                      alignment: TextStyle.Alignment = .natural) throws -> TextStyle {
        TextStyle(font: try Font.standard(), size: size, alignment: alignment, lineBreakMode: mode)
    }

    @Test func standardFontLoads() throws {
        let font = try Font.standard()
        #expect(font.familyName == "DejaVu Sans")
        // Its style is the family's plain one ("Book"), left out of the name messages give; a bold
        // italic face keeps its style (round 65t: C059 Bold Italic was said "the font (C059)").
        #expect(font.styleName == "Book" && font.name == "DejaVu Sans")
        #expect(font.shaper.unitsPerEm == 2048)
    }

    @Test func clippingKeepsOneLineAndDrawsNothingPastTheWidth() throws {
        let layout = try TextLayout("A line much longer than forty points", style: try Self.style(16, .clipping), maxWidth: 40)
        #expect(layout.lines.count == 1)
        #expect(layout.width > 40)
        var bitmap = try Bitmap(width: 200, height: 30)
        try layout.draw(into: &bitmap)
        for y in 0..<30 { for x in 40..<200 { #expect(bitmap.pixels[(y * 200 + x) * 4 + 3] == 0) } }
    }

    @Test func missingGlyphsAreReportedOnceEach() throws {
        let layout = try TextLayout("Boom 爆炸 爆 ok", style: try Self.style())
        #expect(layout.missingCharacters == ["爆", "炸"])
    }

    @Test(arguments: [TextStyle.Alignment.left, .center, .right])
    func alignmentPlacesLinesInTheWidth(_ alignment: TextStyle.Alignment) throws {
        let layout = try TextLayout("Wide first line here\nshort", style: try Self.style(20, alignment: alignment), maxWidth: 400)
        let short = layout.lines[1]
        let expected: Double = switch alignment {
        case .left, .natural: 0
        case .center: (400 - short.width) / 2
        case .right: 400 - short.width
        }
        #expect(abs(short.x - expected) < 1e-9)
    }

    @Test func rightToLeftParagraphsAlignRightNaturally() throws {
        let layout = try TextLayout("שלום עולם", style: try Self.style(), maxWidth: 300)
        #expect(layout.lines[0].isRightToLeft)
        #expect(abs(layout.lines[0].x + layout.lines[0].width - 300) < 1e-9)
    }

    /// Hebrew and Arabic are both right to left, so one bidi run holds both; HarfBuzz shaped it
    /// by the first script's rules and Arabic after Hebrew came out in unjoined letters (39 pt
    /// wider at 60 pt). Each script is shaped on its own: the order of the words changes nothing.
    @Test func arabicAfterHebrewIsJoined() throws {
        let style = try Self.style(60)
        let hebrew = try TextLayout("שלום", style: style).width, arabic = try TextLayout("مرحبا", style: style).width
        // A space's advance inside a line (a line's trailing space is not measured).
        let space = try TextLayout("a b", style: style).width - TextLayout("ab", style: style).width
        for text in ["שלום مرحبا", "مرحبا שלום"] {
            let layout = try TextLayout(text, style: style)
            #expect(abs(layout.width - (hebrew + space + arabic)) < 0.5, "\(text): \(layout.width) against \(hebrew + space + arabic)")
        }
        #expect(HarfBuzzFont.scriptRuns(Array("שלום مرحبا".utf16), range: 0..<10).count == 2)
        #expect(HarfBuzzFont.scriptRuns(Array("a, 1 b".utf16), range: 0..<6).count == 1)
    }

    @Test func emptyTextIsOneEmptyLineAndATrailingNewlineAddsOne() throws {
        let empty = try TextLayout("", style: try Self.style())
        #expect(empty.lines.count == 1 && empty.width == 0 && empty.height == empty.lineHeight)
        #expect(try TextLayout("a\n", style: try Self.style()).lines.count == 2)
    }

    @Test func lineSpacingAddsBetweenLines() throws {
        var style = try Self.style()
        style.lineSpacing = 10
        let layout = try TextLayout("a\nb\nc", style: style)
        #expect(abs(layout.height - (3 * layout.lineHeight + 20)) < 1e-9)
        #expect(abs(layout.lines[1].baseline - layout.lines[0].baseline - layout.lineHeight - 10) < 1e-9)
    }

    @Test func hostileSettingsAreRefusedByName() throws {
        for size in [Double.nan, .infinity, 0, -1, 1001] {
            #expect(throws: TextError.self) { try TextLayout("x", style: try Self.style(size)) }
        }
        for width in [Double.nan, -Double.infinity, 0, -5, 1e300] {
            #expect(throws: TextError.self) { try TextLayout("x", style: try Self.style(), maxWidth: width) }
        }
        #expect(throws: TextError.tooLong(length: TextLayout.maximumLength + 1, maximum: TextLayout.maximumLength)) {
            try TextLayout(String(repeating: "a", count: TextLayout.maximumLength + 1), style: try Self.style())
        }
        #expect(throws: TextError.self) { try Font(bytes: [0, 1, 2, 3], name: "junk.ttf") }
        #expect(throws: TextError.self) { try Font(bytes: [], name: "empty.ttf") }
        let layout = try TextLayout("x", style: try Self.style(800))
        var bitmap = try Bitmap(width: 10, height: 10, scale: 8)
        #expect(throws: TextError.self) { try layout.draw(into: &bitmap) }
        #expect(throws: TextError.self) { try TextLayout("x", style: try Self.style()).draw(into: &bitmap, x: .nan) }
    }

    @Test func aNarrowWidthBreaksAWordBetweenCharactersWithOneAtLeastPerLine() throws {
        let layout = try TextLayout("Supercalifragilistic", style: try Self.style(), maxWidth: 1)
        #expect(layout.lines.count == 20)
    }
}
