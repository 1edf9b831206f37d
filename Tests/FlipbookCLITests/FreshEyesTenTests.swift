import Foundation
import Testing
import TestSupport

/// Smaller findings of fresh eyes round 10 (a new user in CI, the docs alone), each on the real
/// gold-coin frames.
@Suite("Fresh eyes 10: names a reader takes differently are said")
struct FreshEyesTenTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    static func folder(named name: String) throws -> String {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-10")
        try FileManager.default.createDirectory(atPath: "\(dir)/\(name)", withIntermediateDirectories: true)
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        for name2 in names { try FileManager.default.copyItem(atPath: "\(coin)/\(name2)", toPath: "\(dir)/\(name)/\(name2)") }
        return dir
    }

    /// `sheet -o sh@2x.png` of @1x frames wrote data of scale 1 under a name every engine reads as
    /// @2x, without a word (`assemble` warns of the same for an animation).
    @Test func aSheetNamedForAnotherScaleIsSaid() throws {
        let dir = try Self.folder(named: "coin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let named = try CLI.run(["sheet", "coin", "-o", "sh@2x.png"], in: dir)
        #expect(named.status == 0 && named.stderr.contains("warning: the frames are @1x but sh@2x.png is named @2x"), "\(named.stderr)")
        let plain = try CLI.run(["sheet", "coin", "-o", "sh.png"], in: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("warning"), "\(plain.stderr)")
    }

    /// A folder named `c:d` gave the SARIF URI `c:d/…`, which reads as the scheme `c:`.
    @Test func aColonInAFolderIsEncodedInSARIF() throws {
        let dir = try Self.folder(named: "c:d")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(dir)/c:d/gold_01.png")
        let run = try CLI.run(["validate", "c:d", "--format", "sarif"], in: dir)
        #expect(run.stdout.contains(#""c%3Ad/gold_01.png""#) && !run.stdout.contains(#""c:d/"#), "\(run.stdout.prefix(2000))")
    }
}
