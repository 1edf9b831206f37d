import Basics
import Raster
import Testing
import TestSupport
@testable import WebP

/// The `VP8X` header says alpha whenever a frame carries it: libwebp gives the changed rectangle of
/// opaque frames an alpha channel of its own, and a header that said "no alpha" made webpinfo
/// report "Unexpected alpha data" and webpmux refuse the file (fourth fresh-eyes round).
@Suite struct WebPAlphaFlagTests {
    /// A real pixel-art sequence on an opaque white page: every frame opaque, small changes.
    static func framesOnWhite() throws -> [Bitmap] {
        let folder = Fixtures.path("sequences/ansimuz-fire-bomb-pixel")
        return try Fixtures.pngNames(in: "sequences/ansimuz-fire-bomb-pixel").map { name -> Bitmap in
            let sprite = try PNG.Decoder().decodeBitmap(file: folder + "/" + name)
            var pixels = sprite.pixels
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = Int(pixels[i + 3])
                for c in 0..<3 { pixels[i + c] = UInt8((Int(pixels[i + c]) * alpha + 255 * (255 - alpha) + 127) / 255) }
                pixels[i + 3] = 255
            }
            return try #require(Bitmap(width: sprite.width, height: sprite.height, straight: pixels))
        }
    }

    @Test func theHeaderSaysAlphaWhenAFrameCarriesIt() throws {
        let frames = try Self.framesOnWhite()
        #expect(frames.count == 14 && frames.allSatisfy(\.isOpaque))
        let bytes = try WebPEncoderTests.encode(frames).bytes
        let chunks = Array(bytes[WebPContainer.headerSize...])
        let headerSaysAlpha = bytes[20] & 0x10 != 0
        #expect(headerSaysAlpha == WebPContainer.usesAlpha(chunks))
        // The frames still decode to the opaque originals.
        let decoded = try WebPEncoderTests.decode(bytes).frames
        for (frame, original) in zip(decoded, frames) { #expect(frame.0.pixels == original.pixels) }
    }
}
