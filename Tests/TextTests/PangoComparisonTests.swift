import Foundation
import Raster
import Testing
import TestSupport
@testable import Text

/// Flipbook's layout and rendering against Pango's (pango-view 1.50, same font and size, 72 dpi,
/// no hinting, no hyphens inserted), recorded by `Tests/Fixtures/text/make_pango_references.py`.
@Suite struct PangoComparisonTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var id: String
        var text: String
        var size: Double
        var width: Double
        var wrap: String
        var lineStarts: [Int]
        var height: Double
        var shown: String
        var testDescription: String { id }
        var isTruncated: Bool { ["end", "start", "middle"].contains(wrap) }
    }

    struct Manifest: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: Fixtures.path("text/pango/cases.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [] }
        return manifest.cases
    }()

    /// The corpus: paragraphs in Latin, Cyrillic, Greek, Hebrew and Arabic scripts, mixed
    /// directions, combining marks, long words, URLs, newlines, at sizes 8 to 120 and several
    /// widths; and lines truncated at the end, start and middle.
    static let ids = ["note-short", "note-medium", "note-long", "english-narrow", "english-wide", "french", "german-compound",
                      "russian", "greek", "hebrew", "arabic", "mixed-bidi", "combining", "numbers", "url", "long-word",
                      "char-wrap", "newlines", "punctuation", "tiny", "large", "spaces",
                      "ellipsize-end", "ellipsize-start", "ellipsize-middle", "ellipsize-end-hebrew"]

    @Test func corpusIsComplete() {
        #expect(Self.cases.map(\.id) == Self.ids)
        #expect(Self.cases.count == 26)
    }

    static func layout(_ item: Case) throws -> TextLayout {
        let modes: [String: TextStyle.LineBreakMode] = ["char": .charWrapping, "word-char": .wordWrapping, "end": .truncatingTail,
                                                        "start": .truncatingHead, "middle": .truncatingMiddle]
        let mode = modes[item.wrap] ?? .wordWrapping
        let style = TextStyle(font: try Font.standard(), size: item.size, lineBreakMode: mode)
        return try TextLayout(item.text, style: style, maxWidth: item.width)
    }

    @Test(arguments: cases) func sameLineBreaksAndHeightAsPango(_ item: Case) throws {
        let layout = try Self.layout(item)
        let starts = layout.lines.map { $0.range.lowerBound.utf16Offset(in: item.text) }
        #expect(starts == item.lineStarts)
        #expect(abs(layout.height - item.height) < 0.01)
        #expect(layout.missingCharacters.isEmpty)
        if item.isTruncated {
            // The same characters kept, and the ellipsis where Pango puts it.
            let shown = try TextLayout(item.shown, style: TextStyle(font: try Font.standard(), size: item.size, lineBreakMode: .clipping))
            #expect(layout.lines[0].glyphs.map(\.id) == shown.lines[0].glyphs.map(\.id))
        }
    }

    /// Truncated lines are left out here: Pango stretches the gap at the ellipsis so that the line
    /// fills the width (its kept end flush with the edge), where UIKit and Flipbook set the rest
    /// right after the ellipsis; the characters kept are the same (checked above).
    @Test(arguments: cases.filter { !$0.isTruncated }) func rendersAsPangoDoes(_ item: Case) throws {
        let layout = try Self.layout(item)
        let pango = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/pango/\(item.id).png"))
        var ours = try Bitmap(width: pango.width, height: pango.height)
        ours.withUnsafeMutablePixels { $0.update(repeating: 255) }
        try layout.draw(into: &ours)
        var total = 0, worst = 0
        for (a, b) in zip(ours.pixels, pango.pixels) {
            let difference = abs(Int(a) - Int(b))
            total += difference
            worst = max(worst, difference)
        }
        // Glyphs are placed on whole pixels as Cairo places them, so most cases are identical;
        // the few differences are single edge pixels of Arabic joins and 8 px text (≤ 0.08/255 mean).
        let mean = Double(total) / Double(ours.pixels.count)
        #expect(mean <= 0.25, "mean \(mean)/255, max \(worst)/255")
    }
}
