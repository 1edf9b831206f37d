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

/// The fill rule walked along a row's crossings in x order: the outline's winding number and, with
/// clip outlines (``Rasterizer/addClip(_:rule:)``), each clip's, a point being inside where the
/// outline and every clip are. A value of the sweep's own, so that no closure captures its state.
struct WindingWalk {
    let evenOdd: Bool
    let clipped: Bool
    let clipEvenOdd: [Bool]
    /// Each clip's winding, and how many clips are outside.
    var clipWindings: [Int32]
    var clipsOutside: Int
    /// The outline's winding.
    var winding: Int32 = 0

    init(rule: FillRule, clipRules: [FillRule]) {
        evenOdd = rule == .evenodd
        clipped = !clipRules.isEmpty
        clipEvenOdd = clipRules.map { $0 == .evenodd }
        clipWindings = [Int32](repeating: 0, count: clipRules.count)
        clipsOutside = clipRules.count
    }

    @inline(__always) func inside(_ winding: Int32) -> Bool { evenOdd ? winding & 1 != 0 : winding != 0 }

    /// Starts a walk from the left, outside everything.
    @inline(__always) mutating func start() {
        winding = 0
        guard clipped else { return }
        for g in clipWindings.indices { clipWindings[g] = 0 }
        clipsOutside = clipWindings.count
    }

    /// Adds a crossing's winding (`value`: the outline's, or a clip's with the clip's number in its
    /// upper half); whether the point was inside before and is after.
    @inline(__always) mutating func cross(_ value: Int32) -> (was: Bool, now: Bool) {
        if !clipped {
            let was = inside(winding)
            winding &+= value
            return (was, inside(winding))
        }
        let was = clipsOutside == 0 && inside(winding)
        let group = (value &+ 0x8000) >> 16
        if group == 0 {
            winding &+= value
        } else {
            let g = Int(group) - 1
            let before = clipWindings[g]
            let after = before &+ (value &- (group << 16))
            clipWindings[g] = after
            let wasIn = clipEvenOdd[g] ? before & 1 != 0 : before != 0
            let isIn = clipEvenOdd[g] ? after & 1 != 0 : after != 0
            if wasIn != isIn { clipsOutside += isIn ? -1 : 1 }
        }
        return (was, clipsOutside == 0 && inside(winding))
    }
}
