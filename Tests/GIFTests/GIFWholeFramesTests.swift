import Basics
import GIF
import Raster
import Testing
import TestSupport

/// A GIF whose data ends inside a frame keeps only its whole frames, as APNG and WebP do and the
/// docs say (issue 43: the partial frame was kept "as far as it goes", half of it old pixels).
@Suite("GIF keeps whole frames only")
struct GIFWholeFramesTests {
    static let file = "gif/effects/Effect_ElectricShield.gif"

    /// Where each image descriptor starts (0x2C after a block end, followed by its LZW code size).
    static func descriptors(_ bytes: [UInt8]) -> [Int] {
        bytes.indices.dropFirst(13).filter { index in
            bytes[index] == 0x2C && index + 11 < bytes.count && bytes[index - 1] == 0 && (2...8).contains(bytes[index + 10])
        }
    }

    /// Cut 20 bytes before frame `frame`'s data ends (its first sub-blocks whole, so giflib
    /// decodes some of its rows): the frames before it, exactly as in the whole file, and one
    /// warning saying how many were kept.
    @Test(arguments: [2, 3])
    func aFrameCutInsideItsRowsIsLeftOut(frame: Int) throws {
        let bytes = try FileIO.readAll(Fixtures.path(Self.file))
        let whole = try GIF.Decoder(bytes: bytes, file: "whole.gif").allGIFFrames()
        let starts = Self.descriptors(bytes)
        #expect(whole.count > frame && starts.count >= whole.count)
        let cut = Array(bytes.prefix(starts[frame] - 20))
        let decoder = try GIF.Decoder(bytes: cut, file: "cut.gif")
        let frames = try decoder.allGIFFrames()
        #expect(frames.map(\.image) == whole.prefix(frame - 1).map(\.image))
        let kept = frame - 1 == 1 ? "the 1 whole frame before the cut was read and is kept" : "the \(frame - 1) whole frames before the cut were read and are kept"
        #expect(decoder.warnings.count == 1, "\(decoder.warnings)")
        #expect(decoder.warnings.first?.hasPrefix("cut.gif is cut short (it ends after ") == true, "\(decoder.warnings)")
        #expect(decoder.warnings.first?.contains("of frame \(frame)'s ") == true, "\(decoder.warnings)")
        #expect(decoder.warnings.first?.contains("): \(kept);") == true, "\(decoder.warnings)")
    }

    /// A first frame that is not whole leaves nothing to show: refused, naming the file.
    @Test func aFirstFrameCutInsideItsRowsIsRefused() throws {
        let bytes = try FileIO.readAll(Fixtures.path(Self.file))
        let starts = Self.descriptors(bytes)
        let cut = Array(bytes.prefix(starts[1] - 20))
        #expect { _ = try GIF.Decoder(bytes: cut, file: "cut.gif").allGIFFrames() } throws: { error in
            guard case AnimationDecodeError.corrupt("cut.gif", .gif, let reason) = error else { return false }
            return reason.hasPrefix("it ends after ") && reason.contains("of frame 1's") && reason.hasSuffix("the first frame is not whole")
        }
    }
}
