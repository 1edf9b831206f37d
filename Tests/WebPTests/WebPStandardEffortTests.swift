import Basics
import Raster
import Testing
import TestSupport
@testable import WebP

/// The default effort writes, frame for frame, what `img2webp -lossless -m 6` writes, with each
/// frame's rectangle compressed on a core of its own (issue 48: it ran two libwebp encoders, one
/// with `minimize_size`, at 3–4× img2webp's CPU time).
@Suite("WebP standard effort")
struct WebPStandardEffortTests {
    /// Files `img2webp -loop 0 -lossless -m 6` (libwebp 1.2.4) wrote from the fixture sequences at
    /// 50 ms a frame (`Tests/Fixtures/webp-img2webp/ORIGIN.md`).
    static let img2webpFiles = ["ansimuz-fire-bomb-pixel", "emt-watch-spinner-2x"]

    @Test(arguments: img2webpFiles)
    func theDefaultWritesImg2webpsFile(_ sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        let reference = try Fixtures.bytes("webp-img2webp/\(sequence).webp")
        let (bytes, report) = try WebP.Encoder().encode(FrameInput(durations: Array(repeating: 0.05, count: frames.count)) { frames[$0] })
        #expect(bytes.count == reference.count)
        #expect(bytes == reference)
        #expect(report.bytes == bytes.count)
        let decoded = try WebPEncoderTests.decode(bytes).frames
        #expect(decoded.count == report.framesWritten)
    }

    /// Frames laid out by the default effort decode exactly, with a frame that lasts longer than
    /// 24 bits of milliseconds (split by 1×1 transparent frames) and identical frames in a row.
    @Test func theDefaultIsExactOverLongFramesAndRepeats() throws {
        let coin = try fixtureFrames("kenney-gold-coin")
        let frames = [coin[0], coin[1], coin[1], coin[1], coin[2], coin[3], coin[0]]
        let durations = [0.1, 10_000, 10_000, 40_000, 0.2, 0.05, 0.07]
        let (bytes, report) = try WebP.Encoder().encode(FrameInput(durations: durations) { frames[$0] })
        let anmf = WebPLongFrameTests.frameDurations(bytes)
        #expect(anmf.reduce(0, +) == 60_000_420)
        #expect(anmf.allSatisfy { $0 <= 0xFF_FFFF })
        #expect(Int((report.duration * 1000).rounded()) == 60_000_420)
        let decoded = try WebPEncoderTests.decode(bytes).frames
        #expect(decoded.count == anmf.count)
        // Shown in order: coin 0, coin 1 (in pieces), coin 2, coin 3, coin 0.
        var expected: [Int] = [0]
        expected += Array(repeating: 1, count: decoded.count - 4)
        expected += [2, 3, 0]
        for (index, ((bitmap, _), source)) in zip(decoded, expected).enumerated() {
            #expect(shows(bitmap, coin[source]), "frame \(index)")
        }
    }
}
