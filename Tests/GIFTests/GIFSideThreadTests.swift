import Testing
@testable import GIF
import Raster

/// The LZW choice of a frame on the side thread, beside the next frame's candidates (issue 48),
/// gives the frames of the same steps taken one after another, bit for bit: the GIF must not
/// change for its two serial stages overlapping.
@Suite("GIF side thread")
struct GIFSideThreadTests {
    /// What a written frame is, compared whole.
    struct Written: Equatable {
        var rect: GIF.Rect
        var indices: [UInt8]
        var localPalette: [UInt8]?
        var transparentIndex: Int?
        var delay: Int
        var disposal: GIF.Disposal

        init(_ frame: GIF.IndexedFrame) {
            (rect, indices, localPalette) = (frame.rect, frame.indices, frame.localPalette)
            (transparentIndex, delay, disposal) = (frame.transparentIndex, frame.delay, frame.disposal)
        }
    }

    /// Real sequences played forwards, then backwards (a shrinking cloud clears regions): a fading
    /// soft explosion (most frames choose their indices for LZW), a sprite with a soft rim, and two
    /// frames of an opaque 720p film (a full table every frame).
    @Test(arguments: ["unity-explosion02hd-fadeout", "gameart2d-dino-jump", "bbb-opening-fadein-720p"])
    func besideGivesTheFramesOfOneAfterAnother(sequence: String) throws {
        let frames = try GIFSoftAlphaTests.frames(sequence)
        #expect(frames.count >= 2)
        let (width, height) = (frames[0].width, frames[0].height)
        var flattener = AlphaFlattener(alpha: .dither)
        let flattened = (frames + frames.reversed()).map { flattener.flatten(AlphaFlattener.prepare($0, alpha: .dither)) }
        func refiner() -> ColorRefiner {
            ColorRefiner(width: width, height: height, firstColors: 256, colors: 64, refinements: 8, laterFullRefinements: 4,
                         lzwTolerance: GIF.Encoder.Quality.standard.lzwTolerance, sharesFirstTable: true)
        }

        // One after another.
        var (refinerA, diffA) = (refiner(), FrameDiff(width: width, height: height))
        var framesA: [Written] = []
        for pixels in flattened {
            let cleared = diffA.regionCleared(transparentIn: pixels)
            if let frame = diffA.add(refinerA.target(for: pixels, screen: diffA.canvas, cleared: cleared), delay: 3) {
                framesA.append(Written(frame))
            }
        }
        if let last = diffA.finish() { framesA.append(Written(last)) }

        // Each frame added beside the next one's candidates, as the encoder does.
        let side = SideThread()
        defer { side.stop() }
        var (refinerB, diffB) = (refiner(), FrameDiff(width: width, height: height))
        var framesB: [Written] = []
        var (waiting, overlapped): (FrameDiff.Target?, Int) = (nil, 0)
        for pixels in flattened {
            var cleared: GIF.Rect?
            var found = ColorRefiner.Candidates()
            if let before = waiting {
                waiting = nil
                let ready = diffB.add(before, delay: 3, next: pixels, side: side) { screen, region, rows in
                    cleared = region
                    found = refinerB.candidates(of: pixels, screen: screen, cleared: region, rows: rows)
                    if rows != nil { overlapped += 1 }
                }
                if let ready { framesB.append(Written(ready)) }
            } else {
                cleared = diffB.regionCleared(transparentIn: pixels)
                found = diffB.canvas.withUnsafeBufferPointer { refinerB.candidates(of: pixels, screen: $0, cleared: cleared, rows: nil) }
            }
            waiting = refinerB.target(for: pixels, screen: diffB.canvas, cleared: cleared, found)
        }
        if let last = waiting, let ready = diffB.add(last, delay: 3) { framesB.append(Written(ready)) }
        if let last = diffB.finish() { framesB.append(Written(last)) }

        #expect(framesB.count == framesA.count)
        #expect(framesB == framesA)
        #expect(diffB.canvas == diffA.canvas)
        // Most frames went through the side thread (a frame whose table holds its colours exactly draws its own indices).
        #expect(overlapped >= frames.count / 2, "\(overlapped) of \(flattened.count) frames overlapped")
    }
}
