import Foundation
import Raster
import Testing
import TestSupport
@testable import FrameGen

/// Issue 45 (speed): a canvas rounds to bytes, and composites a layer drawn offscreen, only where it
/// was drawn on (`Canvas.touched`); the bytes must be those of rounding and compositing every pixel,
/// on every background, for every kind of drawing.
@Suite("Canvas rounds only what was drawn")
struct CanvasTouchedTests {
    /// A real soft-alpha frame (faint explosion edges) drawn in the tests.
    static let frame = "sequences/unity-explosion02hd-fadeout/explosion02HD-frame100.png"

    static let backgrounds: [Color?] = [nil, Color(r: 40, g: 44, b: 52, a: 255), Color(r: 135, g: 206, b: 235, a: 90), Color(r: 9, g: 0, b: 0, a: 0)]

    /// Every pixel of the surface rounded, as `makeBitmap` did for every canvas before.
    static func roundedEverywhere(_ canvas: Canvas) -> [UInt8] {
        var canvas = canvas
        canvas.flush()
        var pixels = [UInt8](repeating: 0, count: canvas.surface.count * 4)
        Compositor.round(canvas.surface, into: &pixels)
        return pixels
    }

    /// Draws the same things on `canvas` (96 × 64 points at scale 2): a fill, a stroke, an image at
    /// its own size, an image stretched, a layer composited at half opacity, a masked layer, and
    /// a layer composited with an operator that clears under a clear source within an area.
    static func draw(on canvas: inout Canvas, image: Bitmap) {
        canvas.fill(rect: 10, 8, 20.5, 13.25, color: Color(r: 230, g: 60, b: 50, a: 200))
        canvas.draw(image, in: 40, 3, Double(image.width) / 2, Double(image.height) / 2)
        canvas.draw(image, in: 5.3, 30.7, 21, 17)
        var layer = canvas.offscreen()
        layer.stroke(Path(rect: 50, 40, 30, 12), color: Color(r: 40, g: 160, b: 90, a: 255), style: StrokeStyle(width: 3))
        canvas.composite(layer, opacity: 0.5) { source, destination in source + destination * (1 - source.w) }
        var masked = canvas.offscreen()
        masked.fill(rect: 60, 0, 30, 30, color: Color(r: 250, g: 200, b: 40, a: 255))
        var cut = canvas.offscreen()
        cut.fill(Path(ellipseIn: 65, 5, 20, 20), color: .white)
        masked.mask(by: cut)
        canvas.composite(masked, opacity: 1) { source, destination in source + destination * (1 - source.w) }
        var copied = canvas.offscreen()
        copied.fill(rect: 20, 44, 10, 10, color: Color(r: 40, g: 90, b: 220, a: 160))
        var area = canvas.offscreen()
        area.fill(rect: 15, 40, 30, 20, color: .white)
        canvas.composite(copied, opacity: 1, skipsClear: false, within: area) { source, _ in source }
    }

    @Test(arguments: backgrounds)
    func theBytesAreThoseOfRoundingEveryPixel(background: Color?) throws {
        let image = try PNG.Decoder().decodeBitmap(file: Fixtures.path(Self.frame))
        var canvas = Canvas(trustedWidth: 96, height: 64, scale: 2, background: background)
        Self.draw(on: &canvas, image: image)
        let touched = try #require(canvas.touched)
        #expect(touched != Canvas.Box(columns: 0..<canvas.pixelWidth, rows: 0..<canvas.pixelHeight), "only part was drawn on")
        let made = canvas.makeBitmap().pixels, everywhere = Self.roundedEverywhere(canvas)
        let differing = stride(from: 0, to: made.count, by: 4).filter { made[$0..<($0 + 4)] != everywhere[$0..<($0 + 4)] }
        let first = differing.first ?? 0
        #expect(differing.isEmpty, "\(differing.count) pixels differ, the first at (\(first / 4 % 192), \(first / 4 / 192)): \(made[first..<(first + 4)]) for \(everywhere[first..<(first + 4)])")
        var taken = canvas
        #expect(taken.takeBitmap() == canvas.makeBitmap())
    }

