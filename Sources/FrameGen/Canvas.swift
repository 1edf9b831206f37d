import Foundation
import Raster

/// A drawing surface like Core Graphics' image context (`UIGraphicsBeginImageContextWithOptions`):
/// sized in points, backed by `scale` pixels per point, y down. Fill and stroke paths with
/// anti-aliasing, draw bitmaps, clip, transform, save and restore state, then ``makeBitmap()``.
///
/// Colours are straight-alpha sRGB; the canvas composites source-over on premultiplied RGBA8.
public struct Canvas: Sendable {
    /// The graphics state that ``saveState()`` / ``restoreState()`` keep.
    public struct State: Sendable {
        /// User space (points) → points of the canvas. Device pixels are this times `scale`.
        public var transform: AffineTransform = .identity
        /// The pen used by ``stroke(_:color:)``.
        public var strokeStyle = StrokeStyle()
        var clip: ClipMask?
    }

    public let width: Double
    public let height: Double
    public let scale: Int
    public let isOpaque: Bool
    public var state = State()
    private var stack: [State] = []
    private var bitmap: Bitmap
    private var rasterizer = Rasterizer()

    /// A canvas of `width × height` points at `scale` pixels per point. A transparent canvas starts
    /// clear, an opaque one black (as an opaque CG context does); `background` fills it instead.
    public init(width: Double, height: Double, scale: Int = 1, opaque: Bool = false, background: Color? = nil) {
        self.width = width
        self.height = height
        self.scale = max(1, scale)
        self.isOpaque = opaque
        let pixelWidth = max(0, Int((width * Double(self.scale)).rounded()))
        let pixelHeight = max(0, Int((height * Double(self.scale)).rounded()))
        bitmap = Bitmap(width: pixelWidth, height: pixelHeight, scale: self.scale)
        if let fill = background ?? (opaque ? .black : nil) {
            var color = fill
            if opaque { color.a = 255 }
            bitmap.withUnsafeMutablePixels { pixels in
                let p = color.premultiplied
                var i = 0
                while i < pixels.count {
                    pixels[i] = p.r; pixels[i + 1] = p.g; pixels[i + 2] = p.b; pixels[i + 3] = p.a
                    i += 4
                }
            }
        }
    }

    /// A canvas that draws on `bitmap` (its size in points and scale come from it) — a context
    /// begun with an image already in it, without compositing that image first.
    public init(drawingOn bitmap: Bitmap) {
        self.bitmap = bitmap
        scale = max(1, bitmap.scale)
        width = Double(bitmap.width) / Double(scale)
        height = Double(bitmap.height) / Double(scale)
        isOpaque = bitmap.isOpaque
    }

    /// The picture so far, at the canvas's scale.
    public func makeBitmap() -> Bitmap { bitmap }

    public var pixelWidth: Int { bitmap.width }
    public var pixelHeight: Int { bitmap.height }

    // MARK: State

    public mutating func saveState() { stack.append(state) }

    /// Restores the last saved state; does nothing when none is saved.
    public mutating func restoreState() {
        if let last = stack.popLast() { state = last }
    }

    public mutating func translateBy(x: Double, y: Double) { state.transform = state.transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: Double, y: Double) { state.transform = state.transform.scaledBy(x: x, y: y) }
    /// Rotates user space by `angle` radians (clockwise on screen for positive angles).
    public mutating func rotate(by angle: Double) { state.transform = state.transform.rotated(by: angle) }
    public mutating func concatenate(_ transform: AffineTransform) { state.transform = state.transform.concatenating(transform) }

    public var lineWidth: Double {
        get { state.strokeStyle.width }
        set { state.strokeStyle.width = newValue }
    }

    /// User space → device pixels.
    var deviceTransform: AffineTransform {
        AffineTransform(scaleX: Double(scale), y: Double(scale)).concatenating(state.transform)
    }

    // MARK: Drawing

    /// Fills the rectangle (user space) with `color`.
    public mutating func fill(rect x: Double, _ y: Double, _ width: Double, _ height: Double, color: Color) {
        fill(Path(rect: x, y, width, height), color: color)
    }

