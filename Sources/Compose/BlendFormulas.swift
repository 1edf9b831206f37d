/// The PDF blend functions in premultiplied form, as pixman writes them (`pixman-combine-float.c`):
/// each returns the `αs·αd·B(s/αs, d/αd)` term of one channel, guarded where a division by a zero
/// alpha would come.
enum BlendFormulas {
    /// The separable blend term of one channel.
    static func separable(_ mode: BlendMode, s: Float, sa: Float, d: Float, da: Float) -> Float {
        switch mode {
        case .multiply: return s * d
        case .screen: return d * sa + s * da - s * d
        case .overlay: return 2 * d < da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
        case .darken: return min(s * da, d * sa)
        case .lighten: return max(s * da, d * sa)
        case .colorDodge:
            if isZero(d) { return 0 }
            if d * sa >= sa * da - s * da || isZero(sa - s) { return sa * da }
            return sa * sa * d / (sa - s)
        case .colorBurn:
            if d >= da { return sa * da }
            if sa * (da - d) >= s * da || isZero(s) { return 0 }
            return sa * (da - sa * (da - d) / s)
        case .hardLight: return 2 * s < sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
        case .softLight:
            if isZero(da) { return d * sa }
            if 2 * s < sa { return d * sa - d * (da - d) * (sa - 2 * s) / da }
            if 4 * d <= da { return d * sa + (2 * s - sa) * d * ((16 * d / da - 12) * d / da + 3) }
            return d * sa + ((d * da).squareRoot() - d) * (2 * s - sa)
        case .difference:
            let dsa = d * sa, sda = s * da
            return sda < dsa ? dsa - sda : sda - dsa
        case .exclusion: return s * da + d * sa - 2 * d * s
        default: return 0
        }
    }

    /// The non-separable blend term (hue, saturation, colour, luminosity) of the colour channels.
    static func nonSeparable(_ mode: BlendMode, _ source: SIMD4<Float>, _ destination: SIMD4<Float>) -> SIMD3<Float> {
        let sa = source.w, da = destination.w
        let s = SIMD3(source.x, source.y, source.z), d = SIMD3(destination.x, destination.y, destination.z)
        switch mode {
        case .hue:
            return setLuminosity(setSaturation(s * da, saturation(d) * sa), alpha: sa * da, luminosity: luminosity(d) * sa)
        case .saturation:
            return setLuminosity(setSaturation(d * sa, saturation(s) * da), alpha: sa * da, luminosity: luminosity(d) * sa)
        case .color:
            return setLuminosity(s * da, alpha: sa * da, luminosity: luminosity(d) * sa)
        default:
            return setLuminosity(d * sa, alpha: sa * da, luminosity: luminosity(s) * da)
        }
    }

    private static func isZero(_ value: Float) -> Bool { abs(value) < Float.ulpOfOne * 16 }

    private static func luminosity(_ c: SIMD3<Float>) -> Float { c.x * 0.3 + c.y * 0.59 + c.z * 0.11 }

    private static func saturation(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// `c` with its luminosity moved to `luminosity` and clipped into 0…`alpha` keeping its hue.
    private static func setLuminosity(_ c: SIMD3<Float>, alpha: Float, luminosity target: Float) -> SIMD3<Float> {
        var c = c + SIMD3(repeating: target - luminosity(c))
        let l = luminosity(c), low = c.min(), high = c.max()
        if low < 0 {
            c = isZero(l - low) ? .zero : SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * (l / (l - low))
        }
        if high > alpha {
            c = isZero(high - l) ? SIMD3(repeating: alpha)
                : SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * ((alpha - l) / (high - l))
        }
        return c
    }

    /// `c` with its saturation (largest − smallest channel) set to `saturation`, the order of its
    /// channels kept; a grey stays black. No allocation: it runs once per pixel.
    private static func setSaturation(_ c: SIMD3<Float>, _ saturation: Float) -> SIMD3<Float> {
        let high = c.max(), low = c.min(), range = high - low
        guard !isZero(range) else { return .zero }
        // The largest channel becomes `saturation`, the smallest 0, the middle one in proportion
        // (channels equal to the largest or smallest land with it, as pixman's sort gives).
        return SIMD3((c.x - low) * saturation / range, (c.y - low) * saturation / range, (c.z - low) * saturation / range)
    }

}
