import Dispatch
import Foundation

/// Blurs premultiplied bitmaps: a true separable Gaussian, or the fast approximation by three
/// successive box blurs (the widths of the W3C filter-effects note / Kovesi), with two edge modes.
///
/// `sigma` is in points and multiplied by the bitmap's scale. Radii elsewhere map onto it as:
/// Core Image's `CIGaussianBlur.inputRadius` = σ; UIImageEffects' `applyBlur(withRadius:)` = σ
/// (it runs three box passes of the same widths); Pillow's `GaussianBlur(radius)` = σ.
public struct Blur: Sendable {
    public enum Method: String, Sendable, CaseIterable {
        /// Separable convolution with a sampled Gaussian kernel out to 3σ, in floating point.
        case gaussian
        /// Three box blurs whose combined variance equals σ² (O(1) per pixel whatever σ).
        case box
    }

    /// What lies outside the image.
    public enum Edge: String, Sendable, CaseIterable {
        /// The nearest edge pixel repeats (vImage `kvImageEdgeExtend`, `CIAffineClamp`).
        case clamp
        /// Transparent black: edges fade out.
        case transparent
    }

    public var sigma: Double
    public var method: Method
    public var edge: Edge
    /// Shrink by this factor before blurring (with σ shrunk to match) and scale back up to the exact
    /// original size afterwards, bilinearly: much faster for large σ, nearly identical (the seeds
    /// use 1.25). 1 blurs at full size.
    public var downsample: Double
    /// Drawn over the blurred image (source-over), as UIImageEffects' tint.
    public var tint: Color?
    /// 1 keeps colours, 0 makes grey, above 1 intensifies (Rec. 709 weights, as UIImageEffects).
    public var saturation: Double

    public init(sigma: Double, method: Method = .gaussian, edge: Edge = .clamp, downsample: Double = 1,
                tint: Color? = nil, saturation: Double = 1) {
        self.sigma = sigma
        self.method = method
        self.edge = edge
        self.downsample = max(downsample, 1)
        self.tint = tint
        self.saturation = saturation
    }

    /// UIImageEffects' presets.
    public enum Preset: String, Sendable, CaseIterable {
        case light, extraLight = "extra-light", dark
    }

    /// The blur, tint and saturation of a UIImageEffects preset.
    public init(preset: Preset) {
        switch preset {
        case .light: self.init(sigma: 30, method: .box, tint: Color(r: 255, g: 255, b: 255, a: 77), saturation: 1.8)
        case .extraLight: self.init(sigma: 20, method: .box, tint: Color(r: 247, g: 247, b: 247, a: 209), saturation: 1.8)
        case .dark: self.init(sigma: 20, method: .box, tint: Color(r: 28, g: 28, b: 28, a: 186), saturation: 1.8)
        }
    }

    /// `bitmap` blurred, saturated and tinted (same size and scale).
    public func apply(to bitmap: Bitmap) -> Bitmap {
        var result = bitmap
        if downsample > 1 {
            let small = Resampler(filter: .bilinear).resize(
                bitmap, width: max(1, Int((Double(bitmap.width) / downsample).rounded())),
                height: max(1, Int((Double(bitmap.height) / downsample).rounded())))
            var reduced = self
            reduced.downsample = 1
            reduced.sigma = sigma * Double(small.width) / Double(bitmap.width)
            result = Resampler(filter: .bilinear).resize(reduced.blurred(small), width: bitmap.width, height: bitmap.height)
        } else {
            result = blurred(bitmap)
        }
        if saturation != 1 { result = Self.saturated(result, by: saturation) }
        if let tint { result = Self.tinted(result, with: tint) }
        return result
    }

    private func blurred(_ bitmap: Bitmap) -> Bitmap {
        let pixelSigma = sigma * Double(bitmap.scale)
        guard pixelSigma > 0, bitmap.width > 0, bitmap.height > 0 else { return bitmap }
        var planes = FloatImage(bitmap)
        switch method {
        case .gaussian:
            let kernel = Self.gaussianKernel(sigma: pixelSigma)
            let radius = kernel.count / 2
            planes = planes.convolved(kernel, horizontal: true, edge: edge)
            let height = planes.height, edge = self.edge
            planes = planes.combiningRows(count: height) { y in
                kernel.enumerated().compactMap { tap, weight in
                    let row = y + tap - radius
                    if row >= 0 && row < height { return (row, weight) }
                    return edge == .clamp ? (min(max(row, 0), height - 1), weight) : nil
                }
            }
        case .box:
            for width in Self.boxWidths(sigma: pixelSigma, count: 3) {
                planes = planes.boxed(width: width, horizontal: true, edge: edge)
                planes = planes.boxedVertically(width: width, edge: edge)
            }
        }
        return planes.bitmap(scale: bitmap.scale)
    }

