import Foundation

/// Outlines a stroke as the nonzero union of simple pieces — a band polygon per run of gentle curve
/// vertices, a quadrilateral per other segment, a wedge per join, a cap per open end — all wound
/// the same way. Interior points of flattened curves are joined round (Cairo does the same), so
/// curves stay smooth under any join style.
struct Stroker {
    let style: StrokeStyle
    let radius: Double
    /// Flattening tolerance for round joins and caps, in the same space as the points.
    let tolerance: Double
    var output = PolygonSet()
    /// The most outline points (and dash pieces) the stroke may make.
    let maxPoints: Int
    /// An arc asked for more points than ``maxPoints``: the outline is incomplete.
    private var overBudget = false
    /// Buffers reused by every dash (``strokeDash(_:)``).
    var dashBuffers = DashBuffers()
    /// The device's fixed-point grid in the points' space (Cairo's 1/256 pixel), where Cairo
    /// compares a dash's faces; `nil`: compared exactly.
    let grid: Double?

    init(style: StrokeStyle, tolerance: Double, maxPoints: Int = .max, grid: Double? = nil) {
        self.style = style
        self.radius = style.width / 2
        self.tolerance = tolerance
        self.maxPoints = maxPoints
        self.grid = grid
    }

    /// Outlines `polylines`; stops with ``Budget/Exceeded`` once the outline would pass
    /// ``maxPoints`` points, so the work is bounded by the budget, not by the dash count or the pen.
    mutating func stroke(_ polylines: [Polyline]) throws(Budget.Exceeded) {
        guard radius > 0, radius.isFinite, tolerance > 0 else { return }
        for line in polylines {
            let clean = Self.deduplicated(line)
            if let pattern = dashPattern {
                // Cairo strokes dashes with its segment-by-segment stroker
                // (`_cairo_stroker_line_to_dashed`): faces square to each flattened segment,
                // curve points joined round, no bands, one contour a dash (``strokeDash(_:)``).
                for piece in try dashed(clean, pattern: pattern) {
                    if piece.vertices.count >= 2 { strokeDash(piece) } else { strokeOpen(piece.vertices, direction: piece.direction, bands: false) }
                    try checkBudget()
                }
            } else if clean.vertices.count >= 2, Self.isStraight(clean.vertices) {
                strokeContours(clean.vertices, closed: clean.closed)
            } else if clean.closed && clean.vertices.count >= 2 {
                strokeClosed(clean.vertices)
            } else {
                strokeOpen(clean.vertices, direction: Point(1, 0))
            }
            try checkBudget()
        }
    }

    private func checkBudget() throws(Budget.Exceeded) {
        if overBudget || output.points.count > maxPoints { throw Budget.Exceeded() }
    }

    private var dashPattern: [Double]? {
        let dash = style.dash.count % 2 == 1 ? style.dash + style.dash : style.dash
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.reduce(0, +) > 0 else { return nil }
        return dash
    }

    /// Drops repeated points (and a closing point equal to the first), keeping their tangents.
    static func deduplicated(_ line: Polyline) -> Polyline {
        var out = Polyline()
        out.closed = line.closed
        out.hasSegments = line.hasSegments
        out.vertices.reserveCapacity(line.vertices.count)
        for vertex in line.vertices {
            if let last = out.vertices.last, last.point == vertex.point {
                if vertex.tangentOut != .zero { out.vertices[out.vertices.count - 1].tangentOut = vertex.tangentOut }
                if last.tangentIn == .zero { out.vertices[out.vertices.count - 1].tangentIn = vertex.tangentIn }
                continue
            }
            out.vertices.append(vertex)
        }
        if out.closed, out.vertices.count > 1, let last = out.vertices.last, last.point == out.vertices[0].point {
            if out.vertices[0].tangentIn == .zero { out.vertices[0].tangentIn = last.tangentIn }
            out.vertices.removeLast()
        }
        return out
    }

    // MARK: Pieces

