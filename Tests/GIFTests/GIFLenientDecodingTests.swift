import Basics
import Foundation
@testable import GIF
import Raster
import Testing
import TestSupport

/// Real GIFs that browsers and Pillow show (Tests/Fixtures/gif/pillow, from Pillow's test images):
/// read where the intent is clear, each with a warning, and matching Pillow's pixels (issue 32).
@Suite("GIF decoding as lenient as browsers")
struct GIFLenientDecodingTests {
    static let folder = "gif/pillow"

    @Test func everyFixtureIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(Self.folder)).filter { $0.hasSuffix(".gif") }.sorted()
        #expect(names == ["issue_2811.gif", "no_palette.gif", "no_palette_after_rgb.gif", "test_extents.gif", "test_extents_transparency.gif"])
        #expect(names.count == 5)
    }

    /// (file, Pillow's first pixel of each frame as RGBA, the warning or `nil` for none)
    @Test(arguments: [
        ("no_palette.gif", [[0, 0, 0, 255], [0, 0, 0, 255]], "no colour table"),
        ("no_palette_after_rgb.gif", [[1, 1, 1, 255], [0, 0, 0, 255], [0, 0, 0, 255]], "no colour table"),
        // A second GIF appended after the first frame: browsers stop there (Pillow reads on).
        ("test_extents_transparency.gif", [[255, 0, 0, 255]], "(after frame 1, bytes that are no GIF block"),
        // A second frame of 150×150 on a 100×100 screen: drawn clipped to the screen, as Firefox does
        // (Pillow grows its canvas; inside the screen its pixels are these).
        ("test_extents.gif", [[255, 0, 0, 255], [255, 0, 0, 255]], nil),
    ] as [(String, [[Int]], String?)])
    func readsWhatBrowsersShow(file: String, pixels: [[Int]], warning: String?) throws {
        let decoder = try GIF.Decoder(file: Fixtures.path("\(Self.folder)/\(file)"))
        let frames = try decoder.allGIFFrames()
        #expect(frames.map { Array($0.image.pixels.prefix(4)).map(Int.init) } == pixels)
        if let warning {
            #expect(decoder.warnings.count == 1 && decoder.warnings[0].contains(warning), "\(decoder.warnings)")
        } else {
            #expect(decoder.warnings.isEmpty, "\(decoder.warnings)")
            // Pillow's frames cropped to the screen, by make_references.py's digest.
            #expect(frames.allSatisfy { Fixtures.digest($0.image.pixels) == "586353b34c171428" })
        }
    }

    /// A frame whose LZW code size is 11 (giflib refuses it at the descriptor) is decoded as
    /// browsers and Pillow decode it: every pixel matches Pillow's, by `make_references.py`'s digest.
    @Test func anOversizedCodeSizeIsDecodedAsPillowDoes() throws {
        let decoder = try GIF.Decoder(file: Fixtures.path("\(Self.folder)/issue_2811.gif"))
        let frames = try decoder.allGIFFrames()
        #expect(frames.count == 1 && frames[0].image.width == 100 && frames[0].image.height == 100)
        #expect(Array(frames[0].image.pixels.prefix(8)) == [56, 56, 56, 255, 48, 48, 48, 255])
        #expect(Fixtures.digest(frames[0].image.pixels) == "23d5572f1a27e390")  // Pillow 12's RGBA
        #expect(decoder.warnings.count == 1 && decoder.warnings[0].contains("LZW code size is 11"), "\(decoder.warnings)")
    }

    /// An empty file says so (it said "Failed to read from given file"), in the words of an empty
    /// PNG or WebP (it said "corrupt GIF: the file is empty").
    @Test func anEmptyFileSaysSo() {
        #expect(throws: AnimationDecodeError.otherFormat(file: "empty.gif", format: .gif, actual: "empty")) {
            _ = try GIF.Decoder(bytes: [], file: "empty.gif")
        }
        let error = #expect(throws: AnimationDecodeError.self) { _ = try GIF.Decoder(bytes: [], file: "empty.gif") }
        #expect(error?.description == "empty.gif: not a GIF file: it is empty (0 bytes)")
    }

    /// A real GIF cut inside its screen descriptor or its 768-byte global colour table said
    /// giflib's "No screen descriptor detected" for both, though the descriptor was there; it now
    /// says where the file ends and what it cut (a file of 13 bytes and more holds the descriptor).
    @Test(arguments: [
        (7, "it ends at byte 7, inside its 13-byte header and screen descriptor"),
        (13, "it ends at byte 13, inside its global colour table (bytes 13…780)"),
        (40, "it ends at byte 40, inside its global colour table (bytes 13…780)"),
        (780, "it ends at byte 780, inside its global colour table (bytes 13…780)"),
        (790, "it ends at byte 790, in the block that starts at byte 781, before its first frame is whole"),
    ])
    func aFileCutInItsHeadSaysWhere(length: Int, expected: String) throws {
        let bytes = Array(try FileIO.readAll(Fixtures.path("gif/effects/Effect_Kabooms_2x.gif")).prefix(length))
        let error = #expect(throws: AnimationDecodeError.self) { _ = try GIF.Decoder(bytes: bytes, file: "cut.gif").allFrames() }
        #expect(error?.description == "cut.gif: corrupt GIF: file is truncated: " + expected)
    }

    /// Each image's size, LZW code size and where its sub-blocks start, by walking the GIF's blocks.
    static func images(in bytes: [UInt8]) -> [(Int, Int, Int, Int)] {
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func table(_ packed: UInt8) -> Int { packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0 }
        var images: [(Int, Int, Int, Int)] = []
        var position = 13 + table(bytes[10])
        while position < bytes.count {
            switch bytes[position] {
            case 0x21:
                position = LZWDecoder.endOfSubBlocks(bytes, from: position + 2)
            case 0x2C:
                let codeAt = position + 10 + table(bytes[position + 9])
                images.append((word(position + 5), word(position + 7), Int(bytes[codeAt]), codeAt + 1))
                position = LZWDecoder.endOfSubBlocks(bytes, from: codeAt + 1)
            default:
                return images
            }
        }
        return images
    }
}
