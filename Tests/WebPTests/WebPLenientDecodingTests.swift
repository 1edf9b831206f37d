import Basics
import Raster
import Testing
import TestSupport
@testable import WebP

/// A WebP cut short is read as a GIF cut short is: its whole frames, with one warning naming the
/// file. (libwebp refuses the whole file; it was refused.)
@Suite("WebP read leniently")
struct WebPLenientDecodingTests {
    /// The coin's 4 real frames as an animated WebP, its `ANMF` chunks, and its frames decoded whole.
    static func coin() throws -> (bytes: [UInt8], frames: [(offset: Int, size: Int)], decoded: [AnimationFrame]) {
        let bytes = try WebPEncoderTests.encode(try fixtureFrames("kenney-gold-coin"), durations: [0.1, 0.2, 0.1, 0.3]).bytes
        var frames: [(Int, Int)] = [], offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<(offset + 4)].elementsEqual("ANMF".utf8) { frames.append((offset, size)) }
            offset += 8 + size + (size & 1)
        }
        return (bytes, frames, try WebP.Decoder(bytes: bytes, file: "coin.webp").allFrames())
    }

    /// Cut inside frame `kept + 1`'s chunk (its header or its data): the frames before are kept,
    /// exactly as decoded from the whole file, with their durations, and one warning.
    @Test(arguments: [1, 2, 3], [4, 100])
    func aFileCutShortKeepsItsWholeFrames(kept: Int, into: Int) throws {
        let (bytes, frames, whole) = try Self.coin()
        #expect(frames.count == 4 && whole.count == 4)
        #expect(whole.map(\.duration) == [0.1, 0.2, 0.1, 0.3])
        let end = frames[kept].offset + min(into, frames[kept].size)
        let decoder = try WebP.Decoder(bytes: Array(bytes.prefix(end)), file: "cut.webp")
        #expect(decoder.info.frameCount == kept)
        #expect(try decoder.allFrames() == Array(whole.prefix(kept)))
        #expect(decoder.warnings.count == 1, "\(decoder.warnings)")
        #expect(decoder.warnings.first?.hasPrefix("cut.webp is cut short (it ends ") == true, "\(decoder.warnings)")
        let read = kept == 1 ? "the 1 whole frame before the cut was read and is kept" : "the \(kept) whole frames before the cut were read and are kept"
        #expect(decoder.warnings.first?.hasSuffix("): \(read); to get the rest, export or copy the file again") == true, "\(decoder.warnings)")
    }

    /// Cut before the first frame is whole: nothing to keep, a typed error naming the file.
    @Test(arguments: [8, 20, 60])
    func aFileCutBeforeItsFirstFrameIsRefused(keep: Int) throws {
        let (bytes, frames, _) = try Self.coin()
        let end = keep == 60 ? frames[0].offset + frames[0].size / 2 : keep
        #expect { try WebP.Decoder(bytes: Array(bytes.prefix(end)), file: "cut.webp").allFrames() } throws: { error in
            (error as? AnimationDecodeError)?.file == "cut.webp"
        }
    }

    /// A whole file says nothing.
    @Test func aWholeFileHasNoWarning() throws {
        let (bytes, _, _) = try Self.coin()
        let decoder = try WebP.Decoder(bytes: bytes, file: "coin.webp")
        _ = try decoder.allFrames()
        #expect(decoder.warnings.isEmpty)
    }
}
