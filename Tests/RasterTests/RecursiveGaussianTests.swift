import Basics
import Foundation
import Testing
import TestSupport
@testable import Raster

/// Issue 46: past a radius of 8 the Gaussian is Deriche's recursive filter (``RecursiveGaussian``)
/// rather than the sampled kernel cut at 3σ. It must stay a true Gaussian: these tests hold its
/// taps and its output on real pictures against the sampled Gaussian carried out to 6σ (nothing
/// cut that matters: 2·10⁻⁹ of the weight lies beyond), in `Double`.
@Suite("Blur: the recursive Gaussian is the Gaussian")
struct RecursiveGaussianTests {
    /// The sampled Gaussian of `sigma` out to `radius`, normalised.
    static func sampled(sigma: Double, radius: Int) -> [Double] {
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    /// The filter's impulse response against the sampled Gaussian: within 6·10⁻⁴ of the peak tap
    /// everywhere and 8·10⁻⁴ in summed absolute difference (the 3σ-cut kernel is 5.4·10⁻³ off in
    /// that sum, three boxes 3·10⁻²); its taps sum to 1, so a flat image stays flat.
    @Test(arguments: [2.7, 5, 12, 30, 100, 700, 4096])
    func tapsAreTheSampledGaussians(sigma: Double) {
        let radius = Int((8 * sigma).rounded(.up))
        let taps = RecursiveGaussian(sigma: sigma).taps(radius: radius)
        let reference = Self.sampled(sigma: sigma, radius: radius)
        let peak = reference[radius]
        var worst = 0.0, summed = 0.0
        for (a, b) in zip(taps, reference) {
            worst = max(worst, abs(a - b))
            summed += abs(a - b)
        }
        #expect(worst <= 6e-4 * peak, "σ \(sigma): largest tap difference \(worst / peak) of the peak")
        #expect(summed <= 8e-4, "σ \(sigma): summed difference \(summed)")
        #expect(abs(taps.reduce(0, +) - 1) < 1e-6, "σ \(sigma): taps sum to \(taps.reduce(0, +))")
    }

    /// `image` convolved with `kernel` (odd, centred) along rows and then columns in `Double`, each
    /// tap read from the image with `edge` beyond it: the reference blur.
    static func directBlur(_ image: FloatImage, kernel: [Double], edge: Blur.Edge) -> [Double] {
        let radius = kernel.count / 2, width = image.width, height = image.height
        func pass(_ values: [Double], along length: Int, lines: Int, index: (Int, Int) -> Int) -> [Double] {
            var out = [Double](repeating: 0, count: values.count)
            for line in 0..<lines {
                for position in 0..<length {
                    for channel in 0..<4 {
                        var sum = 0.0
                        for tap in 0..<kernel.count {
                            var at = position + tap - radius
                            if at < 0 || at >= length {
                                guard edge == .clamp else { continue }
                                at = min(max(at, 0), length - 1)
                            }
                            sum += kernel[tap] * values[index(line, at) * 4 + channel]
                        }
                        out[index(line, position) * 4 + channel] = sum
                    }
                }
            }
            return out
        }
        let rows = pass(image.values.map(Double.init), along: width, lines: height) { y, x in y * width + x }
        return pass(rows, along: height, lines: width) { x, y in y * width + x }
    }

    /// Real sprites with soft alpha (the robot and coin, resized with Lanczos), both edge modes:
    /// the blur before rounding is the reference's within 0.025 of a level on average and 0.15 at
    /// worst (channels 0…255; it measures 0.007–0.016 and 0.04–0.07). The sampled kernel cut at
    /// 3σ misses by 0.056–0.167 on average and 0.35–0.81 at worst, three boxes by 0.29–1.7 and
    /// 1.8–34: this bound fails a filter that is not the Gaussian.
    @Test(arguments: ["resize/robot-lanczos-150x200.png", "resize/coin-lanczos-150x200.png"], Blur.Edge.allCases)
    func blurOfRealPicturesIsTheGaussians(path: String, edge: Blur.Edge) throws {
        let bitmap = try PNG.Decoder().decodeBitmap(file: Fixtures.path(path))
        for sigma in [4.0, 12] {
            let image = FloatImage(bitmap)
            let ours = Blur(sigma: sigma, edge: edge).blurred(image, pixelSigma: sigma)
            let reference = Self.directBlur(image, kernel: Self.sampled(sigma: sigma, radius: Int((6 * sigma).rounded(.up))), edge: edge)
            var worst = 0.0, total = 0.0
            for (a, b) in zip(ours.values, reference) {
                worst = max(worst, abs(Double(a) - b))
                total += abs(Double(a) - b)
            }
            let mean = total / Double(reference.count)
            #expect(mean <= 0.025 && worst <= 0.15, "\(path) \(edge) σ \(sigma): mean \(mean), largest \(worst) levels")
        }
    }

    /// A flat picture stays exactly flat with clamped edges (the recursions start in the edge's
    /// steady state), and with transparent edges fades symmetrically.
    @Test(arguments: [10.0, 60, 1000])
    func flatStaysFlatAndEdgesAreSymmetric(sigma: Double) throws {
        var bitmap = Bitmap(clearWidth: 90, height: 50)
        for y in 0..<50 { for x in 0..<90 { bitmap[x, y] = Color(r: 200, g: 90, b: 10, a: 180) } }
        #expect(try Blur(sigma: sigma, edge: .clamp).apply(to: bitmap) == bitmap)
        let faded = try Blur(sigma: sigma, edge: .transparent).apply(to: bitmap)
        for y in 0..<50 {
            for x in 0..<90 {
                #expect(faded[x, y] == faded[89 - x, y] && faded[x, y] == faded[x, 49 - y], "(\(x), \(y))")
            }
        }
    }
}
