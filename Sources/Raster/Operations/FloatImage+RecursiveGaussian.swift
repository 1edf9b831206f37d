import Basics
import Foundation

/// The Gaussian as a recursive (IIR) filter: O(1) work a pixel whatever σ, and no truncation.
///
/// Deriche (1993, "Recursively implementing the Gaussian and its derivatives", INRIA RR-1893)
/// fits the Gaussian's right half, for n ≥ 0, by four complex exponentials in two conjugate pairs,
/// h(n) ∝ Σₖ 2·Re(αₖ pₖⁿ) with pₖ = e^(−λₖ/σ), his fourth-order constants
/// α = 0.84 + 1.8675i, −0.34015 − 0.1299i and λ = 1.783 + 0.6318i, 1.723 + 1.997i. Each term is a
/// first-order complex recursion run once forwards (the taps at and before a pixel) and once
/// backwards (at and after it; the centre, counted twice, is taken off once): two complex
/// multiply-adds a pixel each way, where the sampled kernel of ``Blur/gaussianKernel(sigma:)``
/// takes 6σ + 1 (181 at σ 30). The recursions are kept as complex first-order ones rather than
/// expanded into one real fourth-order filter, whose coefficients are ill-conditioned at large σ,
/// and run in `Double`.
///
/// Accuracy: the response, scaled so that its taps sum to exactly 1 (a flat image stays flat),
/// differs from the sampled Gaussian by at most 5·10⁻⁴ of the kernel's peak and by 6·10⁻⁴ in sum
/// of absolute differences at any σ from 1 up — ten times closer to the untruncated Gaussian than
/// the sampled kernel cut at 3σ (2.7·10⁻³ of its weight lies beyond): at most 0.15 of a level per
/// pass on the worst image, hundredths on real ones.
///
/// Edges are exact for both modes: with ``Blur/Edge/clamp`` each recursion starts in the steady
/// state of the edge pixel repeated for ever, x₀ / (1 − p) (the edge pixel's infinite run, not a
/// padding of some width), and with ``Blur/Edge/transparent`` at zero.
struct RecursiveGaussian: Sendable {
    /// The kernel radius (taps each side, ⌈3σ⌉) above which ``Blur`` uses this filter: up to 8 the
    /// sampled kernel's 17 taps or fewer cost about what the recursions do.
    static let smallestRadius = 8

    /// The two poles p₁, p₂ (the other two are their conjugates).
    let poleReal: (Double, Double)
    let poleImaginary: (Double, Double)
    /// The weights 2αₖ / D, D the response's sum, so that out = Σ Re(weightₖ · stateₖ) − centre · x.
    let weightReal: (Double, Double)
    let weightImaginary: (Double, Double)
    /// Σ Re(weightₖ): the centre tap, which the forward and backward runs both count.
    let centre: Double
    /// 1 / (1 − pₖ): a recursion's steady state for a constant input of 1 (the clamp start).
    let steadyReal: (Double, Double)
    let steadyImaginary: (Double, Double)

    /// Deriche's fourth-order constants (αₖ, λₖ), one of each conjugate pair.
    static let alpha: [(Double, Double)] = [(0.84, 1.8675), (-0.34015, -0.1299)]
    static let lambda: [(Double, Double)] = [(1.783, 0.6318), (1.723, 1.997)]

    /// The filter for a Gaussian of `sigma` pixels (> 0).
    init(sigma: Double) {
        var pr = [Double](), pi = [Double](), sr = [Double](), si = [Double]()
        var sum = 0.0
        for k in 0..<2 {
            let (lr, li) = Self.lambda[k], (ar, ai) = Self.alpha[k]
            let magnitude = exp(-lr / sigma)
            let p = (magnitude * cos(li / sigma), -magnitude * sin(li / sigma))
            // 1 / (1 − p)
            let (dr, di) = (1 - p.0, -p.1), d2 = dr * dr + di * di
            let steady = (dr / d2, -di / d2)
            pr.append(p.0); pi.append(p.1); sr.append(steady.0); si.append(steady.1)
            // The response's sum over n ≥ 0 twice less the centre: 2·Re(α (2/(1 − p) − 1)).
            sum += 2 * (ar * (2 * steady.0 - 1) - ai * (2 * steady.1))
        }
        poleReal = (pr[0], pr[1]); poleImaginary = (pi[0], pi[1])
        steadyReal = (sr[0], sr[1]); steadyImaginary = (si[0], si[1])
        weightReal = (2 * Self.alpha[0].0 / sum, 2 * Self.alpha[1].0 / sum)
        weightImaginary = (2 * Self.alpha[0].1 / sum, 2 * Self.alpha[1].1 / sum)
        centre = weightReal.0 + weightReal.1
    }

