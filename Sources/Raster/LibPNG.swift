import CPNGShim

/// The only file that calls libpng (through the `CPNGShim` C layer, which owns `setjmp`).
enum LibPNG {
    /// Reads the chunks before the image data.
    static func readHeader(_ bytes: [UInt8], file: String) -> Result<PNG.Header, PNG.DecodeError> {
        withDecoder(bytes, file: file) { decoder in
            readHeader(decoder, file: file)
        }
    }

    /// Decodes to straight RGBA8, refusing images over `maxPixels` before allocating them; the
    /// zlib stream's Adler-32 is checked only when `verifyAdler32` (the IDAT CRCs cover the bytes).
    /// ``PNG/FastPath`` reads the common file's pixels when `route` allows it; libpng reads the rest.
    static func decode(
        _ bytes: [UInt8], file: String, maxPixels: Int, verifyAdler32: Bool = false, route: PNG.Decoder.Route = .any
    ) -> Result<PNG.Image, PNG.DecodeError> {
        withDecoder(bytes, file: file) { decoder in
            if verifyAdler32 { fb_png_decoder_verify_adler32(decoder) }
            let header: PNG.Header
            switch readHeader(decoder, file: file) {
            case .success(let value): header = value
            case .failure(.corrupt(_, let reason)): return .failure(failure(bytes, file: file, libpng: reason))
            case .failure(let error): return .failure(error)
            }
            let (pixelCount, overflow) = header.width.multipliedReportingOverflow(by: header.height)
            guard !overflow, pixelCount <= maxPixels else {
                return .failure(.tooLarge(file: file, width: header.width, height: header.height, maxPixels: maxPixels))
            }
            if route != .libpngOnly {
                if let pixels = PNG.FastPath.decode(bytes, header: header, expansion: { expansion(decoder, header) }) {
                    return .success(PNG.Image(header: header, pixels: pixels))
                }
                if route == .fastPathOnly { return .failure(.corrupt(file: file, reason: PNG.Decoder.Route.declined)) }
            }
            // Not zeroed first: libpng writes every byte of every row (a zeroing pass was 2 % of the
            // CPU of a GIF of soft smoke). A failed read keeps none of them.
            var status = Int32(FB_PNG_OK)
            let pixels = [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { buffer, initialized in
                status = fb_png_decoder_read_rgba8(decoder, buffer.baseAddress, header.width * 4)
                initialized = status == Int32(FB_PNG_OK) ? buffer.count : 0
            }
            guard status == Int32(FB_PNG_OK) else {
                return .failure(failure(bytes, file: file, libpng: String(cString: fb_png_decoder_message(decoder))))
            }
            return .success(PNG.Image(header: header, pixels: pixels))
        }
    }

    /// The palette or colour key libpng read from the chunks before the image data, as
    /// ``PNG/FastPath`` expands them; `nil` for a key over 255, which libpng compares by its low
    /// byte only (that file is left to libpng).
    private static func expansion(_ decoder: OpaquePointer, _ header: PNG.Header) -> PNG.FastPath.Expansion? {
        var expansion = PNG.FastPath.Expansion()
        switch header.colorType {
        case .indexed:
            var rgba = [UInt8](repeating: 0, count: 1024)
            _ = fb_png_decoder_palette_rgba(decoder, &rgba)
            expansion.palette = rgba.withUnsafeBytes { table in
                (0..<256).map { table.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self) }
            }
        case .grayscale, .rgb:
            var (red, green, blue, gray): (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
            guard fb_png_decoder_trns_key(decoder, &red, &green, &blue, &gray) != 0 else { break }
            if header.colorType == .grayscale { (red, green, blue) = (gray, gray, gray) }
            guard red <= 0xFF, green <= 0xFF, blue <= 0xFF else { return nil }
            expansion.key = (UInt8(red), UInt8(green), UInt8(blue))
        case .grayscaleAlpha, .rgba:
            break
        }
        return expansion
    }

    private static func withDecoder<T>(
        _ bytes: [UInt8], file: String,
        _ body: (OpaquePointer) -> Result<T, PNG.DecodeError>
    ) -> Result<T, PNG.DecodeError> {
        if let problem = oversizedChunk(bytes) { return .failure(.corrupt(file: file, reason: problem)) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let decoder = fb_png_decoder_create(buffer.baseAddress, buffer.count) else {
                return .failure(.corrupt(file: file, reason: "out of memory creating the libpng decoder"))
            }
            defer { fb_png_decoder_destroy(decoder) }
            return body(decoder)
        }
    }

    /// The first chunk other than image data whose length field claims more bytes than the data
    /// holds, described. libpng allocates such a chunk (`tEXt`, `eXIf`, `iCCP`, an unknown one) at
    /// its claimed size before reading it, so a few bytes could ask for gigabytes; a chunk cannot be
    /// longer than its file, so it is refused here first. Image data is streamed, not allocated: a
    /// short `IDAT` is left for libpng to report as truncation (and a header read from a prefix of
    /// the file stops there).
    static func oversizedChunk(_ bytes: [UInt8]) -> String? {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = bytes[offset + 4 ..< offset + 8]
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { return nil }
            let available = bytes.count - offset - 12
            if length > available {
                let name = String(decoding: type.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                return "chunk \(name) claims \(length) bytes but the file has \(max(0, available)) after it"
            }
            offset += 12 + length
        }
        return nil
    }

    /// Why libpng failed on `bytes`, said once for every reader: the chunk walk's diagnosis when it
    /// finds the file cut short or damaged (`truncated: IDAT chunk at byte 83 declares 3176 bytes…`,
    /// `CRC error in the IDAT chunk at byte 83…`), which names the place, or else libpng's message
    /// (`bad adaptive filter value`: data written wrong under correct CRCs).
    static func failure(_ bytes: [UInt8], file: String, libpng message: String) -> PNG.DecodeError {
        do {
            try PNG.ChunkWalker.walk(bytes, file: file)
        } catch {
            if case .corrupt = error { return error }
        }
        return .corrupt(file: file, reason: message)
    }

    private static func readHeader(_ decoder: OpaquePointer, file: String) -> Result<PNG.Header, PNG.DecodeError> {
        var raw = fb_png_header()
        guard fb_png_decoder_read_header(decoder, &raw) == Int32(FB_PNG_OK) else {
            return .failure(.corrupt(file: file, reason: String(cString: fb_png_decoder_message(decoder))))
        }
        guard let colorType = PNG.ColorType(rawValue: Int(raw.color_type)) else {
            return .failure(.corrupt(file: file, reason: "unknown colour type \(raw.color_type)"))
        }
        var header = PNG.Header(
            width: Int(raw.width), height: Int(raw.height), bitDepth: Int(raw.bit_depth),
            colorType: colorType, interlaced: raw.interlaced != 0, hasTransparencyChunk: raw.has_trns != 0,
            paletteCount: Int(raw.palette_count))
        if raw.has_gamma != 0 { header.gamma = raw.gamma }
        if raw.has_srgb != 0 { header.srgbIntent = Int(raw.srgb_intent) }
        if raw.has_sbit != 0 {
            header.significantBits = PNG.SignificantBits(
                red: Int(raw.sbit_red), green: Int(raw.sbit_green), blue: Int(raw.sbit_blue),
                gray: Int(raw.sbit_gray), alpha: Int(raw.sbit_alpha))
        }
        if raw.has_iccp != 0 {
            let profile = UnsafeBufferPointer(start: raw.iccp_profile, count: Int(raw.iccp_length))
            header.iccProfile = PNG.ICCProfile(
                name: raw.iccp_name.map { String(cString: $0) } ?? "", data: Array(profile))
        }
        return .success(header)
    }
}
