extension AlphaFlattener {
    /// The least share of a frame's visible pixels (alpha ≥ ``faintest``) the dither keeps: an
    /// eighth. A faint white haze dithered by its light (``ditherShare(alpha:_:_:_:)``) keeps a
    /// few percent of its pixels — the right light over black, but as dots so sparse that the
    /// haze reads as gone, and a frame made only of it (the last wisps of a fireball) vanishes.
    /// Measured on Benchmarks/gif-real's CodeManu fireball: frames 20–27 (white smoke at alpha
    /// 16–100) kept 3–9 % of their visible pixels; every other corpus frame keeps far more than
    /// an eighth and is not changed.
    static let leastCoverage: Float = 1.0 / 9

    /// The factor a frame's dither shares are raised by so that it keeps at least
    /// ``leastCoverage`` of its visible pixels (1 when it keeps that many already): opaque
    /// pixels and the rim pixels the cut keeps count whole, dithered ones by their share
    /// (``shares(_:classes:rim:)``).
    static func coverageBoost(classes: AlphaClasses, shares: UnsafeBufferPointer<UInt16>,
                              rim: UnsafeBufferPointer<UInt64>) -> Float {
        var visible = 0, whole = 0, dithered = 0
        let (width, words) = (classes.width, classes.words)
        classes.opaque.withUnsafeBufferPointer { opaque in
            classes.soft.withUnsafeBufferPointer { soft in
                for row in 0..<classes.height {
                    for word in 0..<words {
                        let index = row &* words &+ word
                        let opaqueCount = opaque[index].nonzeroBitCount
                        visible &+= opaqueCount &+ soft[index].nonzeroBitCount
                        whole &+= opaqueCount
                        var bits = soft[index]
                        let rimBits = rim.isEmpty ? 0 : rim[index]
                        while bits != 0 {
                            let bit = bits.trailingZeroBitCount
                            bits &= bits &- 1
                            let share = Int(shares[row &* width &+ word &* 64 &+ bit])
                            if rimBits >> UInt64(bit) & 1 != 0 {
                                if share >= rimCut * 128 { whole &+= 1 }
                            } else {
                                dithered &+= share
                            }
                        }
                    }
                }
            }
        }
        let wanted = Float(visible) * leastCoverage - Float(whole)
        let expected = Float(dithered) / (255 * 128)
        guard wanted > 0, expected > 0, expected < wanted else { return 1 }
        return wanted / expected
    }
}
