import Foundation
import Testing
import TestSupport

/// What fresh eyes round 38 found (session 19) and session 20 fixed: a sheet that changes engine
/// to or from SpriteKit, whose pages move into or out of its `.atlasc` folder, left the old shape's
/// pages and data beside the new one without a word (`sheet` and `build`, `--force` too); a note
/// said files replaced that the user had deleted; pages were kept for a frames target that no longer reads them.
@Suite("Fresh eyes 38: a sheet changing engine to or from SpriteKit, notes about files gone")
struct FreshEyesRoundThirtyEightTests {
    /// The files under `folder` (records and the build's folder left out), relative to it, sorted.
    static func files(under folder: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            !path.split(separator: "/").contains { $0.hasPrefix(".") } && !FileManager.default.isDirectory(folder + "/" + path)
        }.sorted()
    }

    static let pages = ["s-0.json", "s-0.png", "s-1.json", "s-1.png", "s-2.json", "s-2.png"]
    static let atlas = ["s.atlasc/s.1.png", "s.atlasc/s.2.png", "s.atlasc/s.3.png", "s.atlasc/s.plist"]

    /// `flipbook sheet -o out/s.png` of three pages, then the same with `--engine spritekit`, then
    /// back: each run leaves only its own shape (the old pages stayed beside `out/s.atlasc`).
    @Test func aSheetRerunInAnotherEngineReplacesTheOtherShape() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = ["sheet", "dino", "-o", "out/s.png", "--max-size", "700"]
        #expect(try CLI.run(sheet, in: folder).status == 0)
        #expect(Self.files(under: folder + "/out") == Self.pages)
        let spritekit = try CLI.run(sheet + ["--engine", "spritekit"], in: folder)
        #expect(spritekit.status == 0, "\(spritekit.stderr)")
        #expect(Self.files(under: folder + "/out") == Self.atlas)
        #expect(try CLI.run(sheet, in: folder).status == 0)
        #expect(Self.files(under: folder + "/out") == Self.pages)
    }

    /// A build's sheet switching `"engine": "spritekit"` and back, its data in another folder: the
    /// other shape's pages and data are removed and said, from the cache as when built.
    @Test(arguments: [false, true])
    func aTargetSwitchingToAndFromSpriteKitLeavesNoOldPages(cached: Bool) throws {
        let phaser = #"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/d/s.json", "maxSize": 700}}}"#
        let spritekit = #"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "engine": "spritekit", "maxSize": 700}}}"#
        let folder = try BuildCommandTests.project(phaser)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = cached ? ["build"] : ["build", "--no-cache"]
        // With the cache, both shapes are built once first, so that the switches below are restored.
        for json in cached ? [phaser, spritekit, phaser] : [phaser] {
            try FreshEyesRoundThirtySixTests.write(json, in: folder)
            #expect(try CLI.run(build, in: folder).status == 0)
        }
        try FreshEyesRoundThirtySixTests.write(spritekit, in: folder)
        let toSpriteKit = try CLI.run(build, in: folder)
        #expect(toSpriteKit.status == 0 && toSpriteKit.stdout.contains(cached ? "s: from cache" : "s: built"), "\(toSpriteKit.stdout)")
        #expect(toSpriteKit.stderr.contains("removed out/d/s-0.json, out/d/s-1.json and 4 more"), "\(toSpriteKit.stderr)")
        #expect(Self.files(under: folder + "/out") == Self.atlas.map { "p/" + $0 })
        try FreshEyesRoundThirtySixTests.write(phaser, in: folder)
        let back = try CLI.run(build, in: folder)
        #expect(back.status == 0 && back.stderr.contains("removed out/p/s.atlasc/s.1.png, out/p/s.atlasc/s.2.png and 2 more"), "\(back.stderr)")
        #expect(Self.files(under: folder + "/out") == ["d/s-0.json", "d/s-1.json", "d/s-2.json", "p/s-0.png", "p/s-1.png", "p/s-2.png"])
        #expect(try CLI.run(build, in: folder).stdout.contains("0 built"))
    }

    /// A SpriteKit target taking the output name of a sheet deleted in the same edit: the deleted
    /// sheet's page `out/p/s.png` stayed, `--force` too.
    @Test func aSpriteKitTargetTakingADeletedSheetsNameRemovesItsPage() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/d/s.json"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"k": {"sheet": "coin", "output": "out/p/s.png", "engine": "spritekit"}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("removed out/p/s.png") && run.stderr.contains("removed out/d/s.json"), "\(run.stderr)")
        #expect(Self.files(under: folder + "/out") == ["p/s.atlasc/s.1.png", "p/s.atlasc/s.plist"])
        #expect(try CLI.run(["build", "--no-cache", "--force"], in: folder).status == 0)
        #expect(Self.files(under: folder + "/out") == ["p/s.atlasc/s.1.png", "p/s.atlasc/s.plist"])
    }

    /// Files another target's earlier build wrote but the user deleted by hand before a target
    /// took their names: "replaced out/d/s-0.json … written by s's earlier build" said for files
    /// that were not there.
    @Test func filesDeletedByHandAreNotSaidReplaced() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/d/s.json", "maxSize": 700}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        for page in 0..<3 { try FileManager.default.removeItem(atPath: folder + "/out/d/s-\(page).json") }
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/p/s.json", "maxSize": 700}, "#
                                               + #""t": {"sheet": "dino", "output": "out/t/t.png", "data": "out/d/s.json", "maxSize": 700}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stdout.contains("t: built"), "\(run.stdout) \(run.stderr)")
        #expect(!run.stderr.contains("replaced"), "\(run.stderr)")
        #expect(Self.files(under: folder + "/out/d") == ["s-0.json", "s-1.json", "s-2.json"])
    }

    /// A deleted sheet's pages `out/p/s-0.png` beside data `out/p/s-0.json` that a frames target
    /// reads, where another sheet now writes that data (its pages elsewhere): kept "which a target
    /// names as its source" for good, though the data read now names other pages.
    @Test func pagesBesideDataAnotherSheetWritesNowAreRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/d/s.json", "maxSize": 700}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"t": {"sheet": "dino", "output": "out/d/s.png", "data": "out/p/s.json", "maxSize": 700}, "#
                                               + #""f": {"frames": "out/p/s-0.json", "output": "out/f", "after": ["t"]}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(!run.stderr.contains("kept"), "\(run.stderr)")
        #expect(Self.files(under: folder + "/out/p") == ["s-0.json", "s-1.json", "s-2.json"])
    }
}

private extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
