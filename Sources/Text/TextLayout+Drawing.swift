import Basics
import Raster

extension TextLayout {
    /// Draws the glyphs into `bitmap` in the style's colour, the layout's top-left corner at
    /// (`x`, `y`) points of the bitmap (its pixels ÷ its scale), over what is there. Glyphs are
    /// FreeType's unhinted outlines at the bitmap's scale, their origins rounded to whole pixels
    /// as Cairo places them (so the pixels are Pango's); a clipping layout is cut at both edges of its width.
    /// - Throws: ``TextError/setting(_:)`` when the style's size at the bitmap's
    ///   scale is over ``maximumPixelSize`` pixels per em, or `x`/`y` are not finite.
    public func draw(into bitmap: inout Bitmap, x: Double = 0, y: Double = 0) throws(TextError) {
        try draw(into: &bitmap, x: x, y: y, shift: (0, 0))
    }

    /// ``draw(into:x:y:)`` with every glyph moved by `shift` whole pixels after it is placed.
    private func draw(into bitmap: inout Bitmap, x: Double, y: Double, shift: (x: Int, y: Int)) throws(TextError) {
        let scale = Double(bitmap.scale)
        let pixelSize = style.size * scale
        guard pixelSize <= Self.maximumPixelSize else {
            throw .setting(SettingError(.size, of: "TextStyle", value: style.size == style.size.rounded() && abs(style.size) < 1e15 ? "\(Int(style.size))" : "\(style.size)", problem: .conflicts(with: .scale, value: "\(bitmap.scale)"),
                                        reason: "at most \(Int(Self.maximumPixelSize)) pixels per em (size × scale)"))
        }
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else {
            throw .setting(SettingError(.position, of: nil, value: "\(x), \(y)", problem: .outOfRange(.interval(-1e9...1e9))))
        }
        // A clipping layout is cut at both edges of its width: a right-aligned, centred or right-to-left
        // line wider than it spilled out on the left (round 70t).
        let clipRight = style.lineBreakMode == .clipping ? maxWidth.map { ($0 + x) * scale + Double(shift.x) } : nil
        let clipLeft = style.lineBreakMode == .clipping && maxWidth != nil ? Int((x * scale + Double(shift.x)).rounded(.down)) : nil
        let color = style.color
        let (width, height) = (bitmap.width, bitmap.height)
        let overOpaque = (0...255).map { OpaqueMix(color, coverage: UInt8($0)) }
        // Over a clear pixel the colour itself, at the coverage's alpha (what ``blend(_:coverage:into:at:)``
        // works out there: the source over nothing, divided by its own alpha).
        let overClear = (0...255).map { Self.byte(Float($0) * Float(color.a) / (255 * 255) * 255) }
        // A fully covered pixel of an opaque colour is the colour, whatever was below.
        let solid: (UInt8, UInt8, UInt8)? = color.a == 255 ? (color.r, color.g, color.b) : nil
        bitmap.withUnsafeMutablePixels { pixels in
            for line in lines {
                for glyph in line.glyphs {
                    // Whole pixels, as Cairo's image surfaces place glyphs: the same pixels as Pango's.
                    let px = ((x + glyph.x) * scale).rounded(), py = ((y + glyph.y) * scale).rounded()
                    guard let image = style.font.rasterizer.image(glyph: glyph.id, pixelSize: pixelSize), image.width > 0 else { continue }
                    let left = Int(px) + image.left + shift.x, top = Int(py) - image.top + shift.y
                    // The glyph's rows and columns that land on the bitmap (and left of a clipping layout's edge).
                    var right = min(image.width, width - left)
                    if let clipRight { right = min(right, Int(clipRight.rounded(.up)) - left) }
                    let first = max(0, -left, clipLeft.map { $0 - left } ?? 0)
                    let columns = first..<max(first, right)
                    let rows = max(0, -top)..<max(max(0, -top), min(image.height, height - top))
                    image.coverage.withUnsafeBufferPointer { coverage in
                        for row in rows {
                            let start = row * image.width
                            var offset = ((top + row) * width + left + columns.lowerBound) * 4
                            for column in columns {
                                defer { offset += 4 }
                                let value = coverage[start + column]
                                guard value > 0 else { continue }
                                if value == 255, let solid {
                                    (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) = (solid.0, solid.1, solid.2, 255)
                                } else if pixels[offset + 3] == 255 {
                                    overOpaque[Int(value)].blend(into: pixels, at: offset)
                                } else if pixels[offset + 3] == 0 {
                                    guard color.a > 0 else { continue }   // nothing over nothing: left as it is
                                    (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) = (color.r, color.g, color.b, overClear[Int(value)])
                                } else {
                                    Self.blend(color, coverage: value, into: pixels, at: offset)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The layout drawn alone on a transparent bitmap as large as it is (its width — or its
    /// max width when given — and height in points, rounded up) at `scale` pixels per point.
    /// - Throws: ``TextError/limit(_:)`` when the bitmap would be over `limits`;
    ///   ``TextError/setting(_:)`` for a scale outside 1…8.
    public func render(scale: Int = 1, limits: ResourceLimits = .default) throws(TextError) -> Bitmap {
        if let error = ImageFileName.drawingScaleError(scale, of: nil) { throw .setting(error) }
        let points = max(maxWidth ?? width, width)
        var bitmap = try Self.raster(width: (points * Double(scale)).rounded(.up), height: (height * Double(scale)).rounded(.up),
                                     scale: scale, limits: limits)
        try draw(into: &bitmap)
        return bitmap
    }

    /// A clear bitmap for the text, checked first against `limits`' pixels and then its bytes (4 a
    /// pixel) against its decoded bytes: with `maxPixels` raised as the message says, a long text at
    /// 1000 pt asked for 238 GB and the process aborted in the allocator (round 64t2 #4).
    /// `width` and `height` are in pixels, any double (a side of 1e300 beside one of 0 is refused, not trapped on).
    private static func raster(width pixelWidth: Double, height pixelHeight: Double, scale: Int, limits: ResourceLimits) throws(TextError) -> Bitmap {
        do throws(LimitError) {
            try limits.checkPixels(width: pixelWidth, height: pixelHeight, of: "Bitmap")
            guard pixelWidth < 2_147_483_647, pixelHeight < 2_147_483_647 else {
                throw LimitError(limit: .pixels, subject: "Bitmap", amount: nil, maximum: limits.maxPixels,
                                 detail: "\(LimitError.format(pixelWidth))×\(LimitError.format(pixelHeight))")
            }
            let width = Int(pixelWidth), height = Int(pixelHeight)
            let (bytes, overflow) = (width * height).multipliedReportingOverflow(by: 4)
            guard !overflow, bytes <= limits.maxDecodedBytes else {
                throw LimitError(limit: .decodedBytes, subject: "the text's raster", amount: overflow ? nil : bytes, maximum: limits.maxDecodedBytes,
                                 detail: "\(width)×\(height) pixels at @\(scale)x, 4 bytes a pixel: less or smaller text, a max width, or a lower scale needs less")
            }
            return try Bitmap(width: width, height: height, scale: scale, limits: limits)
        } catch {
            throw .limit(error)
        }
    }

    /// The layout drawn like ``render(scale:limits:)``, on a bitmap grown by whole pixels to hold
    /// every glyph's ink where it reaches past that box — a J's hook left of the origin, an
    /// italic's overhang past the last advance, marks above the first line (a clipping layout is
    /// still cut at its width) — and where the layout's top-left corner lies on it, in points.
    /// Inside the box the pixels are ``render(scale:limits:)``'s.
    /// - Throws: as ``render(scale:limits:)``.
    public func renderInk(scale: Int = 1, limits: ResourceLimits = .default) throws(TextError) -> (bitmap: Bitmap, origin: (x: Double, y: Double)) {
        if let error = ImageFileName.drawingScaleError(scale, of: nil) { throw .setting(error) }
        let box = (width: (max(maxWidth ?? width, width) * Double(scale)).rounded(.up), height: (height * Double(scale)).rounded(.up))
        // The ink's reach past the box, in pixels (glyphs placed as ``draw(into:x:y:)`` places them); none when the size is refused there.
        var over = (left: 0.0, top: 0.0, right: 0.0, bottom: 0.0)
        let pixelSize = style.size * Double(scale)
        if pixelSize <= Self.maximumPixelSize {
            for line in lines {
                for glyph in line.glyphs {
                    guard let image = style.font.rasterizer.image(glyph: glyph.id, pixelSize: pixelSize), image.width > 0 else { continue }
                    let left = (glyph.x * Double(scale)).rounded() + Double(image.left), top = (glyph.y * Double(scale)).rounded() - Double(image.top)
                    over = (max(over.left, -left), max(over.top, -top), max(over.right, left + Double(image.width) - box.width),
                            max(over.bottom, top + Double(image.height) - box.height))
                }
            }
            if style.lineBreakMode == .clipping, maxWidth != nil { over.right = 0 }
        }
        var bitmap = try Self.raster(width: box.width + over.left + over.right, height: box.height + over.top + over.bottom,
                                     scale: scale, limits: limits)
        try draw(into: &bitmap, x: 0, y: 0, shift: (Int(over.left), Int(over.top)))
        return (bitmap, (over.left / Double(scale), over.top / Double(scale)))
    }

    /// The largest glyph drawn, in pixels per em (a size × scale past it would rasterize glyphs of
    /// hundreds of megabytes each).
    public static let maximumPixelSize = 4096.0

    /// `UInt8(min(255, max(0, value.rounded())))` without the C library's `roundf` (a call per
    /// channel of every pixel drawn).
    @inline(__always)
    fileprivate static func byte(_ value: Float) -> UInt8 {
        guard value >= 0 else { return 0 }   // NaN too, as max(0, NaN) gives
        guard value < 255.5 else { return 255 }
        // In Double, `value + 0.5` is exact (a Float has 24 bits): its whole part is `value` rounded half up.
        return UInt8(truncatingIfNeeded: Int(Double(value) + 0.5))
    }

    /// ``blend(_:coverage:into:at:)``'s terms for one coverage over an opaque pixel (the common
    /// case: text on a background or a chrome), worked out once a draw: the same operations in the
    /// same order, so the same bytes, with only the pixel's own term left per channel.
    private struct OpaqueMix {
        let alpha: Float, rest: Float, out: Float
        let red: Float, green: Float, blue: Float
        let outByte: UInt8
        /// Whether `out` is exactly 1 (nearly always, over an opaque pixel): dividing by it changes nothing.
        let unit: Bool

        init(_ color: Color, coverage: UInt8) {
            alpha = Float(coverage) * Float(color.a) / (255 * 255)
            rest = 1 - alpha
            out = alpha + 1 * rest   // belowAlpha is exactly 1
            (red, green, blue) = (Float(color.r) * alpha, Float(color.g) * alpha, Float(color.b) * alpha)
            outByte = TextLayout.byte(out * 255)
            unit = out == 1
        }

        @inline(__always)
        func blend(into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
            if unit {
                pixels[offset] = TextLayout.byte(red + Float(pixels[offset]) * rest)
                pixels[offset + 1] = TextLayout.byte(green + Float(pixels[offset + 1]) * rest)
                pixels[offset + 2] = TextLayout.byte(blue + Float(pixels[offset + 2]) * rest)
                pixels[offset + 3] = outByte
                return
            }
            pixels[offset] = TextLayout.byte((red + Float(pixels[offset]) * rest) / out)
            pixels[offset + 1] = TextLayout.byte((green + Float(pixels[offset + 1]) * rest) / out)
            pixels[offset + 2] = TextLayout.byte((blue + Float(pixels[offset + 2]) * rest) / out)
            pixels[offset + 3] = outByte
        }
    }

    /// `color` with `coverage` over the straight RGBA pixel at `offset`.
    @inline(__always)
    private static func blend(_ color: Color, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let alpha = Float(coverage) * Float(color.a) / (255 * 255)
        let belowAlpha = Float(pixels[offset + 3]) / 255
        let outAlpha = alpha + belowAlpha * (1 - alpha)
        guard outAlpha > 0 else { return }
        func mixed(_ source: UInt8, _ below: UInt8) -> UInt8 {
            Self.byte((Float(source) * alpha + Float(below) * belowAlpha * (1 - alpha)) / outAlpha)
        }
        pixels[offset] = mixed(color.r, pixels[offset])
        pixels[offset + 1] = mixed(color.g, pixels[offset + 1])
        pixels[offset + 2] = mixed(color.b, pixels[offset + 2])
        pixels[offset + 3] = Self.byte(outAlpha * 255)
    }
}
