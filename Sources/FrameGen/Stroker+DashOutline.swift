/// One dash outlined as Cairo's dashed stroker outlines it (`_cairo_stroker_line_to_dashed` and
/// `_cairo_stroker_join` in `cairo-path-stroke.c`): a single contour — down one side of the dash,
/// the outer side of each turn taking the round fan (or the miter, or the bevel), the inner side
/// passing through the vertex itself — closed by the caps.
///
/// The union of a quadrilateral per segment and a wedge per vertex is the same shape, but not the
/// same edges: Cairo's scan converter covers a pixel row in one step or on 15 sub-rows depending
/// on whether an edge of the outline starts, ends or crosses another inside the row. A wedge's
/// spokes and a quadrilateral's ends are edges Cairo's outline does not have; near the bottom of
/// a circle, where the outer edge is almost level, sampling a row on sub-rows instead of in one
/// step moved its coverage by up to 14/255 (the `scale3-curves` scene).
extension Stroker {
    /// Outlines the dash `piece` (at least two distinct vertices). Faces are square to each
    /// segment; a vertex with the curve's tangent (a curve's first or last point) also gets a
    /// face square to it, joined round to the segment's, as Cairo joins a curve's end faces.
    /// Points inside a curve are joined round whatever the pen's join; Cairo's dashed stroker
    /// gives them no tangent face.
    mutating func strokeDash(_ piece: Piece) {
        let vertices = piece.vertices
        guard vertices.count >= 2 else { return }
        // The sides are built in buffers kept from one dash to the next (a stroke has thousands).
        var cw = dashBuffers.cw, ccw = dashBuffers.ccw, cap = dashBuffers.cap
        dashBuffers = DashBuffers()
        defer {
            cw.removeAll(keepingCapacity: true)
            ccw.removeAll(keepingCapacity: true)
            cap.removeAll(keepingCapacity: true)
            dashBuffers = DashBuffers(cw: cw, ccw: ccw, cap: cap)
        }
        var first: Face? = nil
        var current: Face? = nil
        // Adds face `next` at the current point, joined to the current face as `kind`.
        func turn(to next: Face, kind: LineJoin) {
            guard let previous = current else {
                first = next
                cw.append(next.cw)
                ccw.append(next.ccw)
                current = next
                return
            }
            // Faces that land on the same device points join with nothing (Cairo compares them in
            // fixed point).
            guard !sameOnGrid(previous, next), let clockwise = turnsClockwise(previous, next) else { return }
            outerJoin(previous, next, clockwise: clockwise, cw: &cw, ccw: &ccw, closing: false, kind: kind, dashed: true)
            // The inner side goes through the vertex.
            if clockwise { ccw.append(previous.point); ccw.append(next.ccw) } else { cw.append(previous.point); cw.append(next.cw) }
            current = next
        }
        let n = vertices.count
        for i in 0..<(n - 1) {
            let a = vertices[i], b = vertices[i + 1].point
            guard a.point != b else { continue }
            let chord = face(at: a.point, direction: Self.unit(b - a.point))
            if current == nil {
                // A curve's first point: the cap is square to its tangent.
                if !a.smooth, a.tangentOut != .zero { turn(to: face(at: a.point, direction: Self.unit(a.tangentOut)), kind: .round) }
            } else if !a.smooth {
                if a.tangentIn != .zero { turn(to: face(at: a.point, direction: Self.unit(a.tangentIn)), kind: .round) }
                // Between two pieces of the path (a curve's end and the next one's start, or a
                // line's end face): the pen's join.
                if a.tangentOut != .zero { turn(to: face(at: a.point, direction: Self.unit(a.tangentOut)), kind: style.join) }
            }
            turn(to: chord, kind: a.smooth || a.tangentOut != .zero ? .round : style.join)
            let end = face(at: b, direction: chord.direction)
            cw.append(end.cw)
            ccw.append(end.ccw)
            current = end
        }
        if let last = vertices.last, !last.smooth, last.tangentIn != .zero {
            // A curve's last point: the cap is square to its tangent.
            turn(to: face(at: last.point, direction: Self.unit(last.tangentIn)), kind: .round)
        }
        guard let first, let current else { return }
        // Along the `cw` side, round the end, back along the `ccw` side, round the start: written
        // straight into the output.
        let start = output.points.count
        output.points.append(contentsOf: cw)
        capPoints(current, into: &cap)
        output.points.append(contentsOf: cap.reversed())
        output.points.append(contentsOf: ccw.reversed())
        cap.removeAll(keepingCapacity: true)
        capPoints(Face(point: first.point, direction: -first.direction, ccw: first.cw, cw: first.ccw), into: &cap)
        output.points.append(contentsOf: cap.reversed())
        output.endContour(startingAt: start)
    }

    /// The buffers ``strokeDash(_:)`` builds a dash's sides and caps in.
    struct DashBuffers {
        var cw: [Point] = []
        var ccw: [Point] = []
        var cap: [Point] = []
    }

    /// Which side of a join is outside (`true`: the `cw` side), as Cairo decides it
    /// (`_cairo_stroker_join_is_clockwise`): from the faces' offsets on the device grid, so that a
    /// turn of less than a grid step goes the way Cairo's goes. `nil`: no join (the same
    /// direction, compared exactly where there is no grid).
    private func turnsClockwise(_ a: Face, _ b: Face) -> Bool? {
        guard let grid, grid > 0 else { return Self.clockwise(a.direction, b.direction) }
        func offset(_ f: Face) -> Point {
            Point((f.cw.x / grid).rounded() - (f.point.x / grid).rounded(), (f.cw.y / grid).rounded() - (f.point.y / grid).rounded())
        }
        let cross = offset(a).cross(offset(b))
        // Offsets on one line: Cairo's slopes compare equal, and it takes the `cw` side outside.
        return cross == 0 ? true : cross > 0
    }

    /// Whether two faces' offset points round to the same points of the device grid.
    private func sameOnGrid(_ a: Face, _ b: Face) -> Bool {
        guard let grid, grid > 0 else { return a.cw == b.cw && a.ccw == b.ccw }
        func snapped(_ p: Point) -> Point { Point((p.x / grid).rounded(), (p.y / grid).rounded()) }
        return snapped(a.cw) == snapped(b.cw) && snapped(a.ccw) == snapped(b.ccw)
    }
}
