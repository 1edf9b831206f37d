import Basics

/// Box passes whose work stays in proportion to the image whatever the box's width.
///
/// With `clamp` each pass repeats its input's end pixels (vImage's `kvImageEdgeExtend` pass by
/// pass). A box at least as wide on each side as the row holds the whole row and copies of its two
/// end pixels at every position: the row's sum and two counts, not a row padded by the radius.
///
/// With `transparent` the three passes are one blur of the image set in transparent black: what
/// the first pass spreads past the ends is there for the second to read, and so on, then the
/// result is cut back to the image (cutting after each pass lost that spill: a 64² square at σ 128
/// came out clear where the Gaussian leaves alpha 10). A row whose spill is no wider than itself
/// runs the passes over the row and its spill; a wider spill is the closed form of three boxes —
/// the differences of the row's third running sum at eight offsets, the sum beyond the row's end
/// a polynomial of the distance — O(width) a row whatever σ.
extension FloatImage {
    /// A box of odd `boxWidth` along rows no wider than its radius (with clamp, the end pixels repeated).
    func boxedRowsWide(width boxWidth: Int, edge: Blur.Edge) -> FloatImage {
        let radius = boxWidth / 2, width = self.width, uniform = 1 / Double(boxWidth)
        precondition(radius >= width)
        let work = BlurWork.current
        let out = rowsMapped { y, source, target in
            work?.add(2 * width)
            let row = source.buffer.baseAddress! + y * width * 4, output = target.buffer.baseAddress! + y * width * 4
            var sum = SIMD4<Double>()
            for x in 0..<width { sum += Self.pixel(row, x) }
            let first = Self.pixel(row, 0), last = Self.pixel(row, width - 1)
            for x in 0..<width {
                var total = sum
                // Every tap from x − radius ≤ −1 to x + radius ≥ width: radius − x copies of the
                // first pixel before the row, x + radius − width + 1 of the last after it.
                if edge == .clamp { total += Double(radius - x) * first + Double(x + radius - width + 1) * last }
                Self.store(total * uniform, output, x)
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// A vertical box of odd `boxWidth` over an image no taller than its radius (as ``boxedRowsWide(width:edge:)``, by whole rows).
    func boxedVerticallyWide(width boxWidth: Int, edge: Blur.Edge) -> FloatImage {
        let radius = boxWidth / 2, stride = width * 4, rows = height, uniform = 1 / Double(boxWidth)
        precondition(radius >= rows)
        BlurWork.current?.add(2 * rows * width)
        var out = [Float](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { source in
            let source = UnsafeSendable(source)
            out.withUnsafeMutableBufferPointer { target in
                let target = UnsafeMutableSendable(target)
                let chunks = max(1, min(16, stride / 64))
                ParallelLoop.perform(chunks) { chunk in
                    let start = stride * chunk / chunks, end = stride * (chunk + 1) / chunks
                    let base = source.buffer.baseAddress! + start
                    var sum = [Double](repeating: 0, count: end - start)
                    for row in 0..<rows { for i in 0..<sum.count { sum[i] += Double(base[row * stride + i]) } }
                    let first = base, last = base + (rows - 1) * stride
                    for y in 0..<rows {
                        let output = target.buffer.baseAddress! + y * stride + start
                        let before = Double(radius - y), after = Double(y + radius - rows + 1)
                        for i in 0..<sum.count {
                            var total = sum[i]
                            if edge == .clamp { total += before * Double(first[i]) + after * Double(last[i]) }
                            output[i] = Float(total * uniform)
                        }
                    }
                }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// Three boxes of odd `widths` along every row of the image set in transparent black, cut back
    /// to the image (see the extension's note).
    func threeBoxedRowsTransparent(widths: [Int]) -> FloatImage {
        precondition(widths.count == 3)
        let radii = widths.map { $0 / 2 }, width = self.width
        let scale = 1 / widths.map(Double.init).reduce(1, *)
        // What pass 1 must give beyond each end for passes 2 and 3, and pass 2 for pass 3.
        let spill1 = radii[1] + radii[2], spill2 = radii[2]
        let closedForm = spill1 > width
        // The closed form's eight (offset, sign): Δ_r G(n) = G(n + r) − G(n − r − 1) for each box.
        var offsets: [(Int, Double)] = [(0, 1)]
        for radius in radii { offsets = offsets.flatMap { [($0.0 + radius, $0.1), ($0.0 - radius - 1, -$0.1)] } }
        let terms = offsets
        let work = BlurWork.current
        let out = rowsMapped { y, source, target in
            let row = source.buffer.baseAddress! + y * width * 4, output = target.buffer.baseAddress! + y * width * 4
            if closedForm {
                work?.add(2 * width + 8 * width)
                Self.threeBoxesClosedForm(row, width: width, terms: terms, scale: scale, into: output)
            } else {
                work?.add(3 * (width + 2 * spill1) + 2 * width)
                let line = (0..<width).map { Self.pixel(row, $0) }
                var first = [SIMD4<Double>](repeating: SIMD4(), count: width + 2 * spill1)
                var second = [SIMD4<Double>](repeating: SIMD4(), count: width + 2 * spill2)
                var third = [SIMD4<Double>](repeating: SIMD4(), count: width)
                Self.boxPass(line, from: 0, radius: radii[0], into: &first, from: -spill1)
                Self.boxPass(first, from: -spill1, radius: radii[1], into: &second, from: -spill2)
                Self.boxPass(second, from: -spill2, radius: radii[2], into: &third, from: 0)
                for x in 0..<width { Self.store(third[x] * scale, output, x) }
            }
        }
        return FloatImage(width: width, height: height, values: out)
    }

    /// One box of `radius` (unnormalised sums) over `input` — positions `inputStart…`, transparent
    /// beyond — written for positions `outputStart…` of `output`: a running sum, O(input + output).
    static func boxPass(_ input: [SIMD4<Double>], from inputStart: Int, radius: Int,
                        into output: inout [SIMD4<Double>], from outputStart: Int) {
        let inputEnd = inputStart + input.count
        var sum = SIMD4<Double>()
        let low = max(outputStart - radius, inputStart), high = min(outputStart + radius, inputEnd - 1)
        if low <= high { for n in low...high { sum += input[n - inputStart] } }
        for j in 0..<output.count {
            output[j] = sum
            let n = outputStart + j, added = n + radius + 1, removed = n - radius
            if added >= inputStart && added < inputEnd { sum += input[added - inputStart] }
            if removed >= inputStart && removed < inputEnd { sum -= input[removed - inputStart] }
        }
    }

    /// Three boxes over a row set in transparent black, as the eight-term difference of its third
    /// running sum G: G(n) = 0 before the row, its running value on the row, and past the row's
    /// end (its sums S₁ = Σp, S₂ = G₂(w − 1), S₃ = G(w − 1)) S₃ + k·S₂ + k(k + 1)/2·S₁, k = n − w + 1.
    /// Used when the boxes reach past the row, so n stays within a few box widths and `Double` keeps
    /// the differences exact to far below a level.
    static func threeBoxesClosedForm(_ row: UnsafePointer<Float>, width: Int, terms: [(Int, Double)], scale: Double,
                                     into output: UnsafeMutablePointer<Float>) {
        var third = [SIMD4<Double>](repeating: SIMD4(), count: width)
        var s1 = SIMD4<Double>(), s2 = SIMD4<Double>(), s3 = SIMD4<Double>()
        for i in 0..<width {
            s1 += pixel(row, i); s2 += s1; s3 += s2
            third[i] = s3
        }
        func g(_ n: Int) -> SIMD4<Double> {
            if n < 0 { return SIMD4() }
            if n < width { return third[n] }
            let k = Double(n - width + 1)
            return s3 + k * s2 + (k * (k + 1) / 2) * s1
        }
        for x in 0..<width {
            var total = SIMD4<Double>()
            for (offset, sign) in terms { total += sign * g(x + offset) }
            store(total * scale, output, x)
        }
    }

    @inline(__always)
    static func pixel(_ row: UnsafePointer<Float>, _ x: Int) -> SIMD4<Double> {
        SIMD4(Double(row[x * 4]), Double(row[x * 4 + 1]), Double(row[x * 4 + 2]), Double(row[x * 4 + 3]))
    }

    @inline(__always)
    static func store(_ value: SIMD4<Double>, _ row: UnsafeMutablePointer<Float>, _ x: Int) {
        row[x * 4] = Float(value[0]); row[x * 4 + 1] = Float(value[1])
        row[x * 4 + 2] = Float(value[2]); row[x * 4 + 3] = Float(value[3])
    }
}