    /// The filter's taps from −`radius` to `radius` (its impulse response, summing to 1 over all
    /// offsets): for tests against the sampled Gaussian.
    func taps(radius: Int) -> [Double] {
        (-radius...radius).map { offset in
            let n = Double(abs(offset))
            var tap = offset == 0 ? -centre : 0
            for k in 0..<2 {
                let (pr, pi) = k == 0 ? (poleReal.0, poleImaginary.0) : (poleReal.1, poleImaginary.1)
                let (wr, wi) = k == 0 ? (weightReal.0, weightImaginary.0) : (weightReal.1, weightImaginary.1)
                // Re(w · pⁿ), counted once a side (twice at the centre).
                let magnitude = pow((pr * pr + pi * pi).squareRoot(), n), angle = atan2(pi, pr) * n
                let re = magnitude * cos(angle), im = magnitude * sin(angle)
                tap += (wr * re - wi * im) * (offset == 0 ? 2 : 1)
            }
            return tap
        }
    }
}

extension FloatImage {
    /// The Gaussian of `sigma` pixels along rows and then down columns, by ``RecursiveGaussian``, in
    /// place: no image-sized buffer beyond this one (each fresh 16 MiB buffer of a 1024² image cost
    /// its zeroing and page faults, a quarter of `flipbook blur`'s time once the blur was recursive).
    /// Rows run in parallel, each from a copy of itself; columns run down whole rows at once (each
    /// channel of each column its own state, contiguous and vectorisable) in strips in parallel,
    /// without a transpose.
    mutating func recursiveGaussian(sigma: Double, edge: Blur.Edge) {
        let g = RecursiveGaussian(sigma: sigma), width = self.width, height = self.height, stride = width * 4
        guard width > 0 && height > 0 else { return }
        // Each pass reads every pixel twice (forwards and backwards).
        BlurWork.current?.add(4 * width * height)
        let clamp = edge == .clamp
        values.withUnsafeMutableBufferPointer { buffer in
            let image = UnsafeMutableSendable(buffer)
            ParallelLoop.chunks(height, minimum: 1, most: 16) { rows in
                let copy = UnsafeMutablePointer<Float>.allocate(capacity: stride)
                defer { copy.deallocate() }
                for y in rows {
                    let row = image.buffer.baseAddress! + y * stride
                    copy.update(from: row, count: stride)
                    Self.recursiveRow(copy, count: width, g, clamp: clamp, into: row)
                }
            }
            // Strips of 256 floats (64 pixels): the four states' 8 KiB stay in the first-level
            // cache; one buffer of a strip's forward sums for each thread's run of strips.
            let strip = 256, strips = (stride + strip - 1) / strip
            ParallelLoop.chunks(strips, minimum: 1) { range in
                let forward = UnsafeMutablePointer<Float>.allocate(capacity: min(strip, stride) * height)
                defer { forward.deallocate() }
                for index in range {
                    let start = index * strip
                    Self.recursiveColumns(image.buffer.baseAddress! + start, count: min(strip, stride - start), rows: height, stride: stride,
                                          forward: forward, g, clamp: clamp)
                }
            }
        }
    }

