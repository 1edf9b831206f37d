import Basics

extension PNG {
    /// Writes ``Bitmap``s as PNG: rows filtered as libpng chooses by default, compressed by zlib in
    /// pieces on all cores (large pages write several times faster than through libpng, byte-for-byte
    /// the same whatever the number of cores).
    ///
    /// With ``ColorMode-swift.enum/smallest`` (the default) the encoder picks the smallest lossless
    /// form: grey at 1, 2, 4 or 8 bits for opaque grey images, a palette (with `tRNS` for
    /// translucent entries) for up to 256 colours, then grey+alpha, RGB or RGBA. Decoding the output
    /// always gives back the same bitmap. Output is deterministic: the same bitmap gives the same bytes.
    public struct Encoder: Sendable {
        /// Which colour type and bit depth the encoder writes.
        public enum ColorMode: Sendable {
            /// The smallest lossless colour type and bit depth.
            case smallest
            /// A palette at 8 bits for up to 256 colours, else the smallest of grey, grey+alpha,
            /// RGB and RGBA at 8 bits: the frames of one sequence then share a colour type and
            /// bit depth as far as their colours allow (``smallest`` gives a 1-bit frame beside
            /// 8-bit ones, which `validate` reports as `png.colortype-mixed`).
            case eightBit
            /// Always 8-bit RGBA.
            case rgba
        }

        /// The colour type chosen: the smallest lossless one (the default), or always RGBA.
        public var colorMode: ColorMode
        /// zlib level, 0 (store) to 9 (smallest).
        public var compressionLevel: Int

        /// An encoder writing `colorMode` (the smallest lossless form by default) at zlib level
        /// `compressionLevel`, clamped to 0…9; 6 by default, zlib's own default.
        public init(colorMode: ColorMode = .smallest, compressionLevel: Int = 6) {
            self.colorMode = colorMode
            self.compressionLevel = min(max(compressionLevel, 0), 9)
        }

        /// The PNG bytes for `bitmap`.
        public func encode(_ bitmap: Bitmap) throws(EncodeError) -> [UInt8] {
            guard bitmap.width > 0, bitmap.height > 0 else {
                throw .invalidImage(reason: "PNG cannot store an empty image (\(bitmap.width)×\(bitmap.height))")
            }
            let straight = bitmap.pixels
            let layout = colorMode == .rgba ? PixelLayout.rgba : PixelLayout.smallest(for: straight, eightBit: colorMode == .eightBit)
            let packed = layout.pack(straight, width: bitmap.width, height: bitmap.height)
            let writer = PNGWriter(width: bitmap.width, height: bitmap.height, bitDepth: layout.bitDepth, colorType: layout.colorType,
                                   palette: layout.paletteRGB, transparency: layout.paletteAlpha, level: compressionLevel)
            guard let bytes = writer.encode(rows: packed.rows, bytesPerRow: packed.bytesPerRow) else {
                throw .invalidImage(reason: "zlib could not allocate its state")
            }
            return bytes
        }

        /// Encodes `bitmap` as the file `path` of `set`: written now to a temporary file, in place
        /// when the set is committed. Throws ``EncodeError``: ``EncodeError/output(_:)`` when the
        /// output contract refuses `path` (`named`: the caller named this file outright),
        /// ``EncodeError/writeFailed(file:reason:)`` when its temporary file cannot be written.
        public func write(_ bitmap: Bitmap, to path: String, in set: OutputSet, named: Bool = false) throws(EncodeError) {
            let bytes = try encode(bitmap)
            do {
                try set.write(bytes, to: path, named: named)
            } catch {
                throw Self.writing(error, to: path)
            }
        }

        /// `error`, thrown by an `OutputSet` (Basics) writing `path`, as one of ``EncodeError``'s cases.
        private static func writing(_ error: OutputSet.Error, to path: String) -> EncodeError {
            switch error {
            case .refused(let error): .output(error)
            case .write(let error): .writeFailed(file: path, reason: error.reason)
            }
        }

