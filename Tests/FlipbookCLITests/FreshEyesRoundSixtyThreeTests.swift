import Foundation
import Testing
import TestSupport

/// Round 63 of fresh eyes, on the command line.
@Suite struct FreshEyesRoundSixtyThreeTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// #5: `sheet` took any number of sprites, and packing grows faster than their count (30 000
    /// small ones: 80 s); the sprites are bounded by `--max-frames` as an animation's frames are,
    /// refused before any is decoded, nothing written.
    @Test func aSheetsSpritesAreBoundedByMaxFrames() throws {
        let dir = try Fixtures.temporaryFolder("round63-sheet-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try CLI.run(["sheet", Self.coin, "-o", "s.png", "--max-frames", "3"], in: dir)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("the sprites of \(Self.coin): needs 4 frames"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--max-frames"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        let packed = try CLI.run(["sheet", Self.coin, "-o", "s.png", "--max-frames", "4"], in: dir)
        #expect(packed.status == 0, "\(packed.stderr)")
    }

    /// #1: an `expectedSize` past any PNG's side trapped (exit 132); it is a value out of range.
    @Test func aHugeExpectedSizeIsRefusedNotATrap() throws {
        let dir = try Fixtures.temporaryFolder("round63-expected-size")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/walk")
        try Data(#"{"expectedSize": [9.3e18, 64]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/walk/.flipbook.json"))
        let run = try CLI.run(["validate", "walk"], in: dir)
        #expect(run.status != 132 && run.status != 0, "\(run.status) \(run.stderr)")
        #expect((run.stdout + run.stderr).contains("expectedSize[0]: must be a positive number of points, at most 2147483647"), "\(run.stdout)\(run.stderr)")
    }
}
