import Basics
import Crypto

/// SHA-256 digests of files and bytes, as lowercase hex (the names a Bazel remote cache gives
/// its entries): the one file that calls swift-crypto.
enum ContentHash {
    /// The digest of `bytes`.
    static func of(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hex(hasher.finalize())
    }

    /// The digest of the file at `path`, read in pieces of 1 MiB (a big frame is never held twice).
    static func ofFile(_ path: String) throws(FileIO.Error) -> String {
        var hasher = SHA256()
        try FileIO.readChunks(path, size: 1 << 20) { chunk in hasher.update(bufferPointer: chunk) }
        return hex(hasher.finalize())
    }

    /// The digest of several texts, each ended by a zero byte so that `["ab", "c"]` and
    /// `["a", "bc"]` differ.
    static func of(fields: [String]) -> String {
        var hasher = SHA256()
        for field in fields {
            hasher.update(data: Array(field.utf8))
            hasher.update(data: [0])
        }
        return hex(hasher.finalize())
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest { text.append(digits[Int(byte >> 4)]); text.append(digits[Int(byte & 15)]) }
        return String(decoding: text, as: UTF8.self)
    }
}
