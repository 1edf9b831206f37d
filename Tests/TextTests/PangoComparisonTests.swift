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
        var testDescription: String { id }
    }

    struct Manifest: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: Fixtures.path("text/pango/cases.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [] }
        return manifest.cases
    }()

    /// The corpus: paragraphs in Latin, Cyrillic, Greek, Hebrew and Arabic scripts, mixed
    /// directions, combining marks, long words, URLs, newlines, at sizes 8 to 120 and several widths.
    static let ids = ["note-short", "note-medium", "note-long", "english-narrow", "english-wide", "french", "german-compound",
                      "russian", "greek", "hebrew", "arabic", "mixed-bidi", "combining", "numbers", "url", "long-word",
                      "char-wrap", "newlines", "punctuation", "tiny", "large", "spaces"]

    @Test func corpusIsComplete() {
        #expect(Self.cases.map(\.id) == Self.ids)
        #expect(Self.cases.count == 22)
    }

    static func layout(_ item: Case) throws -> TextLayout {
        let mode: TextStyle.LineBreakMode = item.wrap == "char" ? .charWrapping : .wordWrapping
        let style = TextStyle(font: try Font.standard(), size: item.size, lineBreakMode: mode)
        return try TextLayout(item.text, style: style, maxWidth: item.width)
    }

    @Test(arguments: cases) func sameLineBreaksAndHeightAsPango(_ item: Case) throws {
        let layout = try Self.layout(item)
        let starts = layout.lines.map { $0.range.lowerBound.utf16Offset(in: item.text) }
        #expect(starts == item.lineStarts)
        #expect(abs(layout.height - item.height) < 0.01)
        #expect(layout.missingCharacters.isEmpty)
    }

    @Test(arguments: cases) func rendersAsPangoDoes(_ item: Case) throws {
        let layout = try Self.layout(item)
        let pango = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/pango/\(item.id).png"))
        var ours = try Bitmap(width: pango.width, height: pango.height)
        ours.withUnsafeMutablePixels { $0.update(repeating: 255) }
        layout.draw(into: &ours)
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
