import Animated
import APNG
import Basics
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// `allFrames()` after `nextFrame()` returned only the frames left and, once every frame had been
/// read, threw `.noFrames` ("c.gif: the GIF holds no frame that can be read"), false for GIF, APNG
/// and WebP alike (found by a fresh-eyes server developer). Its contract is now the frames not yet
/// read: all on a fresh decoder, the rest after some `nextFrame()` calls, `[]` at the end — the
/// protocol's one implementation, so the three formats agree.
@Suite("AnimationDecoder.allFrames(): the frames not yet read")
struct AllFramesContractTests {
    @Test(arguments: AnimationDecodeError.Format.allCases)
    func allFramesGivesTheFramesNotYetRead(format: AnimationDecodeError.Format) throws {
        let bytes = try AnimationDecoderTests.coin(format)
        let type = try #require(AnimationDecoderTests.decoders.first { $0.0 == format }?.1)
        let every = try type.init(bytes: bytes, file: "c", limits: .default).allFrames()
        #expect(every.count == 4)
        // One read first: the other three come back, in order.
        let decoder = try type.init(bytes: bytes, file: "c", limits: .default)
        let first = try #require(try decoder.nextFrame())
        #expect([first] + (try decoder.allFrames()) == every)
        // Every frame read: none left, and no false "holds no frame".
        #expect(try decoder.allFrames() == [])
        #expect(try decoder.nextFrame() == nil)
        // Read to the end one by one, then asked for all: the same.
        let streamed = try type.init(bytes: bytes, file: "c", limits: .default)
        while try streamed.nextFrame() != nil {}
        #expect(try streamed.allFrames() == [])
    }

    /// A file of no frame is still refused: its decoder says so when opened or on its first frame.
    @Test func aGIFOfNoFrameIsStillRefused() throws {
        // Header, a 1×1 screen without a colour table, and the trailer: no image.
        let bytes: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        #expect(throws: AnimationDecodeError.noFrames(file: "none.gif", format: .gif)) {
            _ = try GIF.Decoder(bytes: bytes, file: "none.gif").allFrames()
        }
    }
}
