/// Cairo's fixed-point arithmetic, as its `tor` scan converter does it: vertices on the 24.8 grid
/// (1/256 of a pixel), rows cut into ``Rasterizer/cairoSubrows`` sub-rows, and a full row's edge
/// rendered in integers (``RowCoverage/cairoEdge(_:_:row:firstColumn:_:)``). An edge's grid values
/// are worked out once, when the sweep admits it (``GridEdge``), not again on every row it crosses.
extension Rasterizer {
    /// `p` rounded to 1/256 of a pixel (Cairo's `_cairo_fixed_from_double`); coordinates too
    /// large for the grid stay as they are.
    @inline(__always) static func onGrid(_ p: Point) -> Point {
        guard abs(p.x) < 0x1p40, abs(p.y) < 0x1p40 else { return p }
        return Point(Rounding.away(p.x * 256) / 256, Rounding.away(p.y * 256) / 256)
    }

    /// The 24.8 fixed-point value of a coordinate on the grid.
    @inline(__always) static func fixed(_ v: Double) -> Int64 { Int64(Rounding.away(v * 256)) }

    /// The first sub-row of Cairo's grid at or below `v` (Cairo's `INPUT_TO_GRID_Y`: an edge
    /// from `v` is sampled from this sub-row's centre on), clamped far beyond any canvas.
    @inline(__always) static func gridRow(_ v: Double) -> Int64 {
        let f = fixed(min(max(v, -0x1p30), 0x1p30))
        return (Int64(cairoSubrows) * f + 128) >> 8
    }
}

/// An edge's values on Cairo's grid, worked out once: the sub-rows it is sampled on when the sweep
/// admits it, the integers of ``RowCoverage/cairoEdge(_:_:row:firstColumn:_:)`` when a full row
/// first renders it.
struct GridEdge {
    /// Cairo samples the edge on sub-rows `from..<to` (its ends rounded to the grid, ``Rasterizer/gridRow(_:)``).
    var from: Int64 = 0
    var to: Int64 = 0
    /// Ends and x within 2¹⁴ pixels: the integer rendering cannot overflow; others go by ``RowCoverage/cairoLine(_:_:_:)``.
    var fits = false
    /// Vertical on the grid (or flat): one column gets its whole height.
    var vertical = false
    /// The top's x on the grid, and 30 × its y (`Y1 * 30` in the sub-row centre's numerator).
    var x1: Int64 = 0
    var y1Times30: Int64 = 0
    /// The edge's run and rise scaled as `cell_list_render_edge` scales them (Ex, Ey > 0).
    var ex: Int64 = 0
    var ey: Int64 = 0
    /// x's step over one row (15 sub-rows), floor-divided by `ey`: quotient and remainder in [0, ey).
    var rowQ: Int64 = 0
    var rowR: Int64 = 0
    /// Half of x's step over one sub-row (each part halved on its own, as Cairo halves them):
    /// the step back from a sub-row centre.
    var halfQ: Int64 = 0
    var halfR: Int64 = 0

    /// Whether the integers above are worked out (``prepare(_:)``): only for an edge that a full
    /// row renders, as most of a short edge's rows are sampled.
    var prepared = false

    init() {}

    /// The sub-rows of `edge`; the rest waits for ``prepare(_:)``.
    @inline(__always) init(_ edge: Rasterizer.Edge) {
        from = Rasterizer.gridRow(edge.top)
        to = Rasterizer.gridRow(edge.bottom)
    }

    /// Works out the integers of ``RowCoverage/cairoEdge(_:_:row:firstColumn:_:)`` for `edge`.
    mutating func prepare(_ edge: Rasterizer.Edge) {
        prepared = true
        let limit = 0x1p14
        fits = abs(edge.xAtTop) < limit && abs(edge.top) < limit && abs(edge.bottom) < limit
            && abs(edge.x(at: edge.bottom)) < limit
        guard fits else { return }
        let X1 = Rasterizer.fixed(edge.xAtTop), Y1 = Rasterizer.fixed(edge.top)
        let X2 = Rasterizer.fixed(edge.x(at: edge.bottom)), Y2 = Rasterizer.fixed(edge.bottom)
        x1 = X1
        vertical = X1 == X2 || Y2 <= Y1
        guard !vertical else { return }
        y1Times30 = Y1 * 30
        ex = (X2 - X1) * 256
        ey = (Y2 - Y1) * 7680
        rowQ = (ex * 7680) / ey
        rowR = (ex * 7680) % ey
        if rowR < 0 { rowQ -= 1; rowR += ey }
        let stepQ = (ex * 512) / ey, stepR = (ex * 512) % ey
        halfQ = stepQ / 2
        halfR = stepR / 2
    }

