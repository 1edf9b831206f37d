import Basics
import Raster
import Testing
@testable import APNG

/// A frame of more than `APNGEncoding.judgedBytes` filtered rows has its filtering and placement
/// chosen on bands of its rows (judging 2048² frames whole took three quarters of their encoding);
/// frames of every shape past that size — one-row bands, bands of thousands of rows, packed
/// 2-bit rows, just too few rows to band — still come back exactly.
@Suite struct APNGLargeFrameJudgingTests {
    /// Two frames of `width`×`height`: noise in the top half over flat grey, the second shifted
    /// so that every row changes. `twoColours` draws black and white only (a packed grey file).
    static func frames(width: Int, height: Int, twoColours: Bool = false) -> [Bitmap] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let first = (0..<(width * height)).flatMap { index -> [UInt8] in
            let noisy = index / width < height / 2
            if twoColours { let v: UInt8 = noisy && next() > 127 ? 255 : 0; return [v, v, v, 255] }
            return noisy ? [next(), next(), next(), next() | 1] : [128, 128, 128, 255]
        }
        let shifted = Array(first[4...] + first[..<4])
        return [first, shifted].map { Bitmap(width: width, height: height, straight: $0)! }
    }

    @Test(arguments: [
        (29_128, 9),      // rows of 116 513 bytes: eight bands of one row each
        (1, 220_000),     // rows of 5 bytes: bands of 26 214 rows
        (300, 1_000),     // the common case: bands of 109 rows
        (40_000, 8),      // 1.28 MB in eight rows: too few to band, judged whole
    ])
    func aLargeFrameComesBackExactly(width: Int, height: Int) throws {
        #expect(height * (width * 4 + 1) > APNGEncoding.judgedBytes)
        let frames = Self.frames(width: width, height: height)
        let (bytes, _) = try encode(frames, APNG.Encoder(effort: .standard))
        let decoded = try decodeAll(bytes, file: "large.png").frames
        #expect(decoded.map(\.bitmap.pixels) == frames.map(\.pixels))
    }

    @Test func aLargePackedFrameComesBackExactly() throws {
        // Black, white and the transparent entry the shifted frame may be placed with: 2 bits,
        // rows of 1051 bytes, bands of 124 rows.
        let frames = Self.frames(width: 4_200, height: 1_000, twoColours: true)
        let (bytes, report) = try encode(frames, APNG.Encoder(effort: .standard))
        #expect(report.colorType == "grey, 2-bit")
        let decoded = try decodeAll(bytes, file: "large.png").frames
        #expect(decoded.map(\.bitmap.pixels) == frames.map(\.pixels))
    }

    @Test func largeFramesGiveTheSameBytesOnOneThreadOrAll() throws {
        let frames = Self.frames(width: 600, height: 600)
        let all = try encode(frames, APNG.Encoder()).bytes
        let one = try ThreadBudget.withLimit(1) { try encode(frames, APNG.Encoder()).bytes }
        #expect(all == one)
    }
}
