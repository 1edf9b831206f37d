/// A raster image: `width × height` pixels of **premultiplied** RGBA, 8 bits per channel, sRGB.
///
/// Storage is premultiplied everywhere in Flipbook (compositing, resampling and blurring are then
/// plain weighted sums). A pixel is four bytes `r, g, b, a` with `r, g, b ≤ a`, rows top to bottom,
/// no padding: the byte offset of `(x, y)` is `(y * width + x) * 4`.
///
/// `scale` relates pixels to points as `UIImage.scale` does: a `@2x` image of 200 × 100 pixels is
/// 100 × 50 points. Copies are cheap: pixel storage is copy-on-write.
///
/// Conversion to and from straight alpha rounds to nearest:
/// `p = round(c · a / 255)` and `c = round(p · 255 / a)`. The pair is exact in the direction that
/// matters: un-premultiplying then premultiplying again gives back the same bytes, so a bitmap
/// written to PNG and read back is identical.
public struct Bitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point (1, 2 or 3 for `@1x`, `@2x`, `@3x` assets).
    public var scale: Int
    /// Premultiplied RGBA8 samples, `width * height * 4` bytes, row-major.
    public private(set) var pixels: [UInt8]

    /// A fully transparent bitmap.
    public init(width: Int, height: Int, scale: Int = 1) {
        precondition(width >= 0 && height >= 0 && scale >= 1, "invalid bitmap geometry")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A bitmap over premultiplied samples. Returns `nil` when the count is not
    /// `width * height * 4` or a colour sample exceeds its alpha.
    public init?(width: Int, height: Int, scale: Int = 1, premultiplied pixels: [UInt8]) {
        guard width >= 0, height >= 0, scale >= 1, pixels.count == width * height * 4 else { return nil }
        var index = 0
        while index < pixels.count {
            let alpha = pixels[index + 3]
            if pixels[index] > alpha || pixels[index + 1] > alpha || pixels[index + 2] > alpha { return nil }
            index += 4
        }
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// A bitmap from straight (not premultiplied) RGBA8 samples, premultiplied in place.
    /// Returns `nil` when the count is not `width * height * 4`.
    public init?(width: Int, height: Int, scale: Int = 1, straight pixels: consuming [UInt8]) {
        guard width >= 0, height >= 0, scale >= 1, pixels.count == width * height * 4 else { return nil }
        pixels.withUnsafeMutableBufferPointer { Self.premultiply($0) }
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// Size in points: pixels divided by `scale`.
    public var pointSize: (width: Double, height: Double) {
        (Double(width) / Double(scale), Double(height) / Double(scale))
    }

    /// The premultiplied pixel at `(x, y)`.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            return PremultipliedRGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// The straight-alpha colour at `(x, y)`.
    public func color(x: Int, y: Int) -> Color { self[x, y].unpremultiplied }

    /// Sets `(x, y)` to a straight-alpha colour.
    public mutating func setColor(_ color: Color, x: Int, y: Int) { self[x, y] = color.premultiplied }

    /// Mutable access to the premultiplied samples, for loops that must not pay for bounds checks.
    /// The closure must keep every colour sample ≤ its alpha.
    public mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// `true` when every pixel has alpha 255.
    public var isOpaque: Bool { everyAlpha(is: 255) }

    /// `true` when every pixel has alpha 0.
    public var isFullyTransparent: Bool { everyAlpha(is: 0) }

    private func everyAlpha(is value: UInt8) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != value { return false }
                index += 4
            }
            return true
        }
    }

    /// The samples as straight (un-premultiplied) RGBA8.
    public func straightPixels() -> [UInt8] {
        var straight = pixels
        straight.withUnsafeMutableBufferPointer { Self.unpremultiply($0) }
        return straight
    }

    static func premultiply(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        var index = 0
        while index + 3 < buffer.count {
            let alpha = buffer[index + 3]
            if alpha == 0 {
                buffer[index] = 0
                buffer[index + 1] = 0
                buffer[index + 2] = 0
            } else if alpha != 255 {
                buffer[index] = PremultipliedRGBA.multiply(buffer[index], alpha)
                buffer[index + 1] = PremultipliedRGBA.multiply(buffer[index + 1], alpha)
                buffer[index + 2] = PremultipliedRGBA.multiply(buffer[index + 2], alpha)
            }
            index += 4
        }
    }

    static func unpremultiply(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        var index = 0
        while index + 3 < buffer.count {
            let alpha = buffer[index + 3]
            if alpha != 255 {
                buffer[index] = PremultipliedRGBA.divide(buffer[index], alpha)
                buffer[index + 1] = PremultipliedRGBA.divide(buffer[index + 1], alpha)
                buffer[index + 2] = PremultipliedRGBA.divide(buffer[index + 2], alpha)
            }
            index += 4
        }
    }
}
