import Testing
@testable import FrameGen

/// Curves are split as Cairo splits them (halved on its 1/256-pixel grid until the control points
/// lie within the tolerance of the chord), so every chord stays within the tolerance of the curve;
/// outside the grid's reach (coordinates of billions of pixels) they are split evenly instead of
/// collapsing to a point.
@Suite("Flattener")
struct FlattenerTests {
    static func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p: Point, _ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
    }

    /// The largest distance from a dense sampling of the curve to the polyline.
    static func deviation(_ points: [Point], from curve: (Double) -> Point) -> Double {
        func distance(_ q: Point, _ a: Point, _ b: Point) -> Double {
            let ab = b - a, length = ab.x * ab.x + ab.y * ab.y
            let t = length == 0 ? 0 : max(0, min(1, ((q - a).x * ab.x + (q - a).y * ab.y) / length))
            return (a + ab * t - q).length
        }
        return (0...2000).map { i in
            let q = curve(Double(i) / 2000)
            return zip(points, points.dropFirst()).map { distance(q, $0, $1) }.min() ?? .infinity
        }.max() ?? .infinity
    }

    static let curves: [(Point, Point, Point, Point)] = [
        (Point(10, 30), Point(40, -10), Point(60, 70), Point(90, 30)),      // an S
        (Point(20, 110), Point(60, 60), Point(100, 160), Point(150, 110)),  // a wave
        (Point(0, 0), Point(300, 0), Point(-200, 10), Point(100, 10)),      // a loop
        (Point(5, 5), Point(5, 5), Point(6, 6), Point(6, 6)),               // under a pixel
    ]

    @Test(arguments: 0..<curves.count)
    func chordsStayWithinTheTolerance(index: Int) throws {
        let (p0, c1, c2, p) = Self.curves[index]
        var path = Path()
        path.move(to: p0)
        path.curve(to: p, control1: c1, control2: c2)
        let points = try #require(Flattener.polylines(path, tolerance: 0.1).first).points
        #expect(points.first == p0 && points.last == p)
        // The grid moves the inner points by at most half a step (1/512 px) off the curve.
        #expect(Self.deviation(points, from: { Self.cubic(p0, c1, c2, p, $0) }) <= 0.1 + 1.0 / 256, "\(points.count) points")
    }

    @Test func curvesBeyondTheGridAreSplitEvenly() throws {
        let offset = Point(1e14, -1e14)
        let (p0, c1, c2, p) = Self.curves[0]
        var path = Path()
        path.move(to: p0 + offset)
        path.curve(to: p + offset, control1: c1 + offset, control2: c2 + offset)
        let points = try #require(Flattener.polylines(path, tolerance: 0.1).first).points
        #expect(points.count > 10)
        // Within the tolerance and what doubles at 1e14 can tell apart (1/64).
        #expect(Self.deviation(points, from: { Self.cubic(p0 + offset, c1 + offset, c2 + offset, p + offset, $0) }) <= 0.1 + 1.0 / 32)
    }
}
