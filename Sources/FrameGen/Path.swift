import Foundation

/// A vector path: subpaths of lines, quadratic and cubic Béziers — `UIBezierPath` / `CGPath` in
/// value form. Arcs are stored as cubic Béziers, cut where Cairo cuts them (see `appendArc`).
public struct Path: Sendable, Hashable {
    /// One drawing command. Points are in user space.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point (SVG `M`).
        case move(Point)
        /// A straight line to the point (SVG `L`).
        case line(Point)
        /// A quadratic Bézier to the point, pulled towards `control` (SVG `Q`).
        case quad(Point, control: Point)
        /// A cubic Bézier to the point with two control points (SVG `C`).
        case cubic(Point, control1: Point, control2: Point)
        /// A straight line back to the subpath's start, closing it (SVG `Z`): a closed subpath is stroked
        /// with a join there instead of two caps.
        case close

        /// Whether every coordinate of the element is finite (not ±inf or NaN).
        public var isFinite: Bool {
            switch self {
            case .move(let p), .line(let p): p.x.isFinite && p.y.isFinite
            case .quad(let p, let c): p.x.isFinite && p.y.isFinite && c.x.isFinite && c.y.isFinite
            case .cubic(let p, let c1, let c2):
                p.x.isFinite && p.y.isFinite && c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite
            case .close: true
            }
        }
    }

    /// The drawing commands in order, as appended (a drawing command on an empty path is preceded by
    /// a move to the origin).
    public private(set) var elements: [Element] = []
    /// Where the current subpath started (`close` returns there).
    public private(set) var subpathStart: Point = .zero
    /// The end of the last element, or `nil` for an empty path.
    public private(set) var currentPoint: Point?
    /// The arcs among the elements, so that they can be cut again for the space they are drawn
    /// in (``cuttingArcs(for:)``): Cairo cuts an arc into pieces by its size in device pixels.
    private(set) var arcs: [Arc] = []

    /// An elliptical arc stored as `count` cubics from element `first`: the points
    /// `center + axes · (cos t, sin t)` for t from `start` over `sweep`.
    struct Arc: Sendable, Hashable {
        var first: Int
        var count: Int
        var center: Point
        /// The linear map taking the unit circle to the ellipse (rotation × radii, then any
        /// transform the path was mapped by), as `a`, `b`, `c`, `d` of an ``AffineTransform``.
        var axes: AffineTransform
        var start: Double
        var sweep: Double
    }

    /// An empty path.
    public init() {}

    /// Paths are equal when their elements are (how their arcs would be cut at another scale is
    /// not part of the value).
    public static func == (lhs: Path, rhs: Path) -> Bool {
        lhs.elements == rhs.elements && lhs.subpathStart == rhs.subpathStart && lhs.currentPoint == rhs.currentPoint
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
        hasher.combine(subpathStart)
        hasher.combine(currentPoint)
    }

    /// A path of `elements`, appended in order as ``append(_:)-(Path.Element)`` does.
    public init(elements: [Element]) {
        for element in elements { append(element) }
    }

    /// `true` when the path has no elements (it draws nothing).
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends `element`, tracking the current point; a drawing command on an empty path starts at
    /// the origin, as SVG does.
    public mutating func append(_ element: Element) {
        switch element {
        case .move(let p):
            subpathStart = p
            currentPoint = p
        case .line(let p), .quad(let p, _), .cubic(let p, _, _):
            if currentPoint == nil { move(to: .zero) }
            currentPoint = p
        case .close:
            guard currentPoint != nil else { return }
            currentPoint = subpathStart
        }
        elements.append(element)
    }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { append(.move(p)) }
    /// Adds a straight line from the current point to `p`.
    public mutating func line(to p: Point) { append(.line(p)) }
    /// Adds a quadratic Bézier from the current point to `p` with `control`.
    public mutating func quad(to p: Point, control: Point) { append(.quad(p, control: control)) }
    /// Adds a cubic Bézier from the current point to `p` with `control1` and `control2`
    /// (`UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)`).
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        append(.cubic(p, control1: control1, control2: control2))
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func close() { append(.close) }

    /// Appends every element of `other`.
    public mutating func append(_ other: Path) {
        let offset = elements.count
        for element in other.elements { append(element) }
        // The other path's arcs stay arcs when its elements came over one for one (a leading
        // drawing command on an empty path adds a move before them).
        if elements.count == offset + other.elements.count {
            arcs += other.arcs.map { arc in
                var arc = arc
                arc.first += offset
                return arc
            }
        }
    }

    // MARK: Arcs

    /// A circular arc as `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`:
    /// a line to its start when the path has a current point (a move otherwise), then the arc.
    /// Angles are in radians from +x; `clockwise` is as seen on screen (y down), so a clockwise arc
    /// has increasing angles.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        var sweep = endAngle - startAngle
        let fullTurn = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
            if sweep > fullTurn { sweep = fullTurn }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
            if sweep < -fullTurn { sweep = -fullTurn }
        }
        appendArc(center: center, radii: Point(radius, radius), rotation: 0, start: startAngle, sweep: sweep, connect: true)
    }

    /// An elliptical arc of centre `center`, radii `radii`, the ellipse rotated by `rotation`, from
    /// angle `start` over `sweep` radians (positive: clockwise on screen). Split as Cairo splits
    /// an arc (`_cairo_arc_in_direction`): halves when it turns more than π, each half in equal
    /// pieces of the widest angle π/k whose cubic stays within ``arcTolerance`` of the ellipse
    /// (Dokken and Daehlen's error bound, ``arcPieceAngle(tolerance:)``). The same pieces flatten
    /// to the same vertices as Cairo's, so arcs land where Cairo draws them.
    /// A sweep that is not finite draws nothing (callers keep sweeps within ±2π).
    mutating func appendArc(center: Point, radii: Point, rotation: Double, start: Double, sweep: Double, connect: Bool) {
        guard sweep.isFinite, start.isFinite else { return }
        let cosR = cos(rotation), sinR = sin(rotation)
        let axes = AffineTransform(a: radii.x * cosR, b: radii.x * sinR, c: -radii.y * sinR, d: radii.y * cosR, tx: 0, ty: 0)
        let arc = Arc(first: 0, count: 0, center: center, axes: axes, start: start, sweep: sweep)
        let first = Self.point(of: arc, at: start)
        if connect {
            if currentPoint == nil { move(to: first) } else if currentPoint != first { line(to: first) }
        }
        if currentPoint == nil { move(to: .zero) }
        var cubics: [Element] = []
        Self.cut(arc, major: max(abs(radii.x), abs(radii.y)), into: &cubics)
        var recorded = arc
        recorded.first = elements.count
        recorded.count = cubics.count
        for cubic in cubics { append(cubic) }
        arcs.append(recorded)
    }

    private static func point(of arc: Arc, at angle: Double, _ dx: Double = 0, _ dy: Double = 0) -> Point {
        let u = cos(angle) + dx, v = sin(angle) + dy
        return Point(arc.center.x + arc.axes.a * u + arc.axes.c * v, arc.center.y + arc.axes.b * u + arc.axes.d * v)
    }

    /// The number of cubics Cairo cuts an arc of `sweep` into on an ellipse whose major radius is
    /// `major` device pixels (`_cairo_arc_in_direction`).
    static func arcPieces(sweep: Double, major: Double) -> Int {
        let halves = abs(sweep) > Double.pi ? 2 : 1
        let pieceAngle = arcPieceAngle(tolerance: major > 0 && major.isFinite ? arcTolerance / major : 1)
        let perHalf = max(1, Int(min(Double(maximumArcPieces), (abs(sweep) / Double(halves) / pieceAngle).rounded(.up))))
        return halves * perHalf
    }

    /// The cubics of `arc` cut for an ellipse of major radius `major` device pixels.
    private static func cut(_ arc: Arc, major: Double, into cubics: inout [Element]) {
        let pieces = arcPieces(sweep: arc.sweep, major: major)
        let step = arc.sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = arc.start
        for _ in 0..<pieces {
            let next = angle + step
            let c1 = point(of: arc, at: angle, -k * sin(angle), k * cos(angle))
            let c2 = point(of: arc, at: next, k * sin(next), -k * cos(next))
            cubics.append(.cubic(point(of: arc, at: next), control1: c1, control2: c2))
            angle = next
        }
    }

    /// The path with its arcs cut as Cairo cuts them when drawn through `transform` (points of
    /// this path → device pixels): an arc is cut by its major radius in device pixels, so at
    /// `@2x` a circle gets more, shorter pieces than at `@1x` (the pieces are stored for a
    /// transform that does not scale). The points stay in this path's space; arcs already cut
    /// that way are kept as they are.
    func cuttingArcs(for transform: AffineTransform) -> Path {
        guard !arcs.isEmpty else { return self }
        func major(_ arc: Arc) -> Double {
            let m = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0).concatenating(arc.axes)
            return m.maximumScale
        }
        guard arcs.contains(where: { Self.arcPieces(sweep: $0.sweep, major: major($0)) != $0.count }) else { return self }
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        var next = 0
        for arc in arcs {
            guard arc.first >= next, arc.first + arc.count <= elements.count, arc.count > 0 else { continue }
            out.elements.append(contentsOf: elements[next..<arc.first])
            var cubics: [Element] = []
            Self.cut(arc, major: major(arc), into: &cubics)
            // End exactly where the stored arc ended (SVG arcs land on their end point).
            if case .cubic(let end, _, _) = elements[arc.first + arc.count - 1], case .cubic(_, let c1, let c2) = cubics.last {
                cubics[cubics.count - 1] = .cubic(end, control1: c1, control2: c2)
            }
            var recorded = arc
            recorded.first = out.elements.count
            recorded.count = cubics.count
            out.elements.append(contentsOf: cubics)
            out.arcs.append(recorded)
            next = arc.first + arc.count
        }
        out.elements.append(contentsOf: elements[next...])
        out.subpathStart = subpathStart
        out.currentPoint = currentPoint
        return out
    }

    /// How far an arc's cubics may stray from the ellipse, in points: Cairo's default tolerance
    /// (0.1 device pixel) at scale 1.
    static let arcTolerance = 0.1
    /// The most pieces one half of an arc is cut into (Cairo's cap: an error of about 10⁻²⁰).
    static let maximumArcPieces = 1000

    /// The widest angle π/k (k = 1, 2, …) whose cubic (control arms `4/3·tan(θ/4)`) stays within
    /// `tolerance` of a unit circle: its largest error is `2/27 · sin⁶(θ/4) / cos²(θ/4)`.
    static func arcPieceAngle(tolerance: Double) -> Double {
        var k = 1.0
        while k < Double(maximumArcPieces) {
            let angle = Double.pi / k
            let s = sin(angle / 4), c = cos(angle / 4)
            if 2.0 / 27.0 * pow(s, 6) / (c * c) < tolerance { return angle }
            k += 1
        }
        return Double.pi / k
    }

    /// SVG's elliptical arc command from the current point to `end` (SVG 1.1 §F.6: out-of-range radii
    /// are scaled up; zero radii make a straight line).
    public mutating func arc(to end: Point, radii: Point, rotation degrees: Double, largeArc: Bool, sweep: Bool) {
        let start = currentPoint ?? .zero
        if currentPoint == nil { move(to: .zero) }
        guard start != end else { return }
        var rx = abs(radii.x), ry = abs(radii.y)
        guard rx > 0, ry > 0 else { return line(to: end) }
        let phi = degrees * Double.pi / 180
        let cosP = cos(phi), sinP = sin(phi)
        let hx = (start.x - end.x) / 2, hy = (start.y - end.y) / 2
        let x1 = cosP * hx + sinP * hy, y1 = -sinP * hx + cosP * hy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let center = Point(cosP * cx1 - sinP * cy1 + (start.x + end.x) / 2, sinP * cx1 + cosP * cy1 + (start.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let theta1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
        if sweep, delta < 0 { delta += 2 * Double.pi }
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        // Coordinates near the limits of a double overflow in the arithmetic above: such an arc is
        // drawn as the straight line SVG draws for radii it cannot use.
        guard center.x.isFinite, center.y.isFinite, rx.isFinite, ry.isFinite, theta1.isFinite, delta.isFinite else {
            return line(to: end)
        }
        let before = elements.count
        appendArc(center: center, radii: Point(rx, ry), rotation: phi, start: theta1, sweep: delta, connect: false)
        // Land exactly on the requested end point (rounding in the trigonometry drifts by ~1e-15).
        if case .cubic(_, let c1, let c2) = elements.last, elements.count > before {
            elements[elements.count - 1] = .cubic(end, control1: c1, control2: c2)
            currentPoint = end
        }
    }

    // MARK: Shapes

    /// A closed rectangle, clockwise on screen from its top-left corner (as `UIBezierPath(rect:)`).
    public init(rect x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init()
        move(to: Point(x, y))
        line(to: Point(x + width, y))
        line(to: Point(x + width, y + height))
        line(to: Point(x, y + height))
        close()
    }

    /// An ellipse inscribed in the rectangle, four cubic quarter arcs, clockwise on screen.
    public init(ellipseIn x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init()
        let center = Point(x + width / 2, y + height / 2)
        move(to: Point(x + width, center.y))
        appendArc(center: center, radii: Point(width / 2, height / 2), rotation: 0, start: 0, sweep: 2 * Double.pi, connect: false)
        close()
    }

    /// A circle of `radius` around `center`.
    public init(circleAt center: Point, radius: Double) {
        self.init(ellipseIn: center.x - radius, center.y - radius, 2 * radius, 2 * radius)
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public init(roundedRect x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) {
        let r = max(0, min(radius, min(width, height) / 2))
        guard r > 0 else {
            self.init(rect: x, y, width, height)
            return
        }
        self.init()
        let quarter = Double.pi / 2
        move(to: Point(x + r, y))
        line(to: Point(x + width - r, y))
        appendArc(center: Point(x + width - r, y + r), radii: Point(r, r), rotation: 0, start: -quarter, sweep: quarter, connect: true)
        line(to: Point(x + width, y + height - r))
        appendArc(center: Point(x + width - r, y + height - r), radii: Point(r, r), rotation: 0, start: 0, sweep: quarter, connect: true)
        line(to: Point(x + r, y + height))
        appendArc(center: Point(x + r, y + height - r), radii: Point(r, r), rotation: 0, start: quarter, sweep: quarter, connect: true)
        line(to: Point(x, y + r))
        appendArc(center: Point(x + r, y + r), radii: Point(r, r), rotation: 0, start: 2 * quarter, sweep: quarter, connect: true)
        close()
    }

    // MARK: Transforms

    /// Every point mapped by `transform` (Béziers stay Béziers under affine maps).
    public func applying(_ transform: AffineTransform) -> Path {
        if transform.isIdentity { return self }
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        out.arcs = arcs.map { arc in
            var arc = arc
            arc.center = transform.apply(arc.center)
            arc.axes = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0).concatenating(arc.axes)
            return arc
        }
        for element in elements {
            switch element {
            case .move(let p): out.append(.move(transform.apply(p)))
            case .line(let p): out.append(.line(transform.apply(p)))
            case .quad(let p, let c): out.append(.quad(transform.apply(p), control: transform.apply(c)))
            case .cubic(let p, let c1, let c2):
                out.append(.cubic(transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2)))
            case .close: out.append(.close)
            }
        }
        return out
    }

    /// The smallest rectangle holding every point and control point, as (minX, minY, maxX, maxY),
    /// or `nil` for an empty path.
    public var controlPointBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let p, let c): add(p); add(c)
            case .cubic(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .close: break
            }
        }
        return minX <= maxX ? (minX, minY, maxX, maxY) : nil
    }
}
