import Basics
import Foundation
import Testing
import TestSupport
@testable import Raster

@Suite("Blur")
struct BlurTests {
    /// One opaque white pixel on transparency: alpha must be the analytic Gaussian
    /// 255 · exp(−r²/2σ²) / 2πσ², to within 1/255, and the colour stays white wherever it shows.
    @Test(arguments: [1.5, 2.0, 3.5])
    func singlePixelMatchesTheAnalyticGaussian(sigma: Double) throws {
        let size = 41, centre = 20
        var bitmap = Bitmap(clearWidth: size, height: size)
        bitmap[centre, centre] = Color(r: 255, g: 255, b: 255, a: 255)
        let blurred = try Blur(sigma: sigma, method: .gaussian, edge: .transparent).apply(to: bitmap)
        var worst = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let r2 = Double((x - centre) * (x - centre) + (y - centre) * (y - centre))
                let expected = 255 * exp(-r2 / (2 * sigma * sigma)) / (2 * Double.pi * sigma * sigma)
                worst = max(worst, abs(Double(blurred[x, y].a) - expected))
                #expect(blurred[x, y].a == 0 ? blurred[x, y] == .clear : blurred[x, y] == Color(r: 255, g: 255, b: 255, a: blurred[x, y].a))
            }
        }
        #expect(worst <= 1, "largest difference \(worst) levels")
    }

    /// Three boxes of the W3C widths have the Gaussian's variance: close to the true blur.
    @Test(arguments: [2.0, 5.0, 12.0])
    func boxApproximatesTheGaussian(sigma: Double) throws {
        let widths = Blur.boxWidths(sigma: sigma, count: 3)
        let variance = widths.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
        // Odd integer widths cannot hit every variance: within 20 % at σ = 2, closer above.
        #expect(abs(variance - sigma * sigma) / (sigma * sigma) < (sigma < 3 ? 0.2 : 0.1), "\(widths)")
        #expect(widths.allSatisfy { $0 % 2 == 1 })

        var bitmap = Bitmap(clearWidth: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { bitmap[x, y] = Color(r: UInt8(x * 4), g: UInt8(y * 4), b: (x / 8 + y / 8) % 2 == 0 ? 255 : 0) } }
        let gaussian = try Blur(sigma: sigma, method: .gaussian).apply(to: bitmap)
        let box = try Blur(sigma: sigma, method: .box).apply(to: bitmap)
        let difference = zip(gaussian.pixels, box.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(difference.reduce(0, +)) / Double(difference.count) < 2.5)
    }

    @Test func edgeModes() throws {
        var bitmap = Bitmap(clearWidth: 20, height: 12)
        for y in 0..<12 { for x in 0..<20 { bitmap[x, y] = Color(r: 200, g: 10, b: 10) } }
        for method in Blur.Method.allCases {
            let clamped = try Blur(sigma: 3, method: method, edge: .clamp).apply(to: bitmap)
            #expect(clamped == bitmap, "clamp keeps a flat image flat (\(method))")
            let faded = try Blur(sigma: 3, method: method, edge: .transparent).apply(to: bitmap)
            #expect(faded[0, 0].a < 100 && faded[10, 6].a > 240, "transparent edges fade (\(method))")
        }
    }

    /// A σ whose kernel reaches past the whole image ran every tap on every pixel (σ 4096 on a
    /// 512² image: seconds; a Swift developer's check of issue 43): the taps beyond the image are
    /// summed onto its edge now, the result the same as the full kernel's, read pixel by pixel.
    @Test(arguments: Blur.Edge.allCases, [6.0, 40.0])
    func aKernelWiderThanTheImageGivesTheFullKernelsResult(edge: Blur.Edge, sigma: Double) throws {
        var bitmap = Bitmap(clearWidth: 17, height: 11)
        for y in 0..<11 { for x in 0..<17 { bitmap[x, y] = Color(r: UInt8(x * 15), g: UInt8(y * 23), b: (x + y) % 3 == 0 ? 255 : 0, a: UInt8(90 + x * 9)) } }
        let folded = try Blur(sigma: sigma, method: .gaussian, edge: edge).apply(to: bitmap)
        // The full kernel, every tap read from a row padded as wide as the kernel.
        let kernel = Blur.gaussianKernel(sigma: sigma)
        #expect(kernel.count / 2 >= 17)
        let full = FloatImage(bitmap).convolvedRows(kernel, edge: edge)
        let radius = kernel.count / 2
        let both = full.combiningRows(count: full.height) { y in
            kernel.enumerated().compactMap { tap, weight in
                let row = y + tap - radius
                if row >= 0 && row < full.height { return (row, weight) }
                return edge == .clamp ? (min(max(row, 0), full.height - 1), weight) : nil
            }
        }.bitmap(scale: 1)
        let worst = zip(folded.pixels, both.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst) levels")
        #expect(folded != bitmap)
    }

    @Test func downsampleKeepsTheSizeAndTheLook() throws {
        var bitmap = Bitmap(clearWidth: 101, height: 77, scale: 2)
        for y in 0..<77 { for x in 0..<101 { bitmap[x, y] = Color(r: UInt8((x * 7) % 256), g: UInt8(y * 3), b: 90) } }
        let full = try Blur(sigma: 4).apply(to: bitmap)
        let reduced = try Blur(sigma: 4, downsample: 1.25).apply(to: bitmap)
        #expect((reduced.width, reduced.height, reduced.scale) == (101, 77, 2))
        let difference = zip(full.pixels, reduced.pixels).map { abs(Int($0) - Int($1)) }
        #expect(Double(difference.reduce(0, +)) / Double(difference.count) < 3)
    }

    @Test func tintAndSaturation() throws {
        var bitmap = Bitmap(clearWidth: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { bitmap[x, y] = Color(r: 200, g: 40, b: 40) } }
        let grey = try Blur(sigma: 0, saturation: 0).apply(to: bitmap)
        #expect(grey[1, 1].r == grey[1, 1].g && grey[1, 1].g == grey[1, 1].b)
        let white = try Blur(sigma: 0, tint: .white).apply(to: bitmap)
        #expect(white[2, 2] == Color(r: 255, g: 255, b: 255, a: 255))
        let half = try Blur(sigma: 0, tint: Color(r: 0, g: 0, b: 255, a: 128)).apply(to: Bitmap(clearWidth: 2, height: 2))
        #expect(half[0, 0] == Color(r: 0, g: 0, b: 255, a: 128), "a tint over transparency is the tint")
    }
}

