import Testing
@testable import Raster

@Suite("Bitmap")
struct BitmapTests {
    /// Premultiplying to 8 bits and back gives back every premultiplied pixel: the pair
    /// `premultipliedPixels()` / `init(premultiplied:)` is stable after one trip.
    @Test func premultiplicationRoundTripsEveryValidSample() throws {
        var samples: [UInt8] = []
        for alpha in 0...255 { for sample in 0...alpha { samples += [UInt8(sample), 0, UInt8(alpha), UInt8(alpha)] } }
        let bitmap = try #require(Bitmap(width: samples.count / 4, height: 1, premultiplied: samples))
        #expect(bitmap.premultipliedPixels() == samples)
    }

    @Test func premultiplicationRoundsToNearest() throws {
        var samples: [UInt8] = []
        for alpha in 0...255 { for channel in stride(from: 0, through: 255, by: 5) { samples += [UInt8(channel), 0, 0, UInt8(alpha)] } }
        let premultiplied = try #require(Bitmap(width: samples.count / 4, height: 1, straight: samples)).premultipliedPixels()
        for index in stride(from: 0, to: samples.count, by: 4) {
            #expect(Double(premultiplied[index]) == (Double(samples[index]) * Double(samples[index + 3]) / 255).rounded())
        }
    }

    /// Straight bytes are stored as they are: soft alpha keeps every colour level, and the colour
    /// under alpha 0 survives.
    @Test func straightInitialiserKeepsBytesAndRefusesWrongCounts() throws {
        let samples: [UInt8] = [255, 128, 0, 128, 10, 20, 30, 255, 7, 200, 9, 1, 48, 48, 48, 0]
        let bitmap = try #require(Bitmap(width: 4, height: 1, straight: samples))
        #expect(bitmap.pixels == samples)
        #expect(bitmap.premultipliedPixels() == [128, 64, 0, 128, 10, 20, 30, 255, 0, 1, 0, 1, 0, 0, 0, 0])
        #expect(Bitmap(width: 2, height: 2, straight: [0, 0, 0, 0]) == nil)
    }

    @Test func premultipliedInitialiserRefusesChannelsAboveAlpha() throws {
        #expect(Bitmap(width: 1, height: 1, premultiplied: [10, 10, 10, 9]) == nil)
        let bitmap = try #require(Bitmap(width: 1, height: 1, premultiplied: [40, 20, 10, 51]))
        #expect(bitmap[0, 0] == Color(r: 200, g: 100, b: 50, a: 51))
    }

    @Test func pixelAccessAndPredicates() {
        var bitmap = Bitmap(clearWidth: 3, height: 2, scale: 2)
        #expect(bitmap.isFullyTransparent && !bitmap.isOpaque)
        #expect(bitmap.pointSize == (1.5, 1.0))
        bitmap[2, 1] = Color(r: 200, g: 100, b: 50, a: 51)
        #expect(bitmap[2, 1] == Color(r: 200, g: 100, b: 50, a: 51))
        #expect(Array(bitmap.pixels[20..<24]) == [200, 100, 50, 51])
        #expect(!bitmap.isFullyTransparent)
        var copy = bitmap
        copy[0, 0] = Color(r: 1, g: 1, b: 1, a: 1)
        #expect(bitmap[0, 0] == .clear, "copies are independent")
    }
}

@Suite("Color")
struct ColorTests {
    @Test(arguments: [
        ("#FF0000", Color(r: 255, g: 0, b: 0)),
        ("#000000CC", Color(r: 0, g: 0, b: 0, a: 204)),
        ("#12ab9f", Color(r: 0x12, g: 0xAB, b: 0x9F)),
    ])
    func parsesHex(text: String, color: Color) {
        #expect(Color(hex: text) == color)
    }

    /// The docs write colours `#RRGGBB` / `#RRGGBBAA`; the bare forms (`00FF00`) are refused too.
    @Test(arguments: ["", "#FFF", "#GG0000", "#FF00001", "red", "12ab9f", "00FF00CC", "##00FF00", "#", "#87CEE"])
    func refusesMalformedHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    /// Source-over on straight colours equals compositing the premultiplied values exactly and
    /// rounding once.
    @Test func overMatchesExactCompositing() {
        let levels: [UInt8] = [0, 1, 9, 64, 127, 128, 200, 254, 255]
        for top in levels { for bottom in levels { for (c, d) in [(UInt8(255), UInt8(0)), (30, 220), (128, 128)] {
            let upper = Color(r: c, g: d, b: 77, a: top), lower = Color(r: d, g: c, b: 200, a: bottom)
            let result = upper.over(lower)
            let at = Double(top) / 255, ab = Double(bottom) / 255
            let alpha = at + ab * (1 - at)
            #expect(Double(result.a) == (alpha * 255).rounded(), "\(upper) over \(lower)")
            guard alpha > 0 else { #expect(result == lower, "nothing drawn on nothing"); continue }
            for (u, l, r) in [(upper.r, lower.r, result.r), (upper.g, lower.g, result.g), (upper.b, lower.b, result.b)] {
                let exact = (Double(u) * at + Double(l) * ab * (1 - at)) / alpha
                #expect(abs(Double(r) - exact) <= 0.5 + 1e-9, "\(upper) over \(lower): \(r) vs \(exact)")
            }
        } } }
    }

    @Test func printsHex() {
        #expect(Color(r: 255, g: 0, b: 10).description == "#FF000A")
        #expect(Color(r: 0, g: 0, b: 0, a: 204).description == "#000000CC")
    }
}