    /// Fills `path` with `color` under `rule`.
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonzero) {
        loadInterior(of: path)
        paint(color: color, rule: rule)
    }

    /// Loads the rasterizer with `path`'s outline in device pixels.
    private mutating func loadInterior(of path: Path) {
        rasterizer.reset()
        for line in Flattener.polylines(path.applying(deviceTransform), tolerance: Flattener.tolerance) {
            rasterizer.addPolygon(line.vertices.lazy.map(\.point))
        }
    }

    /// Strokes `path` with `color` using ``State/strokeStyle`` (or `style`). The pen lives in user
    /// space, so a scaled or rotated transform scales or turns the stroke too, as in Core Graphics.
    public mutating func stroke(_ path: Path, color: Color, style: StrokeStyle? = nil) {
        let transform = deviceTransform
        let tolerance = Flattener.tolerance / max(transform.maximumScale, 1e-12)
        var stroker = Stroker(style: style ?? state.strokeStyle, tolerance: tolerance)
        stroker.stroke(Flattener.polylines(path, tolerance: tolerance))
        rasterizer.reset()
        stroker.output.forEachContour { contour in
            rasterizer.addPolygon(contour.lazy.map(transform.apply))
        }
        paint(color: color, rule: .nonzero)
    }

    /// Intersects the clip with `path`: later drawing only shows inside it (anti-aliased edges).
    public mutating func clip(to path: Path, rule: FillRule = .nonzero) {
        loadInterior(of: path)
        var mask = ClipMask(width: bitmap.width, height: bitmap.height)
        let width = bitmap.width
        rasterizer.fill(width: bitmap.width, height: bitmap.height, rule: rule) { y, x, length, level in
            for i in 0..<length { mask.values[y * width + x + i] = UInt8(level) }
        }
        if let old = state.clip { mask.intersect(old) }
        state.clip = mask
    }

    /// Composites the rasterizer's coverage in `color`.
    private mutating func paint(color: Color, rule: FillRule) {
        guard color.a > 0 else { return }
        let p = color.premultiplied
        let source = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
        let opaque = p.a == 255
        let width = bitmap.width, height = bitmap.height
        let clip = state.clip
        var raster = rasterizer
        rasterizer = Rasterizer()
        defer { rasterizer = raster }
        bitmap.withUnsafeMutablePixels { bytes in
            guard let base = bytes.baseAddress else { return }
            let pixels = UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self)
            raster.fill(width: width, height: height, rule: rule) { y, x, length, level in
                let row = pixels + (y * width + x)
                if let clip {
                    clip.values.withUnsafeBufferPointer { mask in
                        let offset = y * width + x
                        for i in 0..<length {
                            let shown = Self.div255(level * UInt32(mask[offset + i]))
                            if shown == 0 { continue }
                            let s = Self.scale(source, shown)
                            row[i] = s &+ Self.scale(row[i], 255 - (s >> 24))
                        }
                    }
                } else if level == 255 && opaque {
                    row.update(repeating: source, count: length)
                } else {
                    let s = level == 255 ? source : Self.scale(source, level)
                    let inverse = 255 - (s >> 24)
                    for i in 0..<length { row[i] = s &+ Self.scale(row[i], inverse) }
                }
            }
        }
    }

    /// Every channel of a packed RGBA8 pixel times `k / 255`, rounded exactly (two channels per
    /// 32-bit multiply).
    @inline(__always)
    static func scale(_ pixel: UInt32, _ k: UInt32) -> UInt32 {
        var redBlue = (pixel & 0x00FF_00FF) &* k &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var greenAlpha = ((pixel >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return redBlue | greenAlpha
    }

    /// `round(x / 255)` for x ≤ 255·255.
    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }

    // MARK: Images

    /// Draws `image` with its top-left corner at `point` (user space), at its own point size — a
    /// `@2x` bitmap covers half as many points per pixel, as `UIImage.draw(at:)` does.
    public mutating func draw(_ image: Bitmap, at point: Point) {
        let size = image.pointSize
        draw(image, in: point.x, point.y, size.width, size.height)
    }

    /// Draws `image` stretched over the rectangle (user space). Whole-pixel placements at the
    /// image's own scale are copied exactly; anything else is resampled bilinearly (premultiplied).
    public mutating func draw(_ image: Bitmap, in x: Double, _ y: Double, _ width: Double, _ height: Double) {
        guard image.width > 0, image.height > 0, width > 0, height > 0 else { return }
        // Image pixels → device pixels.
        let map = deviceTransform
            .translatedBy(x: x, y: y)
            .scaledBy(x: width / Double(image.width), y: height / Double(image.height))
        guard let inverse = map.inverted else { return }
        let corners = [Point(0, 0), Point(Double(image.width), 0), Point(0, Double(image.height)),
                       Point(Double(image.width), Double(image.height))].map(map.apply)
        let x0 = max(0, Int(corners.map(\.x).min()!.rounded(.down)))
        let x1 = min(bitmap.width, Int(corners.map(\.x).max()!.rounded(.up)))
        let y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
        let y1 = min(bitmap.height, Int(corners.map(\.y).max()!.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let exact = map.a == 1 && map.d == 1 && map.b == 0 && map.c == 0
            && map.tx == map.tx.rounded() && map.ty == map.ty.rounded()
        let canvasWidth = bitmap.width
        let clip = state.clip
        let source = image.pixels
        bitmap.withUnsafeMutablePixels { pixels in
            source.withUnsafeBufferPointer { source in
                for py in y0..<y1 {
                    for px in x0..<x1 {
                        var s: (UInt32, UInt32, UInt32, UInt32)
                        if exact {
                            let sx = px - Int(map.tx), sy = py - Int(map.ty)
                            let i = (sy * image.width + sx) * 4
                            s = (UInt32(source[i]), UInt32(source[i + 1]), UInt32(source[i + 2]), UInt32(source[i + 3]))
                        } else {
                            let u = inverse.apply(Point(Double(px) + 0.5, Double(py) + 0.5))
                            s = Self.bilinear(source, width: image.width, height: image.height, x: u.x - 0.5, y: u.y - 0.5)
                        }
                        if let clip {
                            let m = UInt32(clip.values[py * canvasWidth + px])
                            s = (Self.div255(s.0 * m), Self.div255(s.1 * m), Self.div255(s.2 * m), Self.div255(s.3 * m))
                        }
                        if s.3 == 0 { continue }
                        let o = (py * canvasWidth + px) * 4
                        let inverse = 255 - s.3
                        pixels[o] = UInt8(s.0 + Self.div255(UInt32(pixels[o]) * inverse))
                        pixels[o + 1] = UInt8(s.1 + Self.div255(UInt32(pixels[o + 1]) * inverse))
                        pixels[o + 2] = UInt8(s.2 + Self.div255(UInt32(pixels[o + 2]) * inverse))
                        pixels[o + 3] = UInt8(s.3 + Self.div255(UInt32(pixels[o + 3]) * inverse))
                    }
                }
            }
        }
    }

    /// Bilinear sample of premultiplied pixels at `(x, y)` (pixel centres on integers); outside
    /// the image counts as transparent, which anti-aliases the image's edges.
    private static func bilinear(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                                 x: Double, y: Double) -> (UInt32, UInt32, UInt32, UInt32) {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let ix = Int(fx), iy = Int(fy)
        let tx = x - fx, ty = y - fy
        var sum = (0.0, 0.0, 0.0, 0.0)
        for (dy, wy) in [(0, 1 - ty), (1, ty)] where wy > 0 {
            let sy = iy + dy
            guard sy >= 0, sy < height else { continue }
            for (dx, wx) in [(0, 1 - tx), (1, tx)] where wx > 0 {
                let sx = ix + dx
                guard sx >= 0, sx < width else { continue }
                let w = wx * wy, i = (sy * width + sx) * 4
                sum.0 += Double(source[i]) * w
                sum.1 += Double(source[i + 1]) * w
                sum.2 += Double(source[i + 2]) * w
                sum.3 += Double(source[i + 3]) * w
            }
        }
        let alpha = min(255, UInt32(sum.3 + 0.5))
        return (min(alpha, UInt32(sum.0 + 0.5)), min(alpha, UInt32(sum.1 + 0.5)), min(alpha, UInt32(sum.2 + 0.5)), alpha)
    }
}

/// Per-pixel clip coverage, 0 (hidden) … 255 (shown).
struct ClipMask: Sendable {
    let width: Int
    let height: Int
    var values: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [UInt8](repeating: 0, count: width * height)
    }

    mutating func intersect(_ other: ClipMask) {
        for i in values.indices { values[i] = UInt8(Canvas.div255(UInt32(values[i]) * UInt32(other.values[i]))) }
    }
}
