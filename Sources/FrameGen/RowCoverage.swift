/// One row's coverage as the sweep (``Rasterizer/fill(width:height:rule:band:scratch:blit:)``)
/// adds it up: each edge crossing the row adds the area right of it, times its direction, to the
/// accumulation buffer as differences from pixel to pixel (font-rs' accumulation), and
/// ``emit(row:blit:)`` sums the differences along the row into runs of equal coverage. A value
/// the sweep keeps from row to row, so that its state is the struct's own (no closure captures it).
struct RowCoverage {
    /// The differences, `span + 3` of them, zero between rows.
    let acc: UnsafeMutableBufferPointer<Float>
    /// The columns swept: x is relative to `left`, the first, and within [0, `right`].
    let left: Double
    let right: Double
    let span: Int
    /// The first and last entries of `acc` touched in the row (`Int.max`, `Int.min`: none).
    var low = Int.max, high = Int.min

    init(acc: UnsafeMutableBufferPointer<Float>, firstColumn: Int, span: Int) {
        self.acc = acc
        left = Double(firstColumn)
        right = Double(span)
        self.span = span
    }

    /// Every pixel of the row touched (a row whose samples filled `acc` directly).
    mutating func touchAll() {
        low = 0
        high = span
    }

    /// Adds `d` × the area right of the segment from (xa, 0) to (xb, 1) within one row,
    /// x relative to the first column and already within [0, span] (font-rs' accumulation).
    @inline(__always) mutating func line(_ xa: Double, _ xb: Double, _ d: Double) {
        let x0 = min(xa, xb), x1 = max(xa, xb)
        let x0floor = Rounding.down(x0), x1ceil = Rounding.up(x1)
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

    /// `line(x, x, d)`, for a sub-row's crossing at `x` (within [0, span]): one rounding, not two.
    @inline(__always) mutating func point(_ x: Double, _ d: Double) {
        let xfloor = Rounding.down(x)
        let xi = Int(xfloor)
        low = min(low, xi)
        high = max(high, xfloor == x ? xi : xi + 1)
        let xmf = 0.5 * (x + x) - xfloor
        acc[xi] += Float(d - d * xmf)
        acc[xi + 1] += Float(d * xmf)
    }

    /// `line` for a segment that may leave [0, span]: the parts outside are pushed onto
    /// the border (left: full coverage to the right; right: beyond every pixel).
    mutating func clampedLine(_ xa: Double, _ xb: Double, _ d: Double) {
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
    mutating func cairoLine(_ xa: Double, _ xb: Double, _ d: Double) {
        guard xa >= 0, xa <= right, xb >= 0, xb <= right else { return clampedLine(xa, xb, d) }
        let x0 = min(xa, xb), x1 = max(xa, xb)
        let c0 = Rounding.down(x0), c1 = Rounding.down(x1)
        if c0 == c1 { return line(xa, xb, d) }
        let grid = Double(Rasterizer.cairoSubrows), unit = d / grid
        let i0 = Int(c0), i1 = Int(c1)
        low = min(low, i0)
        high = max(high, i1 + 1)
        let slope = grid / (x1 - x0)
        func height(at boundary: Double) -> Double { min(grid, Rounding.down((boundary - x0) * slope + 1e-9)) }
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

    /// Sums the row's differences into coverage levels and hands out each run of pixels of one
    /// level (0…255, never 0) as `blit(row, x, length, level)`; leaves `acc` zero for the next row.
    @inline(__always) mutating func emit(row: Int, firstColumn: Int, blit: (_ y: Int, _ x: Int, _ length: Int, _ level: UInt32) -> Void) {
        guard low <= high else { return }
        let last = min(high, span - 1)
        var sum: Float = 0
        var i = low
        while i <= last {
            sum += acc[i]
            acc[i] = 0
            let level = UInt32(min(max(sum, 0), 1) * 255 + 0.5)
            var j = i + 1
            while j <= last, acc[j] == 0 { j += 1 }
            if level != 0 { blit(row, firstColumn + i, j - i, level) }
            i = j
        }
        for k in (last + 1)..<max(last + 1, high + 1) { acc[k] = 0 }
        low = Int.max
        high = Int.min
    }
}
