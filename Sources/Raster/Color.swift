/// A straight-alpha sRGB colour, 8 bits per channel, as written in `#RRGGBB` / `#RRGGBBAA` and as a
/// ``Bitmap`` stores its pixels: `r`, `g` and `b` are the colour itself, whatever the alpha.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var a: UInt8

    /// A colour from its four channels; opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`, the `#` included (as the docs write colours). Returns `nil`
    /// for anything else, bare `RRGGBB` too.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Substring(hex).dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(r: UInt8(full >> 24), g: UInt8((full >> 16) & 0xFF), b: UInt8((full >> 8) & 0xFF), a: UInt8(full & 0xFF))
    }

    /// Transparent black, `#00000000`.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
    public var description: String {
        let hex = [r, g, b] + (a == 255 ? [] : [a])
        return "#" + hex.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Source-over: this colour drawn on `below`. Computed exactly on premultiplied values and
    /// rounded to nearest once. Drawing an opaque colour gives that colour, drawing on a fully
    /// transparent pixel gives this colour, and drawing a fully transparent one leaves `below`
    /// unchanged (its bytes included).
    public func over(_ below: Color) -> Color {
        if a == 255 || below.a == 0 && a != 0 { return self }
        if a == 0 { return below }
        // Weights at scale 255²: this colour's alpha · 255, the one below's alpha · (255 − a).
        let top = UInt32(a) * 255, bottom = UInt32(below.a) * (255 - UInt32(a))
        let total = top + bottom
        func channel(_ upper: UInt8, _ lower: UInt8) -> UInt8 {
            UInt8((UInt32(upper) * top + UInt32(lower) * bottom + total / 2) / total)
        }
        return Color(r: channel(r, below.r), g: channel(g, below.g), b: channel(b, below.b),
                     a: UInt8((total + 127) / 255))
    }
}

/// Conversions between straight and premultiplied RGBA8 for the few places that need 8-bit
/// premultiplied bytes (interop, `--alpha-handling premultiply`). Pixel mixing itself works on
/// wider values (see ``Bitmap``).
enum Premultiplication {
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

    /// Straight → premultiplied, in place.
    static func premultiply(_ buffer: UnsafeMutableBufferPointer<UInt8>) { convertColor(buffer, multiply) }

    /// Premultiplied → straight, in place (transparent pixels become transparent black).
    static func unpremultiply(_ buffer: UnsafeMutableBufferPointer<UInt8>) { convertColor(buffer, divide) }

    /// `convert(channel, alpha)` on the colour channels of every pixel that is not opaque.
    @inline(__always)
    private static func convertColor(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ convert: (UInt8, UInt8) -> UInt8) {
        var index = 0
        while index + 3 < buffer.count {
            let alpha = buffer[index + 3]
            if alpha != 255 {
                buffer[index] = convert(buffer[index], alpha)
                buffer[index + 1] = convert(buffer[index + 1], alpha)
                buffer[index + 2] = convert(buffer[index + 2], alpha)
            }
            index += 4
        }
    }
}