    private mutating func strokeOpen(_ vertices: [Vertex], direction: Point, bands: Bool = true) {
        guard let first = vertices.first else { return }
        if vertices.count == 1 {
            // A zero-length subpath: a dot for round caps, a square for square caps (SVG 2).
            cap(at: first.point, direction: direction)
            cap(at: first.point, direction: -direction)
            return
        }
        let n = vertices.count
        let absorbed = segments(vertices, closed: false, bands: bands)
        for i in 1..<max(1, n - 1) where !absorbed[i] { corner(vertices[i], from: vertices[i - 1], to: vertices[i + 1], bands: bands) }
        let firstChord = Self.unit(vertices[1].point - first.point)
        let leaving = Self.direction(first.tangentOut, else: firstChord)
        // Where the band starts square to the curve's own tangent, Cairo's outline has nothing
        // between tangent and chord: no filler (one would add vertices Cairo's scan converter
        // does not see).
        if !(bands && bandFollows(first.tangentOut, firstChord)) {
            join(at: first.point, incoming: leaving, outgoing: firstChord, kind: .round)
        }
        cap(at: first.point, direction: -leaving)
        let lastChord = Self.unit(vertices[n - 1].point - vertices[n - 2].point)
        let arriving = Self.direction(vertices[n - 1].tangentIn, else: lastChord)
        if !(bands && bandFollows(vertices[n - 1].tangentIn, lastChord)) {
            join(at: vertices[n - 1].point, incoming: lastChord, outgoing: arriving, kind: .round)
        }
        cap(at: vertices[n - 1].point, direction: arriving)
    }

    private mutating func strokeClosed(_ vertices: [Vertex]) {
        let n = vertices.count
        let absorbed = segments(vertices, closed: true)
        for i in 0..<n where !absorbed[i] { corner(vertices[i], from: vertices[(i + n - 1) % n], to: vertices[(i + 1) % n], bands: true) }
    }

    /// Outlines the segments as Cairo's stroker does. A run of segments whose inner vertices are
    /// gentle curve points becomes one band polygon — each vertex offset by the radius along the
    /// curve's true normal there (its tangent from ``Flattener``), left side out and right side
    /// back — instead of a quadrilateral per segment and a wedge per vertex. A curve vertex joins
    /// a band while the tangent turns less than Cairo's cusp angle from the previous one (the gap
    /// a straight edge leaves on the outside stays within the tolerance) and its inner offset
    /// cannot fold past the neighbouring vertices; other vertices get a join. Ends of straight
    /// segments are offset square to the segment. Returns the vertices the bands absorbed.
    private mutating func segments(_ vertices: [Vertex], closed: Bool, bands: Bool = true) -> [Bool] {
        let n = vertices.count
        let count = closed ? n : n - 1
        var absorbed = [Bool](repeating: false, count: n)
        guard count > 0 else { return absorbed }
        guard bands else {
            for i in 0..<count { segment(vertices[i].point, vertices[(i + 1) % n].point) }
            return absorbed
        }
        var directions: [Point] = [], lengths: [Double] = []
        directions.reserveCapacity(count)
        lengths.reserveCapacity(count)
        for i in 0..<count {
            let d = vertices[(i + 1) % n].point - vertices[i].point
            lengths.append(d.length)
            directions.append(Self.unit(d))
        }
        // Cairo's `spline_cusp_tolerance`: cos of twice the angle whose chord on the pen's circle
        // sags by the tolerance.
        let cusp = 2 * (1 - tolerance / radius) * (1 - tolerance / radius) - 1
        /// The direction of the face leaving vertex `k` along segment `k` / arriving along `k - 1`.
        // A tangent far from its chord (next to a cusp) would twist the band: the chord's own
        // direction is taken there, and the vertex's join covers the turn.
        let straight = straightLimit
        func face(_ tangent: Point, _ segment: Int) -> Point {
            guard tangent != .zero else { return directions[segment] }
            let t = Self.unit(tangent)
            return t.dot(directions[segment]) >= straight ? t : directions[segment]
        }
        func leaving(_ k: Int) -> Point { face(vertices[k].tangentOut, k) }
        func arriving(_ k: Int, along segment: Int) -> Point { face(vertices[k].tangentIn, segment) }
        func bandable(_ k: Int) -> Bool {
            guard vertices[k].smooth, k > 0, k < count else { return false }
            guard leaving(k - 1).dot(arriving(k, along: k - 1)) >= cusp else { return false }
            let a = directions[k - 1], b = directions[k]
            let dot = a.dot(b)
            guard dot > 0 else { return false }
            let inner = radius * abs(a.cross(b)) / (1 + dot)  // r·tan(α/2)
            return 2 * inner <= min(lengths[k - 1], lengths[k])
        }
        var start = 0
        while start < count {
            var end = start
            while end + 1 < count, bandable(end + 1) { end += 1 }
            if end == start, vertices[start].tangentOut == .zero, vertices[(start + 1) % n].tangentIn == .zero {
                segment(vertices[start].point, vertices[(start + 1) % n].point)
            } else {
                var left: [Point] = [], right: [Point] = []
                left.reserveCapacity(end - start + 2)
                right.reserveCapacity(end - start + 2)
                let first = leaving(start).perpendicular * radius
                left.append(vertices[start].point + first)
                right.append(vertices[start].point - first)
                if end > start {
                    for k in (start + 1)...end {
                        absorbed[k] = true
                        let normal = arriving(k, along: k - 1).perpendicular * radius
                        left.append(vertices[k].point + normal)
                        right.append(vertices[k].point - normal)
                    }
                }
                let tail = (end + 1) % n
                let last = arriving(tail, along: end).perpendicular * radius
                left.append(vertices[tail].point + last)
                right.append(vertices[tail].point - last)
                output.addPositive(left + right.reversed())
            }
            start = end + 1
        }
        return absorbed
    }

