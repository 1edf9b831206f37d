/// A straight-alpha sRGB colour, 8 bits per channel, as written in `#RRGGBB` / `#RRGGBBAA`.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional). Returns `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(r: UInt8(full >> 24), g: UInt8((full >> 16) & 0xFF), b: UInt8((full >> 8) & 0xFF), a: UInt8(full & 0xFF))
    }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
    public var description: String {
        let hex = [r, g, b] + (a == 255 ? [] : [a])
        return "#" + hex.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// This colour with its channels multiplied by alpha, rounded to nearest.
    public var premultiplied: PremultipliedRGBA {
        PremultipliedRGBA(r: PremultipliedRGBA.multiply(r, a), g: PremultipliedRGBA.multiply(g, a),
                          b: PremultipliedRGBA.multiply(b, a), a: a)
    }
}

/// One premultiplied RGBA8 pixel, as stored in a ``Bitmap``: every channel is ≤ `a`.
public struct PremultipliedRGBA: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let clear = PremultipliedRGBA(r: 0, g: 0, b: 0, a: 0)

    /// Source-over: this pixel drawn on `below` (`self + below · (1 − a)`, rounded exactly).
    public func over(_ below: PremultipliedRGBA) -> PremultipliedRGBA {
        let k = 255 - a
        return PremultipliedRGBA(r: r + Self.multiply(below.r, k), g: g + Self.multiply(below.g, k),
                                 b: b + Self.multiply(below.b, k), a: a + Self.multiply(below.a, k))
    }

    /// The straight-alpha colour, each channel `round(c · 255 / a)`; transparent black when `a` is 0.
    public var unpremultiplied: Color {
        Color(r: Self.divide(r, a), g: Self.divide(g, a), b: Self.divide(b, a), a: a)
    }

    /// `round(c · a / 255)`, exact for all 8-bit inputs (there are no ties).
    @inline(__always)
    static func multiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// `round(p · 255 / a)` with halves rounded up, clamped to 255; 0 when `a` is 0.
    @inline(__always)
    static func divide(_ p: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        let value = (UInt32(p) * 510 + UInt32(a)) / (2 * UInt32(a))
        return UInt8(min(value, 255))
    }
}
