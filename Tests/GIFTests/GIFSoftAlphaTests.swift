import Foundation
import Testing
import Raster
import TestSupport
@testable import GIF

/// Soft alpha on real frames (`Tests/Fixtures/sequences`, each with its ORIGIN.md): rendered smoke,
/// a fading explosion, very faint smoke, `@2x` frames over an alpha-1 background, an anti-aliased
/// sprite. GIF keeps one bit of alpha; the default must keep every visible frame visible, with as
/// many pixels as the source's alpha covers.
@Suite("GIF soft alpha on real frames")
struct GIFSoftAlphaTests {
    static let sequences = [
        "emt-watch-spinner-2x", "gameart2d-dino-jump", "unity-explosion02hd-fadeout",
        "unity-wispy-smoke-02-long", "unity-wispy-smoke-03b-faint",
    ]

    /// The frames of a fixture sequence, in file-name order.
    static func frames(_ sequence: String) throws -> [Bitmap] {
        let folder = "sequences/\(sequence)"
        let names = Fixtures.pngNames(in: folder)
        return try names.map { try PNG.Decoder().decodeBitmap(file: Fixtures.path("\(folder)/\($0)")) }
    }

    static func decoded(_ frames: [Bitmap], _ encoder: GIF.Encoder) throws -> [Bitmap] {
        let input = FrameInput(durations: Array(repeating: 0.1, count: frames.count)) { frames[$0] }
        let bytes = try encoder.encode(input).bytes
        return try GIF.Decoder(bytes: bytes, file: "soft.gif").allGIFFrames().map(\.image)
    }

    /// Pixels a viewer sees (alpha ≥ 16), and the area their alpha covers (Σ alpha / 255; the
    /// dither drops alpha under ``AlphaFlattener/faintest``, 16, on purpose).
    static func visible(_ frame: Bitmap) -> (count: Int, coverage: Double) {
        var count = 0, coverage = 0.0
        for index in stride(from: 3, to: frame.pixels.count, by: 4) {
            let alpha = frame.pixels[index]
            guard alpha >= 16 else { continue }
            count += 1
            coverage += Double(alpha) / 255
        }
        return (count, coverage)
    }