@Suite("Resampling")
struct ResamplerTests {
    /// A 1 %-opaque green pixel beside opaque black must not tint the black green.
    @Test(arguments: Resampler.Filter.allCases)
    func premultipliedAlphaDoesNotBleed(filter: Resampler.Filter) throws {
        var bitmap = Bitmap(clearWidth: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 { bitmap[x, y] = x < 4 ? Color(r: 0, g: 255, b: 0, a: 3) : .black }
        }
        for (width, height) in [(3, 3), (16, 16), (5, 8)] {
            let resized = try Resampler(filter: filter).resize(bitmap, width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let color = resized[x, y]
                    if color.a > 128 { #expect(color.g <= 6, "\(filter) \(width)×\(height) at (\(x), \(y)): \(color)") }
                }
            }
        }
    }

    @Test(arguments: Resampler.Filter.allCases)
    func flatImagesStayFlatAndSizesAreExact(filter: Resampler.Filter) throws {
        var bitmap = Bitmap(clearWidth: 13, height: 7, scale: 3)
        for y in 0..<7 { for x in 0..<13 { bitmap[x, y] = Color(r: 10, g: 120, b: 230, a: 200) } }
        for (width, height) in [(1, 1), (4, 9), (40, 21)] {
            let resized = try Resampler(filter: filter).resize(bitmap, width: width, height: height)
            #expect((resized.width, resized.height, resized.scale) == (width, height, 3))
            #expect(resized.pixels.chunks(of: 4).allSatisfy { Array($0) == Array(bitmap.pixels.prefix(4)) })
        }
    }

