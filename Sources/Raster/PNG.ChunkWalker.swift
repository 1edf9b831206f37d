import Basics

extension PNG {
    /// Checks a PNG file's structure without inflating anything: the signature, every chunk's
    /// length against the bytes left, every chunk's CRC-32, `IHDR` first, image data present and
    /// `IEND` at the end. A file cut short, a flipped bit or a file glued from pieces fails here
    /// at the cost of one CRC pass over its bytes, far less than a decode.
    ///
    /// Every chunk's CRC is checked, ancillary ones too (libpng drops an ancillary chunk with a
    /// bad CRC and decodes the rest, but the file was damaged all the same). Bytes after `IEND`
    /// are allowed, as every decoder ignores them.
    public enum ChunkWalker {
        /// One chunk of a PNG file, where it sits and what it holds.
        public struct Chunk: Sendable, Equatable {
            /// The four-letter chunk type (`IHDR`, `IDAT`, `tEXt`…).
            public var type: String
            /// The byte offset of the chunk's length field in the file.
            public var offset: Int
            /// The length of the chunk's data, in bytes.
            public var length: Int
        }

        /// The largest chunk length PNG allows (2³¹ − 1).
        static let maxChunkLength = 0x7FFF_FFFF

        /// Walks `bytes`, a whole PNG file, and returns its chunks in file order (through `IEND`).
        /// `file` names the data in errors: a missing signature is
        /// ``DecodeError/notPNG(file:)``, an Apple CgBI file ``DecodeError/appleCgBI(file:)``,
        /// and a chunk that runs past the end, a CRC that does not match, a chunk type that is not
        /// four letters, a first chunk that is not `IHDR`, no `IDAT` or no `IEND`
        /// ``DecodeError/corrupt(file:reason:)`` naming the chunk and its byte offset.
        @discardableResult
        public static func walk(_ bytes: [UInt8], file: String) throws(DecodeError) -> [Chunk] {
            try Decoder.checkSignature(bytes, file: file)
            var chunks: [Chunk] = []
            var offset = PNG.signature.count
            var sawImageData = false
            while true {
                let left = bytes.count - offset
                guard left >= 12 else {
                    let last = chunks.last.map { " after its \($0.type) chunk" } ?? ""
                    throw .corrupt(file: file, reason: left == 0
                        ? "truncated: the file ends\(last) at byte \(bytes.count), without an IEND chunk"
                        : "truncated: the file ends\(last) at byte \(bytes.count), inside a chunk header")
                }
                let length = Int(readUInt32(bytes, at: offset))
                let typeBytes = bytes[(offset + 4)..<(offset + 8)]
                guard typeBytes.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else {
                    throw .corrupt(file: file, reason: "no chunk type at byte \(offset + 4) (bytes \(typeBytes.map { String($0) }.joined(separator: " "))): "
                        + "the file is damaged or not a PNG past that point")
                }
                let type = String(decoding: typeBytes, as: UTF8.self)
                guard length <= maxChunkLength else {
                    throw .corrupt(file: file, reason: "\(type) chunk at byte \(offset) declares \(length) bytes, over PNG's 2³¹−1")
                }
                guard length <= left - 12 else {
                    throw .corrupt(file: file, reason: "truncated: \(type) chunk at byte \(offset) declares \(length) bytes of data "
                        + "but the file ends \(left - 12) bytes later (\(bytes.count) bytes in all)")
                }
                if chunks.isEmpty, type != "IHDR" {
                    throw .corrupt(file: file, reason: "the first chunk is \(type), not IHDR")
                }
                let stored = readUInt32(bytes, at: offset + 8 + length)
                let computed = bytes.withUnsafeBufferPointer {
                    Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(offset + 4)..<(offset + 8 + length)]))
                }
                guard stored == computed else {
                    throw .corrupt(file: file, reason: "CRC error in the \(type) chunk at byte \(offset) (stored "
                        + "\(hex(stored)), computed \(hex(computed))): the file was damaged after it was written")
                }
                chunks.append(Chunk(type: type, offset: offset, length: length))
                offset += 12 + length
                if type == "IDAT" { sawImageData = true }
                if type == "IEND" { break }
            }
            guard sawImageData else {
                throw .corrupt(file: file, reason: "no IDAT chunk: the file holds no image data")
            }
            return chunks
        }

        private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }

        private static func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
        }
    }
}