    /// The same drawing on a canvas begun on a bitmap of the background (every pixel rounded, and
    /// every pixel composited) gives the same bytes.
    @Test(arguments: backgrounds)
    func aCanvasBegunOnTheBackgroundGivesTheSameBytes(background: Color?) throws {
        let image = try PNG.Decoder().decodeBitmap(file: Fixtures.path(Self.frame))
        var canvas = Canvas(trustedWidth: 96, height: 64, scale: 2, background: background)
        Self.draw(on: &canvas, image: image)
        let color = background ?? Color(r: 0, g: 0, b: 0, a: 0)
        let pixels = [UInt8]((0..<(192 * 128)).flatMap { _ in [color.r, color.g, color.b, color.a] })
        var begun = Canvas(drawingOn: try #require(Bitmap(width: 192, height: 128, scale: 2, straight: pixels)))
        Self.draw(on: &begun, image: image)
        let drawn = canvas.makeBitmap(), reference = begun.makeBitmap()
        // Where drawing left no alpha (the copied layer's clear pixels) a canvas begun on a bitmap
        // keeps that bitmap's bytes and a fresh one is transparent black; elsewhere every byte is the same.
        var differing = 0
        for index in stride(from: 0, to: drawn.pixels.count, by: 4) where drawn.pixels[index + 3] > 0 {
            if drawn.pixels[index..<(index + 4)] != reference.pixels[index..<(index + 4)] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels")
    }

    /// Boxes that overlap much are one box (four overlapping stripes across the canvas were four
    /// boxes, each rounded: the frosted panel example took 13 % longer); boxes far apart stay apart.
    @Test func overlappingBoxesAreOneAndDistantOnesStayApart() {
        var canvas = Canvas(trustedWidth: 160, height: 120, background: .white)
        for stripe in 0..<4 {
            var path = Path(rect: Double(stripe * 8), 0, 8, 120)
            path.append(Path(rect: Double(stripe * 8 + 128), 0, 8, 120))
            canvas.fill(path, color: .black)
        }
        #expect(canvas.touchedBoxes == [Canvas.Box(columns: 0..<160, rows: 0..<120)])
        var apart = Canvas(trustedWidth: 160, height: 120, background: .white)
        apart.fill(rect: 0, 0, 10, 10, color: .black)
        apart.fill(rect: 100, 100, 10, 10, color: .black)
        #expect(apart.touchedBoxes.count == 2)
        #expect(apart.makeBitmap().pixels == Self.roundedEverywhere(apart))
    }

    /// Nothing drawn: nothing touched, and every pixel is the background's rounded bytes.
    @Test func anUntouchedCanvasIsItsBackground() {
        let canvas = Canvas(trustedWidth: 7, height: 5, background: Color(r: 135, g: 206, b: 235, a: 90))
        #expect(canvas.touched == nil)
        let bitmap = canvas.makeBitmap()
        #expect(bitmap.pixels == Self.roundedEverywhere(canvas))
        #expect(bitmap.pixels[0..<4] == [135, 206, 235, 90])
    }

    /// The four-pixel rounding gives `PremultipliedFloat.round`'s bytes for every value a surface
    /// might hold: colours over their alpha, negative, NaN and infinite samples, alphas around 0,
    /// ½/255 and 1, signed zeros; pixels with no alpha keep the bytes they had, at any start.
    @Test func roundingFourPixelsAtATimeGivesTheSameBytes() {
        let specials: [Float] = [0, -0.0, 1, 0.5 / 255, 0.5 / 255 + 1e-7, 0.0019, 0.9999999, 1.0000001, 2, -1, .nan, .infinity, -.infinity,
                                 1e-30, 0.25, 0.75, 0.003921569]
        var generator = SeededRandom(seed: 45)
        var floats: [Float] = []
        for _ in 0..<4099 {
            floats += (0..<4).map { _ in
                Bool.random(using: &generator) ? specials.randomElement(using: &generator)! : Float.random(in: -0.1...1.1, using: &generator)
            }
        }
        let count = floats.count / 4
        let start = (0..<(count * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        for range in [0..<count, 1..<count, 3..<(count - 2), 5..<7, 0..<0] {
            var expected = start, actual = start
            floats.withUnsafeBufferPointer { source in
                expected.withUnsafeMutableBufferPointer { PremultipliedFloat.round(source.baseAddress!, unit: 1, into: $0.baseAddress!, pixels: range) }
                actual.withUnsafeMutableBufferPointer { Canvas.round(source.baseAddress!, into: $0.baseAddress!, pixels: range) }
            }
            #expect(actual == expected, "pixels \(range)")
        }
    }
}
