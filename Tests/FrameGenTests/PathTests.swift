import Foundation
import Testing
@testable import FrameGen

@Suite("SVG path data")
struct SVGPathDataTests {
    @Test("numbers run together as SVG 1.1 allows: M10-5.5.5 is 10, −5.5, .5")
    func numberGrammar() throws {
        // Three numbers cannot make whole pairs…
        #expect(throws: SVGPathError.self) { try Path(svg: "M10-5.5.5") }
        // …but with a fourth they are M10 −5.5 then an implicit L .5 .5.
        let path = try Path(svg: "M10-5.5.5.5")
        #expect(path.elements == [.move(Point(10, -5.5)), .line(Point(0.5, 0.5))])
        let exponent = try Path(svg: "M1e1,2E-1L-.5e+1-3")
        #expect(exponent.elements == [.move(Point(10, 0.2)), .line(Point(-5, -3))])
    }

    @Test("relative and absolute forms of every command agree")
    func relativeMatchesAbsolute() throws {
        let absolute = try Path(svg: "M10 10 L20 10 H30 V20 Q40 30 50 20 T70 20 C80 10 90 30 100 20 S120 10 130 20 Z L5 5")
        let relative = try Path(svg: "m10 10 l10 0 h10 v10 q10 10 20 0 t20 0 c10-10 20 10 30 0 s20-10 30 0 z l-5-5")
        #expect(absolute.elements.count == relative.elements.count)
        for (a, r) in zip(absolute.elements, relative.elements) { #expect(a == r) }
        // After Z the current point is the subpath start, so `l-5-5` lands on (5, 5).
        #expect(relative.currentPoint == Point(5, 5))
    }

    @Test("S and T reflect the previous control point, and only after C/S resp. Q/T")
    func smoothCurves() throws {
        let path = try Path(svg: "M0 0 C10 0 20 10 30 10 S50 20 60 0 M0 0 L10 0 S20 10 30 0")
        #expect(path.elements[2] == .cubic(Point(60, 0), control1: Point(40, 10), control2: Point(50, 20)))
        // After a line there is nothing to reflect: the first control is the current point.
        #expect(path.elements[5] == .cubic(Point(30, 0), control1: Point(10, 0), control2: Point(20, 10)))
    }

    @Test("arc flags written without separators; out-of-range radii are scaled up")
    func arcs() throws {
        let packed = try Path(svg: "M0 0a5 5 0 1110 0")
        let spaced = try Path(svg: "M0 0 a5 5 0 1 1 10 0")
        #expect(packed == spaced)
        #expect(packed.currentPoint == Point(10, 0))
        // Radius 1 cannot span 10: SVG scales it to 5, a half circle through (5, ±5).
        let scaled = try Path(svg: "M0 0 A1 1 0 0 1 10 0")
        let polyline = Flattener.polylines(scaled, tolerance: 0.01)[0]
        let lowest = polyline.points.map(\.y).min()!
        #expect(abs(lowest - -5) < 0.01)
    }

    @Test(arguments: ["M", "L10 10", "M10", "M10 10 Z 5", "M10 10 X", "M1e 2", "M0 0 A5 5 0 2 1 10 0", "M0 0 L10"])
    func malformedDataIsATypedError(_ data: String) {
        #expect(throws: SVGPathError.self) { try Path(svg: data) }
    }

    /// Each number is finite, but what the command computes from it is not: relative steps
    /// summing past ±1.8e308, S/T mirroring a huge control point. It was accepted as ±inf (a fill
    /// dropped the subpath, a stroke ran out of edges); now it is refused at the command.
    @Test(arguments: [
        ("M1e308 0 l1e308 0", 9, "l"),
        ("m1e308 0 1e308 0", 9, "l"),                               // the implicit l after m
        ("M0 0 h1e308 h1e308", 12, "h"),
        ("M0 0 C0 0 -1.5e308 0 1e308 0 S0 0 0 0", 29, "S"),        // 1e308 + (1e308 + 1.5e308)
        ("M0 0 Q-1.5e308 0 1e308 0 T0 0", 25, "T"),
        ("M1e308 1e308 a1 1 0 0 1 1e308 1e308", 13, "a"),
    ] as [(String, Int, String)])
    func computedOverflowIsRefusedAtItsCommand(data: String, offset: Int, command: String) {
        #expect {
            _ = try Path(svg: data)
        } throws: { error in
            guard let error = error as? SVGPathError else { return false }
            return error.offset == offset && error.message.hasPrefix("the \(command) command here computes a point beyond")
        }
    }

    /// A path of huge but finite coordinates prints and reads back.
    @Test func hugeFinitePathsReadBack() throws {
        let path = try Path(svg: "M-1.7e308 0 L1.7e308 1e-300 Q1e308 1e308 0 0 Z")
        #expect(try Path(svg: path.svgData) == path)
    }

    @Test("printing and parsing again gives the same path")
    func roundTrip() throws {
        let path = try Path(svg: "M10.5 -3 Q 20 40 30 0 C1 2 3 4 5 6 A 10 5 30 0 1 50 50 Z")
        let again = try Path(svg: path.svgData)
        #expect(again == path)
    }

    @Test("UIBezierPath arcs: clockwise on screen has increasing angles")
    func uiKitArc() {
        var path = Path()
        path.addArc(center: Point(50, 50), radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        #expect(path.elements.first == .move(Point(60, 50)))
        let end = path.currentPoint!
        #expect(abs(end.x - 50) < 1e-9 && abs(end.y - 60) < 1e-9)
        // Counter-clockwise from 0 to π/2 goes the long way: three quarters of the circle.
        var long = Path()
        long.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        let ys = Flattener.polylines(long, tolerance: 0.01)[0].points.map(\.y)
        #expect(ys.min()! < -9.9)
    }
}
