/// Clips: the outlines of a canvas's clip paths intersected with the outline before it is scan
/// converted (as Cairo intersects polygons), and slanted edges clipped to the canvas's sides as
/// Cairo clips a polygon to its surface.
extension Rasterizer {
    /// The edges of a clip outline (a rasterizer loaded with it): only where it is inside under
    /// `rule` is this outline covered. The bounds stay this outline's own.
    mutating func addClip(_ clip: Rasterizer, rule: FillRule) {
        guard clipRules.count < 0x7FFF else { return }
        clipRules.append(rule)
        let tag = Int32(clipRules.count) << 16
        edges.reserveCapacity(edges.count + clip.edges.count)
        for edge in clip.edges {
            var edge = edge
            edge.winding = tag + edge.winding
            edges.append(edge)
        }
        if !clip.rectilinear { rectilinear = false }
        sorted = false
    }

    /// The number of clip outlines added.
    var clipCount: Int { clipRules.count }

    /// Clips the slanted edges to the columns `0...right` as Cairo clips a polygon to the surface
    /// (`_add_clipped_edge`, when the shape reaches beyond it): the part of an edge left of the
    /// surface becomes a vertical edge on its left side, the part right of it one on its right
    /// side. The coverage is the same; but Cairo's scan converter samples a row by sub-rows
    /// where an edge starts or ends in it, and the clipped edges start and end where they cross
    /// the sides. Outlines of only vertical and horizontal edges are left alone (Cairo covers
    /// those as boxes).
    mutating func clipToColumns(right: Double) {
        guard !rectilinear, minX < 0 || maxX > right, right > 0 else { return }
        var clipped: [Edge] = []
        clipped.reserveCapacity(edges.count + 16)
        for edge in edges {
            let xTop = edge.xAtTop, xBottom = edge.x(at: edge.bottom)
            let low = min(xTop, xBottom), high = max(xTop, xBottom)
            if edge.slope == 0 || (low >= 0 && high <= right) {
                clipped.append(edge)
                continue
            }
            func side(_ x: Double, _ top: Double, _ bottom: Double) {
                guard bottom > top else { return }
                clipped.append(Edge(top: top, bottom: bottom, xAtTop: x, slope: 0, winding: edge.winding))
            }
            if high <= 0 { side(0, edge.top, edge.bottom); continue }
            if low >= right { side(right, edge.top, edge.bottom); continue }
            /// Where the edge crosses `x`, on the 1/256 grid.
            func crossing(_ x: Double) -> Double {
                let y = edge.top + (x - edge.xAtTop) / edge.slope
                return min(max(((y * 256).rounded()) / 256, edge.top), edge.bottom)
            }
            var top = edge.top, bottom = edge.bottom
            if edge.slope > 0 {
                // Left of the surface at the top, right of it at the bottom.
                if xTop < 0 { let y = crossing(0); side(0, top, y); top = y }
                if xBottom > right { let y = crossing(right); side(right, y, bottom); bottom = y }
            } else {
                if xTop > right { let y = crossing(right); side(right, top, y); top = y }
                if xBottom < 0 { let y = crossing(0); side(0, y, bottom); bottom = y }
            }
            if bottom > top {
                clipped.append(Edge(top: top, bottom: bottom, xAtTop: edge.x(at: top), slope: edge.slope, winding: edge.winding))
            }
        }
        edges = clipped
        sorted = false
    }
}
