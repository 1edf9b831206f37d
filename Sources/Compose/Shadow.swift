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

    /// The shadow of `layer` (a canvas holding the drawn layer alone), as a bitmap of the
    /// canvas's pixel size to draw at ``offset``.
    func image(of layer: Canvas) -> Bitmap? {
        let drawn = layer.makeBitmap()
        var pixels = [UInt8](repeating: 0, count: drawn.pixels.count)
        let alpha = Double(color.a) / 255 * opacity
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = color.r; pixels[index + 1] = color.g; pixels[index + 2] = color.b
            pixels[index + 3] = UInt8((Double(drawn.pixels[index + 3]) * alpha).rounded())
        }
        guard let shape = Bitmap(width: drawn.width, height: drawn.height, scale: drawn.scale, straight: pixels) else { return nil }
        return try? Blur(sigma: radius / 2, edge: .transparent).apply(to: shape)
    }
}
