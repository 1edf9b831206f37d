/// Decides, while the frames stream past in the first pass, which palette each frame uses: one
/// global palette, plus (when runs are allowed — the `high` preset) a local palette for each run of
/// frames whose colours the global palette serves clearly worse.
///
/// Measured on the benchmark sequences, run palettes buy 0.7–1.8 dB PSNR for 18–30 % more bytes:
/// finer colours give LZW fewer repeats, on top of the local table each frame carries. That is why
/// they belong to `high` and the default keeps one palette.
///
/// A run ends when a frame's coarse colour distribution (4 bits per channel) is more than half
/// different (total variation) from the run's so far. A run gets its own palette when that palette
/// leaves less than `localGain` of the squared error the global palette would leave on it — the
/// latter estimated from the run palette's clusters (each cluster's own error plus its weight times
/// the distance from its centre to the nearest global entry).
struct PalettePlanner {
    /// One palette of the plan.
    struct Palette {
        /// RGB triples, padded to a power of two; the entry at `transparent` is reserved.
        var rgb: [UInt8]
        var map: PaletteMap
        var transparent: UInt8
        var isGlobal: Bool
    }

    /// The palettes (global first) and, per frame, which one it uses.
    struct Plan {
        var palettes: [Palette]
        var paletteOfFrame: [Int]
    }

    static let minimumRunLength = 4
    static let splitDistance = 0.5
    /// A run palette is used when it leaves at most this share of the global palette's error.
    static let localGain = 0.7

    let colors: Int
    let refinements: Int
    let allowRuns: Bool
    let sampling: Int

    private var global = ColorHistogram()
    private var run = ColorHistogram()
    private var runSignature = [Double](repeating: 0, count: 4096)
    private var runStart = 0
    private var frameCount = 0
    private var runs: [(range: Range<Int>, fit: Quantizer.Fit, exact: Bool)] = []

    init(colors: Int, refinements: Int, allowRuns: Bool, sampling: Int) {
        self.colors = colors
        self.refinements = refinements
        self.allowRuns = allowRuns
        self.sampling = sampling
    }

    /// Adds the next frame's flattened pixels.
    mutating func add(_ pixels: [UInt8]) {
        global.add(pixels, step: sampling)
        guard allowRuns else {
            frameCount += 1
            return
        }
        let signature = Self.signature(pixels)
        if frameCount - runStart >= Self.minimumRunLength && Self.distance(signature, runSignature) > Self.splitDistance {
            closeRun()
        }
        for bin in 0..<signature.count { runSignature[bin] += signature[bin] }
        run.add(pixels, step: sampling)
        frameCount += 1
    }

    /// The plan, once every frame has been added.
    mutating func finish() -> Plan {
        let globalFit = fit(global)
        var palettes = [Self.palette(globalFit.palette, colors: colors, isGlobal: true)]
        var paletteOfFrame = [Int](repeating: 0, count: frameCount)
        guard allowRuns else { return Plan(palettes: palettes, paletteOfFrame: paletteOfFrame) }
        closeRun()
        // With a single run, the global palette is that run's palette.
        guard runs.count > 1 else { return Plan(palettes: palettes, paletteOfFrame: paletteOfFrame) }
        let globalMap = palettes[0].map
        for run in runs {
            let own = run.fit
            var underGlobal = own.error
            for index in 0..<own.weights.count where own.weights[index] > 0 {
                let r = Int(own.palette[index * 3]), g = Int(own.palette[index * 3 + 1]), b = Int(own.palette[index * 3 + 2])
                let nearest = Int(globalMap.nearest(r, g, b)) * 3
                let dr = Double(r - Int(globalMap.palette[nearest])), dg = Double(g - Int(globalMap.palette[nearest + 1]))
                let db = Double(b - Int(globalMap.palette[nearest + 2]))
                underGlobal += own.weights[index] * (dr * dr + dg * dg + db * db)
            }
            guard own.error <= underGlobal * Self.localGain else { continue }
            palettes.append(Self.palette(own.palette, colors: colors, isGlobal: false))
            for frame in run.range { paletteOfFrame[frame] = palettes.count - 1 }
        }
        return Plan(palettes: palettes, paletteOfFrame: paletteOfFrame)
    }

    private mutating func closeRun() {
        guard frameCount > runStart else { return }
        runs.append((runStart..<frameCount, fit(run), run.exactColors != nil))
        run = ColorHistogram()
        runSignature = [Double](repeating: 0, count: 4096)
        runStart = frameCount
    }

    /// The exact colours when there are few enough (lossless), else a quantised palette.
    private func fit(_ histogram: ColorHistogram) -> Quantizer.Fit {
        if let exact = histogram.exactColors, !exact.isEmpty, exact.count <= colors - 1 {
            let palette = exact.sorted().flatMap { [UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
            return Quantizer.Fit(palette: palette, weights: [Double](repeating: 1, count: exact.count), error: 0)
        }
        return Quantizer.fit(histogram.samples(), count: colors - 1, refinements: refinements)
    }

    /// A palette padded to `colors` entries, the last of them reserved for transparency.
    private static func palette(_ rgb: [UInt8], colors: Int, isGlobal: Bool) -> Palette {
        let map = PaletteMap(palette: rgb)
        var padded = rgb
        let used = rgb.count / 3
        // GIF tables hold a power of two entries: the smallest that fits the colours and the
        // transparent slot, whose index is the last.
        var size = 2
        while size < used + 1 { size *= 2 }
        while padded.count / 3 < size { padded += [0, 0, 0] }
        return Palette(rgb: padded, map: map, transparent: UInt8(size - 1), isGlobal: isGlobal)
    }

    /// The share of opaque pixels in each 4-bit-per-channel bin.
    private static func signature(_ pixels: [UInt8]) -> [Double] {
        var counts = [Double](repeating: 0, count: 4096)
        var total = 0.0
        var index = 0
        while index < pixels.count {
            if pixels[index + 3] != 0 {
                counts[Int(pixels[index] >> 4) << 8 | Int(pixels[index + 1] >> 4) << 4 | Int(pixels[index + 2] >> 4)] += 1
                total += 1
            }
            index += 16   // every fourth pixel is plenty for a distribution
        }
        if total > 0 { for bin in 0..<counts.count { counts[bin] /= total } }
        return counts
    }

    /// Total variation distance between a frame's distribution and a run's accumulated one.
    private static func distance(_ frame: [Double], _ run: [Double]) -> Double {
        let total = run.reduce(0, +)
        guard total > 0 else { return 0 }
        var sum = 0.0
        for bin in 0..<frame.count { sum += abs(frame[bin] - run[bin] / total) }
        return sum / 2
    }
}
