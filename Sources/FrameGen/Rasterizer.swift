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
        /// Its slot in the sweep's ``Scratch/grid`` while active (Cairo's outlines only).
        var grid: Int32 = 0

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
        /// The active edges' values on Cairo's grid (``GridEdge``), by ``Edge/grid``, and the
        /// slots of edges retired, for those admitted next.
        fileprivate var grid: [GridEdge] = []
        fileprivate var freeSlots: [Int32] = []
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
        let cairo = !rectilinear
        if scratch.active.count < most {
            let nothing = Edge(top: 0, bottom: 0, xAtTop: 0, slope: 0, winding: 0)
            scratch.active = [Edge](repeating: nothing, count: most)
            scratch.gathered = scratch.active
        }
        if cairo && scratch.grid.count < most {
            scratch.grid = [GridEdge](repeating: GridEdge(), count: most)
            scratch.freeSlots = [Int32](repeating: 0, count: most)
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
        scratch.grid.withUnsafeMutableBufferPointer { grid in
        scratch.freeSlots.withUnsafeMutableBufferPointer { freeSlots in
            var active = active, gathered = gathered
            var activeCount = 0
            // Sorts that needed the bucket pass: the next few skip the insertion attempt.
            var rowHint = 0, subrowHint = 0
            /// The number of crossings in each sub-row's list.
            var counts = [Int](repeating: 0, count: subrowCount)
            var nextEdge = 0
            /// Cairo's outlines: the slots of `grid` in use by no active edge (`freeCount` of
            /// them), and the next never used.
            var freeCount = 0, nextSlot: Int32 = 0
            var coverage = RowCoverage(acc: acc, firstColumn: columnStart, span: span)
            let left = coverage.left, right = coverage.right
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

            for row in rowStart..<rowEnd {
                let top = Double(row), bottom = top + 1, middle = top + 0.5
                // Retire edges that ended above this row; admit those starting before its end.
                var kept = 0
                for slot in 0..<activeCount {
                    if active[slot].bottom > top {
                        active[kept] = active[slot]
                        kept += 1
                    } else if cairo {
                        freeSlots[freeCount] = active[slot].grid
                        freeCount += 1
                    }
                }
                activeCount = kept
                while nextEdge < edges.count, edges[nextEdge].top < bottom {
                    if edges[nextEdge].bottom > top {
                        var edge = edges[nextEdge]
                        if cairo {
                            // Its values on Cairo's grid, once for all the rows it crosses.
                            if freeCount > 0 {
                                freeCount -= 1
                                edge.grid = freeSlots[freeCount]
                            } else {
                                edge.grid = nextSlot
                                nextSlot += 1
                            }
                            grid[Int(edge.grid)] = GridEdge(edge)
                        }
                        active[activeCount] = edge
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
                    coverage.touchAll()
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
                    let nextKeyY = bottom + 0.5 / Double(Self.cairoSubrows)
                    for slot in 0..<activeCount {
                        let edge = active[slot]
                        if cairo {
                            // As Cairo's `can_do_full_row`: every edge sampled in the row spans all
                            // its sub-rows (edges sampled in none are skipped), and their order on
                            // the 1/256 grid at the first sub-row centre holds at the next row's.
                            let on = grid[Int(edge.grid)]
                            if on.from >= nextSubrow || on.to <= firstSubrow { continue }
                            if on.from > firstSubrow || on.to < nextSubrow { full = false; break }
                            let next = Self.roundedAway(edge.x(at: nextKeyY) * 256)
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
                                let on = grid[Int(edge.grid)]
                                if on.from >= nextSubrow || on.to <= firstSubrow { continue }
                                let (was, now) = cross(&winding, edge.winding)
                                if was == now { continue }
                                coverage.cairoEdge(edge, on, row: row, firstColumn: columnStart, now ? 1 : -1)
                                continue
                            }
                            let (was, now) = cross(&winding, edge.winding)
                            if was == now { continue }
                            coverage.clampedLine(edge.x(at: top) - left, edge.x(at: bottom) - left, now ? 1 : -1)
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
                                let on = grid[Int(edge.grid)]
                                let from = max(on.from - firstSubrow, 0)
                                let to = min(on.to - firstSubrow, Int64(subrowCount))
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
                                coverage.line(x, x, now ? weight : -weight)
                            }
                        }
                    }
                }
                // Integrate the row and hand out runs of equal coverage.
                coverage.emit(row: row, firstColumn: columnStart, blit: blit)
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
