import Testing
@testable import GIF

@Suite("Palette")
struct PaletteMapTests {
    /// The cell-list lookup must agree with a brute-force nearest search everywhere.
    @Test(arguments: [2, 17, 255])
    func nearestMatchesBruteForce(size: Int) {
        var generator = SplitMix(seed: UInt64(size))
        let palette = (0..<(size * 3)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let map = PaletteMap(palette: palette)
        for _ in 0..<20_000 {
            let r = Int(generator.next() % 256), g = Int(generator.next() % 256), b = Int(generator.next() % 256)
            let found = Int(map.nearest(r, g, b))
            let distance = { (i: Int) in
                let dr = r - Int(palette[i * 3]), dg = g - Int(palette[i * 3 + 1]), db = b - Int(palette[i * 3 + 2])
                return dr * dr + dg * dg + db * db
            }
            let best = (0..<size).map(distance).min()!
            #expect(distance(found) == best, "(\(r), \(g), \(b))")
        }
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
