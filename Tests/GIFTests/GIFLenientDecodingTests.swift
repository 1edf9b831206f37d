import Foundation
import GIF
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
        #expect(names == ["issue_2811.gif", "no_palette.gif", "no_palette_after_rgb.gif", "test_extents_transparency.gif"])
        #expect(names.count == 4)
    }

    /// (file, Pillow's first pixel of each frame as RGBA, the warning)
    @Test(arguments: [
        ("no_palette.gif", [[0, 0, 0, 255], [0, 0, 0, 255]], "no colour table"),
        ("no_palette_after_rgb.gif", [[1, 1, 1, 255], [0, 0, 0, 255], [0, 0, 0, 255]], "no colour table"),
        // A second GIF appended after the first frame: browsers stop there (Pillow reads on).
        ("test_extents_transparency.gif", [[255, 0, 0, 255]], "stopped after frame 1"),
    ] as [(String, [[Int]], String)])
    func readsWhatBrowsersShow(file: String, pixels: [[Int]], warning: String) throws {
        let decoder = try GIF.Decoder(file: Fixtures.path("\(Self.folder)/\(file)"))
        let frames = try decoder.allFrames()
        #expect(frames.map { Array($0.image.pixels.prefix(4)).map(Int.init) } == pixels)
        #expect(decoder.warnings.count == 1 && decoder.warnings[0].contains(warning), "\(decoder.warnings)")
    }

    /// giflib refuses an LZW code size over 8: the message says so, not "truncated".
    @Test func anOversizedCodeSizeIsNamed() {
        #expect {
            _ = try GIF.Decoder(file: Fixtures.path("\(Self.folder)/issue_2811.gif")).allFrames()
        } throws: { error in
            "\(error)".contains("LZW code size is 11") && !"\(error)".contains("truncated")
        }
    }
}
