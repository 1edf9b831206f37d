import Raster
import Testing
@testable import Text

/// Glyphs are rendered once per font and size and kept (`FreeTypeFace.cacheBytes`): a layout drawn
/// again, and drawn again after the cache was emptied by large glyphs, gives the same pixels, and
/// the cache never holds much more than its bound.
@Suite struct GlyphCacheTests {
    static func drawn(_ text: String, size: Double) throws -> Bitmap {
        let layout = try TextLayout(text, style: TextStyle(font: try Font.standard(), size: size), maxWidth: 400)
        return try layout.render(scale: 1)
    }

    @Test func aLayoutDrawnAgainAfterTheCacheWasEmptiedIsTheSame() throws {
        let text = "Tap to explode. Взрыв! שלום"
        let first = try Self.drawn(text, size: 25)
        #expect(first.pixels.contains { $0 != 0 })
        #expect(try Self.drawn(text, size: 25).pixels == first.pixels)
        // Glyphs at 3000 px per em, megabytes each: a few fill the cache, which is emptied and refilled.
        let face = try Font.standard().rasterizer
        var largest = 0
        for glyph in UInt32(30)..<UInt32(60) {
            largest = max(largest, face.image(glyph: glyph, pixelSize: 3000)?.coverage.count ?? 0)
            #expect(face.cachedBytes <= FreeTypeFace.cacheBytes + largest)
        }
        #expect(largest > FreeTypeFace.cacheBytes / 8, "\(largest) bytes")
        #expect(try Self.drawn(text, size: 25).pixels == first.pixels)
    }
}
