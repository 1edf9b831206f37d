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

    /// Adds the next frame's flattened pixels.
    mutating func add(_ pixels: [UInt8]) {
        histogram.add(pixels, step: sampling)
    }

    /// The global palette, once every frame has been added.
    func finish() -> Palette {
        Self.palette(Self.fit(histogram, colors: colors, refinements: refinements))
    }

    /// RGB triples for the colours in `histogram`: exactly those colours when there are at most
    /// `colors − 1` of them (lossless), else a quantised palette of `colors − 1`.
    /// `samples`, when given, are `histogram.samples()` already made (a caller fitting twice).
    static func fit(_ histogram: ColorHistogram, samples: [Quantizer.Sample]? = nil, colors: Int, refinements: Int) -> [UInt8] {
        if let exact = histogram.exactColors, !exact.isEmpty, exact.count <= colors - 1 {
            return exact.sorted().flatMap { [UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
        }
        return Quantizer.palette(for: samples ?? histogram.samples(), count: colors - 1, refinements: refinements)
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
