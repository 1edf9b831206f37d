import Basics
import Foundation
import Testing
import TestSupport
@testable import Raster

/// Fresh eyes 49 #9: a 1×1 000 000 strip at σ 4096 ran for minutes — the box passes padded every
/// row by the box's radius (σ reads a row, whatever the row's width), a column's Gaussian read
/// 6σ rows per row, and a long row read 6σ pixels per pixel. Fresh eyes 49 #5: a box blur with
/// transparent edges lost, at each of its three passes, what the pass before had spread past the
/// image (σ 128 on a 64² white square: alpha 0 in the middle where the Gaussian has 10).
/// The work is now counted (``BlurWork``), never timed.
@Suite("Blur: work in proportion to the image; box true at transparent edges")
struct BlurWorkTests {
    /// A strip of `length` pixels lying (`length`×1) or standing (1×`length`), of varied colour and alpha.
    static func strip(_ length: Int, standing: Bool) -> Bitmap {
        var bitmap = Bitmap(clearWidth: standing ? 1 : length, height: standing ? length : 1)
        for i in 0..<length {
            let colour = Color(r: UInt8((i * 37) % 256), g: UInt8((i * 11 + 50) % 256), b: UInt8(i % 7 * 30), a: UInt8(128 + (i * 13) % 128))
            if standing { bitmap[0, i] = colour } else { bitmap[i, 0] = colour }
        }
        return bitmap
    }

    /// The pixels `blur` reads blurring `bitmap` (``BlurWork``).
    static func work(_ blur: Blur, _ bitmap: Bitmap) throws -> Int {
        let tally = BlurWork()
        _ = try BlurWork.$current.withValue(tally) { try blur.apply(to: bitmap) }
        return tally.count
    }