    /// Saturation as UIImageEffects applies it, on premultiplied values (the matrix is linear).
    static func saturated(_ bitmap: Bitmap, by s: Double) -> Bitmap {
        let lr = 0.2126, lg = 0.7152, lb = 0.0722
        let m: [Double] = [
            lr + (1 - lr) * s, lg - lg * s, lb - lb * s,
            lr - lr * s, lg + (1 - lg) * s, lb - lb * s,
            lr - lr * s, lg - lg * s, lb + (1 - lb) * s,
        ]
        var out = bitmap
        out.withUnsafeMutablePixels { pixels in
            var i = 0
            while i < pixels.count {
                let r = Double(pixels[i]), g = Double(pixels[i + 1]), b = Double(pixels[i + 2]), a = Double(pixels[i + 3])
                for row in 0..<3 {
                    let value = m[row * 3] * r + m[row * 3 + 1] * g + m[row * 3 + 2] * b
                    pixels[i + row] = UInt8(min(max(value.rounded(), 0), a))
                }
                i += 4
            }
        }
        return out
    }

    /// `tint` drawn over every pixel (source-over on premultiplied values).
    static func tinted(_ bitmap: Bitmap, with tint: Color) -> Bitmap {
        let top = tint.premultiplied
        let keep = 255 - Int(top.a)
        var out = bitmap
        out.withUnsafeMutablePixels { pixels in
            var i = 0
            while i < pixels.count {
                pixels[i] = UInt8(Int(top.r) + (Int(pixels[i]) * keep + 127) / 255)
                pixels[i + 1] = UInt8(Int(top.g) + (Int(pixels[i + 1]) * keep + 127) / 255)
                pixels[i + 2] = UInt8(Int(top.b) + (Int(pixels[i + 2]) * keep + 127) / 255)
                pixels[i + 3] = UInt8(Int(top.a) + (Int(pixels[i + 3]) * keep + 127) / 255)
                i += 4
            }
        }
        return out
    }

    /// Normalised weights of a sampled Gaussian, radius ⌈3σ⌉, centre in the middle.
    static func gaussianKernel(sigma: Double) -> [Float] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        return weights.map(Float.init)
    }

    /// Odd widths of `count` boxes whose successive application has variance σ² (W3C / Kovesi).
    static func boxWidths(sigma: Double, count: Int) -> [Int] {
        let n = Double(count)
        var lower = Int((12 * sigma * sigma / n + 1).squareRoot())
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<count).map { $0 < m ? lower : upper }
    }
}

