import Raster

/// Why a file is no font Flipbook can use, said from its first bytes before HarfBuzz or FreeType
/// reads it: an image or a Type 1 or bitmap font (each was "no glyphs in it"), a web font (WOFF and WOFF2 are compressed for browsers; HarfBuzz reads neither), or a
/// TrueType/OpenType font cut short (its table directory names bytes past the file's end: one cut
/// in its glyphs was "no glyphs", one cut after them was read without a word, tables lost).
extension Font {
    /// The reason to refuse `bytes` before reading them as a font, when their start tells one.
    static func refusal(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 4 else { return nil }
        switch String(decoding: bytes[0..<4], as: UTF8.self) {
        case "wOFF", "wOF2":
            return "a WOFF\(bytes[3] == UInt8(ascii: "2") ? "2" : "") web font, compressed for browsers: give the TTF or OTF "
                + "it was made from, or unpack it first (woff2_decompress, or fontTools' ttx)"
        default:
            return otherKind(bytes) ?? cutShort(bytes)
        }
    }

    /// What `bytes` are when their start names a kind of file that is no TrueType or OpenType font:
    /// an image (`--font coin.png` was "no glyphs in it"), a PostScript Type 1 or a bitmap font.
    private static func otherKind(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(16), as: UTF8.self)
        if let format = FileSignature.format(of: bytes) { return "it is a\(format == "APNG" ? "n" : "") \(format) image, not a font: give a TTF or OTF file" }
        if bytes.starts(with: [0x80, 0x01]) || text.hasPrefix("%!PS-AdobeFont") || text.hasPrefix("%!FontType1") {
            return "a PostScript Type 1 font, which HarfBuzz cannot shape: give a TrueType or OpenType (TTF or OTF) version of it"
        }
        if text.hasPrefix("STARTFONT") || bytes.starts(with: [0x01, 0x66, 0x63, 0x70]) {
            return "a bitmap font (BDF or PCF): only scalable TrueType or OpenType fonts can be drawn at any size"
        }
        return nil
    }

    /// Why `bytes` that begin as a TrueType or OpenType font cannot be used, when its table
    /// directory names bytes past their end: the bytes its tables need and the bytes there are.
    private static func cutShort(_ bytes: [UInt8]) -> String? {
        let sfnt: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8)]
        guard bytes.count >= 12, sfnt.contains(Array(bytes[0..<4])) else { return nil }
        func number(_ at: Int, _ size: Int) -> Int { bytes[at..<(at + size)].reduce(0) { $0 << 8 | Int($1) } }
        let tables = number(4, 2)
        var needed = 12 + 16 * tables
        for table in 0..<tables where 12 + 16 * table + 16 <= bytes.count {
            let record = 12 + 16 * table
            needed = max(needed, number(record + 8, 4) + number(record + 12, 4))
        }
        guard needed > bytes.count else { return nil }
        return "a TrueType or OpenType font cut short: its tables need \(needed) bytes, the file has \(bytes.count)"
    }
}
