/// How overlapping contours decide what is inside.
public enum FillRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Inside where the winding number is not zero (SVG/Core Graphics default).
    case nonzero
    /// Inside where the winding number is odd.
    case evenodd
}

/// Scan conversion: polygons (device pixels) → per-pixel coverage, delivered as runs.
///
/// Rows where every active edge spans the whole row and no two edges cross inside it (most rows
/// of large shapes) are done in one step, as Cairo's "full row" path does: each inside span adds
/// the area between its two edges (exactly for outlines of horizontal and vertical edges only; for
/// others each column gets the edge's height in it in whole fifteenths, as Cairo's `tor` scan
/// converter splits it). Other rows are sampled on sub-rows (16, or Cairo's 15 for outlines with a
/// slanted edge): on each, the crossings at the sub-row's centre are sorted and walked with the
/// fill rule, and inside spans add their exact horizontal coverage. Matching Cairo's grid keeps
/// curves and slanted edges within a few levels of Cairo's rendering, where the exact area is up
/// to 1/15 of a pixel from it. Either way the winding rule is exact even for overlapping contours of opposite
/// direction, and abutting shapes sum to full coverage without seams. Rows crossed by several
/// times more edges than they have pixels (a scribble of long random lines) are point-sampled
/// instead (``sampleCrowdedRow``), so that the work stays linear in the edges.
struct Rasterizer: Sendable {
    /// Sub-rows of a sampled row: 16 for outlines of horizontal and vertical edges only,
    /// ``cairoSubrows`` for the rest.
    static let subrows = 16
    /// Cairo's grid (its `tor` scan converter, `GRID_Y`): outlines with a slanted edge are
    /// sampled on 15 sub-rows and their full rows split on whole fifteenths, as Cairo does, so
    /// that curves and slanted edges get Cairo's coverage to within a few levels rather than
    /// the exact area (which differs from Cairo's by up to 1/15 of a pixel).
    static let cairoSubrows = 15

    struct Edge {
        var top: Double
        var bottom: Double
        var xAtTop: Double
        var slope: Double
        var winding: Int32

        @inline(__always) func x(at y: Double) -> Double { xAtTop + (y - top) * slope }
    }

    private var edges: [Edge] = []
    private var minX = Double.infinity, maxX = -Double.infinity
    private var minY = Double.infinity, maxY = -Double.infinity
    /// Every edge is vertical (horizontal ones are not kept): Cairo covers such outlines exactly,
    /// and so does this rasterizer (``subrows``); a slanted edge switches to Cairo's grid.
    private var rectilinear = true
    /// The fill rules of the clip outlines added by ``addClip(_:rule:)``: their edges carry the
    /// clip's number (1, 2, …) in the upper half of their winding, and coverage is counted
    /// where the outline and every clip are inside — the outline intersected with the clips as
    /// Cairo intersects them (`_cairo_polygon_intersect`) before scan converting it once.
    private var clipRules: [FillRule] = []

    /// Working buffers of a sweep, kept by the caller and reused from one fill to the next (one
    /// per thread when bands are swept at once).
    struct Scratch: Sendable {
        fileprivate var accumulation: [Float] = []
        /// The edges crossing the row, in x order at mid-row, kept together so that the 16 passes
        /// over them read memory in order; `gathered` receives them in their new order.
        fileprivate var active: [Edge] = []
        fileprivate var gathered: [Edge] = []
        /// The active edges' x at mid-row, with their place in `active`.
        fileprivate var keys: [Keyed] = []
        /// The crossings of each sub-row with their windings (sorted by x before use).
        fileprivate var crossings: [Keyed] = []
        /// Room for ``Rasterizer/sortByX(_:spare:buckets:)``.
        fileprivate var spare: [Keyed] = []
        fileprivate var buckets: [Int32] = []
        /// Room for rows crowded with edges (``Rasterizer/sampleCrowdedRow``).
        fileprivate var dense = DenseScratch()
        init() {}
    }

