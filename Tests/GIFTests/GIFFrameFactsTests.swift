import Testing
@testable import GIF
import Raster

/// A frame's facts found on the decoding workers (``FrameFacts``: its digest, whether it draws
/// every pixel; issue 48) are what the encoding thread would have found, and the steps that take
/// them instead of looking give the very frames they gave before.
@Suite("GIF frame facts")
struct GIFFrameFactsTests {
    /// An opaque 720p film (every frame's facts are found, every pixel drawn), a sprite with a soft
    /// rim and a faint smoke (facts only for frames the hysteresis leaves as they are).
    @Test(arguments: ["bbb-opening-fadein-720p", "gameart2d-dino-jump", "unity-wispy-smoke-03b-faint"])
    func factsAreWhatTheEncodingThreadFinds(sequence: String) throws {
        let frames = try GIFSoftAlphaTests.frames(sequence)
        var flattener = AlphaFlattener(alpha: .dither)
        var found = 0
        for frame in frames {
            let prepared = AlphaFlattener.prepare(frame, alpha: .dither)
            let facts = FrameFacts.of(prepared)
            #expect((facts == nil) == !prepared.undecided.isEmpty)
            let pixels = flattener.flatten(prepared)
            guard let facts else { continue }
            found += 1
            #expect(facts.digest == ColorRefiner.digest(pixels))
            let anyClear = stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] == 0 }
            // Said only of an opaque frame (a soft one with none clear is not looked at).
            if facts.drawsEveryPixel { #expect(!anyClear) }
            if sequence == "bbb-opening-fadein-720p" { #expect(facts.drawsEveryPixel) }
        }
        if sequence == "bbb-opening-fadein-720p" { #expect(found == frames.count) }
    }

    /// The digest hashed on one thread is the digest hashed on all cores, for a frame hashed in
    /// bands (720p) and one hashed whole.
    @Test func digestOnOneThreadIsTheDigestOnAllCores() throws {
        let film = try GIFSoftAlphaTests.frames("bbb-opening-fadein-720p")[0].pixels
        #expect(ColorRefiner.digest(film, onAllCores: false) == ColorRefiner.digest(film))
        let small = Array(film.prefix(4000))
        #expect(ColorRefiner.digest(small, onAllCores: false) == ColorRefiner.digest(small))
    }

    /// The histogram's bin with masking shifts is the bin of ``ColorHistogram/binIndex(_:_:_:)``.
    @Test func maskedBinIsTheBin() {
        for bits in [6, 7] {
            let histogram = ColorHistogram(bits: bits)
            for value in 0...255 {
                for other in [0, 1, 2, 3, 127, 128, 254, 255] {
                    let (a, b) = (UInt8(value), UInt8(other))
                    for (r, g, bl) in [(a, b, b), (b, a, b), (b, b, a), (a, a, a)] {
                        #expect(ColorHistogram.bin(r, g, bl, shift: 8 - bits, bits: bits) == histogram.binIndex(r, g, bl))
                    }
                }
            }
        }
    }

    /// Frames added beside the next one's candidates with the workers' facts (the digest given,
    /// the scans for cleared pixels skipped where the next frame draws every pixel) are the frames
    /// of the same steps taken one after another without them, bit for bit.
    @Test(arguments: ["bbb-opening-fadein-720p", "gameart2d-dino-jump"])
    func factsGiveTheSameFrames(sequence: String) throws {
        let frames = try GIFSoftAlphaTests.frames(sequence)
        let (width, height) = (frames[0].width, frames[0].height)
        var flattener = AlphaFlattener(alpha: .dither)
        let prepared = (frames + frames.reversed()).map { AlphaFlattener.prepare($0, alpha: .dither) }
        let facts = prepared.map(FrameFacts.of)
        let flattened = prepared.map { flattener.flatten($0) }
        func refiner() -> ColorRefiner {
            ColorRefiner(width: width, height: height, firstColors: 256, colors: 64, refinements: 8, laterFullRefinements: 4,
                         lzwTolerance: GIF.Encoder.Quality.standard.lzwTolerance, sharesFirstTable: true)
        }

        var (refinerA, diffA) = (refiner(), FrameDiff(width: width, height: height))
        var framesA: [GIFSideThreadTests.Written] = []
        for pixels in flattened {
            let cleared = diffA.regionCleared(transparentIn: pixels)
            if let frame = diffA.add(refinerA.target(for: pixels, screen: diffA.canvas, cleared: cleared), delay: 3) {
                framesA.append(.init(frame))
            }
        }
        if let last = diffA.finish() { framesA.append(.init(last)) }

        let side = SideThread()
        defer { side.stop() }
        var (refinerB, diffB) = (refiner(), FrameDiff(width: width, height: height))
        var framesB: [GIFSideThreadTests.Written] = []
        var waiting: FrameDiff.Target?
        for (pixels, facts) in zip(flattened, facts) {
            var cleared: GIF.Rect?
            var found = ColorRefiner.Candidates()
            if let before = waiting {
                waiting = nil
                let ready = diffB.add(before, delay: 3, next: pixels, nextDrawsEveryPixel: facts?.drawsEveryPixel == true, side: side) {
                    screen, region, rows in
                    cleared = region
                    found = refinerB.candidates(of: pixels, screen: screen, cleared: region, rows: rows, facts: facts)
                }
                if let ready { framesB.append(.init(ready)) }
            } else {
                cleared = diffB.regionCleared(transparentIn: pixels)
                found = diffB.canvas.withUnsafeBufferPointer { refinerB.candidates(of: pixels, screen: $0, cleared: cleared, rows: nil, facts: facts) }
            }
            waiting = refinerB.target(for: pixels, screen: diffB.canvas, cleared: cleared, found)
            #expect(waiting!.drawsEveryPixel == (facts?.drawsEveryPixel == true && !found.repeats))
        }
        if let last = waiting, let ready = diffB.add(last, delay: 3) { framesB.append(.init(ready)) }
        if let last = diffB.finish() { framesB.append(.init(last)) }

        #expect(framesB == framesA)
        #expect(diffB.canvas == diffA.canvas)
    }
}
