import Basics
import Foundation

/// A sampled Gaussian of a large σ along rows longer than its radius: the direct sum reads the
/// kernel's 6σ + 1 taps at every pixel (σ 4096 along a 200 000 px row: 5·10⁹ products). The row is
/// cut into blocks of ⌈σ⌉ pixels; with `c` a block's centre, `u` = (x − c)/σ√2 and `v` = (i − c)/σ√2,
/// the weight of pixel `i` at `x` is e^(−u²) · e^(−v²) · Σₖ (2u)ᵏ vᵏ / k! (as
/// ``gaussianRowsWide(_:sigma:edge:)`` does for a whole row), so a block's pixels act on `x` through
/// a few moments Σ pᵢ e^(−vᵢ²) vᵢᵏ. The kernel's reach [x − radius, x + radius] covers whole
/// blocks (their moments made once a row) and part of one block at each end (moments kept as `x`
/// moves: one pixel leaves, one comes in): a few blocks' products a pixel, whatever σ. The taps
/// beyond the row are summed onto its end pixels (`clamp`) or dropped (`transparent`) as the
/// direct sum does. Within a block's reach |2uv| ≤ 1.8, so 22 terms leave the series exact to
/// 10⁻¹⁴ of the sum; the result is the direct sum's to within a hundredth of a level.
extension FloatImage {
    /// The kernel radius (taps each side) above which rows longer than it use the block moments: at
    /// 192 (σ 64) the direct sum's 385 taps a pixel cost about what the moments do.
    static let longGaussianRadius = 192

    /// Terms of the block series (see the extension's note).
    static let longGaussianTerms = 22

    /// `kernel` (the sampled Gaussian of `sigma`, ``Blur/gaussianKernel(sigma:)``) along every row —
    /// reading each row's pixels a bounded number of times: the direct sum for radii up to
    /// ``longGaussianRadius``, block moments above, the row's moments when the kernel covers the row.
    func gaussianRows(_ kernel: [Float], sigma: Double, edge: Blur.Edge) -> FloatImage {
        let radius = kernel.count / 2
        if radius >= width { return gaussianRowsWide(kernel, sigma: sigma, edge: edge) }
        if radius > Self.longGaussianRadius { return gaussianRowsLong(kernel, sigma: sigma, edge: edge) }
        return convolvedRows(kernel, edge: edge)
    }

