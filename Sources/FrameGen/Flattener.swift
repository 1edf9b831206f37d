import Basics

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

/// Curves to line segments within `tolerance` of the curve, split where Cairo splits them: a
/// quadratic is raised to its cubic, and a cubic is halved by de Casteljau on Cairo's fixed-point
/// grid until its control points lie within the tolerance of the chord (``decompose``). The same
/// vertices as Cairo's keep curves within a few levels of Cairo's rendering (the seagull's wings
/// went from 24/255 to 14/255 at most, and 10× closer on average).
enum Flattener {
    /// The flattening tolerance in device pixels (Cairo's default).
    static let tolerance = 0.1
    static let maximumSegments = 4096

    /// The polylines of a trusted path (tests, measurements), none when they would hold more than
    /// `ResourceLimits.default.maxFlattenedEdges` points: nothing flattens without a budget.
    static func polylines(_ path: Path, tolerance: Double) -> [Polyline] {
        (try? polylines(path, tolerance: tolerance, maxVertices: ResourceLimits.default.maxFlattenedEdges)) ?? []
    }

    /// The polylines, or ``Budget/Exceeded`` as soon as they would hold more than `maxVertices`
    /// points in all: the work stops at the budget, however many segments the curves ask for.
    static func polylines(_ path: Path, tolerance: Double, maxVertices: Int, grid: Double = 1.0 / 256) throws(Budget.Exceeded) -> [Polyline] {
        var budget = Budget(maxVertices)
        return try polylines(path, tolerance: tolerance, grid: grid, budget: &budget)
    }

    /// The polylines, each of their points spent from `budget` (one budget shared by several paths
    /// bounds them all together); ``Budget/Exceeded`` as soon as it runs out, before the point
    /// is made.
    static func polylines(_ path: Path, tolerance: Double, grid: Double = 1.0 / 256, budget: inout Budget) throws(Budget.Exceeded) -> [Polyline] {
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
                let p0 = last
                current.vertices[current.vertices.count - 1].tangentOut = firstNonZero(c - p0, p - p0)
                // Raised exactly to a cubic and split as Cairo splits it.
                let c1 = p0 + (c - p0) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
                // Straight into the subpath: no second copy of what may be millions of points.
                try decompose(p0, c1, c2, p, tolerance: tolerance, grid: grid, budget: &budget, into: &current.vertices)
                current.add(p)
                current.vertices[current.vertices.count - 1].tangentIn = firstNonZero(p - c, p - p0)
                current.hasSegments = true
                last = p
            case .cubic(let p, let c1, let c2):
                if current.vertices.isEmpty { current.add(last) }
                let p0 = last
                current.vertices[current.vertices.count - 1].tangentOut = firstNonZero(c1 - p0, c2 - p0, p - p0)
                // Straight into the subpath: no second copy of what may be millions of points.
                try decompose(p0, c1, c2, p, tolerance: tolerance, grid: grid, budget: &budget, into: &current.vertices)
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

    /// The inner points of a cubic split as Cairo splits one (`_cairo_spline_decompose`): its
    /// knots on a grid of `grid` (Cairo's 24.8 fixed point, 1/256 of a device pixel), halved by de
    /// Casteljau until both inner control points lie within `tolerance` of the chord, each piece's
    /// start point kept. The same knots give Cairo's vertices, so curves land where Cairo draws them.
    /// Each point is `smooth` and carries the curve's tangent there (the piece's first control arm,
    /// as Cairo's stroker takes it): a stroke offsets it along the curve's true normal.
    static func decompose(_ a: Point, _ b: Point, _ c: Point, _ d: Point, tolerance: Double, grid: Double,
                          budget: inout Budget, into points: inout [Vertex]) throws(Budget.Exceeded) {
        // Beyond the grid's reach (2⁵⁰ steps: billions of pixels), split evenly instead.
        let reach = 0x1p50
        guard [a, b, c, d].allSatisfy({ abs($0.x / grid) < reach && abs($0.y / grid) < reach }) else {
            return try uniform(a, b, c, d, tolerance: tolerance, budget: &budget, into: &points)
        }
        func fixed(_ p: Point) -> (Int64, Int64) { (Int64((p.x / grid).rounded()), Int64((p.y / grid).rounded())) }
        typealias Knot = (Int64, Int64)
        let toleranceSquared = (tolerance / grid) * (tolerance / grid)
        func half(_ p: Knot, _ q: Knot) -> Knot { (p.0 + ((q.0 - p.0) >> 1), p.1 + ((q.1 - p.1) >> 1)) }
        func errorSquared(_ a: Knot, _ b: Knot, _ c: Knot, _ d: Knot) -> Double {
            var bx = Double(b.0 - a.0), by = Double(b.1 - a.1), cx = Double(c.0 - a.0), cy = Double(c.1 - a.1)
            if a != d {
                let dx = Double(d.0 - a.0), dy = Double(d.1 - a.1), v = dx * dx + dy * dy
                var u = bx * dx + by * dy
                if u >= v { bx -= dx; by -= dy } else if u > 0 { bx -= u / v * dx; by -= u / v * dy }
                u = cx * dx + cy * dy
                if u >= v { cx -= dx; cy -= dy } else if u > 0 { cx -= u / v * dx; cy -= u / v * dy }
            }
            return max(bx * bx + by * by, cx * cx + cy * cy)
        }
        var first = true
        func split(_ a: Knot, _ b: Knot, _ c: Knot, _ d: Knot, depth: Int) throws(Budget.Exceeded) {
            if depth >= 24 || errorSquared(a, b, c, d) < toleranceSquared {
                if !first {
                    try budget.spend(1)
                    // The tangent at the knot: its first control arm (the next one where it is empty).
                    let arm = b != a ? (b.0 - a.0, b.1 - a.1) : c != a ? (c.0 - a.0, c.1 - a.1) : (d.0 - a.0, d.1 - a.1)
                    let tangent = Point(Double(arm.0), Double(arm.1))
                    points.append(Vertex(point: Point(Double(a.0) * grid, Double(a.1) * grid), smooth: true,
                                         tangentIn: tangent, tangentOut: tangent))
                }
                first = false
                return
            }
            let ab = half(a, b), bc = half(b, c), cd = half(c, d)
            let abbc = half(ab, bc), bccd = half(bc, cd), mid = half(abbc, bccd)
            try split(a, ab, abbc, mid, depth: depth + 1)
            try split(mid, bccd, cd, d, depth: depth + 1)
        }
        try budget.spend(2)
        try split(fixed(a), fixed(b), fixed(c), fixed(d), depth: 0)
    }

    /// The inner points of a cubic at `n` even steps of its parameter, `n` from the bound on its
    /// second derivative so that the chords stay within `tolerance` (error ≤ max|B″| / (8·n²)).
    private static func uniform(_ p0: Point, _ c1: Point, _ c2: Point, _ p: Point, tolerance: Double,
                                budget: inout Budget, into points: inout [Vertex]) throws(Budget.Exceeded) {
        let m = max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
        let n = segments(0.75 * m / tolerance)
        try budget.spend(n + 1)
        for i in 1..<n {
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, dd = t * t * t
            // The derivative's direction: 3·(u²(c1 − p0) + 2ut(c2 − c1) + t²(p − c2)).
            let tangent = (c1 - p0) * (u * u) + (c2 - c1) * (2 * u * t) + (p - c2) * (t * t)
            points.append(Vertex(point: Point(a * p0.x + b * c1.x + cc * c2.x + dd * p.x, a * p0.y + b * c1.y + cc * c2.y + dd * p.y),
                                 smooth: true, tangentIn: tangent, tangentOut: tangent))
        }
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
