/// How a layer's pixels combine with what lies below, as `CGBlendMode` names them: the 16 PDF
/// blend modes and the Porter-Duff operators.
///
/// Every mode works on premultiplied colour (channels and alpha in 0…1) with the PDF formulas as
/// pixman writes them for premultiplied values (so a pixel with no alpha needs no division):
/// `result = (1 − αs)·d + (1 − αd)·s + B(s, d)` for the blend modes, `s·Fa + d·Fb` for the
/// Porter-Duff operators; alpha is `αs + αd − αs·αd` for every blend mode. ``blend(_:onto:)`` gives
/// the same pixels as Cairo's operators of the same name (pixman), within rounding.
public enum BlendMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Source over (`CGBlendMode.normal`).
    case normal
    /// The product of the colours: darker, white leaves the backdrop.
    case multiply
    /// The inverse of the product of the inverses: lighter, black leaves the backdrop.
    case screen
    /// Multiply or screen by the backdrop: the backdrop's contrast kept.
    case overlay
    /// The darker of the two, per channel.
    case darken
    /// The lighter of the two, per channel.
    case lighten
    /// The backdrop brightened to reflect the source.
    case colorDodge
    /// The backdrop darkened to reflect the source.
    case colorBurn
    /// Multiply or screen by the source: a harsh spotlight.
    case hardLight
    /// Darken or lighten by the source: a diffuse spotlight.
    case softLight
    /// The absolute difference of the colours.
    case difference
    /// Like difference, lower in contrast.
    case exclusion
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity
    /// Nothing: the result is clear.
    case clear
    /// The source replaces the backdrop.
    case copy
    /// The source where the backdrop is.
    case sourceIn
    /// The source where the backdrop is not.
    case sourceOut
    /// The source over the backdrop, only where the backdrop is.
    case sourceAtop
    /// The backdrop over the source.
    case destinationOver
    /// The backdrop where the source is.
    case destinationIn
    /// The backdrop where the source is not.
    case destinationOut
    /// The backdrop over the source, only where the source is.
    case destinationAtop
    /// Each where the other is not.
    case xor
    /// The sum, clamped to 1 (Cairo's `ADD`).
    case plusLighter

    /// The Porter-Duff operators (whose result needs no blend function).
    public var isPorterDuff: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
             .destinationOut, .destinationAtop, .xor, .plusLighter: true
        default: false
        }
    }

    /// `source` composited onto `destination`, both premultiplied RGBA in 0…1.
    public func blend(_ source: SIMD4<Float>, onto destination: SIMD4<Float>) -> SIMD4<Float> {
        let sa = source.w, da = destination.w
        switch self {
        case .normal: return source + destination * (1 - sa)
        case .clear: return .zero
        case .copy: return source
        case .sourceIn: return source * da
        case .sourceOut: return source * (1 - da)
        case .sourceAtop: return source * da + destination * (1 - sa)
        case .destinationOver: return source * (1 - da) + destination
        case .destinationIn: return destination * sa
        case .destinationOut: return destination * (1 - sa)
        case .destinationAtop: return source * (1 - da) + destination * sa
        case .xor: return source * (1 - da) + destination * (1 - sa)
        case .plusLighter: return pointwiseMin(source + destination, SIMD4(repeating: 1))
        case .hue, .saturation, .color, .luminosity:
            let mixed = BlendFormulas.nonSeparable(self, source, destination)
            let rest = destination * (1 - sa) + source * (1 - da)
            return SIMD4(rest.x + mixed.x, rest.y + mixed.y, rest.z + mixed.z, sa + da - sa * da)
        default:
            var result = destination * (1 - sa) + source * (1 - da)
            result.x += BlendFormulas.separable(self, s: source.x, sa: sa, d: destination.x, da: da)
            result.y += BlendFormulas.separable(self, s: source.y, sa: sa, d: destination.y, da: da)
            result.z += BlendFormulas.separable(self, s: source.z, sa: sa, d: destination.z, da: da)
            result.w = sa + da - sa * da
            return result
        }
    }
}
