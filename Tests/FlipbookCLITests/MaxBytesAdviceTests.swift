import Foundation
import Testing
import TestSupport

/// When `--max-bytes` cannot be met, the message says why and what is left in steps that work for
/// a sequence (issue 44: it pointed at `flipbook resize`, which takes one file, and a WebP whose
/// lossless alpha alone was over the budget searched every quality without a reason).
@Suite("assemble --max-bytes: the advice when nothing fits")
struct MaxBytesAdviceTests {
    static let dino = Fixtures.path("sequences/gameart2d-dino-jump")
    static let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")

    @Test(arguments: [
        (dino, "d.webp", "20000", ["Its alpha alone takes ", "which WebP keeps lossless at every quality", "a GIF (-o NAME.gif"]),
        (dino, "d.gif", "2000", ["the smallest GIF found"]),
        (spinner, "s.gif", "500", ["the @1x files, if the frames have them (--scale 1)"]),
    ])
    func nothingFitsSaysWhyAndWhatIsLeft(source: String, output: String, budget: String, expected: [String]) throws {
        #expect(try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".png") }.count >= 3)
        let folder = try Fixtures.temporaryFolder("max-bytes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["assemble", source, "-o", output, "--max-bytes", budget], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        for text in expected { #expect(result.stderr.contains(text), "\(result.stderr)") }
        // Advice that works for a sequence: resize takes the whole folder (it took one PNG at a time,
        // and the advice was a shell loop over the frames).
        // Named after the source (`-o small` was the input itself for a folder named `small`).
        #expect(result.stderr.contains("smaller frames (flipbook resize \(source) -o \(source)-half --scale 0.5, then assemble \(source)-half)"), "\(result.stderr)")
        #expect(!result.stderr.contains("one PNG at a time"), "\(result.stderr)")
        #expect(!result.stderr.contains("Smaller frames (flipbook resize)"))
        #expect(FileManager.default.fileExists(atPath: folder + "/" + output), "the smallest is written anyway")
    }

    /// The advice is a command that runs as printed: a GIF source's smaller frames are a folder
    /// (`ex.gif-half` was no name resize takes), and a name with a space or a quote is quoted.
    @Test func theAdviceRunsAsPrinted() throws {
        let folder = try Fixtures.temporaryFolder("max-bytes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["assemble", Self.dino, "-o", "my dino's.gif"], in: folder).status == 0)
        let result = try CLI.run(["assemble", "my dino's.gif", "-o", "small.gif", "--max-bytes", "2000"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(#"flipbook resize 'my dino'\''s.gif' -o 'my dino'\''s-half' --scale 0.5, then assemble 'my dino'\''s-half'"#),
                "\(result.stderr)")
        let resized = try CLI.run(["resize", "my dino's.gif", "-o", "my dino's-half", "--scale", "0.5"], in: folder)
        #expect(resized.status == 0, "\(resized.stderr)")
    }
}
