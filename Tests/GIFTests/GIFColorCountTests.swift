import Raster
import Testing
@testable import GIF

/// `colors` counts the colours a frame draws; the transparent entry comes on top. A user's
/// `--colors 2` on a black-and-white image once drew every pixel grey: the cap counted table
/// entries, and the transparent one took the second.
@Suite struct GIFColorCountTests {
    /// Frames with exactly `colors` opaque colours, encoded with that cap, come back exact at every
    /// preset: a checkerboard of black and white (`--colors 2`), four flat colours, and a real
    /// pixel-art bomb of 10 colours over 14 frames on a clear ground (its transparent pixels stay clear).
    @Test(arguments: [GIF.Encoder.Quality.standard, .high, .fast])
    func aSequenceOfAsManyColoursAsTheCapIsExact(quality: GIF.Encoder.Quality) throws {
        let bomb = try GIFSoftAlphaTests.frames("ansimuz-fire-bomb-pixel")
        #expect(bomb.count == 14)
        let cases: [(name: String, frames: [Bitmap], colors: Int)] = [
            ("checkerboard", [Self.tiles([0xFF00_0000, 0xFFFF_FFFF])], 2),
            ("four tiles", [Self.tiles([0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_0000, 0xFF00_00FF])], 4),
            ("bomb", bomb, 10),
        ]
        for (name, frames, colors) in cases {
            #expect(Self.opaqueColors(frames) == colors, "\(name)")
            let encoder = GIF.Encoder(quality: quality, colors: colors)
            let decoded = try GIFSoftAlphaTests.decoded(frames, encoder)
            #expect(decoded.count == frames.count, "\(name)")
            let wrong = zip(frames, decoded).reduce(0) { count, pair in count + Self.differingPixels(pair.0, pair.1) }
            #expect(wrong == 0, "\(name) at \(quality): \(wrong) pixels differ")
        }
    }

    /// The table a capped GIF writes holds the colours and the transparent entry: 2 colours a
    /// table of 4, 15 one of 16, 16 one of 32; the report's `paletteSize` says the same cap.
    @Test(arguments: [(2, 3, 4), (15, 16, 16), (16, 17, 32), (255, 256, 256), (256, 256, 256)])
    func theTableHoldsTheColoursAndTheTransparentEntry(colors: Int, entries: Int, table: Int) throws {
        let many = (0..<300).map { 0xFF00_0000 | UInt32($0 * 7919 % 0x100_0000) }
        let input = FrameInput(durations: [0.1]) { _ in Self.tiles(many, size: 4, across: 20) }
        let report = try GIF.Encoder(quality: .high, colors: colors).encode(input).report
        #expect(report.paletteSize == entries && report.colorsUsed == table)
    }

    /// The byte-budget search over a cap of any size: its ladder, and the entries a table of it
    /// holds, never overflow (`Int.max` colours once would have).
    @Test func hostileCapsDoNotOverflow() {
        #expect(GIF.Encoder(colors: Int.max).tableEntries == 256 && GIF.Encoder(colors: Int.min).tableEntries == Int.min + 1)
        #expect(GIF.Encoder(colors: Int.max).budgetLadder.map(\.colors) == [Int.max, 191, 127, 95, 63, 47, 31, 15, 7, 3, 2])
    }

    /// A square of `colors`' tiles, `size` pixels each, `across` a row.
    static func tiles(_ colors: [UInt32], size: Int = 32, across: Int = 4) -> Bitmap {
        let side = size * across
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let color = colors[(y / size * across + x / size) % colors.count], p = (y * side + x) * 4
                pixels.replaceSubrange(p..<p + 4, with: [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF), 255])
            }
        }
        return Bitmap(width: side, height: side, straight: pixels)!
    }

    /// Distinct colours of the opaque pixels of all `frames` (the fixtures have no soft pixels).
    static func opaqueColors(_ frames: [Bitmap]) -> Int {
        var seen = Set<UInt32>()
        for frame in frames {
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let c = frame[x, y]
                    if c.a == 255 { seen.insert(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)) }
                }
            }
        }
        return seen.count
    }

    /// Pixels where `a` and `b` differ: in colour where either is opaque, in alpha anywhere.
    static func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (a[x, y], b[x, y])
                if p.a != q.a || (p.a != 0 && (p.r, p.g, p.b) != (q.r, q.g, q.b)) { count += 1 }
            }
        }
        return count
    }
}
