import Animated
import APNG
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// A Swift developer holding an upload's bytes had no public way to pick the decoder: the
/// chooser (`FileSignature`) was internal, and each caller switched on the name. The bytes choose.
@Suite("Animation.decoder picks GIF, APNG or WebP by the bytes")
struct DecoderByBytesTests {
    /// The coin in each format, under each format's name and a wrong one: the bytes decide.
    @Test(arguments: AnimationDecodeError.Format.allCases, ["coin.gif", "coin.webp", "coin.png", "coin"])
    func theBytesChooseTheDecoder(format: AnimationDecodeError.Format, name: String) throws {
        let bytes = try AnimationDecoderTests.coin(format)
        let decoder = try Animation.decoder(bytes: bytes, file: name)
        #expect(type(of: decoder).format == format)
        var durations: [Double] = []
        while let frame = try decoder.nextFrame() { durations.append(frame.duration) }
        #expect(durations == AnimationDecoderTests.durations && decoder.info.frameCount == 4 && decoder.file == name)
    }

    /// A still PNG is one frame (as `APNG.Decoder` reads it); a file and a file URL open alike.
    @Test func aStillPNGIsOneFrameFromAPathOrURL() throws {
        let path = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
        for decoder in [try Animation.decoder(file: path), try Animation.decoder(url: URL(fileURLWithPath: path))] {
            #expect(type(of: decoder).format == .apng && decoder.info.frameCount == 1 && decoder.file == path)
            #expect(try decoder.allFrames().count == 1)
        }
        #expect(throws: AnimationDecodeError.self) { _ = try Animation.decoder(file: path + ".missing") }
    }

    /// Bytes of none of the three are refused in the words of the format the name promises, naming what they are.
    @Test(arguments: [
        ("x.gif", [0xFF, 0xD8, 0xFF, 0xE0], "x.gif: not a GIF file: it is a JPEG"),
        ("x.webp", Array("%PDF-1.7".utf8), "x.webp: not a WebP file: it is a PDF"),
        ("x.bin", [], "x.bin: not a PNG file: it is empty"),
        ("x.png", Array("hello".utf8), "x.png: not a PNG file (the PNG signature is missing)"),
    ] as [(String, [UInt8], String)])
    func otherBytesAreNamed(name: String, bytes: [UInt8], said: String) {
        let error = #expect(throws: AnimationDecodeError.self) { _ = try Animation.decoder(bytes: bytes, file: name) }
        #expect(error?.description.hasPrefix(said) == true, "\(String(describing: error))")
    }
}
