import Foundation
import Raster
import TestSupport

/// The GIF fixtures: Pillow references and where their GIFs live.
extension Fixtures {
    /// Names (without extension) of the GIFs that have Pillow references.
    static func referenceNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("gif/references"))) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".digest.json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Names of the large GIFs whose Pillow references are per-frame digests.
    static func digestReferenceNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("gif/references"))) ?? []
        return names.filter { $0.hasSuffix(".digest.json") }.map { String($0.dropLast(12)) }.sorted()
    }

    /// Every fixture GIF (effects and giflib's pictures), by name.
    static func gifNames() -> [String] {
        ["gif/effects", "gif/giflib"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? [])
                .filter { $0.hasSuffix(".gif") }.map { String($0.dropLast(4)) }
        }.sorted()
    }

    /// `make_references.py`'s digest of RGBA bytes: Σ wᵢ·K^(i+1) mod 2⁶⁴ over little-endian 64-bit
    /// words (zero-padded), plus the byte count, as 16 hex digits.
    static func digest(_ bytes: [UInt8]) -> String {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var padded = bytes
        padded += [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8)
        var total: UInt64 = 0, power: UInt64 = 1
        for start in stride(from: 0, to: padded.count, by: 8) {
            var word: UInt64 = 0
            for byte in 0..<8 { word |= UInt64(padded[start + byte]) << (8 * UInt64(byte)) }
            power = power &* k
            total = total &+ word &* power
        }
        let value = total &+ UInt64(bytes.count)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Where the GIF a reference was made from lives.
    static func gifPath(for name: String) -> String {
        let effects = path("gif/effects/\(name).gif")
        return FileManager.default.fileExists(atPath: effects) ? effects : path("gif/giflib/\(name).gif")
    }

    struct Reference: Decodable {
        var frames: Int
        var width: Int
        var height: Int
        var delays: [Int]
        var loop: Int?
        /// Per-frame digests (large GIFs only).
        var digests: [String]?
    }

    static func digestReference(_ name: String) throws -> Reference {
        let json = try Data(contentsOf: URL(fileURLWithPath: path("gif/references/\(name).digest.json")))
        return try JSONDecoder().decode(Reference.self, from: json)
    }

    static func reference(_ name: String) throws -> (Reference, Bitmap) {
        let json = try Data(contentsOf: URL(fileURLWithPath: path("gif/references/\(name).json")))
        let reference = try JSONDecoder().decode(Reference.self, from: json)
        let strip = try PNG.Decoder().decode(file: path("gif/references/\(name).png")).bitmap()
        return (reference, strip)
    }
}
