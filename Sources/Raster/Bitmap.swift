import Basics

/// A raster image: `width × height` pixels of **straight** (not premultiplied) RGBA, 8 bits per
/// channel, sRGB.
///
/// A pixel is four bytes `r, g, b, a`, rows top to bottom, no padding: the byte offset of `(x, y)`
/// is `(y * width + x) * 4`. The bytes are exactly what was decoded from the file — the colour of
/// a fully transparent pixel included — so moving pixels (crop, trim, rotate, pack into a sheet,
/// cut back out, write to PNG) is a byte copy and gives every pixel back bit for bit.
///
/// Operations that *mix* pixels (blur, resampling, the canvas's compositing, text) premultiply
/// into a working buffer of `Float` per channel, mix there, and convert back once, rounding to
/// nearest: `a = round(A)`, `c = round(P · 255 / A)` (transparent black where `a` is 0). An
/// identity resize, a zero-σ blur and drawing a bitmap at its own size and place on a clear canvas
/// give their input back exactly. Where content really is mixed, the error is that one rounding:
/// at most ½ of a level in alpha, and ½ of a level in each colour channel of the straight result.
///
/// `scale` relates pixels to points as `UIImage.scale` does: a `@2x` image of 200 × 100 pixels is
/// 100 × 50 points. Copies are cheap: pixel storage is copy-on-write.
public struct Bitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point (1, 2 or 3 for `@1x`, `@2x`, `@3x` assets); never below 1 (a smaller value
    /// set here is stored as 1, so no size in points divides by zero).
    public var scale: Int {
        didSet { if scale < 1 { scale = 1 } }
    }
    /// Straight RGBA8 samples, `width * height * 4` bytes, row-major.
    public private(set) var pixels: [UInt8]

    /// The straight RGBA8 samples, handing their storage over: no copy when this bitmap is their
    /// only owner (a frame decoded, turned into something else, and dropped).
    public consuming func takePixels() -> [UInt8] {
        pixels
    }

    /// A fully transparent bitmap (every byte 0) of `width × height` pixels, checked first: a
    /// negative side, a size whose bytes overflow `Int`, or more pixels than `limits` allows is
    /// refused, not a trap or an allocation of gigabytes. A `scale` below 1 is stored as 1.
    /// - Throws: `LimitError` for `LimitError.Limit.pixels`.
    public init(width: Int, height: Int, scale: Int = 1, limits: ResourceLimits = .default) throws(LimitError) {
        try limits.checkPixels(width: width, height: height, of: "Bitmap")
        self.init(clearWidth: width, height: height, scale: scale)
    }

    /// A fully transparent bitmap of a size the caller has already checked (non-negative, within
    /// its limits): the package's own pages, canvases and crops.
    package init(clearWidth width: Int, height: Int, scale: Int = 1) {
        precondition(width >= 0 && height >= 0, "invalid bitmap geometry")
        self.width = width
        self.height = height
        self.scale = max(scale, 1)
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A bitmap over straight RGBA8 samples, kept as they are. Returns `nil` when the count is not
    /// `width * height * 4` (or a side is negative); a `scale` below 1 is stored as 1.
    public init?(width: Int, height: Int, scale: Int = 1, straight pixels: consuming [UInt8]) {
        guard width >= 0, height >= 0, let count = Self.byteCount(width: width, height: height),
              pixels.count == count else { return nil }
        self.width = width
        self.height = height
        self.scale = max(scale, 1)
        self.pixels = pixels
    }

    /// A bitmap from premultiplied RGBA8 samples (as Core Graphics' `premultipliedLast` gives
    /// them), un-premultiplied to straight with `c = round(p · 255 / a)`. Returns `nil` when the
    /// count is not `width * height * 4` or a colour sample exceeds its alpha; a `scale` below 1 is
    /// stored as 1.
    ///
    /// This is lossy by nature: premultiplied bytes hold fewer colours than straight ones (a pixel
    /// of alpha 10 has 11 levels per channel) and nothing under alpha 0.
    public init?(width: Int, height: Int, scale: Int = 1, premultiplied pixels: consuming [UInt8]) {
        guard width >= 0, height >= 0, let count = Self.byteCount(width: width, height: height),
              pixels.count == count else { return nil }
        var index = 0
        while index < pixels.count {
            let alpha = pixels[index + 3]
            if pixels[index] > alpha || pixels[index + 1] > alpha || pixels[index + 2] > alpha { return nil }
            index += 4
        }
        pixels.withUnsafeMutableBufferPointer { Premultiplication.unpremultiply($0) }
        self.width = width
        self.height = height
        self.scale = max(scale, 1)
        self.pixels = pixels
    }

    /// `width × height × 4`, or `nil` when it overflows `Int`.
    static func byteCount(width: Int, height: Int) -> Int? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow4) = pixels.multipliedReportingOverflow(by: 4)
        return overflow || overflow4 ? nil : bytes
    }

    /// Size in points: pixels divided by `scale`.
    public var pointSize: (width: Double, height: Double) {
        (Double(width) / Double(scale), Double(height) / Double(scale))
    }

    /// The pixel at `(x, y)`, straight RGBA. Like an array index, `(x, y)` must lie inside the
    /// bitmap (`0..<width`, `0..<height`); anything else stops the program.
    public subscript(x: Int, y: Int) -> Color {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            return Color(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
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

    /// Mutable access to the straight samples, for loops that must not pay for bounds checks.
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

    /// The samples premultiplied to 8 bits, `p = round(c · a / 255)` (colour under alpha 0 becomes
    /// 0), for consumers that want premultiplied bytes. Lossy: see ``init(width:height:scale:premultiplied:)``.
    public func premultipliedPixels() -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { Premultiplication.premultiply($0) }
        return out
    }

    /// Whether `other` shows what this bitmap shows: the same size, equal RGBA wherever either is
    /// visible, and both clear (alpha 0, whatever their RGB) everywhere else.
    public func showsSame(as other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        if pixels == other.pixels { return true }
        return pixels.withUnsafeBufferPointer { p in
            other.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count {
                    if p[i + 3] != q[i + 3] { return false }
                    if p[i + 3] != 0 && (p[i] != q[i] || p[i + 1] != q[i + 1] || p[i + 2] != q[i + 2]) { return false }
                    i += 4
                }
                return true
            }
        }
    }
}