    /// An x with what sits there: an edge's index, or a crossing's winding.
    struct Keyed {
        var x: Double
        var value: Int32
    }
    /// The edges are in `top` order (``fill`` sorts them once; adding a polygon unsorts them).
    private var sorted = true

    init() {}

    /// An empty rasterizer with room for `edges` edges.
    init(reservingCapacity edges: Int) {
        self.edges.reserveCapacity(edges)
    }

    /// The number of edges loaded.
    var edgeCount: Int { edges.count }

    mutating func reset() {
        edges.removeAll(keepingCapacity: true)
        minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
        sorted = true
        rectilinear = true
        clipRules.removeAll()
    }

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


    /// The rows the loaded outline touches, within `0..<height` (empty when none).
    func rows(height: Int) -> Range<Int> {
        guard !edges.isEmpty, height > 0 else { return 0..<0 }
        // Clamped on both sides before converting: an outline entirely far off the canvas (or
        // beyond Int's range) converts safely and yields no rows.
        let start = max(0, Int(min(max(minY, -1), 1e9).rounded(.down))), end = min(height, Int(max(min(maxY, 1e9), -1).rounded(.up)))
        return start < end ? start..<end : 0..<0
    }

    /// The columns the loaded outline touches, within `0..<width` (empty when none).
    func columns(width: Int) -> Range<Int> {
        guard !edges.isEmpty, width > 0 else { return 0..<0 }
        let start = max(0, Int(min(max(minX, -1), 1e9).rounded(.down))), end = min(width, Int(max(min(maxX, 1e9), -1).rounded(.up)))
        return start < end ? start..<end : 0..<0
    }

    /// Puts the edges in `top` order, so copies made for bands of rows share one sorted list.
    mutating func sortEdges() {
        guard !sorted else { return }
        edges.sort { $0.top < $1.top }
        sorted = true
    }

    /// Adds the closed polygon through `points` (the last point joins the first).
    mutating func addPolygon<C: Collection>(_ points: C) where C.Element == Point {
        guard points.count >= 2 else { return }
        for point in points where !(point.x.isFinite && point.y.isFinite) { return }
        sorted = false
        var previous = points[points.index(points.endIndex, offsetBy: -1)]
        for point in points {
            addEdge(previous, point)
            previous = point
        }
    }

    mutating func addEdge(_ a: Point, _ b: Point) {
        // On Cairo's 24.8 fixed-point grid, where Cairo puts every vertex of a polygon.
        let a = Self.onGrid(a), b = Self.onGrid(b)
        guard a.y != b.y else { return }
        let (upper, lower, winding): (Point, Point, Int32) = a.y < b.y ? (a, b, 1) : (b, a, -1)
        if a.x != b.x { rectilinear = false }
        edges.append(Edge(top: upper.y, bottom: lower.y, xAtTop: upper.x,
                          slope: (lower.x - upper.x) / (lower.y - upper.y), winding: winding))
        minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
        minY = min(minY, upper.y); maxY = max(maxY, lower.y)
    }

    /// `p` rounded to 1/256 of a pixel (Cairo's `_cairo_fixed_from_double`); coordinates too
    /// large for the grid stay as they are.
    @inline(__always) static func onGrid(_ p: Point) -> Point {
        guard abs(p.x) < 0x1p40, abs(p.y) < 0x1p40 else { return p }
        return Point((p.x * 256).rounded() / 256, (p.y * 256).rounded() / 256)
    }

    /// The 24.8 fixed-point value of a coordinate on the grid.
    @inline(__always) static func fixed(_ v: Double) -> Int64 { Int64((v * 256).rounded()) }

    /// The first sub-row of Cairo's grid at or below `v` (Cairo's `INPUT_TO_GRID_Y`: an edge
    /// from `v` is sampled from this sub-row's centre on), clamped far beyond any canvas.
    @inline(__always) static func gridRow(_ v: Double) -> Int64 {
        let f = fixed(min(max(v, -0x1p30), 0x1p30))
        return (Int64(cairoSubrows) * f + 128) >> 8
    }