        /// Encodes `bitmap` and writes it to `path` as a single-file `OutputSet` (Basics) (recorded, so a
        /// later run may replace it): refused before anything is encoded (``EncodeError/output(_:)``)
        /// when `path` is one of `inputs`, not a regular file, another set's file, or — unless
        /// `overwrite` — a file Flipbook did not write, and (`OutputError.unsupportedName`) when its
        /// name promises another format than PNG (`.jpg`, `.gif`: the CLI's rule). A file that
        /// cannot be written is ``EncodeError/writeFailed(file:reason:)``.
        public func write(_ bitmap: Bitmap, to path: String, protecting inputs: InputFiles, overwrite: Bool = false) throws(EncodeError) {
            do { try OutputName.require(path, extensions: ["png"], what: "a PNG encoder writes PNG") } catch { throw .output(error) }
            do { try OutputSet.check(file: path, protecting: inputs, overwrite: overwrite) } catch { throw Self.writing(error, to: path) }
            let bytes = try encode(bitmap)
            do {
                try OutputSet.write(bytes, toFile: path, protecting: inputs, overwrite: overwrite)
            } catch {
                throw Self.writing(error, to: path)
            }
        }

        /// Encodes `bitmap` and writes it to `path` atomically (temporary file, then rename). A name
        /// that promises another format (`copy.gif`) is ``EncodeError/writeFailed(file:reason:)``,
        /// nothing written.
        public func write(_ bitmap: Bitmap, to path: String) throws(EncodeError) {
            guard OutputName.pathExtension(path) == "png" else {
                throw .writeFailed(file: path, reason: "the name promises another format; a PNG is named .png")
            }
            let bytes = try encode(bitmap)
            do {
                try FileIO.writeAtomically(bytes, to: path)
            } catch {
                throw .writeFailed(file: path, reason: error.reason)
            }
        }
    }
}

/// The colour type and bit depth chosen for a bitmap, and how to pack its rows.
struct PixelLayout {
    var colorType: PNG.ColorType
    var bitDepth: Int
    /// For `.indexed`: RGB triples, entries with alpha < 255 first.
    var paletteRGB: [UInt8] = []
    /// For `.indexed`: alpha of the leading translucent entries (the `tRNS` chunk).
    var paletteAlpha: [UInt8] = []
    /// For `.indexed`: palette index of each RGBA colour.
    var paletteIndex: [UInt32: UInt8] = [:]

    static let rgba = PixelLayout(colorType: .rgba, bitDepth: 8)

    /// The smallest lossless layout for straight RGBA8 samples; with `eightBit`, a palette (at 8
    /// bits) whenever the colours fit one, else 8-bit samples.
    static func smallest(for straight: [UInt8], eightBit: Bool = false) -> PixelLayout {
        var opaque = true
        var grey = true
        // Grey levels representable at 1, 2 and 4 bits are multiples of 255, 85 and 17.
        var fitsDepth1 = true, fitsDepth2 = true, fitsDepth4 = true
        var colors: [UInt32: Int] = [:]   // colour → order of first appearance
        var tooManyColors = false
        var lastColor: UInt32? = nil

        straight.withUnsafeBufferPointer { pixels in
            var i = 0
            while i < pixels.count {
                // Nothing more to learn: RGBA with more than 256 colours.
                if tooManyColors && !opaque && !grey { break }
                let r = pixels[i], g = pixels[i + 1], b = pixels[i + 2], a = pixels[i + 3]
                if a != 255 { opaque = false }
                if r != g || g != b {
                    grey = false
                } else {
                    if r % 255 != 0 { fitsDepth1 = false }
                    if r % 85 != 0 { fitsDepth2 = false }
                    if r % 17 != 0 { fitsDepth4 = false }
                }
                if !tooManyColors {
                    let color = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                    if color != lastColor {
                        lastColor = color
                        if colors[color] == nil {
                            if colors.count == 256 { tooManyColors = true } else { colors[color] = colors.count }
                        }
                    }
                }
                i += 4
            }
        }

        if eightBit && !tooManyColors {
            var layout = indexed(colors)
            layout.bitDepth = 8
            return layout
        }
        if opaque && grey {
            let depth = eightBit ? 8 : fitsDepth1 ? 1 : fitsDepth2 ? 2 : fitsDepth4 ? 4 : 8
            return PixelLayout(colorType: .grayscale, bitDepth: depth)
        }
        if !tooManyColors {
            return indexed(colors)
        }
        if grey { return PixelLayout(colorType: .grayscaleAlpha, bitDepth: 8) }
        if opaque { return PixelLayout(colorType: .rgb, bitDepth: 8) }
        return PixelLayout(colorType: .rgba, bitDepth: 8)
    }

