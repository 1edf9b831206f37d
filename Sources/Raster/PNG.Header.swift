extension PNG {
    /// The PNG colour types (PNG spec §11.2.2).
    public enum ColorType: Int, Sendable, Codable, CustomStringConvertible {
        case grayscale = 0
        case rgb = 2
        case indexed = 3
        case grayscaleAlpha = 4
        case rgba = 6

        public var description: String {
            switch self {
            case .grayscale: "grey"
            case .rgb: "RGB"
            case .indexed: "palette"
            case .grayscaleAlpha: "grey+alpha"
            case .rgba: "RGBA"
            }
        }
    }

    /// Significant bits per channel, from an `sBIT` chunk (0 for channels the colour type lacks).
    public struct SignificantBits: Sendable, Equatable, Codable {
        public var red, green, blue, gray, alpha: Int
    }

    /// An embedded ICC profile (`iCCP`), kept as metadata; pixels are never converted with it.
    public struct ICCProfile: Sendable, Equatable {
        public var name: String
        public var data: [UInt8]
    }

    /// What a PNG says about itself before its pixels: geometry, format and colour metadata.
    ///
    /// Colour metadata (`gAMA`, `sRGB`, `sBIT`, `iCCP`) is reported, never applied: decoded
    /// samples are the file's own values, as asset pipelines and Pillow keep them.
    public struct Header: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// Bits per sample: 1, 2, 4, 8 or 16.
        public var bitDepth: Int
        public var colorType: ColorType
        /// `true` for Adam7 interlacing.
        public var interlaced: Bool
        /// `true` when a `tRNS` chunk gives transparency to a colour type without alpha.
        public var hasTransparencyChunk: Bool
        /// Number of `PLTE` entries, 0 when there is none.
        public var paletteCount: Int
        /// File gamma from `gAMA` (e.g. 0.45455), if present.
        public var gamma: Double?
        /// Rendering intent from `sRGB` (0–3), if present.
        public var srgbIntent: Int?
        public var significantBits: SignificantBits?
        public var iccProfile: ICCProfile?

        /// `true` when pixels can be other than fully opaque.
        public var hasAlpha: Bool {
            colorType == .rgba || colorType == .grayscaleAlpha || hasTransparencyChunk
        }
    }
}
