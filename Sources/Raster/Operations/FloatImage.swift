import Basics
import Dispatch

/// Premultiplied RGBA as floats, for filters that must not round between passes: a pixel of
/// straight `(c, a)` is `(c · a / 255, a)`, so channels run 0…255 and colour never exceeds alpha
/// for in-range values.
struct FloatImage {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// `bitmap`'s straight bytes, premultiplied.
    init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        let pixels = bitmap.width * bitmap.height
        values = [Float](unsafeUninitializedCapacity: pixels * 4) { target, initialized in
            bitmap.pixels.withUnsafeBufferPointer { source in
                PremultipliedFloat.premultiply(source.baseAddress!, pixels: pixels, unit: 255, into: target.baseAddress!)
            }
            initialized = pixels * 4
        }
    }

    /// Back to straight RGBA8, rounded to nearest once (``PremultipliedFloat/round(_:unit:into:pixels:)``),
    /// on all cores for large images.
    func bitmap(scale: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: values.count)
        let count = width * height
        values.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                let source = UnsafeSendable(source), target = UnsafeMutableSendable(target)
                ParallelLoop.chunks(count) { range in
                    PremultipliedFloat.round(source.buffer.baseAddress!, unit: 255, into: target.buffer.baseAddress!, pixels: range)
                }
            }
        }
        return Bitmap(width: width, height: height, scale: scale, straight: pixels)!
    }

    /// `kernel` (odd length, centred) along every row.
    func convolvedRows(_ kernel: [Float], edge: Blur.Edge) -> FloatImage {
        let work = BlurWork.current, width = self.width
        return forEachPaddedRow(radius: kernel.count / 2, edge: edge) { padded, output in
            work?.add(width * kernel.count)
            padded.withUnsafeBufferPointer { padded in
                kernel.withUnsafeBufferPointer { kernel in
                    for position in 0..<width {
                        Self.weightedSum(padded.baseAddress!, from: position, kernel, into: output, at: position)
                    }
                }
            }
        }
    }

    /// Σ weightᵢ · pixel(`start` + i), per RGBA channel, written as pixel `position` of `output`:
    /// one output pixel of a convolution (``convolvedRows(_:edge:)``) or of a resampling
    /// (``Resampler``).
    @inline(__always)
    static func weightedSum(_ source: UnsafePointer<Float>, from start: Int, _ weights: UnsafeBufferPointer<Float>,
                            into output: UnsafeMutablePointer<Float>, at position: Int) {
        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
        var tap = start * 4
        for weight in weights {
            r += source[tap] * weight
            g += source[tap + 1] * weight
            b += source[tap + 2] * weight
            a += source[tap + 3] * weight
            tap += 4
        }
        output[position * 4] = r
        output[position * 4 + 1] = g
        output[position * 4 + 2] = b
        output[position * 4 + 3] = a
    }

    /// A box of odd `width` along every row, with a running sum.
    func boxedRows(width boxWidth: Int, edge: Blur.Edge) -> FloatImage {
        let uniform = 1 / Float(boxWidth), work = BlurWork.current
        return forEachPaddedRow(radius: boxWidth / 2, edge: edge) { padded, output in
            work?.add(boxWidth + width)
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for tap in 0..<boxWidth {
                sum.0 += padded[tap * 4]; sum.1 += padded[tap * 4 + 1]
                sum.2 += padded[tap * 4 + 2]; sum.3 += padded[tap * 4 + 3]
            }
            for position in 0..<width {
                output[position * 4] = sum.0 * uniform
                output[position * 4 + 1] = sum.1 * uniform
                output[position * 4 + 2] = sum.2 * uniform
                output[position * 4 + 3] = sum.3 * uniform
                guard position + 1 < width else { break }
                let add = (position + boxWidth) * 4, remove = position * 4
                sum.0 += padded[add] - padded[remove]; sum.1 += padded[add + 1] - padded[remove + 1]
                sum.2 += padded[add + 2] - padded[remove + 2]; sum.3 += padded[add + 3] - padded[remove + 3]
            }
        }
    }

    /// Runs `body` on every row (in parallel) with the row padded by `radius` pixels of edge on each
    /// side, and the output row to fill.
    @inline(__always)
    /// The `[Float]` of an image of this size made row by row on every core: `body(y, source,
    /// target)` writes row `y` of `target` from this image's `source` (both whole buffers).
    func rowsMapped(_ body: @Sendable (Int, UnsafeSendable<Float>, UnsafeMutableSendable<Float>) -> Void) -> [Float] {
        var out = [Float](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                ParallelLoop.run(height) { y in body(y, source, target) }
            }
        }
        return out
    }

    private func forEachPaddedRow(radius: Int, edge: Blur.Edge,
                                  _ body: @Sendable ([Float], UnsafeMutablePointer<Float>) -> Void) -> FloatImage {
        var out = [Float](repeating: 0, count: values.count)
        let source = values, width = self.width, work = BlurWork.current
        out.withUnsafeMutableBufferPointer { target in
            let target = UnsafeMutableSendable(target)
            ParallelLoop.run(height) { y in
                work?.add(width + 2 * radius)
                var padded = [Float](repeating: 0, count: (width + 2 * radius) * 4)
                for slot in 0..<(width + 2 * radius) {
                    var x = slot - radius
                    if x < 0 || x >= width {
                        guard edge == .clamp else { continue }
                        x = min(max(x, 0), width - 1)
                    }
                    for channel in 0..<4 { padded[slot * 4 + channel] = source[(y * width + x) * 4 + channel] }
                }
                body(padded, target.buffer.baseAddress! + y * width * 4)
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// Each output row `y` as the weighted sum of whole source rows, `taps(y)` = (row, weight):
    /// contiguous, vectorisable work for vertical filters. Output has `count` rows.
    func combiningRows(count: Int, taps: @Sendable (Int) -> [(Int, Float)]) -> FloatImage {
        let width = self.width, stride = width * 4, work = BlurWork.current
        var out = [Float](repeating: 0, count: count * stride)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                ParallelLoop.run(count) { y in
                    let row = target.buffer.baseAddress! + y * stride
                    let taps = taps(y)
                    work?.add(taps.count * width)
                    for (sourceRow, weight) in taps {
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
        // Reads: the first sum's rows, then a row in, a row out and a row written per row.
        BlurWork.current?.add((2 * radius + 1 + 3 * rows) * width)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                let chunks = max(1, min(16, stride / 64))
                ParallelLoop.perform(chunks) { chunk in
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
}
