import Raster

extension GIF.AlphaMode: LosslessStringConvertible {
    /// `threshold`, `dither` or `matte:#RRGGBB` (as `flipbook assemble --alpha` takes it); `nil`
    /// for anything else, a matte with an alpha below 255 included (`matte:#00000000`: a matte is
    /// what every pixel is made opaque on).
    public init?(_ description: String) {
        switch description {
        case "threshold": self = .threshold
        case "dither": self = .dither
        default:
            guard description.hasPrefix("matte:"), let color = Color(hex: String(description.dropFirst(6))), color.a == 255 else { return nil }
            self = .matte(color)
        }
    }

    /// The text ``init(_:)`` reads.
    public var description: String {
        switch self {
        case .threshold: "threshold"
        case .dither: "dither"
        case .matte(let color): "matte:\(color)"
        }
    }
}
