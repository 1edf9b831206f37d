import Raster

/// A colour as four straight-alpha components from 0 to 1, as a `CGColor`'s in an RGB space: the
/// value that colour animations (``LayerAnimation/backgroundColor(_:)``,
/// ``LayerAnimation/gradientColors(_:)``) move between.
///
/// Core Animation interpolates a colour component by component — red, green, blue and alpha each
/// `a + (b − a) × t`, straight (not premultiplied) — and so does this type: from opaque red to
/// transparent blue, halfway is (0.5, 0, 0.5, 0.5). A value is drawn as the nearest 8-bit ``color``,
/// components outside 0…1 (a cubic key-frame overshoot, a `by` value) clamped.
public struct ColorComponents: Sendable, Hashable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Alpha, 0 (clear) … 1 (opaque).
    public var alpha: Double

    /// A colour from its components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// The components of an 8-bit colour (each byte / 255).
    public init(_ color: Color) {
        self.init(red: Double(color.r) / 255, green: Double(color.g) / 255, blue: Double(color.b) / 255,
                  alpha: Double(color.a) / 255)
    }

    /// The nearest 8-bit colour: each component clamped to 0…1 (NaN as 0), times 255, rounded.
    public var color: Color {
        func byte(_ value: Double) -> UInt8 { value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return Color(r: byte(red), g: byte(green), b: byte(blue), a: byte(alpha))
    }
}

extension ColorComponents: Animatable {
    /// Transparent black, every component 0.
    public static let zero = ColorComponents(red: 0, green: 0, blue: 0, alpha: 0)
    /// The component-wise sum.
    public static func + (lhs: ColorComponents, rhs: ColorComponents) -> ColorComponents {
        ColorComponents(red: lhs.red + rhs.red, green: lhs.green + rhs.green, blue: lhs.blue + rhs.blue, alpha: lhs.alpha + rhs.alpha)
    }
    /// The component-wise difference.
    public static func - (lhs: ColorComponents, rhs: ColorComponents) -> ColorComponents {
        ColorComponents(red: lhs.red - rhs.red, green: lhs.green - rhs.green, blue: lhs.blue - rhs.blue, alpha: lhs.alpha - rhs.alpha)
    }
    /// Every component times `factor`.
    public func scaled(by factor: Double) -> ColorComponents {
        ColorComponents(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }
    /// The straight-line distance in the four components.
    public func distance(to other: ColorComponents) -> Double {
        let d = other - self
        return (d.red * d.red + d.green * d.green + d.blue * d.blue + d.alpha * d.alpha).squareRoot()
    }
    /// Whether every component is finite.
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
}

/// A list of colours (a gradient's ``Gradient/colors``) animates colour by colour; a list shorter
/// than the other counts as padded with ``ColorComponents/zero`` (transparent black).
extension Array: Animatable where Element == ColorComponents {
    /// The empty list.
    public static var zero: [ColorComponents] { [] }
    /// Colour by colour, the shorter list padded with transparent black.
    public static func + (lhs: [ColorComponents], rhs: [ColorComponents]) -> [ColorComponents] {
        (0..<Swift.max(lhs.count, rhs.count)).map { (lhs.indices.contains($0) ? lhs[$0] : .zero) + (rhs.indices.contains($0) ? rhs[$0] : .zero) }
    }
    /// Colour by colour, the shorter list padded with transparent black.
    public static func - (lhs: [ColorComponents], rhs: [ColorComponents]) -> [ColorComponents] {
        (0..<Swift.max(lhs.count, rhs.count)).map { (lhs.indices.contains($0) ? lhs[$0] : .zero) - (rhs.indices.contains($0) ? rhs[$0] : .zero) }
    }
    /// Every colour times `factor`.
    public func scaled(by factor: Double) -> [ColorComponents] { map { $0.scaled(by: factor) } }
    /// The root of the summed squared distances of the colours.
    public func distance(to other: [ColorComponents]) -> Double {
        let d = other - self
        return d.reduce(0) { $0 + $1.red * $1.red + $1.green * $1.green + $1.blue * $1.blue + $1.alpha * $1.alpha }.squareRoot()
    }
    /// Whether every colour is finite.
    public var isFinite: Bool { allSatisfy(\.isFinite) }
}
