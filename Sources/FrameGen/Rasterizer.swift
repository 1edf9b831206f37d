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
        guard a.y != b.y else { return }
        let (upper, lower, winding): (Point, Point, Int32) = a.y < b.y ? (a, b, 1) : (b, a, -1)
        if a.x != b.x { rectilinear = false }
        edges.append(Edge(top: upper.y, bottom: lower.y, xAtTop: upper.x,
                          slope: (lower.x - upper.x) / (lower.y - upper.y), winding: winding))
        minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
        minY = min(minY, upper.y); maxY = max(maxY, lower.y)
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
        let sorting = min(most, Self.crowdingLimit(span: span))
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

            /// Half a sub-row of Cairo's grid: a full row needs every edge over all its sub-row centres.
            let shift = cairo ? 0.5 / Double(Self.cairoSubrows) : 0

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
                if Self.isCrowded(active: activeCount, span: span) {
                    Self.sampleCrowdedRow(UnsafeMutableBufferPointer(rebasing: active[0..<activeCount]), top: top, left: left,
                                          span: span, evenOdd: evenOdd, scratch: &dense, acc: acc)
                    low = 0
                    high = span
                } else {
                    // Sort the active edges by x at mid-row.
                    for slot in 0..<activeCount { keys[slot] = Keyed(x: active[slot].x(at: middle), value: Int32(slot)) }
                    Self.sortByX(UnsafeMutableBufferPointer(rebasing: keys[0..<activeCount]), spare: spare, buckets: buckets,
                                 hint: &rowHint)
                    for slot in 0..<activeCount { gathered[slot] = active[Int(keys[slot].value)] }
                    swap(&active, &gathered)
                    // A full row: every edge spans it and the order is the same at its top and bottom.
                    var full = true
                    var previousTop = -Double.infinity, previousBottom = -Double.infinity
                    for slot in 0..<activeCount {
                        let edge = active[slot]
                        if cairo {
                            // Every sub-row centre of the row within the edge (top < y ≤ bottom).
                            if !(edge.top < top + shift) || edge.bottom < bottom - shift { full = false; break }
                        } else if edge.top > top || edge.bottom < bottom { full = false; break }
                        let xt = edge.x(at: top), xb = edge.x(at: bottom)
                        if xt < previousTop || xb < previousBottom { full = false; break }
                        previousTop = xt
                        previousBottom = xb
                    }
                    if full {
                        var winding: Int32 = 0
                        for slot in 0..<activeCount {
                            let edge = active[slot]
                            let was = inside(winding)
                            winding &+= edge.winding
                            let now = inside(winding)
                            if was == now { continue }
                            if cairo {
                                cairoLine(edge.x(at: top) - left, edge.x(at: bottom) - left, now ? 1 : -1)
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
                            // The sub-rows whose centre may lie in the edge's span, one more each side.
                            let from = min(max(((edge.top - top) * subrows - 0.5).rounded(.down) - 1, 0), subrows)
                            let to = min(max(((edge.bottom - top) * subrows - 0.5).rounded(.up) + 1, 0), subrows)
                            for subrow in Int(from)..<max(Int(from), Int(to)) {
                                let y = top + (Double(subrow) + 0.5) * weight
                                // Cairo counts a centre on an edge's end at its bottom, not its top.
                                guard cairo ? edge.top < y && edge.bottom >= y : edge.top <= y && edge.bottom > y else { continue }
                                crossings[subrow * sorting + counts[subrow]] = Keyed(x: edge.x(at: y), value: edge.winding)
                                counts[subrow] += 1
                            }
                        }
                        for subrow in 0..<subrowCount {
                            let list = UnsafeMutableBufferPointer(rebasing: crossings[(subrow * sorting)..<(subrow * sorting + counts[subrow])])
                            Self.sortByX(list, spare: spare, buckets: buckets, hint: &subrowHint)
                            var winding: Int32 = 0
                            for i in list.indices {
                                let was = inside(winding)
                                winding &+= list[i].value
                                let now = inside(winding)
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
