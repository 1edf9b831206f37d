/// Cutting a stroke into the "on" runs of its dash pattern (see ``Stroker``).
extension Stroker {
    struct Piece {
        var vertices: [Vertex] = []
        var direction = Point(1, 0)
    }

    /// Cuts a polyline into the "on" runs of the dash pattern. On a closed subpath a dash running
    /// through the start point is one piece, not two. A dash that starts exactly at the end still
    /// shows (as a dot with round caps), as in Cairo.
    func dashed(_ line: Polyline, pattern: [Double]) throws(Budget.Exceeded) -> [Piece] {
        var vertices = line.vertices
        if line.closed, let first = vertices.first { vertices.append(first) }
        guard vertices.count >= 2 else {
            // A dot stays a dot.
            return vertices.isEmpty ? [] : [Piece(vertices: vertices)]
        }
        let total = pattern.reduce(0, +)
        var phase = style.dashPhase.truncatingRemainder(dividingBy: total)
        if phase < 0 { phase += total }
        var index = 0
        while phase > 0, phase >= pattern[index] {
            phase -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var remaining = pattern[index] - phase
        var on = index % 2 == 0
        // Each cut costs one: a dash pattern far finer than the path is long (or too fine to
        // advance a huge coordinate at all) stops at the budget instead of looping.
        // A piece becomes at least 4 outline points, and is listed (with its vertices) before
        // any is outlined: an eighth of the point budget keeps that list's memory in proportion.
        var cuts = Budget(maxPoints / 8)
        var pieces: [Piece] = []
        var current = Piece()
        let startsOn = on
        if on { current.vertices = [Vertex(point: vertices[0].point, tangentOut: vertices[0].tangentOut)] }
        for i in 0..<(vertices.count - 1) {
            let a = vertices[i].point, b = vertices[i + 1].point
            let length = a.distance(to: b)
            let direction = Self.unit(b - a)
            var travelled = 0.0
            while length - travelled >= remaining {
                try cuts.spend(1)
                travelled += remaining
                let cut = Vertex(point: travelled >= length ? b : a.lerp(b, travelled / length))
                if on {
                    current.vertices.append(cut)
                    current.direction = direction
                    pieces.append(current)
                    current = Piece()
                } else {
                    current = Piece(vertices: [cut], direction: direction)
                }
                on.toggle()
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= length - travelled
            if on {
                var end = vertices[i + 1]
                if i + 1 == vertices.count - 1 { end.tangentOut = .zero }
                current.vertices.append(end)
                current.direction = direction
            }
        }
        if on, !current.vertices.isEmpty {
            if line.closed, startsOn, pieces.count > 0 {
                // Join the last run to the first through the start point.
                var merged = current
                merged.vertices[merged.vertices.count - 1] = vertices[0]
                merged.vertices.append(contentsOf: pieces[0].vertices.dropFirst())
                pieces[0] = merged
            } else {
                pieces.append(current)
            }
        }
        return pieces.map { piece in
            // Zero-length "on" runs are dots; otherwise drop repeated cut points.
            var clean = Piece(direction: piece.direction)
            for vertex in piece.vertices where clean.vertices.last?.point != vertex.point {
                clean.vertices.append(vertex)
            }
            return clean
        }
    }
}
