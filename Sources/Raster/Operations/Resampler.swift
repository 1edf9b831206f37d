import Foundation

/// Resizes premultiplied bitmaps with a separable filter, pixel-centre aligned: output pixel `x`
/// samples the source at `(x + ½) · (source ÷ output) − ½`. When shrinking, the filter is widened by
/// the scale factor, so every source pixel contributes (no aliasing). Working on premultiplied
/// values means a nearly transparent pixel cannot bleed its colour into opaque neighbours.
public struct Resampler: Sendable {
    public enum Filter: String, Sendable, CaseIterable {
        case nearest
        /// Triangle, support 1.
        case bilinear
        /// Catmull-Rom cubic (a = −0.5), support 2.
        case bicubic
        /// Windowed sinc, support 3.
        case lanczos3 = "lanczos"
    }

    public var filter: Filter

    public init(filter: Filter = .lanczos3) {
        self.filter = filter
    }

    /// `bitmap` resized to `width × height` pixels; the scale is kept.
    public func resize(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
            return Bitmap(width: max(width, 0), height: max(height, 0), scale: bitmap.scale)
        }
        if width == bitmap.width && height == bitmap.height { return bitmap }
        let source = FloatImage(bitmap)
        let horizontal = source.resampled(along: true, to: width, weights: contributions(from: bitmap.width, to: width))
        let both = horizontal.resampled(along: false, to: height, weights: contributions(from: bitmap.height, to: height))
        return both.bitmap(scale: bitmap.scale)
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

extension FloatImage {
    /// Resampled along rows (`horizontal`) or columns to `length` using per-position weights.
    func resampled(along horizontal: Bool, to length: Int, weights: [(first: Int, weights: [Float])]) -> FloatImage {
        let outWidth = horizontal ? length : width, outHeight = horizontal ? height : length
        var out = [Float](repeating: 0, count: outWidth * outHeight * 4)
        let source = values, w = width
        let lines = horizontal ? height : width
        out.withUnsafeMutableBufferPointer { target in
            let target = UnsafeMutableSendable(target)
            ParallelLoop.run(lines) { line in
                for position in 0..<length {
                    let (first, taps) = weights[position]
                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                    for (offset, weight) in taps.enumerated() {
                        let sourcePosition = first + offset
                        let i = (horizontal ? line * w + sourcePosition : sourcePosition * w + line) * 4
                        r += source[i] * weight
                        g += source[i + 1] * weight
                        b += source[i + 2] * weight
                        a += source[i + 3] * weight
                    }
                    let o = (horizontal ? line * outWidth + position : position * outWidth + line) * 4
                    target.buffer[o] = r
                    target.buffer[o + 1] = g
                    target.buffer[o + 2] = b
                    target.buffer[o + 3] = a
                }
            }
        }
        return FloatImage(width: outWidth, height: outHeight, values: out)
    }
}