    /// One row of `count` RGBA pixels through `filter`, forwards then backwards.
    @inline(__always)
    private static func recursiveRow(_ row: UnsafePointer<Float>, count: Int, _ g: RecursiveGaussian, clamp: Bool,
                                     into out: UnsafeMutablePointer<Float>) {
        @inline(__always) func load(_ i: Int) -> SIMD4<Double> {
            SIMD4<Double>(Double(row[i * 4]), Double(row[i * 4 + 1]), Double(row[i * 4 + 2]), Double(row[i * 4 + 3]))
        }
        let p1r = g.poleReal.0, p1i = g.poleImaginary.0, p2r = g.poleReal.1, p2i = g.poleImaginary.1
        let a1r = g.weightReal.0, a1i = g.weightImaginary.0, a2r = g.weightReal.1, a2i = g.weightImaginary.1
        // Forwards: the taps at and before each pixel, less the centre.
        var start = clamp ? load(0) : SIMD4()
        var w1r = start * g.steadyReal.0, w1i = start * g.steadyImaginary.0
        var w2r = start * g.steadyReal.1, w2i = start * g.steadyImaginary.1
        for i in 0..<count {
            let x = load(i)
            (w1r, w1i) = (x + p1r * w1r - p1i * w1i, p1r * w1i + p1i * w1r)
            (w2r, w2i) = (x + p2r * w2r - p2i * w2i, p2r * w2i + p2i * w2r)
            let y = a1r * w1r - a1i * w1i + a2r * w2r - a2i * w2i - g.centre * x
            out[i * 4] = Float(y[0]); out[i * 4 + 1] = Float(y[1]); out[i * 4 + 2] = Float(y[2]); out[i * 4 + 3] = Float(y[3])
        }
        // Backwards: the taps at and after each pixel, added.
        start = clamp ? load(count - 1) : SIMD4()
        w1r = start * g.steadyReal.0; w1i = start * g.steadyImaginary.0
        w2r = start * g.steadyReal.1; w2i = start * g.steadyImaginary.1
        var i = count - 1
        while i >= 0 {
            let x = load(i)
            (w1r, w1i) = (x + p1r * w1r - p1i * w1i, p1r * w1i + p1i * w1r)
            (w2r, w2i) = (x + p2r * w2r - p2i * w2i, p2r * w2i + p2i * w2r)
            let y = a1r * w1r - a1i * w1i + a2r * w2r - a2i * w2i
            out[i * 4] += Float(y[0]); out[i * 4 + 1] += Float(y[1]); out[i * 4 + 2] += Float(y[2]); out[i * 4 + 3] += Float(y[3])
            i -= 1
        }
    }

    /// `count` adjacent floats of every row (a strip of columns, channels apart) of `image`, `rows`
    /// rows `stride` floats apart, filtered in place: forwards into `forward` (`count × rows`),
    /// then backwards, each row written once its backward sum is made (nothing reads it after).
    private static func recursiveColumns(_ image: UnsafeMutablePointer<Float>, count: Int, rows: Int, stride: Int,
                                         forward: UnsafeMutablePointer<Float>, _ g: RecursiveGaussian, clamp: Bool) {
        let state = UnsafeMutablePointer<Double>.allocate(capacity: 4 * count)
        defer { state.deallocate() }
        let s1r = state, s1i = state + count, s2r = state + 2 * count, s2i = state + 3 * count
        let p1r = g.poleReal.0, p1i = g.poleImaginary.0, p2r = g.poleReal.1, p2i = g.poleImaginary.1
        let a1r = g.weightReal.0, a1i = g.weightImaginary.0, a2r = g.weightReal.1, a2i = g.weightImaginary.1
        let centre = g.centre
        func begin(at row: Int) {
            let line = image + row * stride
            for i in 0..<count {
                let x = clamp ? Double(line[i]) : 0
                s1r[i] = x * g.steadyReal.0; s1i[i] = x * g.steadyImaginary.0
                s2r[i] = x * g.steadyReal.1; s2i[i] = x * g.steadyImaginary.1
            }
        }
        begin(at: 0)
        for y in 0..<rows {
            let line = image + y * stride, target = forward + y * count
            for i in 0..<count {
                let x = Double(line[i])
                let r1 = x + p1r * s1r[i] - p1i * s1i[i], i1 = p1r * s1i[i] + p1i * s1r[i]
                let r2 = x + p2r * s2r[i] - p2i * s2i[i], i2 = p2r * s2i[i] + p2i * s2r[i]
                s1r[i] = r1; s1i[i] = i1; s2r[i] = r2; s2i[i] = i2
                target[i] = Float(a1r * r1 - a1i * i1 + a2r * r2 - a2i * i2 - centre * x)
            }
        }
        begin(at: rows - 1)
        var y = rows - 1
        while y >= 0 {
            let line = image + y * stride, before = forward + y * count
            for i in 0..<count {
                let x = Double(line[i])
                let r1 = x + p1r * s1r[i] - p1i * s1i[i], i1 = p1r * s1i[i] + p1i * s1r[i]
                let r2 = x + p2r * s2r[i] - p2i * s2i[i], i2 = p2r * s2i[i] + p2i * s2r[i]
                s1r[i] = r1; s1i[i] = i1; s2r[i] = r2; s2i[i] = i2
                line[i] = before[i] + Float(a1r * r1 - a1i * i1 + a2r * r2 - a2i * i2)
            }
            y -= 1
        }
    }
}
