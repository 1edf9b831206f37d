import Foundation

extension AlphaFlattener {
    /// The share of a soft pixel's place its colour's dots should cover, as alpha levels × 128
    /// (0…255 · 128), for a viewer who may see the GIF over black or over white.
    ///
    /// Browsers blend alpha on sRGB values, but an eye averages a pattern of dots in linear light:
    /// a white pixel at alpha 128 over black shows sRGB 128, about a fifth of white's light, while
    /// white dots on half its place show half of it — a dim dot of a spinner turns into a bright
    /// grid. The share here is the one whose dots, averaged in linear light, come closest (least
    /// squares over the channels and both backgrounds) to the blended pixel: a fifth for that white
    /// pixel (over white its dots do not show either way), more than the alpha for dark colours
    /// (over white their dots must take enough light away).
    @inline(__always)
    static func lightShare(alpha a: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let inverse = 255 - a
        var numerator: Float = 0, denominator: Float = 0
        @inline(__always) func add(_ channel: Int) {
            let colour = linear[channel * 255]
            // Over black the dots add colour × share; the blend shows a·c.
            numerator += colour * linear[channel * a]
            denominator += colour * colour
            // Over white the dots take (1 − colour) × share of the white away.
            numerator += (1 - colour) * (1 - linear[channel * a + 255 * inverse])
            denominator += (1 - colour) * (1 - colour)
        }
        add(Int(r))
        add(Int(g))
        add(Int(b))
        let share = min(max(numerator / denominator, 0), 1)
        return Int((share * 255 * 128).rounded())
    }

    /// The share a dithered (not rim) pixel keeps, as alpha levels × 128: ``lightShare(alpha:_:_:_:)``
    /// where it is below the alpha (light colours: a fading white dot keeps a fifth of its place at
    /// alpha 128, not half), else the alpha. Where the light share is above the alpha (grey smoke,
    /// dark fire), over white it asks for more dots; measured on the gif-real corpus that is
    /// 7–20 % more bytes and flicker above ffmpeg's on the smoke for a FLIP gain of 3 %, so those
    /// keep their alpha.
    @inline(__always)
    static func ditherShare(alpha a: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        min(a * 128, lightShare(alpha: a, r, g, b))
    }

    /// Every soft pixel's share (alpha ``faintest`` … 254), computed once per frame for the
    /// small shapes and the dither: ``lightShare(alpha:_:_:_:)`` on the rim of
    /// an opaque shape (where the cut decides), ``ditherShare(alpha:_:_:_:)`` elsewhere; 0 for
    /// other pixels. (Computed in each of its users, it was 10 % more CPU on the 800² explosion.)
    /// A soft area repeats its colours and alphas (a smoke's greys, a glow's ramp, neighbours
    /// alike), so each share is remembered by (rim or not, alpha, colour) in a small
    /// direct-mapped table (``shareCacheSlots``): the share is a function of those alone, so the
    /// shares are the same, for a fraction of the linear-light sums (they were 5–6 % of the CPU
    /// on the 400² explosion).
    static func shares(_ pixels: UnsafeBufferPointer<UInt8>, classes: AlphaClasses,
                       rim: UnsafeBufferPointer<UInt64>) -> [UInt16] {
        let (width, height, words) = (classes.width, classes.height, classes.words)
        var shares = [UInt16](repeating: 0, count: width * height)
        var keys = [UInt64](repeating: .max, count: shareCacheSlots)
        var values = [UInt16](repeating: 0, count: shareCacheSlots)
        shares.withUnsafeMutableBufferPointer { shares in
            keys.withUnsafeMutableBufferPointer { keys in
                values.withUnsafeMutableBufferPointer { values in
                    classes.soft.withUnsafeBufferPointer { soft in
                        // Only the soft pixels (alpha faintest … 254), a word of 64 at a time.
                        for y in 0..<height {
                            for word in 0..<words {
                                var bits = soft[y &* words &+ word]
                                let rimBits = rim.isEmpty ? 0 : rim[y &* words &+ word]
                                while bits != 0 {
                                    let bit = bits.trailingZeroBitCount
                                    bits &= bits &- 1
                                    let x = word &* 64 &+ bit
                                    let pixel = y &* width &+ x, i = pixel &* 4
                                    let a = Int(pixels[i + 3])
                                    let onRim = rimBits >> UInt64(bit) & 1 != 0
                                    let (r, g, b) = (pixels[i], pixels[i + 1], pixels[i + 2])
                                    let key = UInt64(onRim ? 1 : 0) << 32 | UInt64(a) << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
                                    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)
                                    if keys[slot] == key {
                                        shares[pixel] = values[slot]
                                        continue
                                    }
                                    let share = UInt16(onRim ? lightShare(alpha: a, r, g, b) : ditherShare(alpha: a, r, g, b))
                                    (keys[slot], values[slot]) = (key, share)
                                    shares[pixel] = share
                                }
                            }
                        }
                    }
                }
            }
        }
        return shares
    }

    /// Slots of the table ``shares(_:classes:rim:)`` remembers shares in (the top 12 bits of
    /// a multiplicative hash pick one).
    static let shareCacheSlots = 1 << 12

    /// Linear light of an sRGB value given in 255ths of a level (0…65 025: a blend a·c + (255 − a)·b
    /// before its division by 255).
    static let linear: [Float] = (0...65025).map { step in
        let v = Double(step) / 65025
        return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
    }
}