    /// Halving a 1-pixel checkerboard averages it: every output pixel is mid-grey.
    @Test(arguments: [Resampler.Filter.bilinear, .bicubic, .lanczos3])
    func downscalingFiltersEverySourcePixel(filter: Resampler.Filter) throws {
        var bitmap = Bitmap(clearWidth: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 { bitmap[x, y] = (x + y) % 2 == 0 ? .white : .black } }
        let half = try Resampler(filter: filter).resize(bitmap, width: 16, height: 16)
        // Away from the clamped borders, where the kernel reaches past the edge.
        for y in 2..<14 { for x in 2..<14 { #expect(abs(Int(half[x, y].r) - 128) <= 1, "(\(x), \(y)): \(half[x, y])") } }
    }

    @Test func contentModes() throws {
        var bitmap = Bitmap(clearWidth: 40, height: 20)
        for y in 0..<20 { for x in 0..<40 { bitmap[x, y] = .white } }
        let fit = try ContentMode.aspectFit.render(bitmap, width: 20, height: 20, resampler: Resampler(filter: .bilinear))
        #expect(fit[10, 2].a == 0 && fit[10, 10].a == 255 && fit[10, 17].a == 0, "bars above and below")
        let fill = try ContentMode.aspectFill.render(bitmap, width: 20, height: 20, resampler: Resampler(filter: .bilinear))
        #expect(fill.isOpaque)
        let centre = try ContentMode.center.render(bitmap, width: 60, height: 10, resampler: Resampler(filter: .bilinear))
        #expect(centre[5, 5].a == 0 && centre[30, 5].a == 255)
    }
}

@Suite("Nine-slice")
struct NineSliceTests {
    /// A 7×7 source at `scale`× whose nine regions (caps of 3, centre of 1) each have their own colour
    /// (and whose caps carry a pattern, to see that corners are copied, not scaled).
    static func source(scale: Int) -> Bitmap {
        let size = 7 * scale
        var bitmap = Bitmap(clearWidth: size, height: size, scale: scale)
        for y in 0..<size {
            for x in 0..<size {
                let column = x < 3 * scale ? 0 : x < 4 * scale ? 1 : 2, row = y < 3 * scale ? 0 : y < 4 * scale ? 1 : 2
                bitmap[x, y] = Color(r: UInt8(column * 100 + (x / scale % 2) * 20), g: UInt8(row * 100 + (y / scale % 2) * 20), b: 77)
            }
        }
        return bitmap
    }

    @Test(arguments: NineSlice.Mode.allCases, [1, 2])
    func copiesCornersAndFillsTheRest(mode: NineSlice.Mode, scale: Int) throws {
        let source = Self.source(scale: scale)
        let slice = NineSlice(insets: .init(top: 3, left: 3, bottom: 3, right: 3), mode: mode)
        let out = try slice.render(source, width: 15, height: 11)
        #expect((out.width, out.height) == (15 * scale, 11 * scale))
        let caps = 3 * scale
        for y in 0..<caps {
            for x in 0..<caps {
                #expect(out[x, y] == source[x, y])   // top-left
                #expect(out[out.width - caps + x, out.height - caps + y] == source[source.width - caps + x, source.height - caps + y])
            }
        }
        // The 1-point centre fills the middle with its colour, tiled or stretched alike.
        let middle = source[source.width / 2, source.height / 2]
        #expect(out[out.width / 2, out.height / 2] == middle)
        // Top edge: the source's top-centre columns, repeated (tile), or stretched between them.
        for x in caps..<(out.width - caps) {
            if mode == .tile {
                #expect(out[x, 0] == source[caps + (x - caps) % scale, 0])  // the centre is 1 pt: `scale` px
            } else {
                #expect(out[x, 0].a == 255 && out[x, 0].g == source[caps, 0].g)
            }
        }
    }

    @Test func tilesRepeatFromTheTopLeftOfEachRegion() throws {
        var source = Bitmap(clearWidth: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { source[x, y] = Color(r: UInt8(x * 50), g: UInt8(y * 50), b: 0) } }
        let out = try NineSlice(insets: .init(top: 1, left: 1, bottom: 1, right: 1), mode: .tile).render(source, width: 9, height: 3)
        // Centre columns 1…3 of the source repeat across columns 1…7 of the output.
        #expect((1..<8).map { out[$0, 1].r } == [50, 100, 150, 50, 100, 150, 50])
    }

    @Test func refusesImpossibleSizes() {
        let source = Self.source(scale: 1)
        let slice = NineSlice(insets: .init(top: 3, left: 3, bottom: 3, right: 3))
        // Insets over the image name the file given and the most they may be (they said neither).
        #expect(throws: NineSlice.Error.insetsExceedImage(file: "panel.png", width: 16, height: 16, horizontal: 18, vertical: 2)) {
            _ = try NineSlice(insets: .init(top: 1, left: 9, bottom: 1, right: 9)).render(Bitmap(clearWidth: 16, height: 16), width: 20, height: 20,
                                                                                            file: "panel.png")
        }
        #expect(NineSlice.Error.insetsExceedImage(file: "panel.png", width: 16, height: 16, horizontal: 18, vertical: 2).description
            .hasPrefix("panel.png: cap insets take 18×2 px (left + right × top + bottom) of a 16×16 px image, more than it has; give insets "
                       + "whose left + right is less than 16 px"))
        #expect(throws: NineSlice.Error.targetSmallerThanCaps(width: 5, height: 20, minimumWidth: 6, minimumHeight: 6)) {
            _ = try slice.render(source, width: 5, height: 20)
        }
        // Round 64t #5: a target too low only was "smaller than the caps" as a whole (100000×10).
        #expect(NineSlice.Error.targetSmallerThanCaps(width: 100_000, height: 10, minimumWidth: 20, minimumHeight: 20).description
            == "target 100000×10 px is 10 px high, lower than the top + bottom caps' 20 px; the caps need at least 20×20 px")
        #expect(NineSlice.Error.targetSmallerThanCaps(width: 5, height: 4, minimumWidth: 6, minimumHeight: 6).description
            == "target 5×4 px is 5 px wide, narrower than the left + right caps' 6 px and 4 px high, lower than the top + bottom caps' 6 px; "
            + "the caps need at least 6×6 px")
        #expect(throws: NineSlice.Error.self) {
            _ = try NineSlice(insets: .init(top: 4, left: 4, bottom: 4, right: 4)).render(source, width: 20, height: 20)
        }
    }
}

