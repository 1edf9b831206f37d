import Basics
import Foundation

/// Resizes bitmaps with a separable filter, pixel-centre aligned: output pixel `x` samples the
/// source at `(x + ½) · (source ÷ output) − ½`. When shrinking, the filter is widened by the scale
/// factor, so every source pixel contributes (no aliasing). The filter runs on premultiplied `Float`
/// values (a nearly transparent pixel cannot bleed its colour into opaque neighbours) and rounds
/// back to straight RGBA8 once. Nearest neighbour copies pixels as they are, and resizing to the
/// same size returns the bitmap untouched.
///
/// Memory and time follow the work: the weights of the horizontal pass are one flat buffer, those
/// of the vertical pass are computed row by row, and each output row is rounded into the result as
/// soon as it is filtered (no float copy of the output).
public struct Resampler: Sendable {
    /// The reconstruction filter (its raw value is the CLI's `--filter` name).
    public enum Filter: String, Sendable, CaseIterable {
        /// Nearest neighbour: copies source pixels as they are (pixel art, exact integer scales).
        case nearest
        /// Triangle, support 1.
        case bilinear
        /// Catmull-Rom cubic (a = −0.5), support 2.
        case bicubic
        /// Windowed sinc, support 3.
        case lanczos3 = "lanczos"
    }

    /// The filter every resize uses.
    public var filter: Filter

    /// A resampler with `filter`; Lanczos-3 by default.
    public init(filter: Filter = .lanczos3) {
        self.filter = filter
    }

