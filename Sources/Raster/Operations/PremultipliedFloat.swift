/// The one conversion between straight RGBA8 and premultiplied `Float` working values, shared by
/// everything that mixes pixels (``Blur``, ``Resampler``, FrameGen's canvas). `unit` is the value
/// that stands for full intensity in the working buffer: 255 for Raster's filters, 1 for the canvas.
package enum PremultipliedFloat {
    /// `pixels` straight RGBA8 pixels at `source` as premultiplied floats at `target`:
    /// `(c · a / 255², a / 255) · unit`.
    @inline(__always)
    package static func premultiply(_ source: UnsafePointer<UInt8>, pixels: Int, unit: Float,
                                    into target: UnsafeMutablePointer<Float>) {
        for pixel in 0..<pixels {
            let p = premultiplied(source + pixel * 4, unit: unit), i = pixel * 4
            target[i] = p.x; target[i + 1] = p.y; target[i + 2] = p.z; target[i + 3] = p.w
        }
    }

    /// The straight RGBA8 pixel at `pixel` as premultiplied floats.
    @inline(__always)
    package static func premultiplied(_ pixel: UnsafePointer<UInt8>, unit: Float) -> SIMD4<Float> {
        let alpha = Float(pixel[3]) * (unit / 255)
        let k = alpha * (1 / 255)
        return SIMD4(Float(pixel[0]) * k, Float(pixel[1]) * k, Float(pixel[2]) * k, alpha)
    }

    /// The premultiplied floats of `pixels` back to straight RGBA8 at `target`, rounded to
    /// nearest once (ties to even): `a = round(255 · A / unit)`, `c = round(255 · P / A)`, clamped
    /// to 0…255. A pixel whose alpha rounds to 0 becomes transparent black; one whose working
    /// alpha is exactly 0 is left as it is in `target` (a canvas keeps the bytes it started with).
    @inline(__always)
    package static func round(_ source: UnsafePointer<Float>, unit: Float, into target: UnsafeMutablePointer<UInt8>,
                              pixels: Range<Int>) {
        // Adding 1.5 · 2²³ to a float in [0, 2²²) leaves it rounded to an integer in the low bits
        // of the significand: a conversion without a range check.
        let magic: Float = 12_582_912
        let bytes = UnsafeMutableRawPointer(target)
        for pixel in pixels {
            let i = pixel * 4
            let w = source[i + 3]
            guard w > 0 else { continue }
            let alpha = Swift.min(w / unit, 1) * 255
            if alpha <= 0.5 {
                bytes.storeBytes(of: 0, toByteOffset: i, as: UInt32.self)
                continue
            }
            // Opaque pixels (the common case) need no division.
            let k: Float = alpha >= 255 ? 255 / unit : 255 / w
            let r = Swift.min(Swift.max(source[i] * k, 0), 255), g = Swift.min(Swift.max(source[i + 1] * k, 0), 255)
            let b = Swift.min(Swift.max(source[i + 2] * k, 0), 255)
            let bits = unsafeBitCast(SIMD4<Float>(r, g, b, alpha) + magic, to: SIMD4<UInt32>.self) & 0xFF
            let word = bits.x | bits.y << 8 | bits.z << 16 | bits.w << 24
            bytes.storeBytes(of: word.littleEndian, toByteOffset: i, as: UInt32.self)
        }
    }
}
