import Foundation
import Raster
import Testing
import TestSupport
@testable import FrameGen

/// The canvas mixes on a premultiplied `Float` surface and rounds once: what it does not mix, it
/// gives back exactly (real soft-alpha frames, colour under alpha 0 included).
@Suite("Canvas exactness")
struct CanvasExactnessTests {
    static let frames = [
        "sequences/unity-wispy-smoke-02-long/frame-001.png",        // very faint smoke, alpha mostly < 20
        "sequences/emt-watch-spinner-2x/waitIndicatorGraphic-7@2x.png",  // alpha-1 background, @2x
        "sequences/unity-explosion02hd-fadeout/explosion02HD-frame100.png",
    ]

    /// Drawing a bitmap at its own size and place on a clear canvas gives every visible pixel back
    /// byte for byte; transparent pixels stay transparent.
    @Test(arguments: frames)
    func drawingAtOwnSizeIsExact(path: String) throws {
        let image = try PNG.Decoder().decodeBitmap(file: Fixtures.path(path))
        var canvas = Canvas(trustedWidth: image.pointSize.width, height: image.pointSize.height, scale: image.scale)
        canvas.draw(image, at: Point(0, 0))
        let out = canvas.makeBitmap()
        #expect((out.width, out.height, out.scale) == (image.width, image.height, image.scale))
        var differing = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let same = image.pixels[index + 3] == 0 ? out.pixels[index + 3] == 0 : image.pixels[index..<(index + 4)] == out.pixels[index..<(index + 4)]
            if !same { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels")
    }

    /// A canvas begun on a bitmap and not drawn on gives the bitmap back, colour under alpha 0 and all.
    @Test(arguments: frames)
    func untouchedPixelsKeepTheirBytes(path: String) throws {
        let image = try PNG.Decoder().decodeBitmap(file: Fixtures.path(path))
        #expect(Canvas(drawingOn: image).makeBitmap() == image)
        var canvas = Canvas(drawingOn: image)
        canvas.fill(rect: 0, 0, 4, 4, color: Color(r: 255, g: 0, b: 0, a: 128))
        let out = canvas.makeBitmap()
        let side = 4 * image.scale
        for y in 0..<image.height {
            for x in 0..<image.width where x >= side || y >= side {
                #expect(out[x, y] == image[x, y])
            }
        }
    }

    /// Many translucent layers: the `Float` surface stays within one level of exact compositing,
    /// where an 8-bit premultiplied one drifts (every blend rounds to 1/255).
    @Test func manyTranslucentLayersStayWithinOneLevel() {
        var canvas = Canvas(trustedWidth: 4, height: 1)
        var exact = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for layer in 0..<200 {
            let color = Color(r: UInt8((layer * 37) % 256), g: UInt8((layer * 91) % 256), b: 200, a: UInt8(3 + layer % 20))
            canvas.fill(rect: 0, 0, 4, 1, color: color)
            let a = Double(color.a) / 255
            exact = (Double(color.r) / 255 * a + exact.r * (1 - a), Double(color.g) / 255 * a + exact.g * (1 - a),
                     Double(color.b) / 255 * a + exact.b * (1 - a), a + exact.a * (1 - a))
        }
        let pixel = canvas.makeBitmap()[1, 0]
        #expect(abs(Double(pixel.a) - exact.a * 255) <= 0.5 + 1e-9)
        for (got, want) in [(pixel.r, exact.r), (pixel.g, exact.g), (pixel.b, exact.b)] {
            #expect(abs(Double(got) - want / exact.a * 255) <= 1, "\(pixel) vs exact \(exact)")
        }
    }
}

/// Fills and strokes are composited in batches, in bands of rows on all cores: the picture must
/// not depend on how many bands, nor on when batches are flushed.
@Suite("Canvas bands")
struct CanvasBandTests {
    static func scene(bands: Int?, peekEvery: Int? = nil) throws -> Bitmap {
        var canvas = Canvas(trustedWidth: 300, height: 200, scale: 2, background: Color(r: 250, g: 250, b: 245))
        canvas.bandCount = bands
        var random = SeededRandom(seed: 11)
        let rock = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/emt-watch-spinner-2x/waitIndicatorGraphic-5@2x.png"))
        for index in 0..<2500 {   // more than two batches
            let x = 300 * random.unit(), y = 200 * random.unit(), r = 1 + 12 * random.unit()
            let color = Color(r: UInt8(random.next() & 255), g: UInt8(random.next() & 255), b: 90, a: UInt8(40 + random.next() % 200))
            if index == 1200 { canvas.clip(to: Path(circleAt: Point(150, 100), radius: 90)) }
            if index == 1800 { canvas.draw(rock, at: Point(20, 30)) }
            if index % 3 == 0 {
                canvas.stroke(Path(circleAt: Point(x, y), radius: r), color: color, style: StrokeStyle(width: 1.5))
            } else {
                canvas.fill(Path(circleAt: Point(x, y), radius: r), color: color)
            }
            if let peekEvery, index % peekEvery == 0 { _ = canvas.makeBitmap() }
        }
        return canvas.makeBitmap()
    }

    @Test func samePictureWhateverTheBands() throws {
        let one = try Self.scene(bands: 1)
        for bands in [2, 3, 7] { #expect(try Self.scene(bands: bands) == one, "\(bands) bands") }
        #expect(try Self.scene(bands: nil, peekEvery: 700) == one, "makeBitmap between batches changes nothing")
    }
}

@Suite("Canvas edge cases")
struct CanvasEdgeCaseTests {
    /// An empty canvas draws nothing and gives an empty bitmap; so does one with all drawing off it.
    @Test(arguments: [(0.0, 0.0), (0.0, 10.0), (10.0, 0.0), (0.2, 0.2)])
    func emptyCanvases(width: Double, height: Double) {
        var canvas = Canvas(trustedWidth: width, height: height, background: .white)
        canvas.fill(rect: 0, 0, 5, 5, color: Color(r: 255, g: 0, b: 0, a: 128))
        canvas.draw(Bitmap(clearWidth: 2, height: 2), at: Point(0, 0))
        let out = canvas.makeBitmap()
        #expect(out.width == canvas.pixelWidth && out.height == canvas.pixelHeight)
    }
}
