import Basics
import Raster
import Testing
import TestSupport
@testable import WebP

/// The `VP8X` header says alpha whenever a frame carries it: libwebp gives the changed rectangle of
/// opaque frames an alpha channel of its own, and a header that said "no alpha" made webpinfo
/// report "Unexpected alpha data" and webpmux refuse the file (fourth fresh-eyes round).
@Suite struct WebPAlphaFlagTests {
    @Test func theHeaderSaysAlphaWhenAFrameCarriesIt() throws {
        let frames = try fixtureFramesOnWhite("ansimuz-fire-bomb-pixel")  // a real pixel-art sequence, opaque
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
