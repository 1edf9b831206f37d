import Foundation
import Testing
import TestSupport
@testable import Text

/// Round 64t #2: with a font whose missing-glyph shape (`.notdef`, glyph 0) is blank — URW's Nimbus
/// Sans — a note of Hebrew was empty while the warning said "drawn as its empty box". The warning
/// now says what a reader sees. The blank font is DejaVu Sans with glyph 0's `loca` entry made
/// empty, in memory (no font file of another licence in the repository).
@Suite struct MissingGlyphShapeTests {
    static let dejaVu = Fixtures.repository + "/Sources/Text/Resources/DejaVuSans.ttf"

    /// DejaVu Sans's bytes with glyph 0 of no outline: its `loca` entry 0 set to entry 1 (a glyph of length 0).
    static func blankNotdef() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dejaVu)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: bytes[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
        let head = try #require(tables["head"]), loca = try #require(tables["loca"])
        if u16(head + 50) == 0 {   // short offsets: two bytes each
            bytes[loca] = bytes[loca + 2]; bytes[loca + 1] = bytes[loca + 3]
        } else {
            for byte in 0..<4 { bytes[loca + byte] = bytes[loca + 4 + byte] }
        }
        return bytes
    }

    @Test func theShippedFontDrawsItsBox() throws {
        let font = try Font.standard()
        #expect(font.rasterizer.drawsMissingGlyph)
        let layout = try TextLayout("שלום 爆", style: TextStyle(font: font, size: 17))
        #expect(layout.warnings(at: "layers[0].text", fontKey: "layers[0].text.font").first?.contains("'爆': they are drawn as its empty box") == true)
    }

    @Test func aBlankMissingGlyphIsSaidAsEmptySpace() throws {
        let font = try Font(bytes: try Self.blankNotdef(), name: "blank-notdef.ttf")
        #expect(!font.rasterizer.drawsMissingGlyph)
        // Nothing is drawn for the missing character: its glyph has no coverage.
        #expect(font.rasterizer.image(glyph: 0, pixelSize: 40).map { $0.coverage.allSatisfy { $0 == 0 } } ?? true)
        let layout = try TextLayout("a 爆", style: TextStyle(font: font, size: 17))
        let warning = try #require(layout.warnings(at: "layers[0].text", fontKey: "layers[0].text.font").first)
        #expect(warning.contains("they show as empty space (its missing-glyph shape is blank: nothing of them is drawn)"), "\(warning)")
    }
}
