import Basics
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
    func loader(frames: [Int], input: FrameInput, width: Int, height: Int) -> @Sendable (Int) throws -> AlphaFlattener.Prepared {
        let (alpha, edgeMatte, scale) = (self.alpha, self.edgeMatte, self.scale)
        return { index in
            let bitmap = try input.load(frames[index])
            guard bitmap.width == width, bitmap.height == height else {
                func named(_ frame: Int) -> String {
                    input.names.flatMap { frame < $0.count ? " (\($0[frame]))" : nil } ?? ""
                }
                throw GIF.EncodeError.invalidInput("frame \(frames[index] + 1)\(named(frames[index])) is \(bitmap.width)×\(bitmap.height); "
                    + "the first frame\(named(frames[0])) is \(width)×\(height)")
            }
            return AlphaFlattener.prepare(bitmap, alpha: alpha, edgeMatte: edgeMatte, scale: scale)
        }
    }
}
