import Raster

/// Counts of opaque colours in 6-bit-per-channel bins, with each bin's exact colour sums, so a
/// palette can be built from many frames without keeping them.
struct ColorHistogram: Sendable {
    static let binCount = 1 << 18

    private(set) var counts: [UInt32]
    private(set) var sums: [UInt64]   // r, g, b per bin
    /// Per bin, the summed squared distance its pixels are already shown at (see ``Quantizer/Sample/limit``);
    /// empty unless `add` was given costs.
    private var costSums: [Double] = []
    /// The exact colours seen (0xRRGGBB), while there are at most ``exactLimit`` of them; `nil` after.
    private(set) var exactColors: Set<UInt32>? = []
    static let exactLimit = 256
    /// The bins that are not empty, in the order they were first filled.
    private(set) var touched: [Int] = []

    init() {
        counts = [UInt32](repeating: 0, count: Self.binCount)
        sums = [UInt64](repeating: 0, count: Self.binCount * 3)
    }

    @inline(__always)
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
    }

    /// Adds the opaque pixels of straight RGBA8 `pixels` (alpha 0 or 255), every `step`-th one, or
    /// only those where `selected` is `true`, with, optionally, what each pixel is shown at now
    /// (squared distance; ``Quantizer/Sample/unlimited`` when it must be drawn).
    mutating func add(_ pixels: [UInt8], step: Int = 1, only selected: [Bool]? = nil, costs: [Float]? = nil) {
        collectExactColors(pixels, only: selected)
        if costs != nil && costSums.isEmpty { costSums = [Double](repeating: 0, count: Self.binCount) }
        var touched = self.touched, costSums = self.costSums
        self.costSums = []   // keeps the array uniquely referenced while it is filled
        defer { (self.touched, self.costSums) = (touched, costSums) }
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                pixels.withUnsafeBufferPointer { source in
                    var index = 0
                    let stride = 4 * max(step, 1)
                    while index < source.count {
                        if source[index + 3] != 0 && selected?[index >> 2] != false {
                            let r = source[index], g = source[index + 1], b = source[index + 2]
                            let bin = Self.bin(r, g, b)
                            if counts[bin] == 0 { touched.append(bin) }
                            counts[bin] &+= 1
                            if let costs { costSums[bin] += Double(costs[index >> 2]) }
                            sums[bin * 3] &+= UInt64(r)
                            sums[bin * 3 + 1] &+= UInt64(g)
                            sums[bin * 3 + 2] &+= UInt64(b)
                        }
                        index += stride
                    }
                }
            }
        }
    }

    /// Empties the histogram, touching only the bins in use (cheaper than a new one per frame).
    mutating func removeAll() {
        for bin in touched {
            counts[bin] = 0
            sums[bin * 3] = 0
            sums[bin * 3 + 1] = 0
            sums[bin * 3 + 2] = 0
            if !costSums.isEmpty { costSums[bin] = 0 }
        }
        touched.removeAll(keepingCapacity: true)
        exactColors = []
    }

    /// Keeps the set of exact colours while it is small, so few-colour art can be encoded losslessly.
    private mutating func collectExactColors(_ pixels: [UInt8], only selected: [Bool]?) {
        guard var exact = exactColors else { return }
        var last: UInt32 = .max
        var index = 0
        while index < pixels.count {
            if pixels[index + 3] != 0 && selected?[index >> 2] != false {
                let color = UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
                if color != last {
                    last = color
                    if exact.insert(color).inserted && exact.count > Self.exactLimit {
                        exactColors = nil
                        return
                    }
                }
            }
            index += 4
        }
        exactColors = exact
    }

    /// The non-empty bins as weighted mean colours.
    func samples() -> [Quantizer.Sample] {
        var samples: [Quantizer.Sample] = []
        samples.reserveCapacity(touched.count)
        for bin in touched.sorted() {
            let weight = Double(counts[bin])
            samples.append(Quantizer.Sample(
                r: Double(sums[bin * 3]) / weight, g: Double(sums[bin * 3 + 1]) / weight,
                b: Double(sums[bin * 3 + 2]) / weight, weight: weight,
                limit: costSums.isEmpty ? .infinity : costSums[bin] / weight))
        }
        return samples
    }
}
