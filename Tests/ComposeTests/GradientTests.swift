import Foundation
import FrameGen
import Raster
import Testing
import TestSupport
@testable import Compose

/// Gradient layers (`CAGradientLayer`) against Cairo 1.16's linear and radial gradients of the same
/// stops (pixman's gradient walkers), per premultiplied channel, max ≤ 2/255; and the cases Cairo
/// has no counterpart for (conic, validation, one colour) against values worked out by hand.
/// References: Tests/Fixtures/compose/gradient (ORIGIN.md, make_gradient_references.py).
@Suite struct GradientTests {
    static let folder = Fixtures.path("compose/gradient")

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let width: Int
        let height: Int
        let gradient: Gradient
        var description: String { name }
    }

    static func color(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> Color { Color(r: r, g: g, b: b, a: a) }

    /// The same cases as `CASES` in make_gradient_references.py.
    static let cases: [Case] = [
        Case(name: "axial-three-stops", width: 64, height: 64, gradient: Gradient(
            colors: [color(230, 40, 30, 255), color(20, 200, 60, 128), color(30, 60, 240, 40)], locations: [0, 0.3, 1],
            startPoint: Point(0.1, 0.2), endPoint: Point(0.9, 0.7))),
        Case(name: "axial-white-to-clear", width: 64, height: 64, gradient: Gradient(colors: [.white, .clear])),
        Case(name: "axial-wide-reversed", width: 80, height: 40, gradient: Gradient(
            colors: [color(250, 220, 40, 255), color(120, 20, 160, 200), color(10, 10, 10, 255), color(240, 240, 250, 90)],
            locations: [0.1, 0.45, 0.5, 0.95], startPoint: Point(1, 0.8), endPoint: Point(0, 0.2))),
        Case(name: "radial-circle", width: 64, height: 64, gradient: Gradient(
            colors: [color(255, 240, 120, 255), color(250, 120, 20, 200), color(120, 0, 160, 0)], type: .radial,
            startPoint: Point(0.5, 0.5), endPoint: Point(1, 1))),
        Case(name: "radial-ellipse", width: 72, height: 48, gradient: Gradient(
            colors: [color(20, 30, 90, 255), color(40, 160, 220, 230), color(250, 250, 250, 120), color(250, 90, 90, 255)],
            locations: [0, 0.2, 0.5, 1], type: .radial, startPoint: Point(0.3, 0.4), endPoint: Point(0.9, 0.8))),
    ]

    @Test func everyReferenceHasACase() throws {
        let references = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".premul.png") }
        #expect(references.count == 5)
        #expect(Set(references) == Set(Self.cases.map { "\($0.name).premul.png" }))
    }

    /// A gradient layer filling a `width × height` output, drawn by the renderer.
    static func render(_ gradient: Gradient, width: Int, height: Int, scale: Int = 1) throws -> Bitmap {
        let layer = Layer(content: .gradient(gradient), bounds: Rect(width: Double(width), height: Double(height)),
                          position: Point(Double(width) / 2, Double(height) / 2))
        return try LayerRenderer(root: layer, width: Double(width), height: Double(height), scale: scale).render(at: 0)
    }

    @Test(arguments: cases)
    func matchesCairo(_ test: Case) throws {
        let expected = try PNG.Decoder().decodeBitmap(file: "\(Self.folder)/\(test.name).premul.png")
        #expect(expected.width == test.width && expected.height == test.height)
        let got = try Self.render(test.gradient, width: test.width, height: test.height).pixels
        var total = 0, worst = 0, worstAt = 0
        for pixel in stride(from: 0, to: got.count, by: 4) {
            let alpha = Int(got[pixel + 3])
            for channel in 0..<4 {
                // Our straight bytes premultiplied (rounded), against Cairo's premultiplied bytes.
                let value = channel == 3 ? alpha : (Int(got[pixel + channel]) * alpha + 127) / 255
                let difference = abs(value - Int(expected.pixels[pixel + channel]))
                total += difference
                if difference > worst { worst = difference; worstAt = pixel / 4 }
            }
        }
        let mean = Double(total) / Double(got.count)
        #expect(worst <= 2 && mean <= 0.5,
                "\(test.name): mean \(mean), max \(worst) at (\(worstAt % test.width), \(worstAt / test.width))")
    }

    /// White to transparent black passes through half-transparent grey halfway (straight
    /// components interpolated, as Core Animation and Cairo do), not through half-transparent white.
    @Test func interpolatesStraightComponents() throws {
        let gradient = Gradient(colors: [.white, .clear], startPoint: Point(0, 0.5), endPoint: Point(1, 0.5))
        // 0.5 along: (127.5, 127.5, 127.5, 127.5) straight; pixel 50 of 101 is at t = 50.5 / 101 = 0.5.
        let bitmap = try Self.render(gradient, width: 101, height: 1)
        let middle = Array(bitmap.pixels[200..<204])
        #expect(middle == [128, 128, 128, 128] || middle == [127, 127, 127, 128], "\(middle)")
    }

    /// Conic: the first colour along the start → end direction, a quarter turn later (clockwise on
    /// screen) a quarter of the way. Red → blue over one turn from the centre of a 100² layer,
    /// pointing right: the pixel centre (75.5, 50.5) is atan2(0.5, 25.5)/2π ≈ 0.00312 of a turn
    /// round (red 254.2); (50.5, 75.5) is atan2(25.5, 0.5)/2π ≈ 0.24688 (red 192.05); (25.5, 50.5)
    /// is 0.5 − atan2(0.5, 24.5)/2π ≈ 0.49675 (red 128.3).
    @Test func conicSweepsClockwise() throws {
        let gradient = Gradient(colors: [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255)], type: .conic,
                                startPoint: Point(0.5, 0.5), endPoint: Point(1, 0.5))
        let bitmap = try Self.render(gradient, width: 100, height: 100)
        func red(_ x: Int, _ y: Int) -> Int { Int(bitmap.pixels[(y * 100 + x) * 4]) }
        func expected(_ x: Int, _ y: Int) -> Int {
            var turn = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50) / (2 * .pi)
            if turn < 0 { turn += 1 }
            return Int((255 * (1 - turn)).rounded())
        }
        #expect(red(75, 50) == 254)
        #expect(red(50, 75) == 192)
        #expect(red(25, 50) == 128)
        for (x, y) in [(10, 10), (90, 10), (10, 90), (90, 90), (60, 40)] {
            #expect(abs(red(x, y) - expected(x, y)) <= 1, "(\(x), \(y))")
        }
    }

    /// Beyond the ends the end colours show (axial), past the edge the last colour (radial); one
    /// colour fills the bounds; no colour draws nothing.
    @Test func endsExtendAndSingleColoursFill() throws {
        let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255)
        let axial = try Self.render(Gradient(colors: [red, blue], startPoint: Point(0.25, 0), endPoint: Point(0.75, 0)), width: 40, height: 2)
        #expect(Array(axial.pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(axial.pixels[(39 * 4)..<(40 * 4)]) == [0, 0, 255, 255])
        let radial = try Self.render(Gradient(colors: [red, blue], type: .radial, startPoint: Point(0.5, 0.5), endPoint: Point(0.7, 0.7)),
                                     width: 40, height: 40)
        #expect(Array(radial.pixels[0..<4]) == [0, 0, 255, 255])
        let one = try Self.render(Gradient(colors: [Color(r: 10, g: 20, b: 30, a: 40)]), width: 4, height: 4)
        #expect(one.pixels == [UInt8](repeating: 0, count: 64).enumerated().map { [10, 20, 30, 40][$0.offset % 4] })
        let none = try Self.render(Gradient(colors: []), width: 4, height: 4)
        #expect(none.pixels.allSatisfy { $0 == 0 })
    }

    /// Drawn at @2x the gradient keeps its place in points: the same as Cairo's at 1x, pixel for
    /// pixel of the 2×2 blocks' averages, within rounding.
    @Test func scaleTwoKeepsThePicture() throws {
        let test = Self.cases[0]
        let one = try Self.render(test.gradient, width: test.width, height: test.height)
        let two = try Self.render(test.gradient, width: test.width, height: test.height, scale: 2)
        #expect(two.width == 128 && two.scale == 2)
        var worst = 0
        for y in 0..<64 { for x in 0..<64 { for channel in [3] {
            let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0) { $0 + Int(two.pixels[((2 * y + $1.1) * 128 + 2 * x + $1.0) * 4 + channel]) }
            worst = max(worst, abs((sum + 2) / 4 - Int(one.pixels[(y * 64 + x) * 4 + channel])))
        } } }
        #expect(worst <= 2)
    }

    @Test(arguments: [
        (Gradient(colors: [.white, .black], locations: [0]), Gradient.Problem.locationCount(locations: 1, colors: 2)),
        (Gradient(colors: [.white, .black, .white], locations: [0, 0.6, 0.5]),
         .decreasingLocation(index: 2, value: 0.5, previous: 0.6)),
        (Gradient(colors: [.white, .black], locations: [0, .nan]), .notFinite(property: "locations[1]", value: .nan)),
        (Gradient(colors: [.white], startPoint: Point(.infinity, 0)), .notFinite(property: "startPoint.x", value: .infinity)),
    ])
    func refusesWhatCannotBeDrawn(_ gradient: Gradient, _ problem: Gradient.Problem) {
        let layer = Layer(name: "fade", content: .gradient(gradient), bounds: Rect(width: 4, height: 4))
        #expect(throws: CompositionError.self) { try LayerRenderer(root: layer, width: 4, height: 4) }
        do {
            _ = try LayerRenderer(root: layer, width: 4, height: 4)
        } catch {
            #expect(error.description.hasPrefix("layer fade: gradient."), "\(error)")
            if case .gradient(_, let found) = error { #expect("\(found)" == "\(problem)") } else { Issue.record("\(error)") }
        }
    }
}
