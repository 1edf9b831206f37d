import Basics
import Foundation

/// Resizes bitmaps with a separable filter, pixel-centre aligned: output pixel `x` samples the
/// source at `(x + ½) · (source ÷ output) − ½`. When shrinking, the filter is widened by the scale
/// factor, so every source pixel contributes (no aliasing). The filter runs on premultiplied `Float`
/// values (a nearly transparent pixel cannot bleed its colour into opaque neighbours) and rounds
/// back to straight RGBA8 once. Nearest neighbour copies pixels as they are, and resizing to the
/// same size returns the bitmap untouched.
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
    ///     height, must each be within `ResourceLimits.maxPixels`.
    /// - Throws: `LimitError` for `LimitError.Limit.pixels` when a side is negative or a size
    ///   is over `limits`, before anything is allocated.
    public func resize(_ bitmap: Bitmap, width: Int, height: Int, limits: ResourceLimits = .default) throws(LimitError) -> Bitmap {
        try limits.checkPixels(width: width, height: height, of: "Resampler output")
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
            return Self.resampleRows(width: sourceWidth, height: bitmap.height, to: width,
                                     weights: contributions(from: sourceWidth, to: width)) { y, scratch in
                PremultipliedFloat.premultiply(pixels.buffer.baseAddress! + y * sourceWidth * 4, pixels: sourceWidth,
                                               unit: 255, into: scratch)
                return UnsafePointer(scratch)
            }
        }
        return resizeColumns(horizontal, to: height).bitmap(scale: bitmap.scale)
    }

    /// Nearest neighbour moves pixels: each output pixel is a byte copy of its source pixel.
    private func nearest(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        let columns = contributions(from: bitmap.width, to: width).map(\.first)
        let rows = contributions(from: bitmap.height, to: height).map(\.first)
        var out = Bitmap(clearWidth: width, height: height, scale: bitmap.scale)
        bitmap.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutablePixels { target in
                for (y, row) in rows.enumerated() {
                    for (x, column) in columns.enumerated() {
                        let from = (row * bitmap.width + column) * 4, to = (y * width + x) * 4
                        for channel in 0..<4 { target[to + channel] = source[from + channel] }
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
            return Self.resampleRows(width: sourceWidth, height: image.height, to: width,
                                     weights: contributions(from: sourceWidth, to: width)) { y, _ in
                values.buffer.baseAddress! + y * sourceWidth * 4
            }
        }
        return resizeColumns(horizontal, to: height)
    }

    private func resizeColumns(_ image: FloatImage, to height: Int) -> FloatImage {
        let vertical = contributions(from: image.height, to: height)
        return image.combiningRows(count: height) { y in
            vertical[y].weights.enumerated().map { (vertical[y].first + $0, $1) }
        }
    }

    /// For each output position, the source positions and normalised weights that make it.
    func contributions(from source: Int, to target: Int) -> [(first: Int, weights: [Float])] {
        let ratio = Double(source) / Double(target)
        if filter == .nearest {
            return (0..<target).map { (min(Int((Double($0) + 0.5) * ratio), source - 1), [1]) }
        }
        let stretch = max(ratio, 1)
        let support = self.support * stretch
        return (0..<target).map { position in
            let centre = (Double(position) + 0.5) * ratio - 0.5
            let first = Int((centre - support).rounded(.up)), last = Int((centre + support).rounded(.down))
            var weights = (first...last).map { kernel((Double($0) - centre) / stretch) }
            let total = weights.reduce(0, +)
            if total != 0 { weights = weights.map { $0 / total } }
            // Taps outside the image fold onto the edge pixel (clamp).
            let low = min(max(first, 0), source - 1), high = min(max(last, 0), source - 1)
            var folded = [Double](repeating: 0, count: high - low + 1)
            for (offset, weight) in weights.enumerated() { folded[min(max(first + offset, 0), source - 1) - low] += weight }
            return (low, folded.map(Float.init))
        }
    }

    private var support: Double {
        switch filter {
        case .nearest: 0.5
        case .bilinear: 1
        case .bicubic: 2
        case .lanczos3: 3
        }
    }

    private func kernel(_ x: Double) -> Double {
        let t = abs(x)
        switch filter {
        case .nearest: return t < 0.5 ? 1 : 0
        case .bilinear: return max(0, 1 - t)
        case .bicubic:
            let a = -0.5
            if t < 1 { return (a + 2) * t * t * t - (a + 3) * t * t + 1 }
            if t < 2 { return a * t * t * t - 5 * a * t * t + 8 * a * t - 4 * a }
            return 0
        case .lanczos3:
            if t == 0 { return 1 }
            if t >= 3 { return 0 }
            let px = Double.pi * t
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }
}

extension Resampler {
    /// The horizontal pass: `row(y, scratch)` gives source row `y` as premultiplied floats (its
    /// own storage, or `scratch` — room for one row — filled from 8-bit samples, so a large
    /// source never needs a full-size float copy).
    static func resampleRows(
        width sourceWidth: Int, height: Int, to length: Int, weights: [(first: Int, weights: [Float])],
        row: @Sendable (Int, UnsafeMutablePointer<Float>) -> UnsafePointer<Float>
    ) -> FloatImage {
        var out = [Float](repeating: 0, count: length * height * 4)
        out.withUnsafeMutableBufferPointer { target in
            let target = UnsafeMutableSendable(target)
            ParallelLoop.run(height) { y in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: sourceWidth * 4) { scratch in
                    let source = row(y, scratch.baseAddress!)
                    let output = target.buffer.baseAddress! + y * length * 4
                    for position in 0..<length {
                        let (first, taps) = weights[position]
                        FloatImage.weightedSum(source, from: first, taps, into: output, at: position)
                    }
                }
            }
        }
        return FloatImage(width: length, height: height, values: out)
    }
}
