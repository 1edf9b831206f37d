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

    /// Fresh eyes round 11: a folder holding only `coin@3x.gif` was validated as @1x (the loader's
    /// scale did not reach the report), as APNG and WebP named so.
    @Test(arguments: ["gif", "webp"])
    func aLoneAnimationIsValidatedAtItsNamesScale(ext: String) throws {
        let dir = try Self.folder(named: "coin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["assemble", "coin", "-o", "coin@3x.\(ext)"], in: dir).status == 0)
        try FileManager.default.createDirectory(atPath: dir + "/only", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: "\(dir)/coin@3x.\(ext)", toPath: "\(dir)/only/coin@3x.\(ext)")
        let run = try CLI.run(["validate", "only"], in: dir)
        #expect(run.stdout.contains("only/coin@3x.\(ext): 4 frames, @3x"), "\(run.stdout)")
    }

    /// A sheet rendered at @4x unpacked to `@4x` frames every reader refuses: refused as a folder is.
    @Test func aSheetIsNotRenderedPastThreeX() throws {
        let dir = try Self.folder(named: "coin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"{"size": [40, 40], "duration": 0.5, "fps": 4, "layers": [{"sequence": {"source": "coin"}, "position": [20, 20]}]}"#
        try scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "scene.json", "--scale", "4", "-o", "p.json"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("a sheet's sprites come back as frames named @1x…@3x"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/p.json") && !FileManager.default.fileExists(atPath: dir + "/p.png"))
        // A name that says another scale than the one drawn is said at 4…8 too; a name without one is right.
        let named = try CLI.run(["render", "scene.json", "--scale", "5", "-o", "q@2x.gif"], in: dir)
        #expect(named.status == 0 && named.stderr.contains("warning: the frames are @5x but q@2x.gif is named @2x"), "\(named.stderr)")
        let plain = try CLI.run(["render", "scene.json", "--scale", "5", "-o", "q.gif"], in: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("warning"), "\(plain.stderr)")
    }

    /// `generate -o g@2x.gif` at --scale 1 gave `"warnings": []`; `info` then said half the size.
    @Test(arguments: [("g@2x.gif", true), ("g.gif", false), ("g@3x.png", true), ("g.png", false)])
    func generateSaysANameOfAnotherScale(output: String, warned: Bool) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-10-generate")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = output.hasSuffix(".png") ? "1" : "2"
        let run = try CLI.run(["generate", "seagull", "--frames", frames, "-o", output, "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(run.stderr.contains("warning: ") == warned && ((report?["warnings"] as? [String])?.isEmpty == !warned), "\(run.stdout) \(run.stderr)")
    }

    /// Fresh eyes round 11: a cut GIF in a folder whose subfolders hold frames passed `validate`
    /// (0 errors, CI green): an animation was read only when no PNG frame was anywhere in the tree.
    @Test func anAnimationInAFolderWithoutFramesIsValidated() throws {
        let dir = try Self.folder(named: "v5/sub")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["assemble", "v5/sub", "-o", "whole.gif"], in: dir).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.gif"))
        try bytes.prefix(bytes.count * 3 / 4).write(to: URL(fileURLWithPath: dir + "/v5/cut.gif"))
        let run = try CLI.run(["validate", "v5"], in: dir)
        #expect(run.status == 1 && run.stdout.contains("animation.frames-lost") && run.stdout.contains("v5/cut.gif"), "\(run.stdout)")
        // Beside frames it is no frame of theirs, but judged all the same (round 13: it was passed over).
        try FileManager.default.moveItem(atPath: dir + "/v5/cut.gif", toPath: dir + "/v5/sub/cut.gif")
        let beside = try CLI.run(["validate", "v5"], in: dir)
        #expect(beside.status == 1 && beside.stdout.contains("animation.frames-lost") && beside.stdout.contains("v5/sub/cut.gif"), "\(beside.stdout)")
        #expect(beside.stdout.contains("v5/sub/"), "\(beside.stdout)")
    }
}
