import Foundation
import Testing
import Raster

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

    @Test(arguments: [
        (["blur", coin, "-o", "/tmp/x.png"], Int32(2)),
        (["blur", coin, "-o", "/tmp/x.png", "--sigma", "2", "--tint", "pink"], 2),
        (["slice", coin, "-o", "/tmp/x.png", "--insets", "8,8", "--size", "10x10"], 2),
        (["slice", coin, "-o", "/tmp/x.png", "--insets", "8,8,8,8", "--size", "10x10"], 2),
        (["resize", coin, "-o", "/tmp/x.png"], 2),
        (["resize", "/nonexistent.png", "-o", "/tmp/x.png", "--scale", "2"], 3),
        // A file where a folder should be: a missing folder would be created (issue 44).
        (["blur", coin, "-o", "/dev/null/dir/x.png", "--sigma", "1"], 4),
    ] as [([String], Int32)])
    func exitCodes(arguments: [String], status: Int32) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }
}

