/// Exact nearest-colour lookup for a fixed palette, fast and safe to share between threads.
///
/// For each 6-bit-per-channel cell of RGB space it stores the few palette entries that can be
/// nearest to *some* colour in the cell (those within the nearest entry's distance to the cell's
/// centre plus the cell's diameter), so a lookup checks one to a handful of entries exactly.
struct PaletteMap: Sendable {
    /// RGB triples.
    let palette: [UInt8]
    private let offsets: [UInt32]
    private let candidates: [UInt8]

    init(palette: [UInt8]) {
        self.palette = palette
        let count = palette.count / 3
        var offsets = [UInt32](repeating: 0, count: ColorHistogram.binCount + 1)
        var candidates: [UInt8] = []
        candidates.reserveCapacity(ColorHistogram.binCount * 2)
        let entries: [Double] = palette.map { Double($0) }
        let reach: Double = 2 * (3.0 * 1.5 * 1.5).squareRoot()   // a cell spans 4 levels: ±1.5 around its centre
        var distances = [Double](repeating: 0, count: count)
        for cell in 0..<ColorHistogram.binCount {
            let r = Double(cell >> 12) * 4 + 1.5
            let g = Double((cell >> 6) & 63) * 4 + 1.5
            let b = Double(cell & 63) * 4 + 1.5
            var nearest = Double.infinity
            for index in 0..<count {
                let dr: Double = r - entries[index * 3]
                let dg: Double = g - entries[index * 3 + 1]
                let db: Double = b - entries[index * 3 + 2]
                let distance: Double = dr * dr + dg * dg + db * db
                distances[index] = distance
                if distance < nearest { nearest = distance }
            }
            let radius: Double = nearest.squareRoot() + reach
            let limit: Double = radius * radius
            for index in 0..<count where distances[index] <= limit { candidates.append(UInt8(index)) }
            offsets[cell + 1] = UInt32(candidates.count)
        }
        self.offsets = offsets
        self.candidates = candidates
    }

    /// The index of the palette entry nearest to `(r, g, b)` in squared RGB distance.
    @inline(__always)
    func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let cell = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        let start = Int(offsets[cell]), end = Int(offsets[cell + 1])
        var best = candidates[start]
        if end - start == 1 { return best }
        var bestDistance = Int.max
        for slot in start..<end {
            let index = Int(candidates[slot])
            let dr = r - Int(palette[index * 3]), dg = g - Int(palette[index * 3 + 1]), db = b - Int(palette[index * 3 + 2])
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = UInt8(index)
            }
        }
        return best
    }
}