private extension Array {
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

@Suite("Resampling against Pillow")
struct ResamplerReferenceTests {
    static let references = Fixtures.pngNames(in: "resize")

    /// Same filters, same pixel-centre alignment, same premultiplied alpha: outputs, compared as
    /// premultiplied values (what is seen; a straight colour at alpha 1 is nearly free), agree with
    /// Pillow's to within rounding on average (mean ≤ 0.5 level, 99 % of samples within 4). The rest
    /// sit on hard edges, where Pillow clips its 8-bit intermediate between the two passes and we
    /// keep floats. Nearest may pick the other pixel at exact ties (Pillow's float error): ≤ 2 %.
    @Test(arguments: references)
    func matchesPillow(name: String) throws {
        let parts = name.dropLast(4).split(separator: "-")
        let source = parts[0] == "robot" ? "info/robot_walk0.png" : "info/coin@2x.png"
        let filter = try #require(Resampler.Filter(rawValue: String(parts[1])))
        let size = parts[2].split(separator: "x").compactMap { Int($0) }
        let input = try PNG.Decoder().decode(file: Fixtures.path(source)).bitmap()
        let ours = try Resampler(filter: filter).resize(input, width: size[0], height: size[1])
        let pillow = try PNG.Decoder().decode(file: Fixtures.path("resize/\(name)")).bitmap()
        #expect((ours.width, ours.height) == (pillow.width, pillow.height))
        if filter == .nearest {
            // Nearest moves pixels: it must pick source pixels as they are, straight bytes included.
            let differences = zip(ours.pixels, pillow.pixels).map { abs(Int($0) - Int($1)) }
            let differing = stride(from: 0, to: differences.count, by: 4).filter { differences[$0..<($0 + 4)].contains { $0 != 0 } }
            #expect(Double(differing.count) / Double(differences.count / 4) <= 0.02, "\(differing.count) pixels differ")
            return
        }
        let differences = zip(ours.premultipliedPixels(), pillow.premultipliedPixels()).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        let p99 = differences.sorted()[differences.count * 99 / 100]
        #expect(mean <= 0.5, "mean difference \(mean)")
        #expect(p99 <= 4 && differences.max()! <= 24, "99th percentile \(p99), largest \(differences.max()!)")
    }
}

/// What does not mix pixels gives them back exactly, on real soft-alpha frames with colour under
/// alpha 0 (smoke) and alpha-1 backgrounds (`@2x` spinner).
@Suite("Operations that mix nothing are exact")
struct IdentityOperationTests {
    static let frames = [
        "sequences/unity-explosion02hd-fadeout/explosion02HD-frame079.png",
        "sequences/emt-watch-spinner-2x/waitIndicatorGraphic-3@2x.png",
        "sequences/gameart2d-dino-jump/jump-6.png",
    ]

