import Basics
import Foundation
import Raster

extension GIF.Encoder {
    /// The colour each pixel shows (`0xFFRRGGBB`, 0 when transparent).
    static func colors(of indices: [UInt8], pixels: [UInt8], palette: PalettePlanner.Palette) -> [UInt32] {
        var colors = [UInt32](repeating: 0, count: indices.count)
        // 0xFF000000 | RGB per entry, looked up in bands on all cores.
        let table = (0..<palette.rgb.count / 3).map { palette.color(UInt8($0)) }
        indices.withUnsafeBufferPointer { indices in
            pixels.withUnsafeBufferPointer { pixels in
                colors.withUnsafeMutableBufferPointer { colors in
                    let (indices, pixels, out) = (UnsafeSendable(indices), UnsafeSendable(pixels), UnsafeMutableSendable(colors))
                    ParallelLoop.chunks(indices.buffer.count) { range in
                        for pixel in range where pixels.buffer[pixel * 4 + 3] != 0 {
                            out.buffer[pixel] = table[Int(indices.buffer[pixel])]
                        }
                    }
                }
            }
        }
        return colors
    }


    /// A loader of the `index`-th kept frame for the decoding workers: decoded, its size checked
    /// against the first frame's, and flattened as far as it can be without the frame before (``AlphaFlattener/prepare(_:alpha:edgeMatte:)``).
    /// `first`, frame 0 already decoded, is used the first time frame 0 is asked for. For
    /// `standard` and `high` the worker also finds the frame's ``FrameFacts`` (its digest, whether
    /// it draws every pixel), work the encoding thread then skips.
    func loader(frames: [Int], input: FrameInput, width: Int, height: Int, first: Bitmap? = nil) -> @Sendable (Int) throws -> AlphaFlattener.Prepared {
        let (alpha, edgeMatte, scale, facts) = (self.alpha, self.edgeMatte, self.scale, quality != .fast)
        let decoded = DecodedOnce(first)
        return { index in
            let bitmap = try (index == 0 ? decoded.take() : nil) ?? input.load(frames[index])
            guard bitmap.width == width, bitmap.height == height else {
                // Named as the APNG and WebP encoders name it (the file, when the input has names), with the fix.
                throw GIF.EncodeError.invalidInput("\(input.name(of: frames[index])) is \(bitmap.width)×\(bitmap.height), "
                    + "the first frame (\(input.name(of: frames[0]))) \(width)×\(height): all frames must be one size; "
                    + "export them at one size")
            }
            var prepared = AlphaFlattener.prepare(bitmap, alpha: alpha, edgeMatte: edgeMatte, scale: scale)
            if facts { prepared.facts = FrameFacts.of(prepared) }
            return prepared
        }
    }

    /// A frame decoded before the workers start, handed over once (then let go).
    private final class DecodedOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var bitmap: Bitmap?

        init(_ bitmap: Bitmap?) { self.bitmap = bitmap }

        func take() -> Bitmap? {
            lock.lock()
            defer { lock.unlock() }
            defer { bitmap = nil }
            return bitmap
        }
    }
}
