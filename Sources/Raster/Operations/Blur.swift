import Basics
import Dispatch
import Foundation

/// Blurs bitmaps on premultiplied `Float` values: a true separable Gaussian, or the fast approximation by three
/// successive box blurs (the widths of the W3C filter-effects note / Kovesi), with two edge modes.
///
/// `sigma` is in points and multiplied by the bitmap's scale. Radii elsewhere map onto it as:
/// Core Image's `CIGaussianBlur.inputRadius` = σ; UIImageEffects' `applyBlur(withRadius:)` = σ
/// (it runs three box passes of the same widths); Pillow's `GaussianBlur(radius)` = σ.
public struct Blur: Sendable {
    /// How the blur is computed.
    public enum Method: String, Sendable, CaseIterable {
        /// The Gaussian, separable, in floating point: for σ up to 8/3 pixels (a radius ⌈3σ⌉ of
        /// at most 8) the sampled kernel out to 3σ; above, Deriche's recursive filter (O(1) a
        /// pixel whatever σ, nothing cut off: its taps are within 6·10⁻⁴ of the sampled Gaussian's
        /// peak, ten times closer to the untruncated Gaussian than a kernel cut at 3σ).
        case gaussian
        /// Three box blurs whose combined variance equals σ² (O(1) per pixel whatever σ); with
        /// ``Edge/transparent`` the three over the image set in transparent black. Below σ 2 px
        /// (after the scale and ``Blur/downsample``) the boxes are too coarse — three boxes 1 px wide, no blur at all, under σ 0.58 — and the
        /// Gaussian is used, as the W3C Filter Effects note advises (a few taps: as fast).
        case box
    }

    /// What lies outside the image.
    public enum Edge: String, Sendable, CaseIterable {
        /// The nearest edge pixel repeats (vImage `kvImageEdgeExtend`, `CIAffineClamp`).
        case clamp
        /// Transparent black: edges fade out.
        case transparent
    }

    /// The Gaussian's standard deviation in points (multiplied by the bitmap's `scale`); 0 returns the
    /// bitmap unchanged.
    public var sigma: Double
    /// The kernel: ``Method/gaussian`` (exact) or ``Method/box`` (three boxes, fast at any σ).
    public var method: Method
    /// What the kernel reads beyond the image's borders.
    public var edge: Edge
    /// Shrink by this factor before blurring (each small pixel the mean of the area it covers, with σ
    /// shrunk to match) and scale back up to the exact original size afterwards, bilinearly: much faster for large σ, nearly identical (the seeds
    /// use 1.25). With ``Edge/transparent`` the image is shrunk and grown inside a clear margin,
    /// so its edges fade as at full size. 1 blurs at full size; at most ``downsampleRange``'s 100 (a larger factor leaves
    /// a pixel or two of the image, scaled back up as one flat colour). The shrink averages areas,
    /// so the image's mean colour and cover are kept at any factor.
    public var downsample: Double
    /// Drawn over the blurred image (source-over), as UIImageEffects' tint.
    public var tint: Color?
    /// 1 keeps colours, 0 makes grey, above 1 intensifies, below 0 inverts the hues (Rec. 709
    /// weights, as UIImageEffects); within ``saturationRange`` (beyond it every colour is pushed to
    /// black or full, which says nothing).
    public var saturation: Double

    /// The factors ``downsample`` may take: 1 (full size) to 100.
    public static let downsampleRange: ClosedRange<Double> = 1...100
    /// The factors ``saturation`` may take: -100 to 100 (UIImageEffects' presets use 1.8).
    public static let saturationRange: ClosedRange<Double> = -100...100

    /// A blur of `sigma` points.
    /// - Parameters:
    ///   - sigma: The standard deviation in points (× the bitmap's scale).
    ///   - method: Gaussian (the default) or three boxes.
    ///   - edge: What lies outside the image; `clamp` by default.
    ///   - downsample: Blur at 1/`downsample` size and scale back; 1…100 (``apply(to:)`` refuses
    ///     any other value, 0 and negatives included).
    ///   - tint: A colour drawn over the result, or `nil` for none.
    ///   - saturation: 1 keeps colours (the default), 0 makes grey, above 1 intensifies.
    public init(sigma: Double, method: Method = .gaussian, edge: Edge = .clamp, downsample: Double = 1,
                tint: Color? = nil, saturation: Double = 1) {
        self.sigma = sigma
        self.method = method
        self.edge = edge
        self.downsample = downsample
        self.tint = tint
        self.saturation = saturation
    }

    /// UIImageEffects' presets.
    public enum Preset: String, Sendable, CaseIterable {
        /// `light` (σ 30, white tint at alpha 77), `extraLight` (σ 20, near-white tint at alpha 209) and
        /// `dark` (σ 20, near-black tint at alpha 186), each with box blurs and saturation 1.8, as
        /// UIImageEffects' `applyLightEffect`, `applyExtraLightEffect` and `applyDarkEffect`.
        case light, extraLight = "extra-light", dark
    }

