import Testing
@testable import GIF

@Suite("Palette")
struct PaletteMapTests {
    /// The cell-list lookup must agree with a brute-force nearest search everywhere, at both
    /// precisions, for palettes spread over RGB and packed into a small corner of it (as a palette
    /// fitted to a few similar pixels is).
    @Test(arguments: [2, 17, 255], [PaletteMap.Precision.fine, .coarse])
    func nearestMatchesBruteForce(size: Int, precision: PaletteMap.Precision) {
        var generator = SplitMix(seed: UInt64(size))
        for packed in [false, true] {
            let palette = (0..<(size * 3)).map { _ in
                UInt8(truncatingIfNeeded: packed ? 100 + generator.next() % 24 : generator.next())
            }
            Self.check(PaletteMap(palette: palette, precision: precision), palette: palette, size: size, generator: &generator)
        }
    }

    /// A coarse map built only for some cells (those a frame's colours fall in) still answers exactly
    /// everywhere: inside those cells from their lists, elsewhere by checking every entry.
    @Test(arguments: [2, 64, 255])
    func partialCoarseMapIsExactEverywhere(size: Int) {
        var generator = SplitMix(seed: UInt64(size) + 99)
        let palette = (0..<(size * 3)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        // The cells around the packed lookups of `check`, plus a few at random.
        let bins = (0..<200).map { _ in
            ColorHistogram.bin(UInt8(88 + generator.next() % 48), UInt8(88 + generator.next() % 48), UInt8(88 + generator.next() % 48))
        }
        let cells = bins.map(PaletteMap.coarseCell(ofBin:)) + (0..<20).map { _ in Int(generator.next() % 4096) }
        Self.check(PaletteMap(palette: palette, precision: .coarse, cells: cells), palette: palette, size: size, generator: &generator)
    }

    @Test func coarseCellOfABinHoldsItsColours() {
        for (r, g, b) in [(0, 0, 0), (255, 255, 255), (17, 130, 250), (64, 15, 16)] as [(UInt8, UInt8, UInt8)] {
            let expected = Int(r >> 4) << 8 | Int(g >> 4) << 4 | Int(b >> 4)
            #expect(PaletteMap.coarseCell(ofBin: ColorHistogram.bin(r, g, b)) == expected)
        }
    }

    /// A histogram's coarse cells hold its colours at both bin sizes (6 and 7 bits a channel).
    @Test(arguments: [6, 7])
    func histogramCoarseCellsHoldTheirColours(bits: Int) {
        let colours: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 255, 255), (17, 130, 250), (64, 15, 16), (127, 128, 129)]
        var histogram = ColorHistogram(bits: bits)
        histogram.add(colours.flatMap { [$0.0, $0.1, $0.2, 255] })
        let expected = colours.map { Int($0.0 >> 4) << 8 | Int($0.1 >> 4) << 4 | Int($0.2 >> 4) }
        #expect(histogram.coarseCells() == expected)
        if bits == 6 { #expect(histogram.touched.map(PaletteMap.coarseCell(ofBin:)) == expected) }
    }

    /// Half the lookups anywhere, half around where the packed palettes sit.
    static func check(_ map: PaletteMap, palette: [UInt8], size: Int, generator: inout SplitMix) {
        for lookup in 0..<20_000 {
            let channel = { (generator: inout SplitMix) in
                Int(lookup % 2 == 0 ? generator.next() % 256 : 88 + generator.next() % 48)
            }
            let r = channel(&generator), g = channel(&generator), b = channel(&generator)
            let found = Int(map.nearest(r, g, b))
            let distance = { (i: Int) in
                let dr = r - Int(palette[i * 3]), dg = g - Int(palette[i * 3 + 1]), db = b - Int(palette[i * 3 + 2])
                return dr * dr + dg * dg + db * db
            }
            let best = (0..<size).map(distance).min()!
            #expect(distance(found) == best, "(\(r), \(g), \(b))")
        }
    }

    /// The k-means search over Double centres gives exactly what a scan of every centre in order
    /// gives (lowest index on ties), with or without a guess, for spread, packed and duplicated
    /// centres; and a colour inside a centre's quarter gap is nearest to that centre.
    @Test(arguments: [1, 7, 255])
    func nearestCenterMatchesAScanInOrder(size: Int) {
        var generator = SplitMix(seed: UInt64(size) + 7)
        for packed in [false, true] {
            var centers = (0..<(size * 3)).map { _ in
                packed ? 100 + Double(generator.next() % 2400) / 100 : Double(generator.next() % 25600) / 100
            }
            if size > 2 { centers[3..<6] = centers[0..<3] }   // a duplicate: ties must go to the lower index
            let search = NearestCenter(centers)
            let gaps = search.quarterGaps()
            search.withLookup { lookup in
                for lookupIndex in 0..<5_000 {
                    let around = lookupIndex % 3 == 0 ? Array(centers[0..<3]) : nil
                    let channel = { (c: Int, generator: inout SplitMix) -> Double in
                        if let around { return around[c] + Double(generator.next() % 200) / 100 - 1 }
                        return packed && lookupIndex % 2 == 0 ? 100 + Double(generator.next() % 2400) / 100 : Double(generator.next() % 25600) / 100
                    }
                    let r = channel(0, &generator), g = channel(1, &generator), b = channel(2, &generator)
                    var scan = (index: 0, distance: Double.infinity)
                    for index in 0..<size {
                        let dr = r - centers[index * 3], dg = g - centers[index * 3 + 1], db = b - centers[index * 3 + 2]
                        let distance = dr * dr + dg * dg + db * db
                        if distance < scan.distance { scan = (index, distance) }
                    }
                    let guess = Int(generator.next() % UInt64(size))
                    for found in [lookup.nearest(r, g, b), lookup.nearest(r, g, b, guess: guess)] {
                        #expect(found.index == scan.index && found.distance == scan.distance, "(\(r), \(g), \(b))")
                    }
                    if lookup.distance(guess, r, g, b) < gaps[guess] { #expect(guess == scan.index) }
                }
            }
        }
    }

    /// The radix sort of a histogram's bins orders them as `sorted()` does, for both bin layouts
    /// and for counts on either side of where it falls back to `sorted()`.
    @Test(arguments: [18, 21], [0, 1, 60, 65, 3000, 40000])
    func binsSortAsSortedDoes(bits: Int, count: Int) {
        var generator = SplitMix(seed: UInt64(bits * 100_003 + count))
        var bins = Set<Int>()
        while bins.count < count { bins.insert(Int(generator.next() % UInt64(1 << bits))) }
        let shuffled = Array(bins)
        #expect(ColorHistogram.sortedBins(shuffled, bits: bits) == shuffled.sorted())
    }

    @Test func quantizerKeepsFewColoursExactAndDropsDuplicates() {
        let samples = [(10.0, 20.0, 30.0), (200, 100, 0), (10, 20, 30)].map { Quantizer.Sample(r: $0.0, g: $0.1, b: $0.2, weight: 5) }
        let palette = Quantizer.palette(for: samples, count: 8, refinements: 4)
        #expect(palette.count == 6)
        #expect(Set([Array(palette[0..<3]), Array(palette[3..<6])]) == [[10, 20, 30], [200, 100, 0]])
    }
}

/// A tiny deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
