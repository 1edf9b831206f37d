import FrameGen
import Raster

/// A layer's shadow, as `CALayer` describes one: its alpha (content and sublayers) in
/// ``color`` at ``opacity``, blurred by ``radius`` and moved by ``offset``, drawn under the layer.
///
/// Core Animation does not publish how `shadowRadius` maps to a blur; here the Gaussian's standard
/// deviation is half the radius, as CSS's `box-shadow` blur radius is twice it.
public struct Shadow: Sendable, Hashable {
    /// The shadow's colour (`shadowColor`, black by default); its alpha multiplies ``opacity``.
    public var color: Color
    /// 0 (none) to 1 (`shadowOpacity`).
    public var opacity: Double
    /// How far it falls, in points of the output (`shadowOffset`; y down).
    public var offset: Point
    /// The blur radius in points (`shadowRadius`, 3 by default): σ = radius ÷ 2.
    public var radius: Double

    /// A shadow; Core Animation's defaults except ``opacity``, which a shadow asked for wants above 0.
    public init(color: Color = .black, opacity: Double = 0.5, offset: Point = Point(0, 3), radius: Double = 3) {
        self.color = color; self.opacity = opacity; self.offset = offset; self.radius = radius
    }

    /// Whether every number is finite, the opacity within 0…1 and the radius 0 or more.
    public var isValid: Bool { firstInvalid == nil }

    /// The first property out of range and its value, or nil.
    var firstInvalid: (property: String, value: Double)? {
        if !(0...1).contains(opacity) { return ("shadow.opacity", opacity) }
        if !offset.x.isFinite { return ("shadow.offset.x", offset.x) }
        if !offset.y.isFinite { return ("shadow.offset.y", offset.y) }
        if !(radius.isFinite && radius >= 0) { return ("shadow.radius", radius) }
        return nil
    }

    /// The shadow of `layer` (a canvas holding the drawn layer alone): a bitmap of the part of the
    /// canvas the layer drew on and the blur's reach around it, and where that part lies, in points
    /// (to draw moved by ``offset``); nil when the layer drew nothing. Only that part is blurred:
    /// a 4-point square's shadow blurred the whole output (400 spawned copies, 36 s a frame).
    func image(of layer: Canvas) -> (bitmap: Bitmap, x: Double, y: Double, width: Double, height: Double)? {
        let drawn = layer.makeBitmap()
        let width = drawn.width, height = drawn.height
        var minX = width, minY = height, maxX = -1, maxY = -1
        drawn.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = y * width * 4
                for x in 0..<width where pixels[row + x * 4 + 3] != 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        let scale = Double(drawn.scale)
        let reach = reach(on: layer)
        let x0 = max(0, minX - reach), y0 = max(0, minY - reach)
        let x1 = min(width, maxX + 1 + reach), y1 = min(height, maxY + 1 + reach)
        guard let blurred = blurred(drawn, x0: x0, y0: y0, x1: x1, y1: y1) else { return nil }
        return (blurred, Double(x0) / scale, Double(y0) / scale, Double(x1 - x0) / scale, Double(y1 - y0) / scale)
    }

    /// The shadow of all of `drawn` (the layer drawn alone, already moved by ``offset``, on a
    /// surface its shadow's blur reaches no further than), its size; nil when it is clear.
    func image(ofWhole drawn: Bitmap) -> Bitmap? {
        blurred(drawn, x0: 0, y0: 0, x1: drawn.width, y1: drawn.height)
    }

    /// The pixels `x0..<x1 × y0..<y1` of `drawn`: its alpha in ``color`` at ``opacity``, blurred.
    private func blurred(_ drawn: Bitmap, x0: Int, y0: Int, x1: Int, y1: Int) -> Bitmap? {
        guard x0 < x1, y0 < y1 else { return nil }
        var pixels = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0) * 4)
        let alpha = Double(color.a) / 255 * opacity
        for y in y0..<y1 {
            for x in x0..<x1 {
                let to = ((y - y0) * (x1 - x0) + (x - x0)) * 4
                pixels[to] = color.r; pixels[to + 1] = color.g; pixels[to + 2] = color.b
                pixels[to + 3] = UInt8((Double(drawn.pixels[(y * drawn.width + x) * 4 + 3]) * alpha).rounded())
            }
        }
        guard let shape = Bitmap(width: x1 - x0, height: y1 - y0, scale: drawn.scale, straight: pixels) else { return nil }
        return try? Blur(sigma: radius / 2, edge: .transparent).apply(to: shape)
    }

    /// How far the blur reaches, in pixels of `canvas` (3σ and 2 pixels, at most the canvas's longer side).
    func reach(on canvas: Canvas) -> Int {
        Int(min((radius / 2 * 3 + 2) * Double(canvas.scale), Double(max(canvas.pixelWidth, canvas.pixelHeight))).rounded(.up))
    }

    /// The pixels of `canvas` a shadow of content within `box` (pixels) blurs: the box and the
    /// blur's reach around it, within the canvas.
    func blurredPixels(within box: PixelRect, on canvas: Canvas) -> Int {
        let reach = reach(on: canvas)
        let width = min(canvas.pixelWidth, box.x + box.width + reach) - max(0, box.x - reach)
        let height = min(canvas.pixelHeight, box.y + box.height + reach) - max(0, box.y - reach)
        return max(0, width) * max(0, height)
    }
}