    @Test(arguments: frames)
    func identityResizeZeroBlurCenterAndTiling(path: String) throws {
        let image = try PNG.Decoder().decodeBitmap(file: Fixtures.path(path))
        for filter in Resampler.Filter.allCases {
            #expect(try Resampler(filter: filter).resize(image, width: image.width, height: image.height) == image, "\(filter)")
        }
        for method in Blur.Method.allCases { #expect(try Blur(sigma: 0, method: method).apply(to: image) == image, "\(method)") }
        #expect(try ContentMode.center.render(image, width: image.width, height: image.height, resampler: Resampler()) == image)
        #expect(try ContentMode.fill.render(image, width: image.width, height: image.height, resampler: Resampler()) == image)
        // Nine-slice in tile mode at the image's own size copies every patch.
        let points = image.pointSize
        let slice = NineSlice(insets: .init(top: 4, left: 4, bottom: 4, right: 4), mode: .tile)
        #expect(try slice.render(image, width: points.width, height: points.height) == image)
        // Cropping to the whole image and turning four quarter turns move bytes only.
        #expect(image.cropped(to: PixelRect(x: 0, y: 0, width: image.width, height: image.height)) == image)
        var turned = image
        for _ in 0..<4 { turned = turned.rotated90(clockwise: true) }
        #expect(turned == image)
    }

    /// Nearest neighbour moves pixels: an upscale by 2 copies each pixel's bytes, colour under
    /// alpha 0 included.
    @Test(arguments: frames)
    func nearestUpscaleCopiesPixels(path: String) throws {
        let image = try PNG.Decoder().decodeBitmap(file: Fixtures.path(path))
        let big = try Resampler(filter: .nearest).resize(image, width: image.width * 2, height: image.height * 2)
        for y in 0..<big.height { for x in 0..<big.width where big[x, y] != image[x / 2, y / 2] { Issue.record("(\(x), \(y))"); return } }
    }
}

/// `Blur(sigma: 2, saturation: .nan).apply(to:)` gave a black picture and `Blur(sigma: .nan)` a flat
/// one, without a word (found by a new-user round): settings out of range are a `SettingError`
/// naming the setting; a finite huge σ is still taken as the largest.
@Suite("Blur settings")
struct BlurSettingTests {
    /// A blur whose `downsample` is set after the initializer (which takes values below 1 as 1).
    static func downsampled(_ factor: Double) -> Blur {
        var blur = Blur(sigma: 2)
        blur.downsample = factor
        return blur
    }

    static let coin = (try? PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"))) ?? Bitmap(clearWidth: 1, height: 1)

    @Test(arguments: [
        (Blur(sigma: 2, saturation: .nan), SettingError.Setting.saturation), (Blur(sigma: 2, saturation: .infinity), .saturation),
        (Blur(sigma: .nan), .sigma), (Blur(sigma: -1), .sigma), (Blur(sigma: .infinity), .sigma),
        (Blur(sigma: 2, downsample: .nan), .downsample), (Self.downsampled(0.5), .downsample),
    ])
    func settingsOutOfRangeAreRefused(blur: Blur, setting: SettingError.Setting) {
        #expect(Self.coin.width == 64)
        #expect {
            try blur.apply(to: Self.coin)
        } throws: { error in
            (error as? SettingError)?.setting == setting && (error as? SettingError)?.owner == "Blur"
        }
    }

    @Test func aHugeFiniteSigmaIsStillTheLargest() throws {
        #expect(try Blur(sigma: 1e300).apply(to: Self.coin) == Blur(sigma: Blur.maximumPixelSigma).apply(to: Self.coin))
    }
}
