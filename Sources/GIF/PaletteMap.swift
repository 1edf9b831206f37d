/// Exact nearest-colour lookup for a fixed palette, fast and safe to share between threads.
///
/// For each 6-bit-per-channel cell of RGB space (4-bit with ``Precision/coarse``) it stores the few
/// palette entries that can be nearest to *some* colour in the cell (those within the nearest
/// entry's distance to the cell's centre plus the cell's diameter), so a lookup checks only those.
/// Tests compare it with a brute-force search.
struct PaletteMap: Sendable {
    /// RGB triples.
    let palette: [UInt8]
    private let offsets: [UInt32]
    private let candidates: [UInt8]

    /// How finely the lookup table divides RGB space.
    enum Precision: Sendable {
        /// 64³ cells: one to a handful of entries to check per lookup, but ~20 ms to build. For
        /// palettes that map millions of pixels.
        case fine
        /// 16³ cells: more entries to check per lookup, ~1 ms to build. For a palette used once.
        case coarse
    }

    /// Bits of each channel dropped to find a colour's cell, and bits kept.
    private let shift: Int
    private let bits: Int

    init(palette: [UInt8], precision: Precision = .fine) {
        self.palette = palette
        let count = palette.count / 3
        let entries: [Double] = palette.map { Double($0) }

        // A coarse cell spans 16 levels per axis: its centre is within 7.5·√3 ≈ 13 of any colour in
        // it, so an entry nearest to some colour there is within the centre's nearest distance + 26.
        let coarse = Self.candidateLists(cells: 16, span: 16, entries: entries, reach: 26.0)
        if precision == .coarse {
            shift = 4
            bits = 4
            offsets = [0] + coarse.reduce(into: [UInt32]()) { $0.append(UInt32(($0.last ?? 0) + UInt32($1.count))) }
            candidates = coarse.flatMap { $0.map { UInt8($0) } }
            return
        }
        shift = 2
        bits = 6
        // Two levels, so building costs ~5 M distance checks instead of 67 M: first the candidates of
        // each 16-level coarse cell, then each 4-level fine cell checks only its coarse cell's list.
        // A fine centre lies within 6 levels per axis (10.4 in all) of its coarse centre, so any entry
        // that can be nearest in the fine cell is within the coarse nearest distance + 2 × 10.4 + 5.2.
        var offsets = [UInt32](repeating: 0, count: ColorHistogram.binCount + 1)
        var candidates: [UInt8] = []
        candidates.reserveCapacity(ColorHistogram.binCount * 2)
        let fineReach = 2 * (3.0 * 1.5 * 1.5).squareRoot()   // a fine cell spans 4 levels: ±1.5 around its centre
        var distances = [Double](repeating: 0, count: count)
        entries.withUnsafeBufferPointer { entries in
            distances.withUnsafeMutableBufferPointer { distances in
                for cell in 0..<ColorHistogram.binCount {
                    let rCell = cell >> 12, gCell = (cell >> 6) & 63, bCell = cell & 63
                    let list = coarse[(rCell >> 2) << 8 | (gCell >> 2) << 4 | (bCell >> 2)]
                    Self.candidates(near: (Double(rCell) * 4 + 1.5, Double(gCell) * 4 + 1.5, Double(bCell) * 4 + 1.5),
                                    among: list, entries: entries, reach: fineReach, distances: distances) {
                        candidates.append(UInt8($0))
                    }
                    offsets[cell + 1] = UInt32(candidates.count)
                }
            }
        }
        self.offsets = offsets
        self.candidates = candidates
    }

    /// For each of `cells`³ cells of `span` levels, the entries within `reach` of the distance from
    /// the cell's centre to its nearest entry.
    private static func candidateLists(cells: Int, span: Int, entries: [Double], reach: Double) -> [[Int]] {
        let all = Array(0..<(entries.count / 3))
        var lists: [[Int]] = []
        lists.reserveCapacity(cells * cells * cells)
        var distances = [Double](repeating: 0, count: all.count)
        let half = Double(span - 1) / 2
        entries.withUnsafeBufferPointer { entries in
            distances.withUnsafeMutableBufferPointer { distances in
                for cell in 0..<(cells * cells * cells) {
                    let centre = (Double(cell / (cells * cells)) * Double(span) + half, Double((cell / cells) % cells) * Double(span) + half,
                                  Double(cell % cells) * Double(span) + half)
                    var list: [Int] = []
                    candidates(near: centre, among: all, entries: entries, reach: reach, distances: distances) { list.append($0) }
                    lists.append(list)
                }
            }
        }
        return lists
    }

    /// Hands `take` the entries of `list` within `reach` of the distance from `centre` to the nearest
    /// of them — in `list`'s order. Compares squared distances with (√nearest + reach)², so there is
    /// no square root per entry. `distances` is scratch space, one slot per palette entry.
    @inline(__always)
    private static func candidates(near centre: (Double, Double, Double), among list: [Int], entries: UnsafeBufferPointer<Double>,
                                   reach: Double, distances: UnsafeMutableBufferPointer<Double>, take: (Int) -> Void) {
        var nearest = Double.infinity
        for index in list {
            let dr = centre.0 - entries[index * 3], dg = centre.1 - entries[index * 3 + 1], db = centre.2 - entries[index * 3 + 2]
            let distance = dr * dr + dg * dg + db * db
            distances[index] = distance
            if distance < nearest { nearest = distance }
        }
        let bound = nearest.squareRoot() + reach
        let limit = bound * bound
        for index in list where distances[index] <= limit { take(index) }
    }

    /// `true` when entry `index` is exactly `(r, g, b)`.
    @inline(__always)
    func isExact(_ index: UInt8, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        let i = Int(index) * 3
        return Int(palette[i]) == r && Int(palette[i + 1]) == g && Int(palette[i + 2]) == b
    }

    /// The index of the palette entry nearest to `(r, g, b)` in squared RGB distance.
    @inline(__always)
    func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let cell = (r >> shift) << (2 * bits) | (g >> shift) << bits | (b >> shift)
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
