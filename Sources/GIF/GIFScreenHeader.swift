/// A GIF's first bytes, read before giflib opens the file: the 6-byte signature, the 7-byte
/// logical screen descriptor and the global colour table its flags announce.
enum GIFScreenHeader {
    /// Where a file that ends inside its screen descriptor or global colour table ends, as a
    /// user can check it (`file is truncated: it ends at byte 40, inside its global colour
    /// table (bytes 13…780)`); giflib says "No screen descriptor detected" for both.
    static func truncation(_ bytes: [UInt8]) -> String? {
        let header = 13   // "GIF89a", then width, height, flags, background, aspect
        if bytes.count < header {
            return "file is truncated: it ends at byte \(bytes.count), inside its \(header)-byte header and screen descriptor"
        }
        guard bytes[10] & 0x80 != 0 else { return nil }
        let end = header + 3 << (Int(bytes[10] & 0x07) + 1)
        guard bytes.count < end else { return nil }
        return "file is truncated: it ends at byte \(bytes.count), inside its global colour table (bytes \(header)…\(end - 1))"
    }
}