    static func unit(_ v: Point) -> Point {
        let length = v.length
        return length > 0 ? v * (1 / length) : Point(1, 0)
    }

    /// The unit tangent, or `chord` where there is none.
    static func direction(_ tangent: Point, else chord: Point) -> Point {
        tangent == .zero ? chord : unit(tangent)
    }

    private mutating func segment(_ a: Point, _ b: Point) {
        let offset = Self.unit(b - a).perpendicular * radius
        output.addPositive([a + offset, b + offset, b - offset, a - offset])
    }

    /// The join at a vertex between two chords: the pen's join between the exact tangents, and
    /// round fillers between each tangent and its chord (nothing when they agree). A miter next
    /// to a curve reaches its tip straight from the curve's neighbouring outer point, as Cairo's
    /// outline does (the tip takes the place of the curve's end offset on the outer side).
    /// The least cosine between a curve's tangent and its chord for a band to offset a vertex
    /// square to the tangent (else square to the chord).
    var straightLimit: Double {
        let cusp = 2 * (1 - tolerance / radius) * (1 - tolerance / radius) - 1
        return max(cusp, 0.5)
    }

    /// Whether a band offsets the end of `chord` square to `tangent` (see ``segments``).
    func bandFollows(_ tangent: Point, _ chord: Point) -> Bool {
        tangent != .zero && Self.unit(tangent).dot(chord) >= straightLimit
    }

    private mutating func corner(_ vertex: Vertex, from previousVertex: Vertex, to nextVertex: Vertex, bands: Bool) {
        let previous = previousVertex.point, next = nextVertex.point
        let chordIn = Self.unit(vertex.point - previous), chordOut = Self.unit(next - vertex.point)
        let tangentIn = Self.direction(vertex.tangentIn, else: chordIn)
        let tangentOut = Self.direction(vertex.tangentOut, else: chordOut)
        if !(bands && bandFollows(vertex.tangentIn, chordIn)) {
            join(at: vertex.point, incoming: chordIn, outgoing: tangentIn, kind: .round)
        }
        let kind: LineJoin = vertex.smooth ? .round : style.join
        if kind == .miter, let tip = miterTip(at: vertex.point, incoming: tangentIn, outgoing: tangentOut) {
            let side: Double = tangentIn.cross(tangentOut) > 0 ? -1 : 1
            // The neighbours' outer points, offset as their bands offset them.
            let before = previous + Self.direction(previousVertex.tangentOut, else: chordIn).perpendicular * (radius * side)
            let after = next + Self.direction(nextVertex.tangentIn, else: chordOut).perpendicular * (radius * side)
            // (Straight neighbours lie on the miter's own edges: nothing to add.)
            if vertex.tangentIn != .zero { output.addPositive([before, vertex.point + tangentIn.perpendicular * (radius * side), tip]) }
            if vertex.tangentOut != .zero { output.addPositive([tip, vertex.point + tangentOut.perpendicular * (radius * side), after]) }
        }
        join(at: vertex.point, incoming: tangentIn, outgoing: tangentOut, kind: kind)
        if !(bands && bandFollows(vertex.tangentOut, chordOut)) {
            join(at: vertex.point, incoming: tangentOut, outgoing: chordOut, kind: .round)
        }
    }

    /// The tip of a miter join between two unit directions, or `nil` when there is none (straight
    /// on, a U-turn, or past the miter limit).
    private func miterTip(at vertex: Point, incoming: Point, outgoing: Point) -> Point? {
        let cross = incoming.cross(outgoing), dot = incoming.dot(outgoing)
        guard abs(cross) >= 1e-12 else { return nil }
        let cosHalf = ((1 + dot) / 2).squareRoot()
        guard cosHalf * style.miterLimit >= 1, cosHalf > 0 else { return nil }
        let side: Double = cross > 0 ? -1 : 1
        return vertex + (incoming.perpendicular + outgoing.perpendicular) * (radius * side / (1 + dot))
    }

