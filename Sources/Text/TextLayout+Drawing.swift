import Basics
import Raster

extension TextLayout {
    /// Draws the glyphs into `bitmap` in the style's colour, the layout's top-left corner at
    /// (`x`, `y`) points of the bitmap (its pixels ÷ its scale), over what is there. Glyphs are
    /// FreeType's unhinted outlines at the bitmap's scale, their origins rounded to whole pixels
    /// as Cairo places them (so the pixels are Pango's); a clipping layout is cut at its width.
    /// - Throws: ``TextError/setting(_:)`` when the style's size at the bitmap's
    ///   scale is over ``maximumPixelSize`` pixels per em, or `x`/`y` are not finite.
    public func draw(into bitmap: inout Bitmap, x: Double = 0, y: Double = 0) throws(TextError) {
        let scale = Double(bitmap.scale)
        let pixelSize = style.size * scale
        guard pixelSize <= Self.maximumPixelSize else {
            throw .setting(SettingError(.size, of: "TextStyle", value: style.size == style.size.rounded() && abs(style.size) < 1e15 ? "\(Int(style.size))" : "\(style.size)", problem: .conflicts(with: .scale, value: "\(bitmap.scale)"),
                                        reason: "at most \(Int(Self.maximumPixelSize)) pixels per em (size × scale)"))
        }
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else {
            throw .setting(SettingError(.position, of: nil, value: "\(x), \(y)", problem: .outOfRange(.interval(-1e9...1e9))))
        }
        let clipRight = style.lineBreakMode == .clipping ? maxWidth.map { ($0 + x) * scale } : nil
        var cache: [UInt32: FreeTypeFace.Image?] = [:]
        let color = style.color
        let (width, height) = (bitmap.width, bitmap.height)
        bitmap.withUnsafeMutablePixels { pixels in
            for line in lines {
                for glyph in line.glyphs {
                    // Whole pixels, as Cairo's image surfaces place glyphs: the same pixels as Pango's.
                    let px = ((x + glyph.x) * scale).rounded(), py = ((y + glyph.y) * scale).rounded()
                    let image: FreeTypeFace.Image?
                    if let cached = cache[glyph.id] {
                        image = cached
                    } else {
                        image = style.font.rasterizer.image(glyph: glyph.id, pixelSize: pixelSize)
                        cache[glyph.id] = image
                    }
                    guard let image, image.width > 0 else { continue }
                    let left = Int(px) + image.left, top = Int(py) - image.top
                    for row in 0..<image.height where (0..<height).contains(top + row) {
                        for column in 0..<image.width where (0..<width).contains(left + column) {
                            let coverage = image.coverage[row * image.width + column]
                            guard coverage > 0 else { continue }
                            if let clipRight, Double(left + column) >= clipRight { continue }
                            Self.blend(color, coverage: coverage, into: pixels, at: ((top + row) * width + left + column) * 4)
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
        var bitmap: Bitmap
        do {
            bitmap = try Bitmap(width: Int((points * Double(scale)).rounded(.up)), height: Int((height * Double(scale)).rounded(.up)),
                                scale: scale, limits: limits)
        } catch {
            throw .limit(error)
        }
        try draw(into: &bitmap)
        return bitmap
    }

    /// The largest glyph drawn, in pixels per em (a size × scale past it would rasterize glyphs of
    /// hundreds of megabytes each).
    public static let maximumPixelSize = 4096.0

    /// `color` with `coverage` over the straight RGBA pixel at `offset`.
    private static func blend(_ color: Color, coverage: UInt8, into pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let alpha = Float(coverage) * Float(color.a) / (255 * 255)
        let belowAlpha = Float(pixels[offset + 3]) / 255
        let outAlpha = alpha + belowAlpha * (1 - alpha)
        guard outAlpha > 0 else { return }
        let source = [color.r, color.g, color.b]
        for channel in 0..<3 {
            let value = (Float(source[channel]) * alpha + Float(pixels[offset + channel]) * belowAlpha * (1 - alpha)) / outAlpha
            pixels[offset + channel] = UInt8(min(255, max(0, value.rounded())))
        }
        pixels[offset + 3] = UInt8(min(255, (outAlpha * 255).rounded()))
    }
}