    /// The first setting out of range (``apply(to:)`` refuses it), or `nil`.
    public var settingError: SettingError? {
        if !(sigma >= 0 && sigma.isFinite) {
            return SettingError(.sigma, of: "Blur", value: sigma, allowed: .interval(0...Double.greatestFiniteMagnitude), reason: "a standard deviation in points")
        }
        if !Self.saturationRange.contains(saturation) {
            return SettingError(.saturation, of: "Blur", value: saturation, allowed: .interval(Self.saturationRange),
                                reason: "1 keeps colours, 0 makes grey")
        }
        if !Self.downsampleRange.contains(downsample) {
            return SettingError(.downsample, of: "Blur", value: downsample, allowed: .interval(Self.downsampleRange), reason: "1 blurs at full size")
        }
        return nil
    }

    /// The blur, tint and saturation of a UIImageEffects preset.
    public init(preset: Preset) {
        switch preset {
        case .light: self.init(sigma: 30, method: .box, tint: Color(r: 255, g: 255, b: 255, a: 77), saturation: 1.8)
        case .extraLight: self.init(sigma: 20, method: .box, tint: Color(r: 247, g: 247, b: 247, a: 209), saturation: 1.8)
        case .dark: self.init(sigma: 20, method: .box, tint: Color(r: 28, g: 28, b: 28, a: 186), saturation: 1.8)
        }
    }

    /// `true` when ``apply(to:)`` gives every bitmap back untouched: σ = 0, saturation 1 and no
    /// tint. A caller holding the image's file can then keep its bytes as they are instead of
    /// encoding it again (`flipbook blur --sigma 0` copies the input).
    public var changesNothing: Bool { sigma == 0 && saturation == 1 && tint == nil }

    /// `bitmap` blurred, saturated and tinted (same size and scale). Every step works on one
    /// premultiplied `Float` copy, rounded back once at the end; with σ = 0, saturation 1 and no
    /// tint nothing is mixed and the bitmap comes back untouched.
    /// σ in pixels is taken as at most ``maximumPixelSigma``.
    /// - Throws: Basics' `SettingError` for a ``sigma`` that is negative or not finite, a
    ///   ``saturation`` outside ``saturationRange``, or a ``downsample`` outside ``downsampleRange`` (a NaN
    ///   saturation made a black picture without a word).
    public func apply(to bitmap: Bitmap) throws(SettingError) -> Bitmap {
        if let error = settingError { throw error }
        let pixelSigma = min(Self.maximumPixelSigma, sigma * Double(bitmap.scale))
        let blurs = pixelSigma > 0 && bitmap.width > 0 && bitmap.height > 0
        guard blurs || saturation != 1 || tint != nil else { return bitmap }
        return processed(FloatImage(bitmap), pixelSigma: pixelSigma).bitmap(scale: bitmap.scale)
    }

    /// The blur (σ in pixels), saturation and tint of ``apply(to:)`` on premultiplied planes.
    func processed(_ image: consuming FloatImage, pixelSigma: Double) -> FloatImage {
        // `image` is not read again, so the blur can work in place on its one buffer.
        var planes = image
        let width = planes.width, height = planes.height
        if pixelSigma > 0 && width > 0 && height > 0 {
            if downsample > 1 {
                let resampler = Resampler(filter: .bilinear)
                // With a transparent edge the image is set in a clear margin of two small pixels
                // first: the scale down reads clear beyond the edge (not the edge repeated), the
                // blur spreads the image into the margin, and the scale back up interpolates
                // towards what it spread there before the margin is cut off. Scaled back up
                // alone, the edge pixels repeated outwards and the fade was lost as F grew (a
                // flat square's corner at σ 16: alpha 92 at F 8, 67 at F 1 and in scipy).
                let margin = edge == .transparent ? Int((2 * downsample).rounded(.up)) : 0
                let framed = margin > 0 ? planes.padded(by: margin) : planes
                // Shrunk by area averaging, which keeps the image's mean at any factor (the widened
                // bilinear filter folded its taps onto the edge pixels: a centred coin lost a
                // tenth of its cover at 2 px a side, a quarter at 1).
                let small = framed.areaShrunk(width: max(1, Int((Double(framed.width) / downsample).rounded())),
                                              height: max(1, Int((Double(framed.height) / downsample).rounded())))
                let blurred = blurred(small, pixelSigma: pixelSigma * Double(small.width) / Double(framed.width))
                let back = resampler.resize(blurred, width: framed.width, height: framed.height)
                planes = margin > 0 ? back.cropped(x: margin, y: margin, width: width, height: height) : back
            } else {
                planes = blurred(planes, pixelSigma: pixelSigma)
            }
        }
        if saturation != 1 { Self.saturate(&planes, by: saturation) }
        if let tint { Self.tint(&planes, with: tint) }
        return planes
    }

