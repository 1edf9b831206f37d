import Basics
import Foundation

/// A sampled Gaussian reaching past both ends of every row (its radius at least the row's width):
/// each output pixel would read every pixel of the row, so the direct sum costs width² a row and
/// width × pixels in all (σ 4096 over an 8192² image: twenty minutes). The taps beyond the row
/// read its end pixels (`clamp`) or nothing (`transparent`), summed onto them from the kernel's
/// prefix sums; the taps on the row are the Gaussian of the distance, written (with `u`, `v` the
/// two pixels' distances from the row's middle over σ√2) as e^(−u²) · e^(−v²) · Σₖ (2u)ᵏ vᵏ / k!:
/// a few moments of each row, then a few products per pixel — work in proportion to the image.
/// With the kernel's radius at least the width, |2uv| ≤ 2.5 and 32 terms leave the sum exact to
/// `Double` precision; the result is the direct sum's to within a level once rounded.
extension FloatImage {
    /// `kernel` (the sampled Gaussian of `sigma`, ``Blur/gaussianKernel(sigma:)``) along every row:
    /// the direct sum, or the row's moments when the kernel reaches past both ends. ``Blur`` uses
    /// it for radii up to ``RecursiveGaussian/smallestRadius`` (longer kernels are recursive).
    func gaussianRows(_ kernel: [Float], sigma: Double, edge: Blur.Edge) -> FloatImage {
        kernel.count / 2 >= width ? gaussianRowsWide(kernel, sigma: sigma, edge: edge) : convolvedRows(kernel, edge: edge)
    }

    /// Terms of the series: the last is below 2.5³² / 32!, under 1e-22 of the sum.
    static let wideGaussianTerms = 32

    /// Every row convolved with `kernel` (the normalised sampled Gaussian of `sigma` pixels,
    /// ``Blur/gaussianKernel(sigma:)``, its radius at least ``width``), `edge` beyond the ends.
    func gaussianRowsWide(_ kernel: [Float], sigma: Double, edge: Blur.Edge) -> FloatImage {
        let radius = kernel.count / 2, width = self.width, terms = Self.wideGaussianTerms
        let work = BlurWork.current
        // Once: the kernel's sums and the series' tables.
        work?.add(2 * kernel.count + 2 * width * terms)
        let below = Self.prefixSums(kernel)
        // The kernel's own normalisation: its weights are e^(−d²/2σ²) / total over every tap.
        var total = 0.0
        for d in -radius...radius { total += exp(-Double(d * d) / (2 * sigma * sigma)) }
        let middle = Double(width - 1) / 2, scale = sigma * 2.0.squareRoot()
        // basis[i·terms + k] = e^(−vᵢ²) vᵢᵏ; weight[x·terms + k] = e^(−uₓ²) (2uₓ)ᵏ / k! / total.
        var basis = [Double](repeating: 0, count: width * terms), weight = [Double](repeating: 0, count: width * terms)
        for i in 0..<width {
            let v = (Double(i) - middle) / scale
            var power = exp(-v * v), factor = exp(-v * v) / total
            for k in 0..<terms {
                basis[i * terms + k] = power
                weight[i * terms + k] = factor
                power *= v
                factor *= 2 * v / Double(k + 1)
            }
        }
        let (rowBasis, rowWeight) = (basis, weight)
        let out = rowsMapped { y, source, target in
            work?.add(2 * width * terms)
            let row = source.buffer.baseAddress! + y * width * 4, output = target.buffer.baseAddress! + y * width * 4
            var moments = [Double](repeating: 0, count: terms * 4)
            // One row's moments Σᵢ pᵢ e^(−vᵢ²) vᵢᵏ, per channel.
            for i in 0..<width {
                for k in 0..<terms {
                    let b = rowBasis[i * terms + k]
                    for channel in 0..<4 { moments[k * 4 + channel] += b * Double(row[i * 4 + channel]) }
                }
            }
            for x in 0..<width {
                var sums: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for k in 0..<terms {
                    let w = rowWeight[x * terms + k]
                    sums.0 += w * moments[k * 4]; sums.1 += w * moments[k * 4 + 1]
                    sums.2 += w * moments[k * 4 + 2]; sums.3 += w * moments[k * 4 + 3]
                }
                if edge == .clamp {
                    // Tap t reads pixel x + t − radius: pixel 0 is tap radius − x.
                    let left = below[radius - x], right = below[kernel.count] - below[radius - x + width]
                    let last = (width - 1) * 4
                    sums.0 += left * Double(row[0]) + right * Double(row[last])
                    sums.1 += left * Double(row[1]) + right * Double(row[last + 1])
                    sums.2 += left * Double(row[2]) + right * Double(row[last + 2])
                    sums.3 += left * Double(row[3]) + right * Double(row[last + 3])
                }
                output[x * 4] = Float(sums.0); output[x * 4 + 1] = Float(sums.1)
                output[x * 4 + 2] = Float(sums.2); output[x * 4 + 3] = Float(sums.3)
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// The image with rows and columns swapped (a column pass done as a row pass), its rows made
    /// in parallel.
    func transposed() -> FloatImage {
        var out = [Float](repeating: 0, count: values.count)
        let width = self.width, height = self.height
        BlurWork.current?.add(width * height)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                ParallelLoop.run(width) { x in
                    let input = source.buffer.baseAddress! + x * 4, output = target.buffer.baseAddress! + x * height * 4
                    for y in 0..<height {
                        for channel in 0..<4 { output[y * 4 + channel] = input[y * width * 4 + channel] }
                    }
                }
            }
        }
        return FloatImage(width: height, height: width, values: out)
    }

    /// `below[i]` = Σ `weights[0..<i]`, in `Double`.
    static func prefixSums(_ weights: [Float]) -> [Double] {
        var sums = [0.0]
        sums.reserveCapacity(weights.count + 1)
        for weight in weights { sums.append(sums[sums.count - 1] + Double(weight)) }
        return sums
    }
}
