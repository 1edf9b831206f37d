/// What a file's first bytes say it is, whatever its name: a `.gif` that is a PNG is named as one
/// in the error, with the extension that fits (`it is a PNG: rename it to .png`).
package enum FileSignature {
    /// The format `bytes` start as, as a message names it (`PNG`, `APNG`, `GIF`, `WebP`, `JPEG`,
    /// `BMP`, `TIFF`, `PDF`, `empty`), or `nil` when the signature is none of them.
    package static func format(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
        }
        if bytes.isEmpty { return "empty" }
        if starts(PNG.signature) {
            // An `acTL` before the first `IDAT` makes it animated; a look at the first 4 KiB is enough.
            let head = Array(bytes.prefix(4096))
            let actl = Array("acTL".utf8), idat = Array("IDAT".utf8)
            let first = (0..<max(0, head.count - 3)).first { i in head[i..<(i + 4)].elementsEqual(actl) || head[i..<(i + 4)].elementsEqual(idat) }
            return first.map { head[$0..<($0 + 4)].elementsEqual(actl) } == true ? "APNG" : "PNG"
        }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "GIF" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(Array("BM".utf8)) { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(Array("%PDF".utf8)) { return "PDF" }
        return nil
    }

    /// What the file is and what to do about it: `it is a PNG: rename it to .png`, `it is empty
    /// (0 bytes)`; `format` as ``format(of:)`` gives it.
    package static func advice(_ format: String) -> String {
        switch format {
        case "empty": "it is empty (0 bytes)"
        case "PNG", "APNG": "it is \(format == "PNG" ? "a PNG" : "an animated PNG (APNG)"): rename it to .png"
        case "GIF": "it is a GIF: rename it to .gif"
        case "WebP": "it is a WebP: rename it to .webp"
        case "JPEG": "it is a JPEG, which Flipbook does not read: convert it to PNG"
        default: "it is a \(format) file, which Flipbook does not read: convert it to PNG"
        }
    }
}
