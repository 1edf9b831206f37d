import Testing
@testable import GIF
import Raster

/// The encoder's faster forms of its serial passes (issue 48) give the answers of the forms they
/// replace, bit for bit: the GIF must not change for being made faster.
@Suite("GIF encoder speed-ups")
struct GIFEncoderSpeedTests {
    /// The banded scan for the region a disposal clears finds the rectangle the pixel-by-pixel
    /// scan finds, frame after frame of real sequences (an 800² fading explosion: many bands; a
    /// sprite whose soft rim moves).
    @Test(arguments: ["unity-explosion02hd-fadeout", "gameart2d-dino-jump"])
    func bandedClearedRegionIsThePixelScans(sequence: String) throws {
        let frames = try GIFSoftAlphaTests.frames(sequence)
        #expect(frames.count >= 3)
        let (width, height) = (frames[0].width, frames[0].height)
        var refiner = ColorRefiner(width: width, height: height, firstColors: 256, colors: 64, refinements: 8,
                                   laterFullRefinements: 4, lzwTolerance: GIF.Encoder.Quality.standard.lzwTolerance)
        var diff = FrameDiff(width: width, height: height)
        var flattener = AlphaFlattener(alpha: .dither)
        var cleared = 0
        // Played forwards, then backwards: shrinking clouds clear regions too.
        for frame in frames + frames.reversed() {
            let pixels = flattener.flatten(AlphaFlattener.prepare(frame, alpha: .dither))
            let banded = diff.regionCleared(transparentIn: pixels)
            #expect(banded == diff.regionCleared { pixels[$0 * 4 + 3] == 0 })
            if banded != nil { cleared += 1 }
            _ = diff.add(refiner.target(for: pixels, screen: diff.canvas, cleared: banded), delay: 3)
        }
        #expect(cleared >= 1)
    }

    /// A frame's digest, hashed in bands when large, tells frames apart that differ in one byte
    /// anywhere (first, last, at a band's edge) and agrees for equal frames; small frames too.
    @Test(arguments: [64 * 64, 256 * 256, 256 * 256 + 3])
    func digestTellsOneByteApart(pixels: Int) {
        var generator = SplitMix(seed: UInt64(pixels))
        let frame = (0..<(pixels * 4)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(ColorRefiner.digest(frame) == ColorRefiner.digest(Array(frame)))
        let words = (frame.count + 7) / 8
        let bandEdge = words * 3 / ColorRefiner.digestBands * 8
        for place in [0, frame.count / 2, bandEdge, bandEdge - 1, frame.count - 1] {
            var changed = frame
            changed[place] ^= 1
            #expect(ColorRefiner.digest(changed) != ColorRefiner.digest(frame), "byte \(place) of \(frame.count)")
        }
        #expect(ColorRefiner.digest(frame) != ColorRefiner.digest(Array(frame.dropLast(4))))
    }

    /// The table's error, its nearest-entry searches spread over the cores, is the sum a plain
    /// loop in sample order takes, to the last bit (the refiner compares it with thresholds).
    @Test(arguments: [100, 5000])
    func errorSumsAreTheSerialSums(samples count: Int) {
        var generator = SplitMix(seed: UInt64(count))
        func unit() -> Double { Double(generator.next() % 1_000_000) / 1_000_000 }
        let samples = (0..<count).map { _ in
            Quantizer.Sample(r: unit() * 255, g: unit() * 255, b: unit() * 255, weight: unit() * 3,
                             limit: unit() < 0.5 ? .infinity : unit() * 500, visibility: unit())
        }
        let rgb = (0..<(64 * 3)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let search = NearestCenter(rgb.map(Double.init))
        var total = 0.0, weight = 0.0
        search.withLookup { lookup in
            for sample in samples {
                total += min(lookup.nearest(sample.r, sample.g, sample.b).distance, sample.limit) * sample.weight
                weight += sample.weight
            }
        }
        #expect(ColorRefiner.totalError(samples, rgb).bitPattern == total.bitPattern)
        #expect(ColorRefiner.meanError(samples, rgb).bitPattern == (total / weight).bitPattern)
    }

    /// The histogram's exact colours, gathered in its small table, are the `Set` of the colours
    /// drawn (`nil` past 256) and of those opaque pixels draw, over one frame and over two added
    /// one after the other, selected or whole: pixel art (few colours), the spinner's soft
    /// frames (a few hundred), and the dino (too many).
    @Test(arguments: ["ansimuz-fire-bomb-pixel", "emt-watch-spinner-2x", "gameart2d-dino-jump"])
    func exactColorsAreTheSetOfColors(sequence: String) throws {
        let frames = try GIFSoftAlphaTests.frames(sequence)
        #expect(frames.count >= 2)
        let pixels = frames.prefix(2).map { AlphaFlattener.flatten(AlphaFlattener.prepare($0, alpha: .dither)) }
        let selected = (0..<(pixels[1].count / 4)).map { $0 % 3 != 0 }
        var expected: Set<UInt32> = [], opaque: Set<UInt32> = []
        func expect(_ frame: [UInt8], only: [Bool]?) {
            for p in 0..<(frame.count / 4) where frame[p * 4 + 3] != 0 && only?[p] != false {
                let color = UInt32(frame[p * 4]) << 16 | UInt32(frame[p * 4 + 1]) << 8 | UInt32(frame[p * 4 + 2])
                expected.insert(color)
                if frame[p * 4 + 3] == 255 { opaque.insert(color) }
            }
        }
        var histogram = ColorHistogram()
        histogram.add(pixels[0])
        expect(pixels[0], only: nil)
        #expect(histogram.exactColors == (expected.count <= ColorHistogram.exactLimit ? expected : nil))
        if histogram.exactColors != nil { #expect(histogram.opaqueColors == opaque) }
        histogram.add(pixels[1], only: selected)
        expect(pixels[1], only: selected)
        #expect(histogram.exactColors == (expected.count <= ColorHistogram.exactLimit ? expected : nil))
        if histogram.exactColors != nil { #expect(histogram.opaqueColors == opaque) }
    }
}
