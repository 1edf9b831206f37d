import Foundation
import Testing
import TestSupport

/// `assemble` of a GIF holds its frames: a small GIF that declares many frames of a big canvas is
/// refused before any frame is decoded, naming `--max-output-pixels`, which `assemble` now takes
/// (issue 43; `Animation.load` checks frames × canvas, found by `Scripts/fuzz`).
@Suite("assemble: frames × canvas of an animated source")
struct AssembleOutputLimitTests {
    /// A GIF of a `width`×`height` screen and `count` one-pixel frames.
    static func gif(width: Int, height: Int, count: Int) -> Data {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0]
        for index in 0..<count {
            bytes += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]
            bytes += [0x2C] + le16(index % width) + le16(0) + le16(1) + le16(1) + [0x80, 0, 0, 0, 255, 255, 255]
            bytes += [0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return Data(bytes + [0x3B])
    }

    @Test func anAnimatedSourceOverTheLimitIsRefusedNamingTheFlag() throws {
        let dir = try Fixtures.temporaryFolder("assemble-output-limit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.gif(width: 20, height: 20, count: 5).write(to: URL(fileURLWithPath: dir + "/boom.gif"))
        let refused = try CLI.run(["assemble", "boom.gif", "-o", "boom.webp", "--max-output-pixels", "1999"], in: dir)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("boom.gif") && refused.stderr.contains("5 frames of 20×20")
                && refused.stderr.contains("--max-output-pixels"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/boom.webp"))
        let made = try CLI.run(["assemble", "boom.gif", "-o", "boom.webp", "--max-output-pixels", "2000"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
    }
}
