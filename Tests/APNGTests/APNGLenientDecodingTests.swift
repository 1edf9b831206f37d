import Basics
import Raster
import Testing
import TestSupport
@testable import APNG

/// An APNG cut short or promising more frames than it holds is read as a GIF cut short is: the
/// whole frames, with one warning naming the file. (It was refused, or read without a word.)
@Suite("APNG read leniently")
struct APNGLenientDecodingTests {
    /// The coin's 4 real frames as an APNG, its chunks, and its frames decoded whole.
    static func coin() throws -> (bytes: [UInt8], chunks: [(offset: Int, type: String, length: Int)], frames: [AnimationFrame]) {
        let bytes = try APNGDecoderTests.coin()
        let frames = try APNG.Decoder(bytes: bytes, file: "coin.png").allFrames()
        return (bytes, APNGDecoderTests.chunks(bytes), frames)
    }

    /// Cut inside the `fcTL` of frame `kept + 1`, or inside its image data: the frames before are
    /// kept, exactly as decoded from the whole file, and one warning says where the file ends.
    @Test(arguments: [1, 2, 3], [true, false])
    func aFileCutShortKeepsItsWholeFrames(kept: Int, insideData: Bool) throws {
        let (bytes, chunks, whole) = try Self.coin()
        #expect(whole.count == 4)
        let control = chunks.filter { $0.type == "fcTL" }[kept]
        let data = try #require(chunks.first { $0.offset > control.offset && ($0.type == "fdAT" || $0.type == "IDAT") })
        let end = insideData ? data.offset + 8 + data.length / 2 : control.offset + 20
        let decoder = try APNG.Decoder(bytes: Array(bytes.prefix(end)), file: "cut.png")
        let frames = try decoder.allFrames()
        #expect(frames == Array(whole.prefix(kept)))
        #expect(decoder.warnings.count == 1, "\(decoder.warnings)")
        #expect(decoder.warnings.first?.hasPrefix("cut.png is cut short (") == true, "\(decoder.warnings)")
        #expect(decoder.warnings.first?.hasSuffix("): \(kept) of its 4 frames \(kept == 1 ? "was" : "were") read and \(kept == 1 ? "is" : "are") kept; "
                                                  + "to get the rest, export or copy the file again") == true, "\(decoder.warnings)")
    }

    /// Every frame whole but no `IEND`: all frames, and a warning that the file ends early.
    @Test func aFileWithoutIENDKeepsEveryFrame() throws {
        let (bytes, chunks, whole) = try Self.coin()
        let iend = try #require(chunks.last { $0.type == "IEND" })
        let decoder = try APNG.Decoder(bytes: Array(bytes.prefix(iend.offset)), file: "cut.png")
        #expect(try decoder.allFrames() == whole)
        #expect(decoder.warnings == ["cut.png is cut short (the file ends after byte \(iend.offset) without its IEND chunk), "
                                     + "but all 4 frames it declares were read"])
    }

    /// Cut before the first frame's data is whole: no frame to keep, a typed error naming the file.
    @Test(arguments: [9, 33, 60])
    func aFileCutBeforeItsFirstFrameIsRefused(keep: Int) throws {
        let (bytes, chunks, _) = try Self.coin()
        let firstData = try #require(chunks.first { $0.type == "IDAT" })
        let end = keep == 60 ? firstData.offset + 8 + firstData.length / 2 : keep
        #expect { try APNG.Decoder(bytes: Array(bytes.prefix(end)), file: "cut.png").allFrames() } throws: { error in
            (error as? AnimationDecodeError)?.file == "cut.png"
        }
    }

    /// `acTL` promising 6 frames where the file holds 4: the 4 are read, and a warning says so.
    @Test func anACTLPromisingMoreFramesIsReadWithAWarning() throws {
        let (bytes, chunks, whole) = try Self.coin()
        let actl = try #require(chunks.first { $0.type == "acTL" })
        let edited = APNGDecoderTests.replacing(bytes, chunkAt: actl.offset) { data in data[3] = 6 }
        let decoder = try APNG.Decoder(bytes: edited, file: "coin.png")
        #expect(try decoder.allFrames() == whole)
        #expect(decoder.warnings == ["coin.png: acTL promises 6 frames but the file holds 4; read as the frames it holds"])
    }

    /// One byte damaged inside frame `kept + 1`'s data (the fresh-eyes review flipped one in the
    /// last `fdAT`): the whole frames before it are kept, exactly, with one warning, as WebP keeps
    /// them (the whole file was refused as corrupt).
    @Test(arguments: [1, 2, 3])
    func aDamagedLaterFrameKeepsTheWholeFramesBefore(kept: Int) throws {
        let (bytes, chunks, whole) = try Self.coin()
        let control = chunks.filter { $0.type == "fcTL" }[kept]
        let data = try #require(chunks.first { $0.offset > control.offset && $0.type == "fdAT" })
        var damaged = bytes
        damaged[data.offset + 8 + 10] ^= 0xFF
        let decoder = try APNG.Decoder(bytes: damaged, file: "damaged.png")
        #expect(try decoder.allFrames() == Array(whole.prefix(kept)))
        // The one wording of damage every decoder shares (Raster's CutShortWarning): at which byte, not "cut short".
        #expect(decoder.warnings == ["damaged.png is damaged at byte \(data.offset) (chunk fdAT fails its CRC check): "
                                     + "\(kept) of its 4 frames \(kept == 1 ? "was" : "were") read and \(kept == 1 ? "is" : "are") kept; "
                                     + "the rest cannot be read from this file: get it again from where it was made"])
    }

    /// A whole file says nothing.
    @Test func aWholeFileHasNoWarning() throws {
        let (bytes, _, _) = try Self.coin()
        let decoder = try APNG.Decoder(bytes: bytes, file: "coin.png")
        _ = try decoder.allFrames()
        #expect(decoder.warnings.isEmpty)
    }
}