    private static func indexed(_ colors: [UInt32: Int]) -> PixelLayout {
        // Translucent entries first so tRNS can stop after the last of them; otherwise
        // first-appearance order, which is deterministic for a given bitmap.
        let ordered = colors.sorted { lhs, rhs in
            let lhsOpaque = lhs.key & 0xFF == 0xFF, rhsOpaque = rhs.key & 0xFF == 0xFF
            return lhsOpaque == rhsOpaque ? lhs.value < rhs.value : !lhsOpaque
        }
        var layout = PixelLayout(colorType: .indexed, bitDepth: ordered.count <= 2 ? 1 : ordered.count <= 4 ? 2 : ordered.count <= 16 ? 4 : 8)
        for (index, entry) in ordered.enumerated() {
            let color = entry.key
            layout.paletteRGB += [UInt8(color >> 24), UInt8((color >> 16) & 0xFF), UInt8((color >> 8) & 0xFF)]
            if color & 0xFF != 0xFF { layout.paletteAlpha.append(UInt8(color & 0xFF)) }
            layout.paletteIndex[color] = UInt8(index)
        }
        return layout
    }

    /// Packs straight RGBA8 samples into rows of this layout.
    func pack(_ straight: [UInt8], width: Int, height: Int) -> (rows: [UInt8], bytesPerRow: Int) {
        switch colorType {
        case .rgba:
            return (straight, width * 4)
        case .rgb:
            return (Self.keep(channels: [0, 1, 2], of: straight), width * 3)
        case .grayscaleAlpha:
            return (Self.keep(channels: [0, 3], of: straight), width * 2)
        case .grayscale:
            return packSamples(width: width, height: height) { straight[$0 * 4] >> (8 - bitDepth) }
        case .indexed:
            return packSamples(width: width, height: height) { pixel in
                let i = pixel * 4
                let color = UInt32(straight[i]) << 24 | UInt32(straight[i + 1]) << 16
                    | UInt32(straight[i + 2]) << 8 | UInt32(straight[i + 3])
                return paletteIndex[color] ?? 0
            }
        }
    }

    /// The given channels of every pixel, on all cores (a large page is tens of megabytes).
    private static func keep(channels: [Int], of straight: [UInt8]) -> [UInt8] {
        let pixels = straight.count / 4, kept = channels.count
        var out = [UInt8](repeating: 0, count: pixels * kept)
        straight.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                let (source, target) = (UnsafeSendable(source), UnsafeMutableSendable(target))
                ParallelLoop.chunks(pixels, minimum: 1 << 18) { range in
                    for pixel in range {
                        for (slot, channel) in channels.enumerated() {
                            target.buffer[pixel * kept + slot] = source.buffer[pixel * 4 + channel]
                        }
                    }
                }
            }
        }
        return out
    }

    /// Packs one `bitDepth`-bit sample per pixel, most significant bits first, rows byte-aligned.
    private func packSamples(width: Int, height: Int, sample: (Int) -> UInt8) -> (rows: [UInt8], bytesPerRow: Int) {
        let bytesPerRow = (width * bitDepth + 7) / 8
        var rows = [UInt8](repeating: 0, count: bytesPerRow * height)
        let perByte = 8 / bitDepth
        for y in 0..<height {
            for x in 0..<width {
                let value = sample(y * width + x)
                let shift = 8 - bitDepth * (x % perByte + 1)
                rows[y * bytesPerRow + x / perByte] |= value << shift
            }
        }
        return (rows, bytesPerRow)
    }
}
