import Testing
@testable import Raster

@Suite("Bitmap")
struct BitmapTests {
    /// Un-premultiplying then premultiplying must give back every valid premultiplied pixel:
    /// that is what makes PNG round trips of premultiplied bitmaps lossless.
    @Test func premultiplicationRoundTripsEveryValidSample() {
        for alpha in 0...255 {
            for sample in 0...alpha {
                let p = PremultipliedRGBA(r: UInt8(sample), g: 0, b: UInt8(alpha), a: UInt8(alpha))
                #expect(p.unpremultiplied.premultiplied == p, "sample \(sample) alpha \(alpha)")
            }
        }
    }

    @Test func premultiplicationRoundsToNearest() {
        for alpha in 0...255 {
            for channel in stride(from: 0, through: 255, by: 5) {
                let expected = (Double(channel) * Double(alpha) / 255).rounded()
                let actual = Color(r: UInt8(channel), g: 0, b: 0, a: UInt8(alpha)).premultiplied.r
                #expect(Double(actual) == expected)
            }
        }
    }

    @Test func straightInitialiserPremultipliesAndRefusesWrongCounts() throws {
        let bitmap = try #require(Bitmap(width: 2, height: 1, straight: [255, 128, 0, 128, 10, 20, 30, 255]))
        #expect(bitmap.pixels == [128, 64, 0, 128, 10, 20, 30, 255])
        #expect(bitmap.straightPixels() == [255, 128, 0, 128, 10, 20, 30, 255])
        #expect(Bitmap(width: 2, height: 2, straight: [0, 0, 0, 0]) == nil)
    }

    @Test func premultipliedInitialiserRefusesChannelsAboveAlpha() {
        #expect(Bitmap(width: 1, height: 1, premultiplied: [10, 10, 10, 9]) == nil)
        #expect(Bitmap(width: 1, height: 1, premultiplied: [9, 9, 9, 9]) != nil)
    }

    @Test func pixelAccessAndPredicates() {
        var bitmap = Bitmap(width: 3, height: 2, scale: 2)
        #expect(bitmap.isFullyTransparent && !bitmap.isOpaque)
        #expect(bitmap.pointSize == (1.5, 1.0))
        bitmap.setColor(Color(r: 200, g: 100, b: 50, a: 51), x: 2, y: 1)
        #expect(bitmap[2, 1] == PremultipliedRGBA(r: 40, g: 20, b: 10, a: 51))
        #expect(bitmap.color(x: 2, y: 1) == Color(r: 200, g: 100, b: 50, a: 51))
        #expect(!bitmap.isFullyTransparent)
        var copy = bitmap
        copy[0, 0] = PremultipliedRGBA(r: 1, g: 1, b: 1, a: 1)
        #expect(bitmap[0, 0] == .clear, "copies are independent")
    }
}

@Suite("Color")
struct ColorTests {
    @Test(arguments: [
        ("#FF0000", Color(r: 255, g: 0, b: 0)),
        ("#000000CC", Color(r: 0, g: 0, b: 0, a: 204)),
        ("12ab9f", Color(r: 0x12, g: 0xAB, b: 0x9F)),
    ])
    func parsesHex(text: String, color: Color) {
        #expect(Color(hex: text) == color)
    }

    @Test(arguments: ["", "#FFF", "#GG0000", "#FF00001", "red"])
    func refusesMalformedHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func printsHex() {
        #expect(Color(r: 255, g: 0, b: 10).description == "#FF000A")
        #expect(Color(r: 0, g: 0, b: 0, a: 204).description == "#000000CC")
    }
}