/// Premultiplied RGBA as floats, for filters that must not round between passes.
struct FloatImage {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        values = bitmap.pixels.map(Float.init)
    }

    /// Rounded back to premultiplied RGBA8, colour clamped to alpha.
    func bitmap(scale: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: values.count)
        var index = 0
        while index < values.count {
            let alpha = min(max(values[index + 3].rounded(), 0), 255)
            pixels[index + 3] = UInt8(alpha)
            for channel in 0..<3 { pixels[index + channel] = UInt8(min(max(values[index + channel].rounded(), 0), alpha)) }
            index += 4
        }
        return Bitmap(width: width, height: height, scale: scale, premultiplied: pixels)!
    }

    /// One separable pass of `kernel` (odd length, centred) along rows or columns.
    func convolved(_ kernel: [Float], horizontal: Bool, edge: Blur.Edge) -> FloatImage {
        let radius = kernel.count / 2
        let (lines, length) = horizontal ? (height, width) : (width, height)
        var out = [Float](repeating: 0, count: values.count)
        let source = values, w = width
        out.withUnsafeMutableBufferPointer { target in
            let target = UnsafeMutableSendable(target)
            ParallelLoop.run(lines) { line in
                var padded = [Float](repeating: 0, count: (length + 2 * radius) * 4)
                FloatImage.gather(source, line: line, horizontal: horizontal, width: w, length: length, radius: radius,
                                  edge: edge, into: &padded)
                for position in 0..<length {
                    var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                    var tap = position * 4
                    for weight in kernel {
                        r += padded[tap] * weight
                        g += padded[tap + 1] * weight
                        b += padded[tap + 2] * weight
                        a += padded[tap + 3] * weight
                        tap += 4
                    }
                    let o = (horizontal ? line * w + position : position * w + line) * 4
                    target.buffer[o] = r
                    target.buffer[o + 1] = g
                    target.buffer[o + 2] = b
                    target.buffer[o + 3] = a
                }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// Each output row `y` as the weighted sum of whole source rows, `taps(y)` = (row, weight):
    /// contiguous, vectorisable work for vertical filters. Output has `count` rows.
    func combiningRows(count: Int, taps: @Sendable (Int) -> [(Int, Float)]) -> FloatImage {
        let stride = width * 4
        var out = [Float](repeating: 0, count: count * stride)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                ParallelLoop.run(count) { y in
                    let row = target.buffer.baseAddress! + y * stride
                    for (sourceRow, weight) in taps(y) {
                        let input = source.buffer.baseAddress! + sourceRow * stride
                        for i in 0..<stride { row[i] += input[i] * weight }
                    }
                }
            }
        }
        return FloatImage(width: width, height: count, values: out)
    }

    /// One vertical box pass of odd `width`: a running sum of whole rows, column chunks in parallel.
    func boxedVertically(width boxWidth: Int, edge: Blur.Edge) -> FloatImage {
        let radius = boxWidth / 2, stride = width * 4, rows = height
        let uniform = 1 / Float(boxWidth)
        var out = [Float](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                let chunks = max(1, min(16, stride / 64))
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = stride * chunk / chunks, end = stride * (chunk + 1) / chunks
                    var sum = [Float](repeating: 0, count: end - start)
                    // The row at `row`, or nil for transparent rows outside the image.
                    func input(_ row: Int) -> UnsafePointer<Float>? {
                        if row < 0 || row >= rows {
                            guard edge == .clamp else { return nil }
                            return source.buffer.baseAddress! + min(max(row, 0), rows - 1) * stride + start
                        }
                        return source.buffer.baseAddress! + row * stride + start
                    }
                    for row in -radius...radius { if let line = input(row) { for i in 0..<sum.count { sum[i] += line[i] } } }
                    for y in 0..<rows {
                        let output = target.buffer.baseAddress! + y * stride + start
                        for i in 0..<sum.count { output[i] = sum[i] * uniform }
                        if let added = input(y + radius + 1) { for i in 0..<sum.count { sum[i] += added[i] } }
                        if let removed = input(y - radius) { for i in 0..<sum.count { sum[i] -= removed[i] } }
                    }
                }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// One box pass of odd `width` along rows or columns, with a running sum.
    func boxed(width boxWidth: Int, horizontal: Bool, edge: Blur.Edge) -> FloatImage {
        let radius = boxWidth / 2
        let uniform = 1 / Float(boxWidth)
        let (lines, length) = horizontal ? (height, width) : (width, height)
        var out = [Float](repeating: 0, count: values.count)
        let source = values, w = width
        out.withUnsafeMutableBufferPointer { target in
            let target = UnsafeMutableSendable(target)
            ParallelLoop.run(lines) { line in
                var padded = [Float](repeating: 0, count: (length + 2 * radius) * 4)
                FloatImage.gather(source, line: line, horizontal: horizontal, width: w, length: length, radius: radius,
                                  edge: edge, into: &padded)
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for tap in 0..<boxWidth {
                    sum.0 += padded[tap * 4]; sum.1 += padded[tap * 4 + 1]
                    sum.2 += padded[tap * 4 + 2]; sum.3 += padded[tap * 4 + 3]
                }
                for position in 0..<length {
                    let o = (horizontal ? line * w + position : position * w + line) * 4
                    target.buffer[o] = sum.0 * uniform
                    target.buffer[o + 1] = sum.1 * uniform
                    target.buffer[o + 2] = sum.2 * uniform
                    target.buffer[o + 3] = sum.3 * uniform
                    guard position + 1 < length else { break }
                    let add = (position + boxWidth) * 4, remove = position * 4
                    sum.0 += padded[add] - padded[remove]; sum.1 += padded[add + 1] - padded[remove + 1]
                    sum.2 += padded[add + 2] - padded[remove + 2]; sum.3 += padded[add + 3] - padded[remove + 3]
                }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// Copies one row or column into `padded` with `radius` pixels of edge on each side.
    private static func gather(_ source: [Float], line: Int, horizontal: Bool, width: Int, length: Int, radius: Int,
                               edge: Blur.Edge, into padded: inout [Float]) {
        for slot in 0..<(length + 2 * radius) {
            var position = slot - radius
            if position < 0 || position >= length {
                guard edge == .clamp else {
                    for channel in 0..<4 { padded[slot * 4 + channel] = 0 }
                    continue
                }
                position = min(max(position, 0), length - 1)
            }
            let i = (horizontal ? line * width + position : position * width + line) * 4
            for channel in 0..<4 { padded[slot * 4 + channel] = source[i + channel] }
        }
    }
}

/// A read-only buffer pointer shared by parallel loops.
struct UnsafeSendable<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
    init(_ buffer: UnsafeBufferPointer<T>) { self.buffer = buffer }
}

/// A buffer pointer that parallel loops write disjoint parts of.
struct UnsafeMutableSendable<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T>
    init(_ buffer: UnsafeMutableBufferPointer<T>) { self.buffer = buffer }
}

/// Splits `count` independent iterations over the cores in contiguous chunks.
enum ParallelLoop {
    static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        let chunks = min(count, 16)
        guard chunks > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = count * chunk / chunks, end = count * (chunk + 1) / chunks
            for index in start..<end { body(index) }
        }
    }
}