    /// x at the centre of sub-row `s` (absolute) on the 1/256 grid: quotient and remainder in [0, ey).
    @inline(__always) func x(atSubrow s: Int64) -> (q: Int64, r: Int64) {
        let t = ((2 * s + 1) << 8) - y1Times30
        let p = t * ex
        var q = p / ey, r = p % ey
        q += x1
        if r < 0 { q -= 1; r += ey }
        return (q, r)
    }

    /// `x` one row (15 sub-rows) further down.
    @inline(__always) func nextRow(_ x: (q: Int64, r: Int64)) -> (q: Int64, r: Int64) {
        var q = x.q + rowQ, r = x.r + rowR
        if r >= ey { q += 1; r -= ey }
        return (q, r)
    }

    /// `x` stepped back by half a sub-row.
    @inline(__always) func back(_ x: (q: Int64, r: Int64)) -> (q: Int64, r: Int64) {
        var q = x.q - halfQ, r = x.r - halfR
        if r < 0 { q -= 1; r += ey } else if r >= ey { q += 1; r -= ey }
        return (q, r)
    }
}

extension RowCoverage {
    /// A full row's edge exactly as Cairo's `cell_list_render_edge` renders it, in its integer
    /// arithmetic: the edge's x on the 1/256 grid at the first sub-row centres of this row and
    /// the next, stepped back by half a sub-row, each column crossed getting the edge's height in
    /// it in whole fifteenths (rounded down). Edges too long for 64 bits, or reaching outside the
    /// columns, are done by ``cairoLine(_:_:_:)``.
    mutating func cairoEdge(_ edge: Rasterizer.Edge, _ grid: GridEdge, row: Int, firstColumn: Int, _ d: Double) {
        let top = Double(row)
        guard grid.fits else {
            return cairoLine(edge.x(at: top) - left, edge.x(at: top + 1) - left, d)
        }
        let unit = Float(d / 7680)
        let first = Int64(firstColumn)
        @inline(__always) func add(_ cell: Int64, height: Int64, uncovered: Int64) {
            let i = Int(cell - first)
            guard i >= 0, i <= span else { return }
            acc[i] += Float(height * 512 - uncovered) * unit
            acc[i + 1] += Float(uncovered) * unit
            low = min(low, i)
            high = max(high, i + 1)
        }
        if grid.vertical {
            let X1 = grid.x1
            let ix = X1 >> 8, fx = X1 & 255
            guard ix >= first, ix < first + Int64(span) else {
                return clampedLine(edge.x(at: top) - left, edge.x(at: top + 1) - left, d)
            }
            add(ix, height: 15, uncovered: 2 * fx * 15)
            return
        }
        let Ey = grid.ey
        let S0 = Int64(row) * 15
        let centre = grid.x(atSubrow: S0)
        var x1 = grid.back(centre), x2 = grid.back(grid.nextRow(centre))
        var ix1 = x1.q >> 8, fx1 = x1.q & 255, ix2 = x2.q >> 8, fx2 = x2.q & 255
        let lowest = min(ix1, ix2), highest = max(ix1, ix2)
        guard lowest >= first, highest < first + Int64(span) else {
            return cairoLine(edge.x(at: top) - left, edge.x(at: top + 1) - left, d)
        }
        if ix1 == ix2 {
            add(ix1, height: 15, uncovered: (fx1 + fx2) * 15)
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
        add(ix1, height: yq, uncovered: yq * (256 + fx1))
        var yLast = yq
        var cell = ix1 + 1
        if cell < ix2 {
            let fullQ = (15 * 256 * Ey) / dx, fullR = (15 * 256 * Ey) % dx
            while cell < ix2 {
                yq += fullQ
                yr += fullR
                if yr >= dx { yq += 1; yr -= dx }
                add(cell, height: yq - yLast, uncovered: (yq - yLast) * 256)
                yLast = yq
                cell += 1
            }
        }
        add(ix2, height: 15 - yLast, uncovered: (15 - yLast) * fx2)
    }
}