    func blurred(_ image: consuming FloatImage, pixelSigma: Double) -> FloatImage {
        guard pixelSigma > 0 else { return image }
        var planes = image
        // Below 2 px three boxes of odd widths are too coarse (all three 1 px wide under σ 0.58:
        // no blur at all): the true Gaussian, as the W3C Filter Effects note advises.
        let method = method == .box && pixelSigma < Self.smallestBoxPixelSigma ? .gaussian : method
        switch method {
        case .gaussian:
            let kernel = Self.gaussianKernel(sigma: pixelSigma)
            if kernel.count / 2 > RecursiveGaussian.smallestRadius {
                // Past a few taps the recursive filter: O(1) a pixel, untruncated, exact at both edge modes.
                planes.recursiveGaussian(sigma: pixelSigma, edge: edge)
                return planes
            }
            let radius = kernel.count / 2
            // Up to 17 taps the sampled kernel: the direct sum, or the row's moments when the
            // kernel reaches past both ends of a line (`FloatImage.gaussianRows`).
            planes = planes.gaussianRows(kernel, sigma: pixelSigma, edge: edge)
            let height = planes.height, edge = self.edge
            if radius >= height {
                planes = planes.transposed().gaussianRows(kernel, sigma: pixelSigma, edge: edge).transposed()
            } else {
                planes = planes.combiningRows(count: height) { y in
                    kernel.enumerated().compactMap { tap, weight in
                        let row = y + tap - radius
                        if row >= 0 && row < height { return (row, weight) }
                        return edge == .clamp ? (min(max(row, 0), height - 1), weight) : nil
                    }
                }
            }
        case .box:
            let widths = Self.boxWidths(sigma: pixelSigma, count: 3)
            switch edge {
            case .clamp:
                // Each pass repeats its own edge pixels; a box wider than the image sums it once.
                for width in widths {
                    planes = width / 2 >= planes.width ? planes.boxedRowsWide(width: width, edge: edge) : planes.boxedRows(width: width, edge: edge)
                    planes = width / 2 >= planes.height ? planes.boxedVerticallyWide(width: width, edge: edge)
                        : planes.boxedVertically(width: width, edge: edge)
                }
            case .transparent:
                // The three passes over the image set in transparent black (what each spreads past
                // the edges is read by the next), rows and then columns.
                planes = planes.threeBoxedRowsTransparent(widths: widths)
                planes = planes.transposed().threeBoxedRowsTransparent(widths: widths).transposed()
            }
        }
        return planes
    }

    /// Saturation as UIImageEffects applies it, on premultiplied values (the matrix is linear);
    /// colour is kept within 0…alpha.
    static func saturate(_ image: inout FloatImage, by s: Double) {
        let lr = 0.2126, lg = 0.7152, lb = 0.0722
        let m: [Float] = [
            lr + (1 - lr) * s, lg - lg * s, lb - lb * s,
            lr - lr * s, lg + (1 - lg) * s, lb - lb * s,
            lr - lr * s, lg - lg * s, lb + (1 - lb) * s,
        ].map(Float.init)
        image.values.withUnsafeMutableBufferPointer { values in
            var i = 0
            while i < values.count {
                let r = values[i], g = values[i + 1], b = values[i + 2], a = values[i + 3]
                for row in 0..<3 {
                    values[i + row] = min(max(m[row * 3] * r + m[row * 3 + 1] * g + m[row * 3 + 2] * b, 0), a)
                }
                i += 4
            }
        }
    }

    /// `tint` drawn over every pixel (source-over on premultiplied values).
    static func tint(_ image: inout FloatImage, with tint: Color) {
        let alpha = Float(tint.a), k = alpha / 255, keep = 1 - k
        let top = SIMD4(Float(tint.r) * k, Float(tint.g) * k, Float(tint.b) * k, alpha)
        image.values.withUnsafeMutableBufferPointer { values in
            var i = 0
            while i < values.count {
                let below = SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
                let out = top + below * keep
                values[i] = out[0]; values[i + 1] = out[1]; values[i + 2] = out[2]; values[i + 3] = out[3]
                i += 4
            }
        }
    }

    /// The smallest σ in pixels ``Method/box`` blurs with three boxes (the W3C Filter Effects
    /// note's bound for the approximation): below it the boxes' odd widths cannot come near σ
    /// (1 px wide, no blur, under σ 0.58; σ 0.82 for σ 1), and the Gaussian is used.
    static let smallestBoxPixelSigma = 2.0

    /// The largest σ in pixels a blur uses (a Gaussian kernel of 24 577 taps): a larger σ asks for
    /// kernels wider than any image Flipbook accepts, and is taken as this.
    public static let maximumPixelSigma = 4096.0

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
