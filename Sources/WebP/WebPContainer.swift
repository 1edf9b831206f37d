/// The RIFF container of an animated WebP, as far as Flipbook writes it: the header (`RIFF`
/// size `WEBP`, `VP8X`, `ANIM`) written last, at a fixed size, and the `ANMF` frames taken out of
/// libwebp's segment files (a segment that libwebp wrote as a still image is wrapped in an `ANMF`).
enum WebPContainer {
    /// `RIFF` + size + `WEBP` (12), `VP8X` (8 + 10), `ANIM` (8 + 6).
    static let headerSize = 44

    /// The header of a file of `bodySize` bytes of `ANMF` chunks.
    static func header(bodySize: Int, width: Int, height: Int, alpha: Bool, loops: Int, background: UInt32) -> [UInt8] {
        var out: [UInt8] = Array("RIFF".utf8) + le32(UInt32(headerSize - 8 + bodySize)) + Array("WEBP".utf8)
        out += Array("VP8X".utf8) + le32(10) + [alpha ? 0x12 : 0x02, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        out += Array("ANIM".utf8) + le32(6) + le32(background) + [UInt8(loops & 0xFF), UInt8(loops >> 8 & 0xFF)]
        return out
    }

    /// The `ANMF` chunks of a file libwebp assembled, and its background colour; a still image
    /// (one frame after merging) becomes one `ANMF` over the whole canvas lasting `duration` ms.
    static func frames(of file: [UInt8], width: Int, height: Int, duration: Int) -> (chunks: [UInt8], background: UInt32?)? {
        guard file.count >= 12, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else { return nil }
        var chunks: [UInt8] = [], still: [UInt8] = [], background: UInt32? = nil
        var offset = 12
        while offset + 8 <= file.count {
            let type = file[offset..<(offset + 4)]
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= file.count else { return nil }
            if type.elementsEqual("ANMF".utf8) {
                chunks += file[offset..<end]
            } else if type.elementsEqual("ANIM".utf8), size >= 4 {
                background = UInt32(file[offset + 8]) | UInt32(file[offset + 9]) << 8 | UInt32(file[offset + 10]) << 16 | UInt32(file[offset + 11]) << 24
            } else if type.elementsEqual("ALPH".utf8) || type.elementsEqual("VP8 ".utf8) || type.elementsEqual("VP8L".utf8) {
                still += file[offset..<end]
            }
            offset = end
        }
        // A still's one frame lasts the segment: at most 24 bits (``WebPEncoding/longestGap``).
        if chunks.isEmpty && !still.isEmpty && duration <= 0xFF_FFFF {
            // X, Y (÷ 2), width − 1, height − 1, duration, then flags: no blending, no disposal.
            let payload = le24(0) + le24(0) + le24(width - 1) + le24(height - 1) + le24(duration) + [0x02] + still
            chunks = Array("ANMF".utf8) + le32(UInt32(payload.count)) + payload + (payload.count & 1 == 1 ? [0] : [])
        }
        return chunks.isEmpty ? nil : (chunks, background)
    }

    /// The bytes of the `ALPH` chunks (headers and padding included) in `chunks`, a run of
    /// `ANMF` chunks: what lossy frames spend on their lossless alpha.
    static func alphaBytes(in chunks: [UInt8]) -> Int {
        imageChunks(in: chunks).filter { chunks[$0.lowerBound..<($0.lowerBound + 4)].elementsEqual("ALPH".utf8) }.map(\.count).reduce(0, +)
    }

    /// Whether a frame in `chunks` carries alpha: an `ALPH` chunk, or a lossless image whose
    /// header says `alpha_is_used`. The file's `VP8X` must then say alpha too, or libwebp's own
    /// tools (webpinfo, webpmux) refuse the file ("Unexpected alpha data"): libwebp gives a
    /// changed rectangle of opaque frames an alpha channel of its own.
    static func usesAlpha(_ chunks: [UInt8]) -> Bool {
        imageChunks(in: chunks).contains { range in
            let type = chunks[range.lowerBound..<(range.lowerBound + 4)]
            if type.elementsEqual("ALPH".utf8) { return true }
            // VP8L: signature 0x2F, then 14 bits width − 1, 14 bits height − 1, 1 bit alpha_is_used.
            guard type.elementsEqual("VP8L".utf8), range.count >= 13, chunks[range.lowerBound + 8] == 0x2F else { return false }
            return chunks[range.lowerBound + 12] & 0x10 != 0
        }
    }

    /// The byte ranges of the image chunks (`ALPH`, `VP8 `, `VP8L`, header included) inside the `ANMF`s of `chunks`.
    private static func imageChunks(in chunks: [UInt8]) -> [Range<Int>] {
        func size(at offset: Int) -> Int {
            Int(chunks[offset + 4]) | Int(chunks[offset + 5]) << 8 | Int(chunks[offset + 6]) << 16 | Int(chunks[offset + 7]) << 24
        }
        var found: [Range<Int>] = [], offset = 0
        while offset + 8 <= chunks.count {
            let end = offset + 8 + size(at: offset) + (size(at: offset) & 1)
            guard end <= chunks.count else { break }
            if chunks[offset..<(offset + 4)].elementsEqual("ANMF".utf8) {
                // The frame's 16-byte header, then its image's chunks.
                var inner = offset + 8 + 16
                while inner + 8 <= end {
                    let innerEnd = inner + 8 + size(at: inner) + (size(at: inner) & 1)
                    guard innerEnd <= end else { break }
                    found.append(inner..<innerEnd)
                    inner = innerEnd
                }
            }
            offset = end
        }
        return found
    }

    /// `chunks` with its first `ANMF` replaced by `still` (a still WebP file of the whole canvas)
    /// drawn over the whole canvas without blending, keeping the first frame's duration and
    /// disposal: libwebp makes a segment's first frame for a blank canvas (cropped to what is not
    /// transparent, blended), which a later segment does not start on.
    static func replacingFirstFrame(of chunks: [UInt8], with still: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard chunks.count >= 24, chunks[0..<4].elementsEqual("ANMF".utf8),
              let (wrapped, _) = frames(of: still, width: width, height: height, duration: 0) else { return nil }
        let size = Int(chunks[4]) | Int(chunks[5]) << 8 | Int(chunks[6]) << 16 | Int(chunks[7]) << 24
        let end = 8 + size + (size & 1)
        guard end <= chunks.count else { return nil }
        // ANMF payload: X, Y, width − 1, height − 1, duration (3 bytes each), then flags.
        var frame = wrapped
        frame[8 + 12..<8 + 15] = chunks[8 + 12..<8 + 15]
        frame[8 + 15] = 0x02 | (chunks[8 + 15] & 0x01)
        return frame + chunks[end...]
    }

    /// The `ANMF` chunks in `chunks`.
    static func frameCount(_ chunks: [UInt8]) -> Int {
        var offset = 0, count = 0
        while offset + 8 <= chunks.count {
            let size = Int(chunks[offset + 4]) | Int(chunks[offset + 5]) << 8 | Int(chunks[offset + 6]) << 16 | Int(chunks[offset + 7]) << 24
            count += 1
            offset += 8 + size + (size & 1)
        }
        return count
    }

    /// A file cut short made whole again: `RIFF`, the chunks that are complete, and a size that
    /// counts them; with where and how the file was cut. `nil` when the file is not cut short
    /// (its `RIFF` size fits the bytes) or is no RIFF/WEBP file.
    static func salvaged(_ file: [UInt8]) -> (bytes: [UInt8], cut: String)? {
        guard file.count >= 12, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else { return nil }
        let riffSize = Int(file[4]) | Int(file[5]) << 8 | Int(file[6]) << 16 | Int(file[7]) << 24
        guard file.count < 8 + riffSize else { return nil }
        var offset = 12, cut = "it ends after byte \(file.count) of the \(8 + riffSize) its RIFF header promises"
        while offset + 8 <= file.count {
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard end <= file.count else {
                let type = String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
                cut = "it ends after byte \(file.count) of the \(8 + riffSize) its RIFF header promises, inside its \(type) chunk "
                    + "of \(8 + size) bytes from byte \(offset)"
                break
            }
            offset = end
        }
        guard offset > 12 else { return nil }
        return (Array("RIFF".utf8) + le32(UInt32(offset - 8)) + file[8..<offset], cut)
    }

    private static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    private static func le24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
}