    /// Sweeps the edges over rows `0..<height` (only those in `band`, when given), columns
    /// `0..<width`, calling `blit(y, x, length, level)` for each run of pixels with the same
    /// coverage level (0…255, never 0): long runs inside shapes, single pixels along edges. A row's
    /// coverage depends only on the edges crossing it, so bands of rows can be swept at the same
    /// time, each with its own `scratch`. The edges must be sorted (``sortEdges()``).
    func fill(width: Int, height: Int, rule: FillRule, band: Range<Int>? = nil, scratch: inout Scratch,
              blit: (_ y: Int, _ x: Int, _ length: Int, _ level: UInt32) -> Void) {
        precondition(sorted, "sortEdges() before fill")
        let columns = columns(width: width)
        var rows = rows(height: height)
        if let band { rows = rows.clamped(to: band) }
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let columnStart = columns.lowerBound, columnEnd = columns.upperBound
        let rowStart = rows.lowerBound, rowEnd = rows.upperBound
        let span = columnEnd - columnStart
        if scratch.accumulation.count < span + 3 { scratch.accumulation = [Float](repeating: 0, count: span + 3) }
        let most = mostActive(in: rows)
        // Rows with more edges are sampled (``sampleCrowdedRow``): the sort's buffers need room
        // for the others only.
        let clipped = !clipRules.isEmpty
        let sorting = clipped ? most : min(most, Self.crowdingLimit(span: span))
        if scratch.active.count < most {
            let nothing = Edge(top: 0, bottom: 0, xAtTop: 0, slope: 0, winding: 0)
            scratch.active = [Edge](repeating: nothing, count: most)
            scratch.gathered = scratch.active
        }
        if scratch.keys.count < sorting {
            let none = Keyed(x: 0, value: 0)
            scratch.keys = [Keyed](repeating: none, count: sorting)
            scratch.crossings = [Keyed](repeating: none, count: Self.subrows * sorting)
            scratch.spare = [Keyed](repeating: none, count: sorting)
            scratch.buckets = [Int32](repeating: 0, count: sorting + 1)
        }
        let evenOdd = rule == .evenodd
        let clipEvenOdd = clipRules.map { $0 == .evenodd }
        let clipCount = clipRules.count
        let left = Double(columnStart), right = Double(span)
        let cairo = !rectilinear
        let subrowCount = cairo ? Self.cairoSubrows : Self.subrows
        var dense = scratch.dense
        scratch.dense = DenseScratch()
        defer { scratch.dense = dense }
        edges.withUnsafeBufferPointer { edges in
        scratch.accumulation.withUnsafeMutableBufferPointer { acc in
        scratch.active.withUnsafeMutableBufferPointer { active in
        scratch.gathered.withUnsafeMutableBufferPointer { gathered in
        scratch.keys.withUnsafeMutableBufferPointer { keys in
        scratch.crossings.withUnsafeMutableBufferPointer { crossings in
        scratch.spare.withUnsafeMutableBufferPointer { spare in
        scratch.buckets.withUnsafeMutableBufferPointer { buckets in
            var active = active, gathered = gathered
            var activeCount = 0
            // Sorts that needed the bucket pass: the next few skip the insertion attempt.
            var rowHint = 0, subrowHint = 0
            /// The number of crossings in each sub-row's list.
            var counts = [Int](repeating: 0, count: subrowCount)
            var nextEdge = 0
            var low = Int.max, high = Int.min
            @inline(__always) func inside(_ winding: Int32) -> Bool { evenOdd ? winding & 1 != 0 : winding != 0 }
            /// With clips: each clip's winding, how many clips are outside, and the outline's winding.
            var clipWindings = [Int32](repeating: 0, count: clipCount)
            var clipsOutside = clipCount
            @inline(__always) func startWalk() {
                guard clipped else { return }
                for g in 0..<clipCount { clipWindings[g] = 0 }
                clipsOutside = clipCount
            }
            /// Adds a crossing's winding (`value`) to `winding` (and the clips'); whether the
            /// point was inside before and is after.
            @inline(__always) func cross(_ winding: inout Int32, _ value: Int32) -> (was: Bool, now: Bool) {
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

            /// Adds `d` × the area right of the segment from (xa, 0) to (xb, 1) within one row,
            /// x relative to the first column and already within [0, span] (font-rs' accumulation).
            @inline(__always) func line(_ xa: Double, _ xb: Double, _ d: Double) {
                let x0 = min(xa, xb), x1 = max(xa, xb)
                let x0floor = x0.rounded(.down), x1ceil = x1.rounded(.up)
                let x0i = Int(x0floor), x1i = Int(x1ceil)
                low = min(low, x0i)
                high = max(high, x1i)
                if x1i <= x0i + 1 {
                    let xmf = 0.5 * (x0 + x1) - x0floor
                    acc[x0i] += Float(d - d * xmf)
                    acc[x0i + 1] += Float(d * xmf)
                    return
                }
                let s = 1 / (x1 - x0)
                let x0f = x0 - x0floor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = x1 - x1ceil + 1
                let am = 0.5 * s * x1f * x1f
                acc[x0i] += Float(d * a0)
                if x1i == x0i + 2 {
                    acc[x0i + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - x0f)
                    acc[x0i + 1] += Float(d * (a1 - a0))
                    let step = Float(d * s)
                    for xi in (x0i + 2)..<(x1i - 1) { acc[xi] += step }
                    let a2 = a1 + Double(x1i - x0i - 3) * s
                    acc[x1i - 1] += Float(d * (1 - a2 - am))
                }
                acc[x1i] += Float(d * am)
            }

            /// `line` for a segment that may leave [0, span]: the parts outside are pushed onto
            /// the border (left: full coverage to the right; right: beyond every pixel).
            func clampedLine(_ xa: Double, _ xb: Double, _ d: Double) {
                if xa >= 0 && xa <= right && xb >= 0 && xb <= right { return line(xa, xb, d) }
                // Split at the crossings of x = 0 and x = span (at most two), in order along the segment.
                var first = 1.0, second = 1.0
                for bound in [0.0, right] where (xa - bound) * (xb - bound) < 0 {
                    let t = (bound - xa) / (xb - xa)
                    if t < first { (first, second) = (t, first) } else { second = min(second, t) }
                }
                var t0 = 0.0
                for t1 in [first, second, 1.0] where t1 > t0 {
                    let p = min(max(xa + (xb - xa) * t0, 0), right), q = min(max(xa + (xb - xa) * t1, 0), right)
                    line(p, q, d * (t1 - t0))
                    t0 = t1
                }
            }

            /// A full row's edge as Cairo renders it (`cell_list_render_edge`): the segment from
            /// (xa, 0) to (xb, 1) adds its exact area within a single column; across columns, each
            /// column gets the edge's height in it rounded down to whole fifteenths (the last takes
            /// the rest), as a trapezoid across the column.
            func cairoLine(_ xa: Double, _ xb: Double, _ d: Double) {
                guard xa >= 0, xa <= right, xb >= 0, xb <= right else { return clampedLine(xa, xb, d) }
                let x0 = min(xa, xb), x1 = max(xa, xb)
                let c0 = x0.rounded(.down), c1 = x1.rounded(.down)
                if c0 == c1 { return line(xa, xb, d) }
                let grid = Double(Self.cairoSubrows), unit = d / grid
                let i0 = Int(c0), i1 = Int(c1)
                low = min(low, i0)
                high = max(high, i1 + 1)
                let slope = grid / (x1 - x0)
                func height(at boundary: Double) -> Double { min(grid, ((boundary - x0) * slope + 1e-9).rounded(.down)) }
                var last = height(at: c0 + 1)
                let f0 = x0 - c0
                acc[i0] += Float(unit * last * (1 - f0) / 2)
                acc[i0 + 1] += Float(unit * last * (1 + f0) / 2)
                var k = i0 + 1
                while k < i1 {
                    let next = height(at: Double(k + 1))
                    let h = Float(unit * (next - last) / 2)
                    acc[k] += h
                    acc[k + 1] += h
                    last = next
                    k += 1
                }
                let h = grid - last, f1 = x1 - c1
                acc[i1] += Float(unit * h * (1 - f1 / 2))
                acc[i1 + 1] += Float(unit * h * f1 / 2)
            }

            /// A full row's edge exactly as Cairo's `cell_list_render_edge` renders it, in its
            /// integer arithmetic: the edge's x on the 1/256 grid at the first sub-row centres of
            /// this row and the next, stepped back by half a sub-row (each part halved as Cairo
            /// halves it), each column crossed getting the edge's height in it in whole fifteenths
            /// (rounded down). Edges too long for 64 bits, or reaching outside the columns, are
            /// done by ``cairoLine``.
            func cairoEdge(_ edge: Edge, row: Int, _ d: Double) {
                let xt = edge.x(at: top(row)), xb = edge.x(at: top(row) + 1)
                let limit = 0x1p14
                guard abs(edge.xAtTop) < limit, abs(edge.top) < limit, abs(edge.bottom) < limit,
                      abs(edge.x(at: edge.bottom)) < limit else {
                    return cairoLine(xt - left, xb - left, d)
                }
                let X1 = Self.fixed(edge.xAtTop), Y1 = Self.fixed(edge.top)
                let X2 = Self.fixed(edge.x(at: edge.bottom)), Y2 = Self.fixed(edge.bottom)
                let unit = Float(d / 7680)
                let first = Int64(columnStart)
                @inline(__always) func add(_ cell: Int64, height: Int64, uncovered: Int64) -> Bool {
                    let i = Int(cell - first)
                    guard i >= 0, i <= span else { return false }
                    acc[i] += Float(height * 512 - uncovered) * unit
                    acc[i + 1] += Float(uncovered) * unit
                    low = min(low, i)
                    high = max(high, i + 1)
                    return true
                }
                if X1 == X2 || Y2 <= Y1 {
                    let ix = X1 >> 8, fx = X1 & 255
                    guard ix >= first, ix < first + Int64(span) else { return clampedLine(xt - left, xb - left, d) }
                    _ = add(ix, height: 15, uncovered: 2 * fx * 15)
                    return
                }
                let Ex = (X2 - X1) * 256, Ey = (Y2 - Y1) * 7680
                /// x at the centre of sub-row `S` (absolute): quotient and remainder over Ey.
                func x(_ S: Int64) -> (q: Int64, r: Int64) {
                    let t = ((2 * S + 1) << 8) - Y1 * 30
                    let p = t * Ex
                    var q = p / Ey, r = p % Ey
                    q += X1
                    if r < 0 { q -= 1; r += Ey }
                    return (q, r)
                }
                let stepQ = (Ex * 512) / Ey, stepR = (Ex * 512) % Ey
                func back(_ v: (q: Int64, r: Int64)) -> (q: Int64, r: Int64) {
                    var q = v.q - stepQ / 2, r = v.r - stepR / 2
                    if r < 0 { q -= 1; r += Ey } else if r >= Ey { q += 1; r -= Ey }
                    return (q, r)
                }
                let S0 = Int64(row) * 15
                var x1 = back(x(S0)), x2 = back(x(S0 + 15))
                var ix1 = x1.q >> 8, fx1 = x1.q & 255, ix2 = x2.q >> 8, fx2 = x2.q & 255
                let lowest = min(ix1, ix2), highest = max(ix1, ix2)
                guard lowest >= first, highest < first + Int64(span) else { return cairoLine(xt - left, xb - left, d) }
                if ix1 == ix2 {
                    _ = add(ix1, height: 15, uncovered: (fx1 + fx2) * 15)
                    return
                }
                if ix2 < ix1 {
                    swap(&ix1, &ix2)
                    swap(&fx1, &fx2)
                    swap(&x1, &x2)
                }
                let dx = (x2.q - x1.q) * Ey + (x2.r - x1.r)
                let t = (((ix1 + 1) * 256 - x1.q) * Ey - x1.r) * 15
                var yq = t / dx, yr = t % dx
                _ = add(ix1, height: yq, uncovered: yq * (256 + fx1))
                var yLast = yq
                var cell = ix1 + 1
                if cell < ix2 {
                    let fullQ = (15 * 256 * Ey) / dx, fullR = (15 * 256 * Ey) % dx
                    while cell < ix2 {
                        yq += fullQ
                        yr += fullR
                        if yr >= dx { yq += 1; yr -= dx }
                        _ = add(cell, height: yq - yLast, uncovered: (yq - yLast) * 256)
                        yLast = yq
                        cell += 1
                    }
                }
                _ = add(ix2, height: 15 - yLast, uncovered: (15 - yLast) * fx2)
            }
            @inline(__always) func top(_ row: Int) -> Double { Double(row) }

            for row in rowStart..<rowEnd {
                let top = Double(row), bottom = top + 1, middle = top + 0.5
                // Retire edges that ended above this row; admit those starting before its end.
                var kept = 0
                for slot in 0..<activeCount where active[slot].bottom > top {
                    active[kept] = active[slot]
                    kept += 1
                }
                activeCount = kept
                while nextEdge < edges.count, edges[nextEdge].top < bottom {
                    if edges[nextEdge].bottom > top {
                        active[activeCount] = edges[nextEdge]
                        activeCount += 1
                    }
                    nextEdge += 1
                }
                if activeCount == 0 {
                    if nextEdge >= edges.count { return }
                    continue
                }
                if !clipped && Self.isCrowded(active: activeCount, span: span) {
                    Self.sampleCrowdedRow(UnsafeMutableBufferPointer(rebasing: active[0..<activeCount]), top: top, left: left,
                                          span: span, evenOdd: evenOdd, scratch: &dense, acc: acc)
                    low = 0
                    high = span
                } else {
                    // Sort the active edges by x at mid-row.
                    let keyY = cairo ? top + 0.5 / Double(Self.cairoSubrows) : middle
                    for slot in 0..<activeCount { keys[slot] = Keyed(x: active[slot].x(at: keyY), value: Int32(slot)) }
                    Self.sortByX(UnsafeMutableBufferPointer(rebasing: keys[0..<activeCount]), spare: spare, buckets: buckets,
                                 hint: &rowHint)
                    for slot in 0..<activeCount { gathered[slot] = active[Int(keys[slot].value)] }
                    swap(&active, &gathered)
                    // A full row: every edge spans it and the order is the same at its top and bottom.
                    var full = true
                    var previousTop = -Double.infinity, previousBottom = -Double.infinity
                    let firstSubrow = Int64(row) * Int64(Self.cairoSubrows), nextSubrow = firstSubrow + Int64(Self.cairoSubrows)
                    for slot in 0..<activeCount {
                        let edge = active[slot]
                        if cairo {
                            // As Cairo's `can_do_full_row`: every edge sampled in the row spans all
                            // its sub-rows (edges sampled in none are skipped), and their order on
                            // the 1/256 grid at the first sub-row centre holds at the next row's.
                            let from = Self.gridRow(edge.top), to = Self.gridRow(edge.bottom)
                            if from >= nextSubrow || to <= firstSubrow { continue }
                            if from > firstSubrow || to < nextSubrow { full = false; break }
                            let next = (edge.x(at: bottom + 0.5 / Double(Self.cairoSubrows)) * 256).rounded()
                            if next < previousBottom { full = false; break }
                            previousBottom = next
                            continue
                        } else if edge.top > top || edge.bottom < bottom { full = false; break }
                        let xt = edge.x(at: top), xb = edge.x(at: bottom)
                        if xt < previousTop || xb < previousBottom { full = false; break }
                        previousTop = xt
                        previousBottom = xb
                    }
                    if full {
                        var winding: Int32 = 0
                        startWalk()
                        for slot in 0..<activeCount {
                            let edge = active[slot]
                            if cairo {
                                // Edges Cairo samples on none of the row's sub-rows are not in it.
                                let from = Self.gridRow(edge.top), to = Self.gridRow(edge.bottom)
                                if from >= nextSubrow || to <= firstSubrow { continue }
                            }
                            let (was, now) = cross(&winding, edge.winding)
                            if was == now { continue }
                            if cairo {
                                cairoEdge(edge, row: row, now ? 1 : -1)
                            } else {
                                clampedLine(edge.x(at: top) - left, edge.x(at: bottom) - left, now ? 1 : -1)
                            }
                        }
                    } else {
                        let weight = 1 / Double(subrowCount), subrows = Double(subrowCount)
                        // Each edge adds its crossing to the lists of the sub-rows it spans (only
                        // those: short edges skip most of them), so each list is in mid-row order,
                        // nearly sorted already. Sub-row `s` lists at `crossings[s * sorting...]`.
                        for subrow in 0..<subrowCount { counts[subrow] = 0 }
                        for slot in 0..<activeCount {
                            let edge = active[slot]
                            if cairo {
                                // Cairo samples an edge on the sub-rows from its top to its bottom
                                // rounded to the grid (`polygon_add_edge`).
                                let from = max(Self.gridRow(edge.top) - firstSubrow, 0)
                                let to = min(Self.gridRow(edge.bottom) - firstSubrow, Int64(subrowCount))
                                guard from < to else { continue }
                                for subrow in Int(from)..<Int(to) {
                                    let y = top + (Double(subrow) + 0.5) * weight
                                    crossings[subrow * sorting + counts[subrow]] = Keyed(x: edge.x(at: y), value: edge.winding)
                                    counts[subrow] += 1
                                }
                                continue
                            }
                            // The sub-rows whose centre may lie in the edge's span, one more each side.
                            let from = min(max(((edge.top - top) * subrows - 0.5).rounded(.down) - 1, 0), subrows)
                            let to = min(max(((edge.bottom - top) * subrows - 0.5).rounded(.up) + 1, 0), subrows)
                            for subrow in Int(from)..<max(Int(from), Int(to)) {
                                let y = top + (Double(subrow) + 0.5) * weight
                                guard edge.top <= y && edge.bottom > y else { continue }
                                crossings[subrow * sorting + counts[subrow]] = Keyed(x: edge.x(at: y), value: edge.winding)
                                counts[subrow] += 1
                            }
                        }
                        for subrow in 0..<subrowCount {
                            let list = UnsafeMutableBufferPointer(rebasing: crossings[(subrow * sorting)..<(subrow * sorting + counts[subrow])])
                            Self.sortByX(list, spare: spare, buckets: buckets, hint: &subrowHint)
                            var winding: Int32 = 0
                            startWalk()
                            for i in list.indices {
                                let (was, now) = cross(&winding, list[i].value)
                                if was == now { continue }
                                let x = min(max(list[i].x - left, 0), right)
                                line(x, x, now ? weight : -weight)
                            }
                        }
                    }
                }
                guard low <= high else { continue }
                // Integrate the row and hand out runs of equal coverage.
                let last = min(high, span - 1)
                var sum: Float = 0
                var i = low
                while i <= last {
                    sum += acc[i]
                    acc[i] = 0
                    let level = UInt32(min(max(sum, 0), 1) * 255 + 0.5)
                    var j = i + 1
                    while j <= last, acc[j] == 0 { j += 1 }
                    if level != 0 { blit(row, columnStart + i, j - i, level) }
                    i = j
                }
                for k in (last + 1)..<max(last + 1, high + 1) { acc[k] = 0 }
                low = Int.max
                high = Int.min
            }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The most edges active in one of `rows` (an edge is active in rows
    /// `floor(top)..<ceil(bottom)`): the size of the sweep's working buffers, far below the edge
    /// count for long thin outlines such as strokes.
    private func mostActive(in rows: Range<Int>) -> Int {
        var starts = [Int32](repeating: 0, count: rows.count + 1)
        let first = Double(rows.lowerBound), last = Double(rows.upperBound)
        for edge in edges {
            let from = max(edge.top.rounded(.down), first), to = min(edge.bottom.rounded(.up), last)
            guard from < to else { continue }
            starts[Int(from - first)] += 1
            starts[Int(to - first)] -= 1
        }
        var count: Int32 = 0, most: Int32 = 0
        for change in starts {
            count += change
            most = max(most, count)
        }
        return Int(most)
    }
}
