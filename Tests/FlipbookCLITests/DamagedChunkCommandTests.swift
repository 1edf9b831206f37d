import Foundation
import Testing
import TestSupport

/// Issue 43: `flipbook info` on a PNG whose `tEXt` chunk has a bad CRC described the file as
/// sound (libpng drops a damaged ancillary chunk without a word), while `validate` calls the same
/// file `png.corrupt`. `info` now walks the chunks and their CRCs first, as `validate` does, and
/// reports the damage as an error (exit 3) in the same words. The file is a real frame with one
/// `tEXt` chunk added in code, one byte of its CRC changed.
@Suite("A damaged chunk, to info and validate")
struct DamagedChunkCommandTests {
    static let frame = "sequences/kenney-gold-coin/gold_1.png"

    /// CRC-32 as PNG computes it (ISO 3309), bit by bit: a few dozen bytes only.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// The frame with a `tEXt` chunk after `IHDR` (at byte 33); its CRC's last byte flipped when `damaged`.
    static func frameWithText(damaged: Bool) throws -> [UInt8] {
        let original = try Fixtures.bytes(frame)
        let body = Array("tEXt".utf8) + Array("Comment".utf8) + [0] + Array("a chunk added by a test".utf8)
        let crc = crc32(body) ^ (damaged ? 0xFF : 0)
        return Array(original[..<33]) + bigEndian(UInt32(body.count - 4)) + body + bigEndian(crc) + Array(original[33...])
    }

    @Test func infoReportsTheCRCErrorThatValidateFinds() throws {
        let dir = try Fixtures.temporaryFolder("damaged-chunk")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(try Self.frameWithText(damaged: true)).write(to: URL(fileURLWithPath: dir + "/gold_1.png"))
        try Data(try Self.frameWithText(damaged: false)).write(to: URL(fileURLWithPath: dir + "/sound.png"))
        let reason = "CRC error in the tEXt chunk at byte 33"

        let validate = try CLI.run(["validate", "."], in: dir)
        #expect(validate.status == 1, "\(validate.stdout)\(validate.stderr)")
        #expect(validate.stdout.contains("png.corrupt") && validate.stdout.contains(reason), "\(validate.stdout)")

        let info = try CLI.run(["info", "gold_1.png"], in: dir)
        #expect(info.status == 3, "\(info.stdout)")
        #expect(info.stdout.isEmpty)
        #expect(info.stderr.contains("gold_1.png") && info.stderr.contains(reason), "\(info.stderr)")

        let json = try CLI.run(["info", "--json", "gold_1.png", "sound.png"], in: dir)
        #expect(json.status == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && (errors.first?["error"] as? String)?.contains(reason) == true, "\(json.stdout)")
        #expect((report["files"] as? [[String: Any]])?.count == 1)

        // The same chunk with its CRC right is described.
        let sound = try CLI.run(["info", "sound.png"], in: dir)
        #expect(sound.status == 0 && sound.stdout.hasPrefix("sound.png: 64×64 px"), "\(sound.stdout)\(sound.stderr)")
    }
}