    /// `bitmap` resized to `width × height` pixels; the scale is kept. A side of 0 gives an empty
    /// bitmap.
    /// - Parameters:
    ///   - bitmap: The image to resize.
    ///   - width: The output's width in pixels.
    ///   - height: The output's height in pixels.
    ///   - limits: The output, and the intermediate image of the output's width and the input's
    ///     height, must each be within `ResourceLimits.maxPixels`; the output also within
    ///     `ResourceLimits.maxOutputPixels`.
    /// - Throws: `LimitError` for `LimitError.Limit.pixels` when a side is negative or a size
    ///   is over `limits.maxPixels`, or `LimitError.Limit.outputPixels` when the output is over
    ///   `limits.maxOutputPixels`, before anything is allocated.
    public func resize(_ bitmap: Bitmap, width: Int, height: Int, limits: ResourceLimits = .default) throws(LimitError) -> Bitmap {
        try limits.checkPixels(width: width, height: height, of: "Resampler output")
        try limits.checkOutput(1, "image", width: width, height: height, of: "Resampler output")
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
            return Bitmap(clearWidth: width, height: height, scale: bitmap.scale)
        }
        try limits.checkPixels(width: width, height: bitmap.height, of: "Resampler intermediate image")
        if width == bitmap.width && height == bitmap.height { return bitmap }
        if filter == .nearest { return nearest(bitmap, width: width, height: height) }
        let sourceWidth = bitmap.width
        let horizontal = bitmap.pixels.withUnsafeBufferPointer { pixels in
            let pixels = UnsafeSendable(pixels)
            // Each source row premultiplied once into the scratch row, then filtered.
            return resampleRows(width: sourceWidth, height: bitmap.height, to: width) { y, scratch in
                PremultipliedFloat.premultiply(pixels.buffer.baseAddress! + y * sourceWidth * 4, pixels: sourceWidth,
                                               unit: 255, into: scratch)
                return UnsafePointer(scratch)
            }
        }
        return resizeColumns(horizontal, to: height, scale: bitmap.scale)
    }

    /// Nearest neighbour moves pixels: each output pixel is a byte copy of its source pixel.
    private func nearest(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        let columns = Axis(filter: .nearest, from: bitmap.width, to: width)
        let rows = Axis(filter: .nearest, from: bitmap.height, to: height)
        let sourceWidth = bitmap.width
        var out = Bitmap(clearWidth: width, height: height, scale: bitmap.scale)
        bitmap.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutablePixels { target in
                let source = UnsafeSendable(source), target = UnsafeMutableSendable(target)
                ParallelLoop.run(height) { y in
                    let from = source.buffer.baseAddress! + rows.nearest(y) * sourceWidth * 4
                    let to = target.buffer.baseAddress! + y * width * 4
                    for x in 0..<width {
                        let column = columns.nearest(x) * 4
                        for channel in 0..<4 { to[x * 4 + channel] = from[column + channel] }
                    }
                }
            }
        }
        return out
    }

    /// `image` (premultiplied floats) resized to `width × height`, without rounding.
    func resize(_ image: FloatImage, width: Int, height: Int) -> FloatImage {
        if width == image.width && height == image.height { return image }
        let sourceWidth = image.width
        let horizontal = image.values.withUnsafeBufferPointer { values in
            let values = UnsafeSendable(values)
            return resampleRows(width: sourceWidth, height: image.height, to: width) { y, _ in
                values.buffer.baseAddress! + y * sourceWidth * 4
            }
        }
        let vertical = Axis(filter: filter, from: horizontal.height, to: height)
        return horizontal.combiningRows(count: height) { y in
            vertical.withTaps(at: y) { first, weights in weights.enumerated().map { (first + $0, $1) } }
        }
    }

    /// The vertical pass of `image` to `height` rows, each output row summed in a scratch row and
    /// rounded into the result at once, its weights computed when it is made.
    private func resizeColumns(_ image: FloatImage, to height: Int, scale: Int) -> Bitmap {
        let width = image.width, stride = width * 4
        var out = Bitmap(clearWidth: width, height: height, scale: scale)
        let vertical = Axis(filter: filter, from: image.height, to: height)
        image.values.withUnsafeBufferPointer { source in
            out.withUnsafeMutablePixels { target in
                let source = UnsafeSendable(source), target = UnsafeMutableSendable(target)
                ParallelLoop.run(height) { y in
                    withUnsafeTemporaryAllocation(of: Float.self, capacity: stride) { row in
                        let row = row.baseAddress!
                        row.initialize(repeating: 0, count: stride)
                        vertical.withTaps(at: y) { first, weights in
                            for (tap, weight) in weights.enumerated() {
                                let input = source.buffer.baseAddress! + (first + tap) * stride
                                for i in 0..<stride { row[i] += input[i] * weight }
                            }
                        }
                        PremultipliedFloat.round(row, unit: 255, into: target.buffer.baseAddress! + y * stride, pixels: 0..<width)
                    }
                }
            }
        }
        return out
    }

    /// The horizontal pass: `row(y, scratch)` gives source row `y` as premultiplied floats (its
    /// own storage, or `scratch` — room for one row — filled from 8-bit samples, so a large
    /// source never needs a full-size float copy). The weights are computed once, flat.
    private func resampleRows(
        width sourceWidth: Int, height: Int, to length: Int,
        row: @Sendable (Int, UnsafeMutablePointer<Float>) -> UnsafePointer<Float>
    ) -> FloatImage {
        let weights = Weights(Axis(filter: filter, from: sourceWidth, to: length), count: length)
        var out = [Float](repeating: 0, count: length * height * 4)
        weights.values.withUnsafeBufferPointer { values in
            out.withUnsafeMutableBufferPointer { target in
                let values = UnsafeSendable(values), target = UnsafeMutableSendable(target)
                ParallelLoop.run(height) { y in
                    withUnsafeTemporaryAllocation(of: Float.self, capacity: sourceWidth * 4) { scratch in
                        let source = row(y, scratch.baseAddress!)
                        let output = target.buffer.baseAddress! + y * length * 4
                        for position in 0..<length {
                            let start = weights.offsets[position]
                            let taps = UnsafeBufferPointer(rebasing: values.buffer[start..<weights.offsets[position + 1]])
                            FloatImage.weightedSum(source, from: weights.firsts[position], taps, into: output, at: position)
                        }
                    }
                }
            }
        }
        return FloatImage(width: length, height: height, values: out)
    }
}
