import Testing
@testable import GIF

/// ``FrameDiff`` with a tolerance: which indices it may choose for LZW's sake, and what the screen
/// then shows.
@Suite("GIF frame index choice")
struct FrameDiffChoiceTests {
    static let (width, height) = (96, 40)
    /// 32 greys 8 levels apart, then the transparent entry.
    static let palette: [UInt8] = (0..<33).flatMap { (entry: Int) -> [UInt8] in
        let grey = UInt8(min(entry * 8, 255))
        return [grey, grey, grey]
    }
    static let transparent: UInt8 = 32

    /// A frame of greys, `level(x, y)` each, drawn with their nearest palette entries; every pixel
    /// kept from source alpha `alpha` (opaque by default).
    static func target(tolerance: Float, alpha: UInt8 = 255, level: (Int, Int) -> Int) -> FrameDiff.Target {
        var source: [UInt8] = [], colors: [UInt32] = [], indices: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let grey = UInt8(min(max(level(x, y), 0), 248))
                source += [grey, grey, grey, alpha]
                let entry = (Int(grey) + 4) / 8
                indices.append(UInt8(min(entry, 31)))
                let shown = UInt32(min(entry, 31) * 8)
                colors.append(0xFF00_0000 | shown << 16 | shown << 8 | shown)
            }
        }
        return FrameDiff.Target(colors: colors, indices: indices, transparent: transparent, palette: palette,
                                isLocal: false, source: source, tolerance: tolerance)
    }

    /// Fire-like grain: every pixel differs from its neighbours by many levels.
    static func grain(_ x: Int, _ y: Int) -> Int {
        var generator = SplitMix(seed: UInt64(y * width + x))
        return 60 + x + Int(generator.next() % 61) - 30
    }

    static func squaredError(_ index: UInt8, _ source: [UInt8], _ pixel: Int) -> Int {
        let grey = Int(palette[Int(index) * 3])
        return 3 * (grey - Int(source[pixel * 4])) * (grey - Int(source[pixel * 4])) 
    }

    static func encodedSize(_ frame: GIF.IndexedFrame) throws -> Int { try written(frame).count }

    static func written(_ frame: GIF.IndexedFrame) throws -> [UInt8] {
        let writer = try GIF.Writer(width: width, height: height, globalPalette: palette, netscapeLoops: nil)
        try writer.add(frame)
        return try writer.finish()
    }

    /// Soft grain away from opaque pixels (a dithered glow's dots, kept from alpha 128) gets
    /// slack: the frame shrinks, every pixel stays within its own error or the tolerance (both
    /// weighted by how visible the pixel is), and the screen is what the indices draw.
    @Test func softGrainIsDrawnWithinTheToleranceAndSmaller() throws {
        let tolerance: Float = 400
        let target = Self.target(tolerance: tolerance, alpha: 128, level: Self.grain)
        var diff = FrameDiff(width: Self.width, height: Self.height)
        #expect(diff.add(target, delay: 10) == nil)
        let finished = diff.finish()
        let chosen = try #require(finished)
        // The frame carries the codes the choice found; a frame whose indices were set again
        // does not, and both write the same bytes.
        #expect(chosen.lzwCodes != nil)
        var parsed = chosen
        parsed.indices = chosen.indices
        #expect(parsed.lzwCodes == nil)
        #expect(try Self.written(chosen) == Self.written(parsed))
        let own = try #require(Self.exact(target))
        let visibility = AlphaFlattener.visibility(128)
        var changed = 0
        for pixel in 0..<(Self.width * Self.height) {
            let index = chosen.indices[pixel]
            #expect(index != Self.transparent)
            let error = Float(Self.squaredError(index, target.source, pixel)) * visibility
            let ownError = Float(Self.squaredError(target.indices[pixel], target.source, pixel)) * visibility
            #expect(error <= max(ownError, tolerance))
            let grey = UInt32(Self.palette[Int(index) * 3])
            #expect(diff.canvas[pixel] == 0xFF00_0000 | grey << 16 | grey << 8 | grey)
            if index != target.indices[pixel] { changed += 1 }
        }
        #expect(changed > 0)
        let (lossy, lossless) = (try Self.encodedSize(chosen), try Self.encodedSize(own))
        #expect(lossy * 10 < lossless * 9, "\(lossy) bytes against \(lossless)")
    }

    /// Opaque grain (fire) gets no slack, whatever the tolerance: no pixel is drawn further from
    /// its source than its own index draws it (an entry just as far may continue LZW's string).
    @Test func opaqueGrainGetsNoSlack() throws {
        let target = Self.target(tolerance: 400, level: Self.grain)
        var diff = FrameDiff(width: Self.width, height: Self.height)
        _ = diff.add(target, delay: 10)
        let finished = diff.finish()
        let chosen = try #require(finished)
        let worse = (0..<(Self.width * Self.height)).filter { pixel in
            Self.squaredError(chosen.indices[pixel], target.source, pixel) > Self.squaredError(target.indices[pixel], target.source, pixel)
        }
        #expect(worse.isEmpty, "\(worse.count) pixels drawn worse than their own index")
    }

    /// The frame `target` draws with every pixel's own index (no tolerance).
    static func exact(_ target: FrameDiff.Target) -> GIF.IndexedFrame? {
        var exact = FrameDiff(width: width, height: height)
        _ = exact.add(FrameDiff.Target(colors: target.colors, indices: target.indices, transparent: transparent,
                                       palette: palette, isLocal: false), delay: 10)
        return exact.finish()
    }

    /// A smooth ramp is fitted closely: no opaque pixel is drawn worse than its own index draws it.
    @Test func aCloseFitLosesNothing() throws {
        let target = Self.target(tolerance: 400) { x, _ in 20 + x * 2 }
        var diff = FrameDiff(width: Self.width, height: Self.height)
        _ = diff.add(target, delay: 10)
        let finished = diff.finish()
        let chosen = try #require(finished)
        for pixel in 0..<(Self.width * Self.height) {
            #expect(Self.squaredError(chosen.indices[pixel], target.source, pixel)
                    <= Self.squaredError(target.indices[pixel], target.source, pixel))
        }
    }

    /// A later frame that changes every other pixel of a band: the pixels it does not change,
    /// inside its rectangle too, keep exactly the colour the screen shows (transparent, or an index
    /// of that very colour), so nothing drifts.
    @Test func unchangedPixelsKeepTheirColourExactly() throws {
        var diff = FrameDiff(width: Self.width, height: Self.height)
        _ = diff.add(Self.target(tolerance: 400, level: Self.grain), delay: 10)
        let before = diff.canvas
        func changes(_ pixel: Int) -> Bool { (10..<20).contains(pixel / Self.width) && pixel % 2 == 0 }
        var next = Self.target(tolerance: 400) { x, y in Self.grain(x, y) + 80 }
        for pixel in 0..<(Self.width * Self.height) where !changes(pixel) { next.colors[pixel] = before[pixel] }
        #expect(diff.add(next, delay: 10) != nil)
        let finished = diff.finish()
        let frame = try #require(finished)
        #expect(frame.rect.y == 10 && frame.rect.height == 10)
        for pixel in 0..<(Self.width * Self.height) {
            if changes(pixel) {
                #expect(diff.canvas[pixel] != before[pixel])
            } else {
                #expect(diff.canvas[pixel] == before[pixel])
            }
        }
    }

    /// The slack's "near an opaque pixel" test read from the rim bits the decoding workers found
    /// (``FrameDiff/Target/nearOpaque``) chooses exactly the indices the 5×5 scan of the flattened
    /// frame chooses: two encoders in lockstep over real frames (a sprite with soft rims, a
    /// fading explosion), one given the bits, one not, write the same frames.
    @Test(arguments: ["gameart2d-dino-jump", "unity-explosion02hd-fadeout"])
    func rimBitsChooseAsTheScanDoes(sequence: String) throws {
        let frames = try GIFSoftAlphaTests.frames(sequence)
        #expect(frames.count >= 2)
        let (width, height) = (frames[0].width, frames[0].height)
        func refiner() -> ColorRefiner {
            ColorRefiner(width: width, height: height, firstColors: 256, colors: 64, refinements: 8,
                         laterFullRefinements: 4, lzwTolerance: GIF.Encoder.Quality.standard.lzwTolerance)
        }
        var (refinerA, refinerB) = (refiner(), refiner())
        var (diffA, diffB) = (FrameDiff(width: width, height: height), FrameDiff(width: width, height: height))
        var (flattenerA, flattenerB) = (AlphaFlattener(alpha: .dither), AlphaFlattener(alpha: .dither))
        var rimPixels = 0, chosen = 0
        for frame in frames {
            let prepared = AlphaFlattener.prepare(frame, alpha: .dither)
            rimPixels += prepared.rim.reduce(0) { $0 + $1.nonzeroBitCount }
            let pixelsA = flattenerA.flatten(prepared), pixelsB = flattenerB.flatten(prepared)
            var withBits = refinerA.target(for: pixelsA, screen: diffA.canvas,
                                           cleared: diffA.regionCleared { pixelsA[$0 * 4 + 3] == 0 })
            withBits.nearOpaque = prepared.rim
            let scanned = refinerB.target(for: pixelsB, screen: diffB.canvas,
                                          cleared: diffB.regionCleared { pixelsB[$0 * 4 + 3] == 0 })
            if withBits.tolerance > 0 { chosen += 1 }   // else a lossless table: no choice to make
            let (a, b) = (diffA.add(withBits, delay: 3), diffB.add(scanned, delay: 3))
            #expect(a?.indices == b?.indices && a?.rect == b?.rect)
            #expect(diffA.canvas == diffB.canvas)
        }
        #expect(diffA.finish()?.indices == diffB.finish()?.indices)
        #expect(chosen * 2 >= frames.count)
        if sequence == "gameart2d-dino-jump" { #expect(rimPixels > 0) }
    }
}
