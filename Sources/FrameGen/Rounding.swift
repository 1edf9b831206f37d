/// Rounding to whole numbers without the C library: on x86-64 (its baseline, without SSE4.1's
/// `roundsd`) Swift's `rounded()`, `rounded(.down)` and `rounded(.up)` are calls to `round`,
/// `floor` and `ceil`, several a crossing in the rasterizer's inner loops. Below 2⁵² the
/// truncation is one conversion to an integer and back (the sign of a zero kept), and `v` minus it
/// is exact, so each gives exactly what the standard rounding gives, the sign of a zero included;
/// beyond 2⁵² (already whole), infinities and NaN go to the standard rounding.
enum Rounding {
    /// `v` with its fraction dropped, for `abs(v) < 2⁵²`.
    @inline(__always) private static func truncated(_ v: Double) -> Double {
        Double(signOf: v, magnitudeOf: Double(Int64(v)))
    }

    /// `v.rounded()`: half away from zero.
    @inline(__always) static func away(_ v: Double) -> Double {
        guard abs(v) < 0x1p52 else { return v.rounded() }
        let whole = truncated(v), part = v - whole
        if part >= 0.5 { return whole + 1 }
        if part <= -0.5 { return whole - 1 }
        return whole
    }

    /// `v.rounded(.down)`.
    @inline(__always) static func down(_ v: Double) -> Double {
        guard abs(v) < 0x1p52 else { return v.rounded(.down) }
        let whole = truncated(v)
        return whole > v ? whole - 1 : whole
    }

    /// `v.rounded(.up)`.
    @inline(__always) static func up(_ v: Double) -> Double {
        guard abs(v) < 0x1p52 else { return v.rounded(.up) }
        let whole = truncated(v)
        return whole < v ? whole + 1 : whole
    }
}
