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
        let input = GIF.Encoder.Input(durations: Array(repeating: 0.1, count: frames.count)) { frames[$0] }
        let bytes = try encoder.encode(input).bytes
        return try GIF.Decoder(bytes: bytes, file: "soft.gif").allFrames().map(\.image)
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

    @Test func everySoftSequenceIsListed() {
        let found = Self.sequences.filter { !Fixtures.pngNames(in: "sequences/\($0)").isEmpty }
        #expect(found.count == 5)
    }

    /// No visible frame lost (a frame with ≥ 0.5 % visible pixels shown with under a tenth of
    /// them); and each frame on its own (the fixtures of some sequences are frames far apart, which
    /// hysteresis would treat as neighbours) keeps an area within 6 % of what its alpha covers.
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
            #expect(abs(alone.coverage - want.coverage) <= max(0.06 * want.coverage, 8),
                    "frame \(index + 1): \(Int(alone.coverage)) pixels kept for an alpha coverage of \(Int(want.coverage))")
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
                return source.map { AlphaFlattener.flatten(AlphaFlattener.prepare($0, alpha: .dither), alpha: .dither, edgeMatte: nil, previous: nil) }
            }
            var flattener = AlphaFlattener(alpha: .dither, edgeMatte: nil)
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
            let pixels = AlphaFlattener.flatten(AlphaFlattener.prepare(frame, alpha: .dither), alpha: .dither, edgeMatte: nil, previous: nil)
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
        let flattened = AlphaFlattener.flatten(AlphaFlattener.prepare(smoke, alpha: .dither), alpha: .dither, edgeMatte: nil, previous: nil)
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
}
