import Foundation
import Raster
import Testing
import TestSupport
@testable import Text

/// The last fresh-eyes round on text: which character is missing, tabs and control characters,
/// the note's inset bound, a folder given as a font.
@Suite struct TextFreshEyesTests {
    static func style(_ size: Double = 17) throws -> TextStyle { TextStyle(font: try Font.standard(), size: size) }

    /// DejaVu Sans has `a` but not U+0350 (COMBINING RIGHT ARROWHEAD ABOVE, outside its 0300–034F
    /// range): HarfBuzz puts both in one cluster; the mark is what is missing, not the `a`.
    @Test func theMissingCharacterOfAClusterIsNamedNotItsBase() throws {
        let layout = try TextLayout("xa\u{0350}y", style: try Self.style())
        #expect(layout.missingCharacters == ["\u{0350}"])
    }

    /// A tab advances to the next 28-point stop (NSParagraphStyle's default) and draws no box.
    @Test(arguments: [("a\tb", 28.0), ("abcdefgh\tb", 84.0), ("\t\tb", 56.0)])
    func aTabAdvancesToTheNextStop(text: String, stop: Double) throws {
        let style = try Self.style()
        let layout = try TextLayout(text, style: style)
        let glyphs = layout.lines[0].glyphs
        #expect(!glyphs.contains { $0.id == 0 }, "a tab is drawn as the missing-glyph box")
        #expect(glyphs.count == text.unicodeScalars.filter { $0 != "\t" }.count)
        #expect(abs((glyphs.last?.x ?? 0) - stop) < 1e-6, "b at \(glyphs.last?.x ?? 0)")
        #expect(layout.controlCharacters.isEmpty && layout.missingCharacters.isEmpty)
    }

    /// Other control characters take no width, are not drawn and are reported.
    @Test func controlCharactersAreNotDrawnAndAreReported() throws {
        let style = try Self.style()
        let layout = try TextLayout("a\u{07}b\u{1B}c\u{07}", style: style)
        let plain = try TextLayout("abc", style: style)
        #expect(layout.lines[0].glyphs.map(\.id) == plain.lines[0].glyphs.map(\.id))
        #expect(abs(layout.width - plain.width) < 1e-9)
        #expect(layout.controlCharacters == ["\u{07}", "\u{1B}"])
    }

    /// A note always grows its chrome: insets that take the chrome's whole height (37 + 13 of
    /// 50 px) are refused saying "less than 50 px", not "at most 50 px".
    @Test(arguments: [(13.0, true), (12.0, false)])
    func aNotesInsetsMustLeaveACentre(bottom: Double, refused: Bool) throws {
        let chrome = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/chrome/note-chrome.png"))
        let note = Note(text: "Tap", style: try Self.style(), chrome: chrome, chromeName: "note-chrome.png",
                        insets: NineSlice.Insets(top: 37, left: 12, bottom: bottom, right: 12))
        do {
            _ = try note.render(scale: 1)
            #expect(!refused)
        } catch {
            #expect(refused, "\(error)")
            #expect(error.description.contains("top + bottom less than 50 px (at most 49 px)"), "\(error)")
        }
    }