    /// The area a frame's dots should cover: per visible pixel its alpha, or less for light
    /// colours — the share whose dots, averaged in linear light, best match the sRGB blend over
    /// black and over white (``AlphaFlattener/lightShare(alpha:_:_:_:)``, computed here on its own).
    static func lightCoverage(_ frame: Bitmap) -> Double {
        var coverage = 0.0
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y].a >= 16 {
                coverage += min(Double(frame[x, y].a) / 255, lightShare(frame[x, y]))
            }
        }
        return coverage
    }

    static func linear(_ value: Double) -> Double {
        let v = value / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Least squares over the channels and both backgrounds, in linear light, clamped to 0…1.
    static func lightShare(_ color: Color) -> Double {
        let a = Double(color.a) / 255
        var numerator = 0.0, denominator = 0.0
        for c in [Double(color.r), Double(color.g), Double(color.b)] {
            for background in [0.0, 255.0] {
                let dots = linear(c) - linear(background)
                numerator += dots * (linear(a * c + (1 - a) * background) - linear(background))
                denominator += dots * dots
            }
        }
        return min(max(numerator / denominator, 0), 1)
    }

    @Test func everySoftSequenceIsListed() {
        let found = Self.sequences.filter { !Fixtures.pngNames(in: "sequences/\($0)").isEmpty }
        #expect(found.count == 5)
    }

    /// No visible frame lost (a frame with ≥ 0.5 % visible pixels shown with under a tenth of
    /// them); and each frame on its own (the fixtures of some sequences are frames far apart, which
    /// hysteresis would treat as neighbours) keeps an area within 6 % of what its alpha covers in
    /// light (``lightCoverage(_:)``: the alpha, or less for light colours).
    @Test(arguments: sequences)
    func defaultKeepsEveryFrameAndItsCoverage(sequence: String) throws {
        let source = try Self.frames(sequence)
        let shown = try Self.decoded(source, GIF.Encoder())
        #expect(shown.count == source.count)
        for (index, (original, frame)) in zip(source, shown).enumerated() {
            let want = Self.visible(original), got = Self.visible(frame)
            if want.count * 200 >= original.width * original.height {
                #expect(got.count * 10 >= want.count, "frame \(index + 1) lost: \(got.count) of \(want.count) visible pixels shown")
            }
            let alone = Self.visible(try Self.decoded([original], GIF.Encoder())[0])
            let share = Self.lightCoverage(original)
            #expect(abs(alone.coverage - share) <= max(0.06 * share, 8),
                    "frame \(index + 1): \(Int(alone.coverage)) pixels kept for a coverage in light of \(Int(share))")
        }
    }

    /// The alpha threshold keeps nothing of the faint smoke: the case the default exists for (and
    /// proof that the check above can fail).
    @Test func thresholdLosesTheFaintSmoke() throws {
        let source = try Self.frames("unity-wispy-smoke-03b-faint")
        let shown = try Self.decoded(source, GIF.Encoder(alpha: .threshold))
        let lost = zip(source, shown).filter { Self.visible($1).count * 10 < Self.visible($0).count }.count
        #expect(lost == source.count)
    }

    /// Consecutive smoke frames: carrying each pixel's state across frames (hysteresis) changes far
    /// fewer pixels between frames than deciding every frame afresh, and keeps the coverage.
    @Test func hysteresisStopsPixelsBlinking() throws {
        let source = try Self.frames("unity-wispy-smoke-03b-faint")
        #expect(source.count == 8)
        func flatten(tracking: Bool) -> [[UInt8]] {
            guard tracking else {
                return source.map { AlphaFlattener.flatten(AlphaFlattener.prepare($0, alpha: .dither)) }
            }
            var flattener = AlphaFlattener(alpha: .dither)
            return source.map { flattener.flatten(AlphaFlattener.prepare($0, alpha: .dither)) }
        }
        func changes(_ frames: [[UInt8]]) -> Int {
            zip(frames, frames.dropFirst()).map { a, b in
                stride(from: 3, to: a.count, by: 4).filter { (a[$0] == 0) != (b[$0] == 0) }.count
            }.reduce(0, +)
        }
        let carried = flatten(tracking: true), afresh = flatten(tracking: false)
        #expect(changes(carried) * 10 < changes(afresh) * 7, "\(changes(carried)) changes against \(changes(afresh))")
        for (frame, pixels) in zip(source, carried) {
            let kept = stride(from: 3, to: pixels.count, by: 4).filter { pixels[$0] != 0 }.count
            let coverage = Self.visible(frame).coverage
            #expect(abs(Double(kept) - coverage) <= 0.06 * coverage, "\(kept) kept for \(Int(coverage))")
        }
        // A pixel that was kept stays kept while its alpha is within the band, and only then.
        #expect(AlphaFlattener.hysteresis > 0)
    }

    /// Every preset carries alpha state from frame to frame (`fast` too, though it maps colours
    /// on all cores): the decoded faint smoke blinks far less than frames flattened afresh.
    @Test(arguments: GIF.Encoder.Quality.allCases)
    func everyPresetCarriesAlphaState(quality: GIF.Encoder.Quality) throws {
        let source = try Self.frames("unity-wispy-smoke-03b-faint")
        func flips(_ alphas: [[Bool]]) -> Int {
            zip(alphas, alphas.dropFirst()).map { a, b in zip(a, b).filter { $0 != $1 }.count }.reduce(0, +)
        }
        let afresh = source.map { frame in
            let pixels = AlphaFlattener.flatten(AlphaFlattener.prepare(frame, alpha: .dither))
            return stride(from: 3, to: pixels.count, by: 4).map { pixels[$0] != 0 }
        }
        let shown = try Self.decoded(source, GIF.Encoder(quality: quality)).map { frame in
            stride(from: 3, to: frame.pixels.count, by: 4).map { frame.pixels[$0] != 0 }
        }
        #expect(flips(shown) * 10 < flips(afresh) * 7, "\(flips(shown)) pixels blink against \(flips(afresh))")
    }

    /// The rim mask (bits, widened by shifts across 64-pixel words) against a brute-force look at
    /// every pixel's neighbourhood, on real frames with opaque shapes and soft edges; frames with
    /// no opaque pixel have no mask.
    @Test(arguments: ["gameart2d-dino-jump", "unity-explosion02hd-fadeout", "emt-watch-spinner-2x", "unity-wispy-smoke-03b-faint"])
    func rimMatchesItsDefinition(sequence: String) throws {
        let frame = try Self.frames(sequence)[0]
        let rim = AlphaFlattener.rim(of: frame)
        let (width, height, radius) = (frame.width, frame.height, AlphaFlattener.rimRadius)
        let anyOpaque = stride(from: 3, to: frame.pixels.count, by: 4).contains { frame.pixels[$0] == 255 }
        #expect(rim.isEmpty == !anyOpaque)
        guard anyOpaque else { return }
        let words = AlphaFlattener.rimWords(width: width)
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                var near = false
                for dy in -radius...radius where !near {
                    for dx in -radius...radius {
                        let (nx, ny) = (x + dx, y + dy)
                        if nx >= 0, ny >= 0, nx < width, ny < height, frame[nx, ny].a == 255 { near = true; break }
                    }
                }
                if near != (rim[y * words + x / 64] >> UInt64(x % 64) & 1 == 1) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// Colour precision follows visibility: the faint smoke's dots (a frame's exact greys fit in a
    /// 64-entry table) get a smaller table, since each is seen at a fraction of its alpha; the same
    /// colours fully opaque keep every shade; opaque few-colour art stays exact through the encoder.
    /// (Encoded, the faint smoke's GIF is ~35 % smaller for it: Benchmarks/gif-real.)
    @Test func colourPrecisionFollowsVisibility() throws {
        let smoke = try Self.frames("unity-wispy-smoke-03b-faint")[4]
        let flattened = AlphaFlattener.flatten(AlphaFlattener.prepare(smoke, alpha: .dither))
        var opaque = flattened
        for index in stride(from: 3, to: opaque.count, by: 4) where opaque[index] != 0 { opaque[index] = 255 }
        func tableSize(_ pixels: [UInt8]) -> (fitted: Int, exact: Int) {
            var histogram = ColorHistogram()
            histogram.add(pixels)
            let rgb = PalettePlanner.fit(histogram, colors: 64, refinements: 8)
            return (rgb.count / 3, histogram.exactColors?.count ?? .max)
        }
        let faint = tableSize(flattened), full = tableSize(opaque)
        #expect(faint.exact < 64 && faint.exact == full.exact)
        #expect(full.fitted == full.exact)
        #expect(faint.fitted * 2 <= faint.exact, "\(faint.fitted) entries for \(faint.exact) faint colours")

        let pixelArt = try Self.frames("ansimuz-fire-bomb-pixel")
        for (original, frame) in zip(pixelArt, try Self.decoded(pixelArt, GIF.Encoder())) {
            for y in 0..<original.height {
                for x in 0..<original.width where original[x, y].a == 255 { #expect(frame[x, y] == original[x, y]) }
            }
        }
    }

    /// The spinner's dimmest dot is white at alpha 71: over black a dim grey disc (sRGB 71, 6 % of
    /// white's light). Its dots must add up to that light, not to the alpha: 28 % of the disc in
    /// white dots showed a bright grid (the FLIP error over black was 0.69 in the disc, now 0.4).
    /// The light of the decoded disc over black, averaged in linear light, is the source's within
    /// a fifth; over white nothing is drawn but white.
    @Test func fadingWhiteDotKeepsItsLightNotItsAlpha() throws {
        let source = try Self.frames("emt-watch-spinner-2x")[0]
        let shown = try Self.decoded([source], GIF.Encoder())[0]
        var disc = 0, kept = 0, sourceLight = 0.0, shownLight = 0.0
        for y in 0..<source.height {
            for x in 0..<source.width where source[x, y].a == 71 {
                disc += 1
                if shown[x, y].a == 255 { kept += 1; #expect(shown[x, y].r >= 250, "(\(x), \(y)) is not white") }
                sourceLight += Self.linear(Double(source[x, y].r) * 71 / 255)
                shownLight += shown[x, y].a == 255 ? Self.linear(Double(shown[x, y].r)) : 0
            }
        }
        #expect(disc > 300)
        #expect(kept * 100 < disc * 10 && kept * 100 > disc * 3, "\(kept) of \(disc) pixels kept")
        #expect(abs(shownLight - sourceLight) < 0.2 * sourceLight, "light \(shownLight) for \(sourceLight)")
    }

    /// The dino's dark outline has a soft outer edge; over white it reads as thick as its light
    /// says. Rim pixels of the outline (dark, beside opaque pixels) at alpha 100–127 were dropped by
    /// the cut at 128, which drew the outline thinner and stair-stepped over white; they are kept
    /// now, and light rim pixels are still cut where their light is under the cut.
    @Test func darkOutlineKeepsItsSoftEdge() throws {
        let source = try Self.frames("gameart2d-dino-jump")[0]
        let shown = try Self.decoded([source], GIF.Encoder())[0]
        let rim = AlphaFlattener.rim(of: source)
        let words = AlphaFlattener.rimWords(width: source.width)
        var dark = 0, darkKept = 0
        for y in 0..<source.height {
            for x in 0..<source.width where rim[y * words + x / 64] >> UInt64(x % 64) & 1 == 1 {
                let pixel = source[x, y]
                guard (100..<128).contains(pixel.a), Int(pixel.r) + Int(pixel.g) + Int(pixel.b) < 120 else { continue }
                dark += 1
                if shown[x, y].a == 255 { darkKept += 1 }
            }
        }
        #expect(dark > 200)
        #expect(darkKept * 10 >= dark * 9, "\(darkKept) of \(dark) dark rim pixels at alpha 100–127 kept")
        // The cut is on the light share: black is kept from alpha 91, white only from 208.
        #expect(AlphaFlattener.lightShare(alpha: 91, 0, 0, 0) >= AlphaFlattener.rimCut * 128)
        #expect(AlphaFlattener.lightShare(alpha: 90, 0, 0, 0) < AlphaFlattener.rimCut * 128)
        #expect(AlphaFlattener.lightShare(alpha: 207, 255, 255, 255) < AlphaFlattener.rimCut * 128)
        #expect(AlphaFlattener.lightShare(alpha: 208, 255, 255, 255) >= AlphaFlattener.rimCut * 128)
    }

    /// At 2 pixels per point (`@2x`) a flat soft area keeps horizontal pixel pairs: of each pair of
    /// columns (2k, 2k + 1) both are kept or neither, but for at most one pair per 8×8 tile, and it
    /// covers the same area as the Bayer pattern of `@1x` frames (which, from a share of a quarter
    /// on, splits pairs everywhere: the check can fail).
    @Test(arguments: [40, 100, 170, 230])
    func retinaFramesKeepSoftPixelsInPairs(alpha: UInt8) throws {
        let size = 64
        var frame = Bitmap(clearWidth: size, height: size)
        for y in 0..<size { for x in 0..<size { frame[x, y] = Color(r: 255, g: 255, b: 255, a: alpha) } }
        func kept(scale: Int) -> [Bool] {
            let pixels = AlphaFlattener.flatten(AlphaFlattener.prepare(frame, alpha: .dither, scale: scale))
            return (0..<(size * size)).map { pixels[$0 * 4 + 3] != 0 }
        }
        func splitPairs(_ kept: [Bool]) -> Int {
            (0..<size).reduce(0) { total, y in
                total + stride(from: 0, to: size, by: 2).filter { kept[y * size + $0] != kept[y * size + $0 + 1] }.count
            }
        }
        let paired = kept(scale: 2), bayer = kept(scale: 1)
        #expect(splitPairs(paired) <= (size / 8) * (size / 8))
        if alpha >= 100 {   // sparser, both patterns keep about one pixel a tile
            #expect(splitPairs(bayer) > 4 * (size / 8) * (size / 8))
        }
        let difference = abs(paired.filter { $0 }.count - bayer.filter { $0 }.count)
        #expect(difference <= size * size / 64)
    }

    /// The real `@2x` spinner: in pairs at scale 2 it keeps every frame and its coverage, and its
    /// GIF is smaller than with the single-pixel pattern (9,106 against 10,812 bytes when measured).
    @Test func retinaSpinnerIsSmallerInPairs() throws {
        let source = try Self.frames("emt-watch-spinner-2x")
        let input = FrameInput(durations: Array(repeating: 1.0 / 30, count: source.count)) { source[$0] }
        let single = try GIF.Encoder(scale: 1).encode(input).bytes
        let paired = try GIF.Encoder(scale: 2).encode(input).bytes
        #expect(paired.count * 100 <= single.count * 92, "\(paired.count) bytes in pairs, \(single.count) in single dots")
        let shown = try GIF.Decoder(bytes: paired, file: "spinner.gif").allGIFFrames().map(\.image)
        #expect(shown.count == source.count)
        for (index, original) in source.enumerated() {
            let alone = try Self.decoded([original], GIF.Encoder(scale: 2))[0]
            let share = Self.lightCoverage(original), got = Self.visible(alone).coverage
            #expect(abs(got - share) <= max(0.06 * share, 8), "frame \(index + 1): \(Int(got)) kept for \(Int(share))")
        }
    }

    /// The spinner draws in white alone: every frame's table is the first one's, so no frame
    /// repeats it as a local table (they were 174 of its 11 016 bytes).
    @Test func framesReuseAnEqualGlobalTable() throws {
        let source = try Self.frames("emt-watch-spinner-2x")
        let input = FrameInput(durations: Array(repeating: 1.0 / 30, count: source.count)) { source[$0] }
        let (bytes, report) = try GIF.Encoder().encode(input)
        #expect(try GIFPaletteTests.localTableSizes(bytes).isEmpty)
        #expect(report.localPalettes == 0)
        #expect(try GIF.Decoder(bytes: bytes, file: "spinner.gif").allGIFFrames().count == source.count)
    }

    /// A shaded sprite's gradients step by one or two levels: colours 6-bit bins merged (4 levels
    /// a channel) could not be told apart by the palette fit, and the dino's shading came out in
    /// wider bands (FLIP 0.0090 → 0.0086 with 7-bit bins). On a real frame, the table fitted from
    /// 7-bit bins draws the frame closer to its colours.
    @Test func finerBinsFitAShadedSpriteCloser() throws {
        let frame = try Self.frames("gameart2d-dino-jump")[1]
        let pixels = AlphaFlattener.flatten(AlphaFlattener.prepare(frame, alpha: .dither))
        func error(bits: Int) -> Double {
            var histogram = ColorHistogram(bits: bits)
            histogram.add(pixels)
            let rgb = PalettePlanner.fit(histogram, colors: 256, refinements: 8)
            let map = PaletteMap(palette: rgb)
            var total = 0.0, count = 0.0
            for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index + 3] == 255 {
                let (r, g, b) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
                let entry = Int(map.nearest(r, g, b)) * 3
                let (dr, dg, db) = (r - Int(rgb[entry]), g - Int(rgb[entry + 1]), b - Int(rgb[entry + 2]))
                total += Double(dr * dr + dg * dg + db * db)
                count += 1
            }
            return total / count
        }
        let coarse = error(bits: 6), fine = error(bits: ColorRefiner.histogramBits)
        #expect(ColorRefiner.histogramBits == 7)
        #expect(fine < coarse * 0.97, "mean squared error \(fine) with 7-bit bins, \(coarse) with 6-bit")
    }
}
