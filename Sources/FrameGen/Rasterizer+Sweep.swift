/// The sweep: the edges walked down the rows, each row's coverage added up and handed out as runs
/// (see ``Rasterizer``).
extension Rasterizer {
    /// Working buffers of a sweep, kept by the caller and reused from one fill to the next (one
    /// per thread when bands are swept at once).
    struct Scratch: Sendable {
        var accumulation: [Float] = []
        /// The edges crossing the row, in x order at mid-row, kept together so that the 16 passes
        /// over them read memory in order; `gathered` receives them in their new order.
        var active: [Edge] = []
        var gathered: [Edge] = []
        /// The active edges' x at mid-row, with their place in `active`.
        var keys: [Keyed] = []
        /// The crossings of each sub-row with their windings (sorted by x before use).
        var crossings: [Keyed] = []
        /// Room for ``Rasterizer/sortByX(_:spare:buckets:)``.
        var spare: [Keyed] = []
        var buckets: [Int32] = []
        /// Room for rows crowded with edges (``Rasterizer/sampleCrowdedRow``).
        var dense = DenseScratch()
        /// The active edges' values on Cairo's grid (``GridEdge``), by ``Edge/grid``, and the
        /// slots of edges retired, for those admitted next.
        var grid: [GridEdge] = []
        var freeSlots: [Int32] = []
        init() {}
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
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.subrows) { subrowCounts in
            var active = active, gathered = gathered
            var activeCount = 0
            // Sorts that needed the bucket pass: the next few skip the insertion attempt.
            var rowHint = 0, subrowHint = 0
            /// The number of crossings in each sub-row's list.
            let counts = subrowCounts
            var nextEdge = 0
            /// Cairo's outlines: the slots of `grid` in use by no active edge (`freeCount` of
            /// them), and the next never used.
            var freeCount = 0, nextSlot: Int32 = 0
            var coverage = RowCoverage(acc: acc, firstColumn: columnStart, span: span)
            let left = coverage.left, right = coverage.right
            var walk = WindingWalk(rule: rule, clipRules: clipRules)

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
                            let next = Rounding.away(edge.x(at: nextKeyY) * 256)
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
                        walk.start()
                        for slot in 0..<activeCount {
                            let edge = active[slot]
                            if cairo {
                                // Edges Cairo samples on none of the row's sub-rows are not in it.
                                let slot = Int(edge.grid)
                                if grid[slot].from >= nextSubrow || grid[slot].to <= firstSubrow { continue }
                                let (was, now) = walk.cross(edge.winding)
                                if was == now { continue }
                                if !grid[slot].prepared { grid[slot].prepare(edge) }
                                coverage.cairoEdge(edge, grid[slot], row: row, firstColumn: columnStart, now ? 1 : -1)
                                continue
                            }
                            let (was, now) = walk.cross(edge.winding)
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
                            let from = min(max(Rounding.down((edge.top - top) * subrows - 0.5) - 1, 0), subrows)
                            let to = min(max(Rounding.up((edge.bottom - top) * subrows - 0.5) + 1, 0), subrows)
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
                            walk.start()
                            for i in list.indices {
                                let (was, now) = walk.cross(list[i].value)
                                if was == now { continue }
                                let x = min(max(list[i].x - left, 0), right)
                                coverage.point(x, now ? weight : -weight)
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
    }

    /// The most edges active in one of `rows` (an edge is active in rows
    /// `floor(top)..<ceil(bottom)`): the size of the sweep's working buffers, far below the edge
    /// count for long thin outlines such as strokes.
    private func mostActive(in rows: Range<Int>) -> Int {
        var starts = [Int32](repeating: 0, count: rows.count + 1)
        let first = Double(rows.lowerBound), last = Double(rows.upperBound)
        for edge in edges {
            let from = max(Rounding.down(edge.top), first), to = min(Rounding.up(edge.bottom), last)
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