    @Test func aFolderIsNotAFont() throws {
        let folder = try Fixtures.temporaryFolder("font-folder")
        #expect(throws: TextError.fontUnreadable(file: folder, reason: "it is a folder; give a TTF/OTF file")) {
            try Font(url: URL(fileURLWithPath: folder))
        }
    }

    /// Round 61: a web font and a font cut short were both "not a TrueType or OpenType font (no
    /// glyphs in it)"; one cut after its glyphs (700 000 of 759 720 bytes: `post` and `prep` lost)
    /// was read without a word. Each is said for what it is; bytes that are no font at all still say that.
    @Test func aWebFontAndACutFontAreSaidForWhatTheyAre() throws {
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.repository + "/Sources/Text/Resources/DejaVuSans.ttf")))
        #expect(font.count == 759_720)
        func reason(_ bytes: [UInt8]) -> String {
            do { _ = try Font(bytes: bytes, name: "f"); return "read" } catch {
                guard case .fontUnreadable(_, let reason) = error else { return "\(error)" }
                return reason
            }
        }
        #expect(reason(Array("wOF2".utf8) + font.prefix(4000)).hasPrefix("a WOFF2 web font, compressed for browsers: give the TTF or OTF"))
        #expect(reason(Array("wOFF".utf8) + font.prefix(4000)).hasPrefix("a WOFF web font"))
        for cut in [1000, 300_000, 700_000, font.count - 1] {
            #expect(reason(Array(font.prefix(cut))) == "a TrueType or OpenType font cut short: its tables need 759720 bytes, the file has \(cut)")
        }
        #expect(reason(Array("not a font at all".utf8)) == "not a TrueType or OpenType font (no glyphs in it)")
        #expect(reason(font) == "read")
    }

    /// Round 64t: `--font coin.png` and a Type 1 `.pfb` were "not a TrueType or OpenType font (no
    /// glyphs in it)": each is said for what it is.
    @Test(arguments: [("sequences/kenney-gold-coin/gold_1.png", "it is a PNG image, not a font: give a TTF or OTF file"),
                      ("gif/effects/Effect_BigHit.gif", "it is a GIF image, not a font: give a TTF or OTF file"),
                      ("nine-slice/ORIGIN.md", "not a TrueType or OpenType font (no glyphs in it)")])
    func aFileOfAnotherKindIsSaidForWhatItIs(fixture: String, expected: String) throws {
        let error = #expect(throws: TextError.self) { try Font(url: URL(fileURLWithPath: Fixtures.path(fixture))) }
        guard case .fontUnreadable(_, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason == expected)
    }

    /// The first bytes of a PostScript Type 1 font, binary (`.pfb`) and text (`.pfa`), and of BDF
    /// and PCF bitmap fonts (URW's Type 1 fonts are AGPL: their headers are written out here).
    @Test(arguments: [([0x80, 0x01, 0x0C, 0x18, 0, 0] + Array("%!PS-AdobeFont-1.0: NimbusSans-Regular".utf8), "a PostScript Type 1 font"),
                      (Array("%!PS-AdobeFont-1.0: NimbusSans-Regular 1.00\n".utf8), "a PostScript Type 1 font"),
                      (Array("STARTFONT 2.1\nFONT -misc-fixed".utf8), "a bitmap font (BDF or PCF)"),
                      ([0x01, 0x66, 0x63, 0x70, 0x0C, 0, 0, 0], "a bitmap font (BDF or PCF)")])
    func typeOneAndBitmapFontsAreNamed(bytes: [UInt8], expected: String) {
        do { _ = try Font(bytes: bytes, name: "f"); Issue.record("read") } catch {
            guard case .fontUnreadable(_, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.hasPrefix(expected), "\(reason)")
        }
    }

    /// Round 61 #1: `draw` and text layers drew `render(scale:)`'s box, which cuts the ink that
    /// reaches past it — the hook of J and of ƒ left of the origin, below the last line — where
    /// Pango draws it. `renderInk` grows the bitmap by whole pixels to hold it, the same pixels inside the box.
    @Test(arguments: [1, 2]) func inkPastTheLayoutsBoxIsKept(scale: Int) throws {
        let layout = try TextLayout("Jƒ", style: try Self.style(100))
        let (inked, origin) = try layout.renderInk(scale: scale)
        let box = try layout.render(scale: scale)
        let (left, top) = (Int(origin.x * Double(scale)), Int(origin.y * Double(scale)))
        #expect(left > 0, "the hooks reach left of the origin")
        #expect(Double(left) == origin.x * Double(scale) && Double(top) == origin.y * Double(scale), "whole pixels: \(origin)")
        #expect((0..<left).contains { x in (0..<inked.height).contains { inked[x, $0].a > 0 } })
        #expect(inked.width >= box.width + left && inked.height >= box.height + top)
        var differing = 0
        for y in 0..<box.height { for x in 0..<box.width where inked[x + left, y + top] != box[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ inside the box")
        // Text whose ink stays in its box gets the box back, unchanged.
        let plain = try TextLayout("aaa", style: try Self.style(20))
        let kept = try plain.renderInk(scale: scale)
        let unchanged = try plain.render(scale: scale)
        #expect(kept.origin == (0, 0) && kept.bitmap.pixels == unchanged.pixels)
    }

    /// Round 61 #2: a tab on a wrapped paragraph's second line was measured at its place in the
    /// unbroken paragraph, then drawn to the next stop from its line's start: the line came out
    /// 152 pt wide at a width of 150. Each line is measured as it is drawn.
    @Test func aTabOnAWrappedLineKeepsItWithinTheWidth() throws {
        let layout = try TextLayout("hello WWWW hello Supercalifragilistic\t— end", style: try Self.style(13), maxWidth: 150)
        #expect(layout.lines.count >= 2)
        for line in layout.lines { #expect(line.width <= 150 + 1e-9, "a line \(line.width) pt wide") }
        #expect(layout.lines.contains { line in line.glyphs.count > 1 && line.glyphs.last!.x > 28 })
    }

    /// Round 61 #6: a line separator (U+2028) started a paragraph of its own, so the Latin line
    /// after it in a Hebrew paragraph ran left to right, set at the left; it ends a line, not the
    /// paragraph (UAX #9), as Pango and UIKit set it. A paragraph separator still ends it.
    @Test func aLineSeparatorKeepsItsParagraphsDirection() throws {
        let joined = try TextLayout("שלום עולם ארוך\u{2028}abc", style: try Self.style(), maxWidth: 200)
        #expect(joined.lines.count == 2 && joined.lines.allSatisfy(\.isRightToLeft))
        #expect(abs(joined.lines[1].x + joined.lines[1].width - 200) < 1e-6, "abc at \(joined.lines[1].x)")
        let separate = try TextLayout("שלום עולם ארוך\u{2029}abc", style: try Self.style(), maxWidth: 200)
        #expect(separate.lines.count == 2 && !separate.lines[1].isRightToLeft && separate.lines[1].x == 0)
    }

    /// Round 61b #2: one character of a letter and 50 000 combining marks took minutes to shape
    /// (HarfBuzz's time, and Pango's, grows with the square of a cluster's length). A character
    /// over `TextLayout.maximumCharacterLength` code points is refused, named by where it starts;
    /// one at the limit is set.
    @Test func aCharacterOfThousandsOfMarksIsRefused() throws {
        let limit = TextLayout.maximumCharacterLength
        #expect(limit == 256)
        let atLimit = "xy a" + String(repeating: "\u{301}", count: limit - 1)
        #expect(try TextLayout(atLimit, style: try Self.style(), maxWidth: 200).lines.count == 1)
        #expect(throws: TextError.characterTooLong(offset: 3, codePoints: limit + 1, maximum: limit)) {
            try TextLayout(atLimit + "\u{301}", style: try Self.style(), maxWidth: 200)
        }
        #expect(throws: TextError.characterTooLong(offset: 0, codePoints: 50_001, maximum: limit)) {
            try TextLayout("a" + String(repeating: "\u{301}", count: 50_000), style: try Self.style())
        }
        let message = TextError.characterTooLong(offset: 0, codePoints: 50_001, maximum: limit).description
        #expect(message.contains("50001 code points") && message.contains("at most 256"), "\(message)")
    }
}