    /// Every row (longer than the kernel's radius) convolved with `kernel` from block moments.
    func gaussianRowsLong(_ kernel: [Float], sigma: Double, edge: Blur.Edge) -> FloatImage {
        let radius = kernel.count / 2, width = self.width, terms = Self.longGaussianTerms
        precondition(radius < width)
        let block = max(1, Int(sigma.rounded(.up))), blocks = (width + block - 1) / block
        let below = Self.prefixSums(kernel)
        var total = 0.0
        for d in -radius...radius { total += exp(-Double(d * d) / (2 * sigma * sigma)) }
        let scale = sigma * 2.0.squareRoot(), middle = Double(block - 1) / 2
        // basis[o·terms + k] = e^(−v²) vᵏ for the pixel `o` into its block; weight[(e + radius)·terms + k]
        // = e^(−u²) (2u)ᵏ / k! / total for an output `e` past its block's start (−radius ≤ e < block + radius).
        var basis = [Double](repeating: 0, count: block * terms)
        for o in 0..<block {
            let v = (Double(o) - middle) / scale
            var power = exp(-v * v)
            for k in 0..<terms { basis[o * terms + k] = power; power *= v }
        }
        var weight = [Double](repeating: 0, count: (2 * radius + block) * terms)
        for e in -radius..<(block + radius) {
            let u = (Double(e) - middle) / scale
            var factor = exp(-u * u) / total
            for k in 0..<terms { weight[(e + radius) * terms + k] = factor; factor *= 2 * u / Double(k + 1) }
        }
        let work = BlurWork.current
        work?.add(2 * kernel.count + (block + 2 * radius + block) * terms)
        let (blockBasis, outputWeight) = (basis, weight)
        let out = rowsMapped { y, source, target in
            let row = source.buffer.baseAddress! + y * width * 4, output = target.buffer.baseAddress! + y * width * 4
            blockBasis.withUnsafeBufferPointer { basis in
                outputWeight.withUnsafeBufferPointer { weight in
                    let reads = Self.gaussianRowLong(row, width: width, radius: radius, block: block, blocks: blocks, terms: terms,
                                                     basis: basis, weight: weight, below: below, edge: edge, into: output)
                    work?.add(reads)
                }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// One row of ``gaussianRowsLong(_:sigma:edge:)``; returns the pixel-terms it read.
    private static func gaussianRowLong(_ row: UnsafePointer<Float>, width: Int, radius: Int, block: Int, blocks: Int, terms: Int,
                                        basis: UnsafeBufferPointer<Double>, weight: UnsafeBufferPointer<Double>, below: [Double],
                                        edge: Blur.Edge, into output: UnsafeMutablePointer<Float>) -> Int {
        var reads = 0
        // Each block's moments Σ pᵢ e^(−vᵢ²) vᵢᵏ, per channel.
        var moments = [SIMD4<Double>](repeating: SIMD4(), count: blocks * terms)
        for i in 0..<width {
            let p = pixel(row, i), start = (i / block) * terms, o = (i % block) * terms
            for k in 0..<terms { moments[start + k] += basis[o + k] * p }
        }
        reads += width * terms
        // The part of the first block in reach (from `low` to its end) and of the last (its start to `high`).
        var head = [SIMD4<Double>](repeating: SIMD4(), count: terms), tail = head
        var low = 0, high = min(width - 1, radius)
        for k in 0..<terms { head[k] = moments[k] }
        for i in (high / block * block)...high {
            let p = pixel(row, i), o = (i % block) * terms
            for k in 0..<terms { tail[k] += basis[o + k] * p }
        }
        reads += (high % block + 1) * terms
        let kernelCount = below.count - 1
        let first = pixel(row, 0), last = pixel(row, width - 1)
        for x in 0..<width {
            if x > 0 {
                if x - radius > 0 {
                    // `low` moves on: its pixel leaves the head, or a new block begins whole.
                    low = x - radius
                    if low % block == 0 {
                        for k in 0..<terms { head[k] = moments[(low / block) * terms + k] }
                    } else {
                        let p = pixel(row, low - 1), o = ((low - 1) % block) * terms
                        for k in 0..<terms { head[k] -= basis[o + k] * p }
                        reads += terms
                    }
                }
                if x + radius < width {
                    high = x + radius
                    let p = pixel(row, high), o = (high % block) * terms
                    if high % block == 0 {
                        for k in 0..<terms { tail[k] = basis[o + k] * p }
                    } else {
                        for k in 0..<terms { tail[k] += basis[o + k] * p }
                    }
                    reads += terms
                }
            }
            let lowBlock = low / block, highBlock = high / block
            var sum = SIMD4<Double>()
            func add(_ part: UnsafeBufferPointer<SIMD4<Double>>, blockIndex: Int) {
                let w = (x - blockIndex * block + radius) * terms
                for k in 0..<terms { sum += weight[w + k] * part[k] }
            }
            head.withUnsafeBufferPointer { add($0, blockIndex: lowBlock) }
            if highBlock > lowBlock + 1 {
                moments.withUnsafeBufferPointer { moments in
                    for b in (lowBlock + 1)..<highBlock {
                        add(UnsafeBufferPointer(rebasing: moments[(b * terms)..<((b + 1) * terms)]), blockIndex: b)
                    }
                }
            }
            // The reach spans at least two blocks (it holds radius + 1 ≥ block pixels).
            tail.withUnsafeBufferPointer { add($0, blockIndex: highBlock) }
            reads += (highBlock - lowBlock + 1) * terms
            if edge == .clamp {
                // Tap t reads pixel x + t − radius: the taps before pixel 0 and after the last.
                let before = below[min(kernelCount, max(0, radius - x))]
                let after = below[kernelCount] - below[min(kernelCount, max(0, radius - x + width))]
                sum += before * first + after * last
            }
            store(sum, output, x)
        }
        return reads
    }
}
