import Foundation

/// Straight polylines outlined as Cairo's polygon stroker outlines them
/// (`cairo-path-stroke-polygon.c`): one contour down each side of the line — the outer side of
/// a corner taking the miter tip, the bevel or the round fan, the inner side passing through
/// the corner itself — closed by the caps, or two contours for a closed subpath. The shape is
/// the one the pieces make, but Cairo's scan converter samples a row whole or by sub-rows
/// depending on where its outline's vertices and crossings are: the same outline makes the same
/// choices, so corners and ends come out as Cairo's to the level.
extension Stroker {
    /// One end of a segment: the point on the path, the direction along the segment, and the two
    /// offset points (`ccw`: along the direction's left normal, `cw`: its right).
    struct Face {
        var point: Point
        var direction: Point
        var ccw: Point
        var cw: Point
    }

    func face(at point: Point, direction: Point) -> Face {
        let offset = direction.perpendicular * radius
        return Face(point: point, direction: direction, ccw: point + offset, cw: point - offset)
    }

    /// Whether the polyline is straight segments only (no curve points, no tangents): those are
    /// outlined by ``strokeContours(_:closed:)``.
    static func isStraight(_ vertices: [Vertex]) -> Bool {
        // (A point that is not finite leaves its segments out: the pieces do that, one by one.)
        vertices.allSatisfy { !$0.smooth && $0.tangentIn == .zero && $0.tangentOut == .zero && $0.point.x.isFinite && $0.point.y.isFinite }
    }

    /// Cairo's `_cairo_slope_compare(in, out) < 0`: the path turns clockwise on screen (y down),
    /// so the `cw` side is outside; `nil` when the directions are the same (no join).
    static func clockwise(_ a: Point, _ b: Point) -> Bool? {
        let cross = a.x * b.y - a.y * b.x
        if cross > 0 { return true }
        if cross < 0 { return false }
        // Parallel: the same way is no turn; opposite ways turn by Cairo's convention.
        if (a.x > 0) == (b.x > 0) && (a.y > 0) == (b.y > 0) { return nil }
        return !(a.x > 0 || (a.x == 0 && a.y > 0))
    }

