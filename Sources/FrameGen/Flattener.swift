/// One point of a flattened subpath.
struct Vertex: Sendable, Equatable {
    var point: Point
    /// `true` inside a flattened curve: the stroker joins such points round, as Cairo does, so a
    /// curve strokes smooth whatever the join style.
    var smooth = false
    /// The exact tangent of the curve arriving here / leaving here (zero for a straight segment):
    /// caps and joins at curve ends follow the curve, not its first or last chord.
    var tangentIn = Point.zero
    var tangentOut = Point.zero
}

/// A subpath flattened to straight segments.
struct Polyline: Sendable {
    var vertices: [Vertex] = []
    var closed = false
    /// `false` for a bare `move`: it is not stroked, not even as a dot.
    var hasSegments = false

    /// The points alone (tests and length measurement; the rasterizer reads `vertices` lazily).
    var points: [Point] { vertices.map(\.point) }

    mutating func add(_ p: Point, smooth: Bool = false) {
        vertices.append(Vertex(point: p, smooth: smooth))
    }
}

/// Curves to line segments. Uniform subdivision with the segment count from the bound on the
/// curve's second derivative, so the polyline stays within `tolerance` of the curve everywhere:
/// error ≤ max|B″| / (8·n²).
enum Flattener {
    /// The flattening tolerance in device pixels (Cairo's default).
    static let tolerance = 0.1
    static let maximumSegments = 4096

    static func polylines(_ path: Path, tolerance: Double) -> [Polyline] {
        (try? polylines(path, tolerance: tolerance, maxVertices: .max)) ?? []
    }

    /// The polylines, or ``Budget/Exceeded`` as soon as they would hold more than `maxVertices`
    /// points in all: the work stops at the budget, however many segments the curves ask for.
    static func polylines(_ path: Path, tolerance: Double, maxVertices: Int) throws(Budget.Exceeded) -> [Polyline] {
        var budget = Budget(maxVertices)
        var result: [Polyline] = []
        var current = Polyline()
        var last = Point.zero
        func finish() {
            if !current.vertices.isEmpty { result.append(current) }
            current = Polyline()
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                try budget.spend(1)
                finish()
                current.add(p)
                last = p
            case .line(let p):
                try budget.spend(2)
                if current.vertices.isEmpty { current.add(last) }
                current.add(p)
                current.hasSegments = true
                last = p
            case .quad(let p, let c):
                if current.vertices.isEmpty { current.add(last) }
                let d = (last - c * 2 + p).length
                let n = segments(d / (4 * tolerance))
                try budget.spend(n + 1)
                let p0 = last
                current.vertices[current.vertices.count - 1].tangentOut = firstNonZero(c - p0, p - p0)
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.add(p0 * (u * u) + c * (2 * u * t) + p * (t * t), smooth: true)
                }
                current.add(p)
                current.vertices[current.vertices.count - 1].tangentIn = firstNonZero(p - c, p - p0)
                current.hasSegments = true
                last = p
            case .cubic(let p, let c1, let c2):
                if current.vertices.isEmpty { current.add(last) }
                let m = max((last - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = segments(0.75 * m / tolerance)
                try budget.spend(n + 1)
                let p0 = last
                current.vertices[current.vertices.count - 1].tangentOut = firstNonZero(c1 - p0, c2 - p0, p - p0)
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, dd = t * t * t
                    current.add(Point(a * p0.x + b * c1.x + cc * c2.x + dd * p.x,
                                      a * p0.y + b * c1.y + cc * c2.y + dd * p.y), smooth: true)
                }
                current.add(p)
                current.vertices[current.vertices.count - 1].tangentIn = firstNonZero(p - c2, p - c1, p - p0)
                current.hasSegments = true
                last = p
            case .close:
                if current.vertices.isEmpty { continue }
                try budget.spend(1)
                current.closed = true
                // `M x y Z` is a zero-length subpath: round and square caps draw it (SVG, Cairo).
                current.hasSegments = true
                let start = current.vertices[0].point
                finish()
                // Drawing after a close continues from the subpath's start.
                current.add(start)
                last = start
            }
        }
        finish()
        // A bare `move` (or the point a `close` leaves behind) draws nothing.
        return result.filter(\.hasSegments)
    }

    private static func firstNonZero(_ vectors: Point...) -> Point {
        vectors.first { $0 != .zero } ?? .zero
    }

    /// `ceil(sqrt(x))`, at least 1, at most `maximumSegments`.
    private static func segments(_ squared: Double) -> Int {
        guard squared.isFinite else { return 1 }
        return max(1, Int(min(Double(maximumSegments), squared.squareRoot().rounded(.up))))
    }
}

/// A count of points or edges that work may still produce: spending past it throws, so a hostile
/// path or dash pattern stops at the limit instead of running for hours.
struct Budget {
    /// The budget ran out.
    struct Exceeded: Error {}

    private(set) var remaining: Int

    init(_ amount: Int) { remaining = amount }

    mutating func spend(_ amount: Int) throws(Exceeded) {
        guard amount <= remaining else {
            remaining = 0
            throw Exceeded()
        }
        remaining -= amount
    }
}
