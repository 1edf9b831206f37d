import Testing
@testable import GIF

@Suite("Colour refiner")
struct ColorRefinerTests {
    /// An opaque 128×32 frame: random colours (texture no 64-entry table holds), or a grey ramp of
    /// ~120 levels starting at `base` (which 64 entries hold within a level or two).
    static func frame(noise seed: UInt64? = nil, base: Int = 0) -> [UInt8] {
        var generator = SplitMix(seed: seed ?? 0)
        return (0..<(128 * 32)).flatMap { pixel -> [UInt8] in
            if seed != nil { return [UInt8(truncatingIfNeeded: generator.next()), UInt8(truncatingIfNeeded: generator.next()),
                                     UInt8(truncatingIfNeeded: generator.next()), 255] }
            let grey = UInt8(base + 10 + (pixel % 128) * 120 / 128)
            return [grey, grey, grey, 255]
        }
    }

    /// After a texture frame, the next ``ColorRefiner/textureSkips`` frames get a full table without
    /// trying the small one, and the frame after them tries it again: ramps that 64 entries fit
    /// take full tables (one entry per grey) three times, then a small one.
    @Test func textureFramesSkipTheSmallTableForAFewFrames() {
        var refiner = ColorRefiner(width: 128, height: 32, firstColors: 256, colors: 64, refinements: 8,
                                   laterFullRefinements: 4, lzwTolerance: 0)
        var diff = FrameDiff(width: 128, height: 32)
        var entries: [Int] = []
        let frames = [Self.frame(noise: 1), Self.frame(noise: 2)] + (0..<5).map { Self.frame(base: $0 % 2 * 100) }
        for pixels in frames {
            let target = refiner.target(for: pixels, screen: diff.canvas, cleared: nil)
            entries.append(target.palette.count / 3)
            _ = diff.add(target, delay: 3)
        }
        #expect(ColorRefiner.textureSkips == 3)
        // Frames 2–4 skip (full tables hold the ramp's ~120 greys exactly); frame 5 tries the small
        // table, which holds the ramp well enough; frame 6 has no texture before it.
        #expect(entries[2...4].allSatisfy { $0 > 100 }, "\(entries)")
        #expect(entries[5...6].allSatisfy { $0 <= 65 }, "\(entries)")
    }
}
