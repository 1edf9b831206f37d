extension PNG {
    /// The PNG colour types (PNG spec §11.2.2).
    public enum ColorType: Int, Sendable, Codable, CustomStringConvertible {
        /// 0: grey samples, 1 to 16 bits.
        case grayscale = 0
        /// 2: RGB triples, 8 or 16 bits a sample.
        case rgb = 2
        /// 3: indices into a `PLTE` palette, 1 to 8 bits (alpha from `tRNS`, if any).
        case indexed = 3
        /// 4: grey and alpha, 8 or 16 bits a sample.
        case grayscaleAlpha = 4
        /// 6: RGB and alpha, 8 or 16 bits a sample.
        case rgba = 6

        /// The name `flipbook info` prints: `grey`, `RGB`, `palette`, `grey+alpha` or `RGBA`.
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
        /// Significant bits of each channel as the `sBIT` chunk states them (1 up to the bit depth); 0 for
        /// a channel the colour type does not have (`gray` for colour images, `red`/`green`/`blue` for grey
        /// ones, `alpha` without an alpha channel).
        public var red, green, blue, gray, alpha: Int
    }

    /// An embedded ICC profile (`iCCP`), kept as metadata; pixels are never converted with it.
    public struct ICCProfile: Sendable, Equatable {
        /// The profile's name as the `iCCP` chunk gives it (Latin-1, 1–79 characters).
        public var name: String
        /// The profile itself, decompressed: the ICC bytes.
        public var data: [UInt8]
    }

    /// What a PNG says about itself before its pixels: geometry, format and colour metadata.
    ///
    /// Colour metadata (`gAMA`, `sRGB`, `sBIT`, `iCCP`) is reported, never applied: decoded
    /// samples are the file's own values, as asset pipelines and Pillow keep them.
    public struct Header: Sendable, Equatable {
        /// Width in pixels (`IHDR`).
        public var width: Int
        /// Height in pixels (`IHDR`).
        public var height: Int
        /// Bits per sample: 1, 2, 4, 8 or 16.
        public var bitDepth: Int
        /// The colour type stored in the file (not the RGBA8 it decodes to).
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
        /// Significant bits per channel from `sBIT`, if present (reported, never applied).
        public var significantBits: SignificantBits?
        /// The embedded ICC profile from `iCCP`, if present (reported, never applied).
        public var iccProfile: ICCProfile?

        /// `true` when pixels can be other than fully opaque.
        public var hasAlpha: Bool {
            colorType == .rgba || colorType == .grayscaleAlpha || hasTransparencyChunk
        }
    }
}

extension PNG.Header {
    /// What a command says of 16-bit input it wrote again (Flipbook works in 8 bits a sample):
    /// `subject` names it and says `has` or `have` (`x.png has`, `the frames have`). One sentence
    /// for one PNG (`flipbook blur`) and for a sequence's frames (Compose's `FrameOperationJob`).
    package static func sixteenBitNote(_ subject: String) -> String {
        "\(subject) 16-bit samples: written with 8 bits a sample, as Flipbook works in 8 bits (each sample rounded once)"
    }

    /// What `prefix`, a file's first 29 bytes or more, says of a PNG: the spec puts `IHDR` first,
    /// its width, height and bit depth at bytes 16, 20 and 24, its interlace method at 28. For a look
    /// over thousands of frames that reads 29 bytes of each, where ``PNG/Decoder/readHeader(file:)``
    /// reads up to 64 KiB and parses them. `nil` for a file too short or not a PNG.
    package static func leading(_ prefix: some Collection<UInt8>) -> (width: Int, height: Int, bitDepth: Int, interlaced: Bool)? {
        let bytes = Array(prefix.prefix(29))
        guard bytes.count == 29, bytes[0..<8].elementsEqual(PNG.signature), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20), Int(bytes[24]), bytes[28] != 0)
    }

    /// Whether `prefix` (``leading(_:)``) begins a PNG of 16-bit samples.
    package static func hasSixteenBitSamples(prefix: some Collection<UInt8>) -> Bool {
        leading(prefix)?.bitDepth == 16
    }

    /// Whether `prefix` (``leading(_:)``) begins a PNG that libpng decodes row by row — samples of
    /// other than 8 bits, or interlaced — where the common PNG takes Flipbook's own path, about a
    /// quarter of that time a pixel: what a sequence frame's decoding is charged by. False for
    /// anything else (a file too short or not a PNG is charged as common).
    package static func decodesRowByRow(prefix: some Collection<UInt8>) -> Bool {
        leading(prefix).map { $0.bitDepth != 8 || $0.interlaced } ?? false
    }
}
