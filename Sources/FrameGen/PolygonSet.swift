/// Polygons in one coordinate space, stored flat: contour `i` is `points[ends[i-1]..<ends[i]]`.
struct PolygonSet: Sendable {
    var points: [Point] = []
    var ends: [Int] = []

    /// Appends a contour, reversed if needed so that every contour winds the same way: their
    /// nonzero union is then the shape, however they overlap.
    mutating func addPositive(_ contour: [Point]) {
        guard contour.count >= 3 else { return }
        var twiceArea = 0.0
        var previous = contour[contour.count - 1]
        for p in contour {
            twiceArea += previous.cross(p)
            previous = p
        }
        if twiceArea < 0 { points.append(contentsOf: contour.reversed()) } else { points.append(contentsOf: contour) }
        ends.append(points.count)
    }

    /// Appends a contour as it is: its winding is its own (Cairo's stroke contours, whose inner
    /// side of a closed subpath winds against the outer one).
    mutating func addContour(_ contour: [Point]) {
        guard contour.count >= 3 else { return }
        points.append(contentsOf: contour)
        ends.append(points.count)
    }

    /// Ends the contour whose points were appended to ``points`` from index `start` on, as it
    /// is (as ``addContour(_:)``; fewer than 3 points are dropped).
    mutating func endContour(startingAt start: Int) {
        guard points.count - start >= 3 else {
            points.removeSubrange(start...)
            return
        }
        ends.append(points.count)
    }

    func forEachContour(_ body: (ArraySlice<Point>) -> Void) {
        var start = 0
        for end in ends {
            body(points[start..<end])
            start = end
        }
    }
}
