import Basics
import Raster
@testable import APNG

/// What an APNG's chunks say, read back from its bytes for tests: the header, `PLTE` and `tRNS`,
/// and each frame's `fcTL` with its own image (the frame's region, decoded as the still PNG it is:
/// what a decoder draws before blending).
struct APNGFileFacts {
    struct Frame {
        var rect: PixelRect
        var dispose: UInt8
        var blendOver: Bool
        /// The region's pixels as straight RGBA, before blending.
        var image: Bitmap
    }

    var width = 0, height = 0
    var bitDepth = 0, colorType = 0
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        var format: [UInt8] = []
        var controls: [(rect: PixelRect, dispose: UInt8, over: Bool)] = []
        var data: [[UInt8]] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = word(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR":
                (width, height) = (word(offset + 8), word(offset + 12))
                (bitDepth, colorType) = (Int(body[8]), Int(body[9]))
                format = Array(body[8...])
            case "PLTE": palette = body
            case "tRNS": transparency = body
            case "fcTL":
                let at = offset + 8
                controls.append((PixelRect(x: word(at + 12), y: word(at + 16), width: word(at + 4), height: word(at + 8)), body[24], body[25] == 1))
                data.append([])
            case "IDAT": if !data.isEmpty { data[data.count - 1] += body }
            case "fdAT": data[data.count - 1] += body[4...]
            default: break
            }
            offset += length + 12
        }
        for (control, stream) in zip(controls, data) {
            var still: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            PNGWriter.chunk("IHDR", PNGWriter.bigEndian(UInt32(control.rect.width)) + PNGWriter.bigEndian(UInt32(control.rect.height)) + format, into: &still)
            if !palette.isEmpty { PNGWriter.chunk("PLTE", palette, into: &still) }
            if !transparency.isEmpty { PNGWriter.chunk("tRNS", transparency, into: &still) }
            PNGWriter.chunk("IDAT", stream, into: &still)
            PNGWriter.chunk("IEND", [], into: &still)
            let image = try PNG.Decoder(maxPixels: 1 << 26).decodeBitmap(still, file: "frame \(frames.count + 1)")
            frames.append(Frame(rect: control.rect, dispose: control.dispose, blendOver: control.over, image: image))
        }
    }

    /// Whether sample 0 is the transparent colour: what Pillow 13 clears a region to.
    var sampleZeroIsTransparent: Bool {
        switch colorType {
        case 3: transparency.first == 0
        case 0: transparency.count == 2 && transparency.allSatisfy { $0 == 0 }
        case 2: transparency.count == 6 && transparency.allSatisfy { $0 == 0 }
        default: true
        }
    }

    /// The ways this file meets a known bug of ffmpeg 5.1 or Pillow 13 (docs/Formats.md), one
    /// line each: empty when both decode it exactly.
    var decoderHazards: [String] {
        var found: [String] = []
        if bitDepth == 1 && colorType == 0 { found.append("1-bit grey (ffmpeg)") }
        for (index, frame) in frames.enumerated() {
            let number = index + 1
            if bitDepth < 8 && frame.rect.x > 0 { found.append("frame \(number): \(bitDepth)-bit at x = \(frame.rect.x) (ffmpeg)") }
            if frame.dispose == 1 && index + 1 < frames.count && !sampleZeroIsTransparent {
                found.append("frame \(number): disposed to the background, sample 0 not transparent (Pillow)")
            }
            if frame.blendOver && index > 0 {
                if colorType == 0 && !transparency.isEmpty { found.append("frame \(number): grey tRNS drawn over (Pillow)") }
                if frame.image.pixels.enumerated().contains(where: { $0.offset % 4 == 3 && $0.element != 0 && $0.element != 255 }) {
                    found.append("frame \(number): semi-transparent pixels drawn over (Pillow)")
                }
                if frame.dispose == 2 && index + 1 < frames.count { found.append("frame \(number): drawn over, disposed to previous (Pillow)") }
            }
        }
        return found
    }
}
