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

    /// Coarse cells are 16 levels wide per axis.
    static let coarseCells = 16 * 16 * 16

    /// The coarse cell of a histogram bin (6 bits per channel, see ``ColorHistogram/bin(_:_:_:)``).
    @inline(__always)
    static func coarseCell(ofBin bin: Int) -> Int {
        (bin >> 14) << 8 | ((bin >> 8) & 15) << 4 | ((bin >> 2) & 15)
    }

    /// A lookup for `palette`. With `.coarse`, `cells` (coarse cell indices, see
    /// ``coarseCell(ofBin:)``) may name the only cells worth a candidate list — those the colours to
    /// be looked up fall in; a lookup elsewhere checks every entry, so every answer stays exact.
    init(palette: [UInt8], precision: Precision = .fine, cells: [Int]? = nil) {
        self.palette = palette
        // Doubled coordinates keep cell centres (…+7.5 for a coarse cell) integral.
        let entries: [Int32] = palette.map { Int32($0) * 2 }
        var needed: [Bool]?
        if let cells, precision == .coarse {
            var mask = [Bool](repeating: false, count: Self.coarseCells)
            for cell in cells { mask[cell] = true }
            needed = mask
        }
        // A coarse cell spans 16 levels per axis: its centre is within 7.5·√3 ≈ 13 of any colour in
        // it, so an entry nearest to some colour there is within the centre's nearest distance + 26.
        let coarse = Self.coarseLists(entries: entries, needed: needed)
        if precision == .coarse {
            shift = 4
            bits = 4
            (offsets, candidates) = coarse
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
        var distances = [Int32](repeating: 0, count: palette.count / 3)
        entries.withUnsafeBufferPointer { entries in
            coarse.candidates.withUnsafeBufferPointer { coarseCandidates in
                distances.withUnsafeMutableBufferPointer { distances in
                    for cell in 0..<ColorHistogram.binCount {
                        let rCell = Int32(cell >> 12), gCell = Int32((cell >> 6) & 63), bCell = Int32(cell & 63)
                        let parent = Self.coarseCell(ofBin: cell)
                        let list = UnsafeBufferPointer(rebasing: coarseCandidates[Int(coarse.offsets[parent])..<Int(coarse.offsets[parent + 1])])
                        Self.candidates(near: (rCell * 8 + 3, gCell * 8 + 3, bCell * 8 + 3), among: list, entries: entries,
                                        reach: fineReach, distances: distances) { candidates.append($0) }
                        offsets[cell + 1] = UInt32(candidates.count)
                    }
                }
            }
        }
        self.offsets = offsets
        self.candidates = candidates
    }

    /// Flat candidate lists for the 16³ coarse cells (cell `c`'s are `candidates[offsets[c]..<offsets[c + 1]]`);
    /// a cell not `needed` gets an empty list.
    private static func coarseLists(entries: [Int32], needed: [Bool]?) -> (offsets: [UInt32], candidates: [UInt8]) {
        let count = entries.count / 3
        let all = (0..<count).map { UInt8($0) }
        var offsets = [UInt32](repeating: 0, count: coarseCells + 1)
        var candidates: [UInt8] = []
        candidates.reserveCapacity(needed == nil ? coarseCells * 4 : 1024)
        var distances = [Int32](repeating: 0, count: count)
        entries.withUnsafeBufferPointer { entries in
            all.withUnsafeBufferPointer { all in
                distances.withUnsafeMutableBufferPointer { distances in
                    for cell in 0..<coarseCells {
                        if needed?[cell] != false {
                            let centre = (Int32(cell >> 8) * 32 + 15, Int32((cell >> 4) & 15) * 32 + 15, Int32(cell & 15) * 32 + 15)
                            Self.candidates(near: centre, among: all, entries: entries, reach: 26, distances: distances) {
                                candidates.append($0)
                            }
                        }
                        offsets[cell + 1] = UInt32(candidates.count)
                    }
                }
            }
        }
        return (offsets, candidates)
    }

    /// Hands `take` the entries of `list` within `reach` of the distance from `centre` to the nearest
    /// of them — in `list`'s order. Coordinates are doubled (so distances are 4× the true squared
    /// distances); compares with (√nearest + 2·reach)², so there is no square root per entry.
    /// `distances` is scratch space, one slot per palette entry.
    @inline(__always)
    private static func candidates(near centre: (Int32, Int32, Int32), among list: UnsafeBufferPointer<UInt8>,
                                   entries: UnsafeBufferPointer<Int32>, reach: Double,
                                   distances: UnsafeMutableBufferPointer<Int32>, take: (UInt8) -> Void) {
        var nearest = Int32.max
        for entry in list {
            let index = Int(entry) * 3
            let dr = centre.0 - entries[index], dg = centre.1 - entries[index + 1], db = centre.2 - entries[index + 2]
            let distance = dr * dr + dg * dg + db * db
            distances[Int(entry)] = distance
            if distance < nearest { nearest = distance }
        }
        let bound = Double(nearest).squareRoot() + 2 * reach
        let limit = Int32(min(bound * bound, Double(Int32.max)))
        for entry in list where distances[Int(entry)] <= limit { take(entry) }
    }

    /// `true` when entry `index` is exactly `(r, g, b)`.
    @inline(__always)
    func isExact(_ index: UInt8, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        let i = Int(index) * 3
        return Int(palette[i]) == r && Int(palette[i + 1]) == g && Int(palette[i + 2]) == b
    }

    /// The index of the palette entry nearest to `(r, g, b)` in squared RGB distance (the lowest
    /// index among equally near ones). Read through unsafe buffers: the checked reads of the
    /// candidate lists were half of the refiner's last per-pixel pass on the anti-aliased dino
    /// (a full table's coarse lists hold dozens of entries).
    @inline(__always)
    func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let cell = (r >> shift) << (2 * bits) | (g >> shift) << bits | (b >> shift)
        return offsets.withUnsafeBufferPointer { offsets in
            candidates.withUnsafeBufferPointer { candidates in
                palette.withUnsafeBufferPointer { palette in
                    let start = Int(offsets[cell]), end = Int(offsets[cell + 1])
                    if end &- start == 1 { return candidates[start] }
                    var best: UInt8 = 0
                    var bestDistance = Int.max
                    @inline(__always) func check(_ index: Int) {
                        let dr = r &- Int(palette[index &* 3]), dg = g &- Int(palette[index &* 3 &+ 1])
                        let db = b &- Int(palette[index &* 3 &+ 2])
                        let distance = dr &* dr &+ dg &* dg &+ db &* db
                        if distance < bestDistance {
                            bestDistance = distance
                            best = UInt8(truncatingIfNeeded: index)
                        }
                    }
                    if start < end {
                        for slot in start..<end { check(Int(candidates[slot])) }
                    } else {
                        // A cell left without a list (see `cells` in `init`) checks every entry.
                        for index in 0..<(palette.count / 3) { check(index) }
                    }
                    return best
                }
            }
        }
    }
}

/// Remembers recent nearest-entry answers by key — a colour, or a colour with a dither offset —
/// in a small direct-mapped table: shaded sprites repeat their colours row after row, and a lookup
/// in a coarse map may check dozens of entries.
struct NearestCache {
    private var keys = [UInt64](repeating: .max, count: 1 << 13)
    private var values = [UInt8](repeating: 0, count: 1 << 13)

    /// The remembered answer for `key`, else `compute()`'s, remembered.
    @inline(__always)
    mutating func index(for key: UInt64, compute: () -> UInt8) -> UInt8 {
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 51)
        if keys[slot] == key { return values[slot] }
        let index = compute()
        keys[slot] = key
        values[slot] = index
        return index
    }
}
