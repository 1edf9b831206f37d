/// Builds the one global palette of the `fast` preset while the frames stream past
/// in the first pass, and turns any colour list into a GIF colour table.
///
/// (Palettes for runs of frames were tried here for `high`: they bought 0.7–1.8 dB for 18–30 % more
/// bytes. `standard` and `high` now use ``ColorRefiner``, which gives every frame a palette for only the pixels it
/// redraws and so accumulates more than 256 colours on screen.)
struct PalettePlanner {
    /// One colour table.
    struct Palette: Sendable {
        /// RGB triples, padded to a power of two; the entry at `transparent` is reserved.
        var rgb: [UInt8]
        var map: PaletteMap
        var transparent: UInt8

        /// `0xFFRRGGBB` of entry `index`.
        @inline(__always)
        func color(_ index: UInt8) -> UInt32 {
            let p = Int(index) * 3
            return 0xFF00_0000 | UInt32(rgb[p]) << 16 | UInt32(rgb[p + 1]) << 8 | UInt32(rgb[p + 2])
        }
    }

    let colors: Int
    let refinements: Int
    let sampling: Int
    private var histogram = ColorHistogram()

    init(colors: Int, refinements: Int, sampling: Int) {
        self.colors = colors
        self.refinements = refinements
        self.sampling = sampling
    }

    /// Adds the next frame's flattened pixels, counted `times` times (a frame and its repeats).
    mutating func add(_ pixels: [UInt8], times: Int = 1) {
        histogram.add(pixels, step: sampling, times: times)
    }

    /// The global palette, once every frame has been added.
    func finish() -> Palette {
        Self.palette(Self.fit(histogram, colors: colors, refinements: refinements))
    }

    /// RGB triples for the colours in `histogram`: exactly those colours when there are at most
    /// `colors − 1` of them (lossless), else a quantised palette of `colors − 1`. Then the
    /// smallest table (2ᵏ − 1 colours, ``smallest(_:fitted:keeping:colors:refinements:)``) that
    /// still shows every colour within ``ColorRefiner/tolerance`` once its visibility is counted;
    /// a lossless table stays lossless for every colour an opaque pixel draws.
    /// `samples`, when given, are `histogram.samples()` already made (a caller fitting twice).
    static func fit(_ histogram: ColorHistogram, samples: [Quantizer.Sample]? = nil, colors: Int, refinements: Int) -> [UInt8] {
        fit(histogram, samples: samples, colors: colors, refinements: refinements, giveUp: nil)!
    }

    /// ``fit(_:samples:colors:refinements:)``, or `nil` as soon as the quantised table fails
    /// `giveUp` (see ``Quantizer/palette(for:count:refinements:giveUp:)``); a lossless table never does.
    static func fit(_ histogram: ColorHistogram, samples: [Quantizer.Sample]? = nil, colors: Int, refinements: Int,
                    giveUp: (rounds: Int, test: ([UInt8]) -> Bool)?) -> [UInt8]? {
        let samples = samples ?? histogram.samples()
        if let exact = histogram.exactColors, !exact.isEmpty, exact.count <= colors - 1 {
            let rgb = exact.sorted().flatMap { [UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
            return smallest(samples, fitted: rgb, keeping: histogram.opaqueColors, colors: exact.count, refinements: refinements)
        }
        guard let rgb = Quantizer.palette(for: samples, count: colors - 1, refinements: refinements, giveUp: giveUp) else { return nil }
        return smallest(samples, fitted: rgb, keeping: [], colors: colors - 1, refinements: refinements)
    }

    /// `fitted`, or a table of fewer colours (2ᵏ − 1, so the GIF table and its LZW codes shrink
    /// by whole bits) that shows every sample within ``ColorRefiner/tolerance`` weighted by its
    /// visibility (as everywhere in the quantiser, a sample is a histogram bin's mean: spreads
    /// within a bin, ≤ 2 levels a channel, are not counted). Faint pixels of soft smoke kept by
    /// the alpha dither barely show their colour (a dot of 40/255 visibility seen in its
    /// pattern), and a table of every exact shade of them costs a third of such a GIF's bytes.
    /// Each colour of `kept` (opaque pixels of a lossless table) replaces its nearest entry, so
    /// it stays exact; a table too small to hold them all apart is not taken.
    static func smallest(_ samples: [Quantizer.Sample], fitted: [UInt8], keeping kept: Set<UInt32>,
                         colors: Int, refinements: Int) -> [UInt8] {
        let budget = Double(ColorRefiner.tolerance)
        guard colors > 1, kept.count < colors, shows(samples, within: budget, fitted) else { return fitted }
        var best = fitted
        // Binary search over the table bits: smaller tables fit worse (near enough).
        var low = 1, high = 1
        while (1 << (high + 1)) - 1 < colors { high += 1 }
        while low <= high {
            let bits = (low + high) / 2
            guard kept.count <= (1 << bits) - 1 else {
                low = bits + 1
                continue
            }
            let fitted = Quantizer.palette(for: samples, count: (1 << bits) - 1, refinements: refinements)
            if let candidate = Self.pinning(kept, in: fitted), shows(samples, within: budget, candidate) {
                best = candidate
                high = bits - 1
            } else {
                low = bits + 1
            }
        }
        return best
    }

    /// `rgb` with each colour of `kept` in place of its nearest entry, or `nil` when two of them
    /// share one (or there are fewer entries than colours to keep).
    static func pinning(_ kept: Set<UInt32>, in rgb: [UInt8]) -> [UInt8]? {
        guard !kept.isEmpty else { return rgb }
        let search = NearestCenter(rgb.map(Double.init))
        var result = rgb, taken = Set<Int>()
        for color in kept.sorted() {
            let (r, g, b) = (UInt8(color >> 16), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF))
            let index = search.withLookup { $0.nearest(Double(r), Double(g), Double(b)).index }
            guard taken.insert(index).inserted else { return nil }
            result[index * 3] = r
            result[index * 3 + 1] = g
            result[index * 3 + 2] = b
        }
        return result
    }

    /// Whether `rgb` shows every sample within `budget`: its visibility-weighted squared distance
    /// to the nearest entry, counting none as further than it is already shown. Stops at the first
    /// that is not (a full table for fire fails at once).
    static func shows(_ samples: [Quantizer.Sample], within budget: Double, _ rgb: [UInt8]) -> Bool {
        let search = NearestCenter(rgb.map(Double.init))
        return search.withLookup { lookup in
            for sample in samples {
                let distance = min(lookup.nearest(sample.r, sample.g, sample.b).distance, sample.limit)
                if distance * sample.visibility > budget { return false }
            }
            return true
        }
    }

    /// A colour table holding `rgb`, padded to a power of two, its last entry reserved for
    /// transparency. `cells` limits the lookup's work to where the colours to map lie (see ``PaletteMap``).
    static func palette(_ rgb: [UInt8], precision: PaletteMap.Precision = .fine, cells: [Int]? = nil) -> Palette {
        let map = PaletteMap(palette: rgb, precision: precision, cells: cells)
        var padded = rgb
        let used = rgb.count / 3
        // GIF tables hold a power of two entries: the smallest that fits the colours and the
        // transparent slot, whose index is the last.
        var size = 2
        while size < used + 1 { size *= 2 }
        while padded.count / 3 < size { padded += [0, 0, 0] }
        return Palette(rgb: padded, map: map, transparent: UInt8(size - 1))
    }
}
