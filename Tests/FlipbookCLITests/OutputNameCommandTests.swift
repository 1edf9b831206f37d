import Foundation
import Testing
import TestSupport

/// One output name, one meaning, and one spelling of the prefix option: `generate` could write no
/// APNG or WebP (`-o boom.webp` was exit 2), and the frame prefix was `frames --prefix` but
/// `generate --name`. `generate -o FILE.png` of several frames stays a sprite sheet (documented
/// beside assemble's APNG): an animated PNG from generate is `FILE.apng`.
@Suite("Output names and the prefix option across commands")
struct OutputNameCommandTests {
    /// (output, bytes the file starts with, a chunk it must hold)
    @Test(arguments: [("boom.apng", [0x89, 0x50, 0x4E, 0x47], "acTL"), ("boom.webp", [0x52, 0x49, 0x46, 0x46], "ANIM")])
    func generateWritesAnimatedPNGAndWebP(output: String, signature: [UInt8], chunk: String) throws {
        let dir = try Fixtures.temporaryFolder("output-names")
        let result = try CLI.run(["generate", "seagull", "--frames", "4", "--size", "32x16", "-o", output], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(output)")))
        #expect(Array(bytes.prefix(4)) == signature)
        #expect(String(decoding: bytes.prefix(200), as: UTF8.self).contains(chunk))
        let frames = try CLI.run(["frames", output, "-o", "back", "--json"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/back").filter { $0.hasSuffix(".png") }
        #expect(written.count == 4, "\(written)")
    }

    /// `--prefix` and `--name` are one option in `frames` and `generate`.
    @Test(arguments: ["--prefix", "--name"])
    func bothSpellingsOfThePrefixWork(flag: String) throws {
        let dir = try Fixtures.temporaryFolder("output-names")
        let generated = try CLI.run(["generate", "seagull", "--frames", "3", "--size", "32x16", "-o", "gulls", flag, "gull"], in: dir)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/gulls").filter { $0.hasPrefix("gull") && $0.hasSuffix(".png") }.count == 3)
        let apng = try CLI.run(["generate", "seagull", "--frames", "3", "--size", "32x16", "-o", "g.apng"], in: dir)
        #expect(apng.status == 0, "\(apng.stderr)")
        let frames = try CLI.run(["frames", "g.apng", "-o", "back", flag, "bird"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        // (Frames that repeat the one before are merged in the APNG: the seagull's 3 give 2.)
        let back = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/back").filter { $0.hasSuffix(".png") }
        #expect(back.count == 2 && back.allSatisfy { $0.hasPrefix("bird") }, "\(back)")
    }
}
