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
    /// (``shares(_:width:height:rim:)``).
    static func coverageBoost(_ pixels: UnsafeBufferPointer<UInt8>, shares: UnsafeBufferPointer<UInt16>, width: Int,
                              height: Int, rim: UnsafeBufferPointer<UInt64>) -> Float {
        var visible = 0, whole = 0, dithered = 0
        let rimWords = Self.rimWords(width: width)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = y * width + x
                let a = Int(pixels[pixel * 4 + 3])
                guard a >= faintest else { continue }
                visible += 1
                if a == 255 {
                    whole += 1
                } else if !rim.isEmpty && rim[y * rimWords + x >> 6] >> UInt64(x & 63) & 1 != 0 {
                    if Int(shares[pixel]) >= rimCut * 128 { whole += 1 }
                } else {
                    dithered += Int(shares[pixel])
                }
            }
        }
        let wanted = Float(visible) * leastCoverage - Float(whole)
        let expected = Float(dithered) / (255 * 128)
        guard wanted > 0, expected > 0, expected < wanted else { return 1 }
        return wanted / expected
    }
}