    /// Outlines a straight polyline (at least two distinct points) as Cairo does.
    mutating func strokeContours(_ vertices: [Vertex], closed: Bool) {
        let points = vertices.map(\.point)
        let n = points.count
        var cw: [Point] = [], ccw: [Point] = []
        var first: Face? = nil
        var current: Face? = nil
        let segmentCount = closed ? n : n - 1
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % n]
            guard a != b else { continue }
            let direction = Self.unit(b - a)
            let start = face(at: a, direction: direction)
            if let current {
                if let clockwise = Self.clockwise(current.direction, direction) {
                    outerJoin(current, start, clockwise: clockwise, cw: &cw, ccw: &ccw, closing: false)
                    // The inner side goes through the corner (`inner_join`).
                    if clockwise { ccw.append(current.point); ccw.append(start.ccw) } else { cw.append(current.point); cw.append(start.cw) }
                }
            } else {
                first = start
                cw.append(start.cw)
                ccw.append(start.ccw)
            }
            let end = face(at: b, direction: direction)
            cw.append(end.cw)
            ccw.append(end.ccw)
            current = end
        }
        guard let first, let current else { return }
        if closed {
            if let clockwise = Self.clockwise(current.direction, first.direction) {
                outerJoin(current, first, clockwise: clockwise, cw: &cw, ccw: &ccw, closing: true)
                if clockwise {
                    ccw.append(current.point); ccw.append(first.ccw)
                    ccw[0] = ccw[ccw.count - 1]
                } else {
                    cw.append(current.point); cw.append(first.cw)
                    cw[0] = cw[cw.count - 1]
                }
            }
            // `cw` runs along the path, `ccw` against it (Cairo's contour directions +1 and −1).
            output.addContour(cw)
            output.addContour(ccw.reversed())
            return
        }
        // Open: along the `cw` side, round the end, back along the `ccw` side, round the start.
        var loop = cw
        var endCap: [Point] = []
        capPoints(current, into: &endCap)
        loop.append(contentsOf: endCap.reversed())
        loop.append(contentsOf: ccw.reversed())
        let reversed = Face(point: first.point, direction: -first.direction, ccw: first.cw, cw: first.ccw)
        var startCap: [Point] = []
        capPoints(reversed, into: &startCap)
        loop.append(contentsOf: startCap.reversed())
        output.addContour(loop)
    }

    /// The points Cairo's `add_cap` adds after the `ccw` point of face `f` (which ends the
    /// contour), ending at its `cw` point.
    mutating func capPoints(_ f: Face, into points: inout [Point]) {
        switch style.cap {
        case .butt:
            break
        case .square:
            let ahead = f.direction * radius
            points.append(f.ccw + ahead)
            points.append(f.cw + ahead)
        case .round:
            // The fan from the `ccw` side round the front to the `cw` side, pen corners only.
            let fan = arcPoints(center: f.point, from: f.direction.perpendicular, sweep: -Double.pi, including: [])
            points.append(contentsOf: fan.dropFirst().dropLast())
        }
        points.append(f.cw)
    }

    /// Cairo's `outer_join` / `outer_close`: the outer side's points from the end of the
    /// incoming segment (already in the contour) to the start of the outgoing one, joined as
    /// `kind` (the pen's join unless given). `dashed`: as Cairo's dashed stroker
    /// (`_cairo_stroker_join`) joins, a miter tip added after the incoming end, not in its place.
    mutating func outerJoin(_ incoming: Face, _ outgoing: Face, clockwise: Bool, cw: inout [Point], ccw: inout [Point], closing: Bool,
                            kind: LineJoin? = nil, dashed: Bool = false) {
        if incoming.cw == outgoing.cw && incoming.ccw == outgoing.ccw { return }
        let inPoint = clockwise ? incoming.cw : incoming.ccw, outPoint = clockwise ? outgoing.cw : outgoing.ccw
        var outer = clockwise ? cw : ccw
        defer { if clockwise { cw = outer } else { ccw = outer } }
        let dot = incoming.direction.dot(outgoing.direction)
        var join = kind ?? style.join
        // Closing a nearly straight round join, Cairo takes the miter's branch.
        if closing, join == .round, dot >= 2 * (1 - tolerance / radius) * (1 - tolerance / radius) - 1 { join = .miter }
        switch join {
        case .round:
            let from = inPoint - incoming.point, to = outPoint - incoming.point
            let sweep = atan2(from.cross(to), from.dot(to))
            let fan = arcPoints(center: incoming.point, from: from * (1 / radius), sweep: sweep, including: [])
            outer.append(contentsOf: fan.dropFirst().dropLast())
        case .miter:
            let limit = style.miterLimit
            if 2 <= limit * limit * (1 + dot) {
                let (x1, y1, dx1, dy1) = (inPoint.x, inPoint.y, incoming.direction.x, incoming.direction.y)
                let (x2, y2, dx2, dy2) = (outPoint.x, outPoint.y, outgoing.direction.x, outgoing.direction.y)
                let my = ((x2 - x1) * dy1 * dy2 - y2 * dx2 * dy1 + y1 * dx1 * dy2) / (dx1 * dy2 - dx2 * dy1)
                let mx = abs(dy1) >= abs(dy2) ? (my - y1) * dx1 / dy1 + x1 : (my - y2) * dx2 / dy2 + x2
                func sign(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Int {
                    let c = ax * by - bx * ay
                    return c > 0 ? 1 : c < 0 ? -1 : 0
                }
                let ix = incoming.point.x, iy = incoming.point.y
                if mx.isFinite, my.isFinite,
                   sign(x1 - ix, y1 - iy, mx - ix, my - iy) != sign(x2 - ix, y2 - iy, mx - ix, my - iy) {
                    if dashed {
                        outer.append(Point(mx, my))
                        break
                    }
                    // The tip takes the place of the incoming segment's outer end.
                    outer[outer.count - 1] = Point(mx, my)
                    if closing { outer[0] = Point(mx, my) }
                    return
                }
            }
        case .bevel:
            break
        }
        outer.append(outPoint)
    }
}