    /// A bounded number of reads a pixel whatever σ, in either orientation, plus tables of O(σ) made
    /// once an image. Before: a 1×4000 strip read 4 500 pixels a pixel in box passes at σ 256 and
    /// 37 000 at σ 4096, and a column's Gaussian at σ 256 1 537.
    @Test(arguments: Blur.Method.allCases, Blur.Edge.allCases)
    func workIsInProportionToThePixelsInBothOrientations(method: Blur.Method, edge: Blur.Edge) throws {
        let length = 4000
        for standing in [false, true] {
            let bitmap = Self.strip(length, standing: standing)
            for sigma in [16.0, 256, 4096] {
                let work = try Self.work(Blur(sigma: sigma, method: method, edge: edge), bitmap)
                #expect(work <= 600 * length + 200 * Int(sigma),
                        "\(method) \(edge) σ \(sigma) \(standing ? "1×\(length)" : "\(length)×1"): \(work) reads, \(work / length) a pixel")
            }
        }
    }

    /// A strip standing gives the strip lying, transposed (the two orientations take different
    /// passes: rows of one pixel and one long column, or one long row and columns of one pixel).
    @Test(arguments: Blur.Method.allCases, Blur.Edge.allCases)
    func aStripStandingIsTheStripLyingTransposed(method: Blur.Method, edge: Blur.Edge) throws {
        let length = 3000
        for sigma in [3.0, 70, 4096] {
            let blur = Blur(sigma: sigma, method: method, edge: edge)
            let lying = try blur.apply(to: Self.strip(length, standing: false))
            let standing = try blur.apply(to: Self.strip(length, standing: true))
            var worst = 0
            for (a, b) in zip(lying.pixels, standing.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
            #expect(worst <= 1, "\(method) \(edge) σ \(sigma): largest difference \(worst) levels")
            #expect(lying != Self.strip(length, standing: false))
        }
    }

    /// Three boxes of `widths` over `image` set in transparent black, every pass over the whole
    /// padded line (sums as prefix differences, in `Double`), then cut back to the image: the
    /// blur a box with transparent edges stands for, row by row and then column by column.
    static func zeroPaddedThreeBoxes(_ image: FloatImage, widths: [Int]) -> [Double] {
        let pad = widths.map { $0 / 2 }.reduce(0, +)
        func line(_ values: [Double]) -> [Double] {
            var padded = [Double](repeating: 0, count: pad) + values + [Double](repeating: 0, count: pad)
            for width in widths {
                let radius = width / 2
                var prefix = [0.0]
                for value in padded { prefix.append(prefix[prefix.count - 1] + value) }
                padded = padded.indices.map { i in
                    (prefix[min(padded.count, i + radius + 1)] - prefix[max(0, i - radius)]) / Double(width)
                }
            }
            return Array(padded[pad..<(pad + values.count)])
        }
        let width = image.width, height = image.height
        var out = image.values.map(Double.init)
        for y in 0..<height {
            for channel in 0..<4 {
                let blurred = line((0..<width).map { out[(y * width + $0) * 4 + channel] })
                for x in 0..<width { out[(y * width + x) * 4 + channel] = blurred[x] }
            }
        }
        for x in 0..<width {
            for channel in 0..<4 {
                let blurred = line((0..<height).map { out[($0 * width + x) * 4 + channel] })
                for y in 0..<height { out[(y * width + x) * 4 + channel] = blurred[y] }
            }
        }
        return out
    }

    /// The repro: an opaque white 64² square, box with transparent edges, against the zero-padded
    /// three boxes and, at the centre, the Gaussian (before: alpha 4 at σ 64 where the Gaussian
    /// has 38, 0 at σ 128 where it has 10).
    @Test(arguments: [16.0, 32, 64, 128])
    func boxWithTransparentEdgesIsTheZeroPaddedThreeBoxes(sigma: Double) throws {
        var bitmap = Bitmap(clearWidth: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { bitmap[x, y] = .white } }
        try Self.expectZeroPaddedThreeBoxes(bitmap, sigma: sigma)
        let box = try Blur(sigma: sigma, method: .box, edge: .transparent).apply(to: bitmap)[32, 32].a
        let gaussian = try Blur(sigma: sigma, method: .gaussian, edge: .transparent).apply(to: bitmap)[32, 32].a
        #expect(abs(Double(box) - Double(gaussian)) <= 2 + 0.15 * Double(gaussian), "σ \(sigma): centre alpha box \(box), Gaussian \(gaussian)")
    }

    /// Varied colour and alpha, boxes narrower and wider than the image.
    @Test(arguments: [2.5, 5, 12, 40, 900])
    func boxWithTransparentEdgesIsTheZeroPaddedThreeBoxesOnAnyImage(sigma: Double) throws {
        var bitmap = Bitmap(clearWidth: 23, height: 17)
        for y in 0..<17 { for x in 0..<23 { bitmap[x, y] = Color(r: UInt8(x * 11), g: UInt8(y * 15), b: (x + y) % 3 == 0 ? 255 : 0, a: UInt8(60 + (x * 7 + y * 5) % 196)) } }
        try Self.expectZeroPaddedThreeBoxes(bitmap, sigma: sigma)
    }

    static func expectZeroPaddedThreeBoxes(_ bitmap: Bitmap, sigma: Double) throws {
        let blur = Blur(sigma: sigma, method: .box, edge: .transparent)
        let image = FloatImage(bitmap)
        let ours = blur.blurred(image, pixelSigma: sigma)
        let reference = zeroPaddedThreeBoxes(image, widths: Blur.boxWidths(sigma: sigma, count: 3))
        var worst = 0.0
        for (a, b) in zip(ours.values, reference) { worst = max(worst, abs(Double(a) - b)) }
        #expect(worst < 0.01, "σ \(sigma): largest difference \(worst) (channels 0…255)")
    }

    /// Rows longer than a large σ's kernel (they were summed from blocks' moments; the recursive
    /// filter runs them now, issue 46): the result is the direct sum's, read tap by tap, in both
    /// orientations — of the sampled Gaussian carried to 6σ, as the recursive filter cuts nothing
    /// (it measures within 0.014 of a level; the kernel cut at 3σ is 0.15 away with clamped edges).
    @Test(arguments: Blur.Edge.allCases, [70.0, 150])
    func aLongRowAtALargeSigmaGivesTheDirectSum(edge: Blur.Edge, sigma: Double) throws {
        let length = 1500
        let radius = Int((6 * sigma).rounded(.up))
        let kernel = RecursiveGaussianTests.sampled(sigma: sigma, radius: radius).map(Float.init)
        #expect(radius < length)
        for standing in [false, true] {
            var bitmap = Bitmap(clearWidth: standing ? 3 : length, height: standing ? length : 3)
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let i = standing ? y : x, j = standing ? x : y
                    bitmap[x, y] = Color(r: UInt8((i * 29 + j * 50) % 256), g: UInt8((i / 7) % 256), b: i % 11 < 5 ? 255 : 0, a: UInt8(40 + (i * 13) % 216))
                }
            }
            let image = FloatImage(bitmap)
            let ours = Blur(sigma: sigma, method: .gaussian, edge: edge).blurred(image, pixelSigma: sigma)
            let rows = image.convolvedRows(kernel, edge: edge)
            let direct = rows.combiningRows(count: rows.height) { y in
                kernel.enumerated().compactMap { tap, weight in
                    let row = y + tap - radius
                    if row >= 0 && row < rows.height { return (row, weight) }
                    return edge == .clamp ? (min(max(row, 0), rows.height - 1), weight) : nil
                }
            }
            var worst: Float = 0
            for (a, b) in zip(ours.values, direct.values) { worst = max(worst, abs(a - b)) }
            #expect(worst < 0.03, "\(edge) σ \(sigma) \(standing ? "standing" : "lying"): largest difference \(worst)")
        }
    }

    /// Round 65t #2: `--downsample` near the image's size shrank it to 1 px, and the widened
    /// filter's tails folded onto the edge pixels: the 64² coin (mean alpha 201) came back as one
    /// flat colour of alpha 146, a centred square lost a quarter of its cover. The shrunk image
    /// keeps 2 px a side, so the mean stays.
    @Test(arguments: [32.0, 50, 64, 100])
    func aFactorNearTheImagesSizeKeepsItsMean(factor: Double) throws {
        let coin = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"))
        func meanAlpha(_ bitmap: Bitmap) -> Double {
            Double(bitmap.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }) / Double(bitmap.width * bitmap.height)
        }
        let blurred = try Blur(sigma: 3, downsample: factor).apply(to: coin)
        #expect(blurred.width == coin.width && blurred.height == coin.height)
        #expect(abs(meanAlpha(blurred) - meanAlpha(coin)) < 2, "\(meanAlpha(blurred)) against \(meanAlpha(coin))")
    }
}
