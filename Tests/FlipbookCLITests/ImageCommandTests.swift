import Foundation
import Testing
import Raster
import TestSupport

@Suite("flipbook blur, slice, resize")
struct ImageCommandTests {
    static let coin = CLI.fixtures + "/info/coin@2x.png"   // 64×64 px, 32×32 pt

    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "flipbook-\(UUID().uuidString)-\(name)" }

    @Test(arguments: [
        (["blur", coin, "--sigma", "2"], 64, 64),
        (["blur", coin, "--preset", "dark", "--downsample", "1.25"], 64, 64),
        (["slice", coin, "--insets", "8,8,8,8", "--size", "100x40", "--mode", "stretch"], 200, 80),
        (["slice", coin, "--insets", "8,8,8,8", "--size", "100x40"], 200, 80),
        (["resize", coin, "--size", "20x10", "--fit", "aspect-fit"], 40, 20),
        (["resize", coin, "--scale", "0.5", "--filter", "bicubic"], 32, 32),
    ] as [([String], Int, Int)])
    func writesTheExpectedSize(arguments: [String], width: Int, height: Int) throws {
        let output = Self.temporary("out@2x.png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CLI.run(arguments + ["-o", output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let bitmap = try PNG.Decoder().decodeBitmap(file: output)
        #expect((bitmap.width, bitmap.height) == (width, height))
    }

    /// `blur --sigma 0` gives the file back byte for byte, to a file and to standard output, as
    /// the README says (it re-encoded: a different file of the same pixels). Real PNGs of several
    /// kinds: RGBA, interlaced palette, 16-bit.
    @Test(arguments: [coin, CLI.fixtures + "/pngsuite/valid/basi3p08.png", CLI.fixtures + "/pngsuite/valid/basn6a16.png"])
    func aZeroBlurCopiesTheInputBytes(input: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: input))
        let output = Self.temporary("same.png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let written = try CLI.run(["blur", input, "-o", output, "--sigma", "0", "--json"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == original)
        #expect(written.stdout.contains("\"width\""))
        let piped = try CLI.run(["blur", input, "-o", "-", "--sigma", "0"])
        #expect(piped.status == 0 && piped.stdoutBytes == original, "\(piped.stderr)")
        // Still under the output contract: a second run replaces its own file, the input never.
        #expect(try CLI.run(["blur", input, "-o", output, "--sigma", "0"]).status == 0)
        #expect(try CLI.run(["blur", input, "-o", input, "--sigma", "0"]).status != 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == original)
    }

    /// A resize to the input's own size gives the file back byte for byte, in every --fit, as the
    /// README says (it re-encoded).
    @Test(arguments: [["--scale", "1"], ["--size", "32x32"], ["--size", "32x32", "--fit", "aspect-fill"], ["--size", "32x32", "--fit", "center"]])
    func aResizeToTheSameSizeCopiesTheInputBytes(arguments: [String]) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.coin))
        let output = Self.temporary("same@2x.png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CLI.run(["resize", Self.coin, "-o", output] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == original)
    }

    /// A zero blur of a file that is no PNG is refused as any blur is, not copied.
    @Test func aZeroBlurOfABrokenFileIsRefused() throws {
        let broken = Self.temporary("cut.png")
        let output = Self.temporary("out.png")
        defer { for path in [broken, output] { try? FileManager.default.removeItem(atPath: path) } }
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.coin)).prefix(100)).write(to: URL(fileURLWithPath: broken))
        let result = try CLI.run(["blur", broken, "-o", output, "--sigma", "0"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [
        (["blur", coin, "-o", "x.png"], Int32(2)),
        (["blur", coin, "-o", "x.png", "--sigma", "2", "--tint", "pink"], 2),
        (["slice", coin, "-o", "x.png", "--insets", "8,8", "--size", "10x10"], 2),
        (["slice", coin, "-o", "x.png", "--insets", "8,8,8,8", "--size", "10x10"], 2),
        (["resize", coin, "-o", "x.png"], 2),
        (["resize", "/nonexistent.png", "-o", "x.png", "--scale", "2"], 3),
        // A file where a folder should be: a missing folder would be created (issue 44).
        (["blur", coin, "-o", "/dev/null/dir/x.png", "--sigma", "1"], 4),
    ] as [([String], Int32)])
    func exitCodes(arguments: [String], status: Int32) throws {
        // In a folder of its own: an `x.png` some other run left in /tmp made this exit 2.
        let dir = try Fixtures.temporaryFolder("image-exit-codes")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == status, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }
}