    private mutating func join(at vertex: Point, incoming: Point, outgoing: Point, kind: LineJoin) {
        let cross = incoming.cross(outgoing), dot = incoming.dot(outgoing)
        if abs(cross) < 1e-12 {
            // Straight on: nothing to fill. A U-turn: only a round join shows (a half disc).
            if dot < 0, kind == .round { output.addPositive(arcPoints(center: vertex, from: incoming.perpendicular, sweep: -Double.pi, including: [vertex])) }
            return
        }
        // The outer side is the one the path turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let a = vertex + incoming.perpendicular * (radius * side)
        let b = vertex + outgoing.perpendicular * (radius * side)
        switch kind {
        case .bevel:
            output.addPositive([vertex, a, b])
        case .miter:
            // Miter length / width = 1 / cos(α/2) for a turn of α; cos²(α/2) = (1 + dot) / 2.
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf * style.miterLimit >= 1, cosHalf > 0 {
                let tip = vertex + (incoming.perpendicular + outgoing.perpendicular) * (radius * side / (1 + dot))
                output.addPositive([vertex, a, tip, b])
            } else {
                output.addPositive([vertex, a, b])
            }
        case .round:
            let from = a - vertex, to = b - vertex
            let sweep = atan2(from.cross(to), from.dot(to))
            output.addPositive(arcPoints(center: vertex, from: from * (1 / radius), sweep: sweep, including: [vertex]))
        }
    }

    /// The end cap at `point` for a stroke leaving in `direction` (a unit vector pointing outwards).
    private mutating func cap(at point: Point, direction: Point) {
        let normal = direction.perpendicular * radius, ahead = direction * radius
        switch style.cap {
        case .butt:
            return
        case .square:
            output.addPositive([point + normal, point + normal + ahead, point - normal + ahead, point - normal])
        case .round:
            output.addPositive(arcPoints(center: point, from: direction.perpendicular, sweep: -Double.pi, including: []))
        }
    }

    /// `prefix`, then the fan of a round join or cap: the two ends (`from` and `from` turned by
    /// `sweep`) with the vertices of Cairo's pen between them. The pen is a regular polygon of
    /// ``penVertices`` corners at the fixed angles `2πk/n`, twice as many as the tolerance strictly
    /// needs (its chords stay within a quarter of it); joins and caps take the corners the turn
    /// passes, so every round end and join lands on the polygon Cairo draws.
    mutating func arcPoints(center: Point, from: Point, sweep: Double, including prefix: [Point]) -> [Point] {
        let count = Double(penVertices)
        let step = 2 * Double.pi / count
        // A pen millions of times wider than the tolerance (or a NaN turn) would ask for more
        // points than the budget holds: stop here rather than allocate them.
        let wanted = (abs(sweep) / step).rounded(.up) + 2
        guard wanted <= Double(maxPoints - output.points.count), wanted.isFinite else {
            overBudget = true
            return []
        }
        var points = prefix
        points.reserveCapacity(prefix.count + Int(wanted) + 1)
        let start = atan2(from.y, from.x), end = start + sweep
        func add(_ angle: Double) { points.append(Point(center.x + radius * cos(angle), center.y + radius * sin(angle))) }
        add(start)
        // Corners strictly between the ends (one closer than a millionth of a step is the end).
        let margin = 1e-6
        if sweep > 0 {
            var k = (start / step + margin).rounded(.down) + 1
            while k * step < end - margin * step {
                add(k * step)
                k += 1
            }
        } else {
            var k = (start / step - margin).rounded(.up) - 1
            while k * step > end + margin * step {
                add(k * step)
                k -= 1
            }
        }
        add(end)
        return points
    }

    /// Corners of Cairo's pen for this radius and tolerance (`_cairo_pen_vertices_needed`): the
    /// chord angle is `acos(1 − tolerance / radius)`, the count even and at least 4.
    var penVertices: Int {
        guard radius > tolerance else { return 4 }
        let wanted = (2 * Double.pi / acos(1 - tolerance / radius)).rounded(.up)
        guard wanted < Double(Int32.max) else { return Int(Int32.max) }
        let count = Int(wanted)
        return max(4, count + count % 2)
    }
}
