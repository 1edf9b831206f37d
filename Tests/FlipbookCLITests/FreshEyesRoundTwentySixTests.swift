import Foundation
import Testing
import TestSupport

/// What fresh eyes round 26 found (session 15), with the note chrome and the gold coin.
@Suite("Fresh eyes 26: a watch sees a new @2x image; a renamed page read as @3x; a removed target's outputs a target reads")
struct FreshEyesRoundTwentySixTests {
    static let scene = #"{"size": [32, 24], "duration": 0.2, "fps": 10, "layers": [{"image": "img/rock.png", "bounds": [32, 24], "position": [16, 12]}]}"#

    /// A project rendering `sc/s.json` (naming `img/rock.png`) at `scale`, with `targets` beside.
    static func project(scale: Int, targets: String = "") throws -> String {
        let folder = try Fixtures.temporaryFolder("fe26")
        try FileManager.default.createDirectory(atPath: folder + "/sc/img", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/src/big", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome.png"), toPath: folder + "/sc/img/rock.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: folder + "/src/big/b1.png")
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: folder + "/sc/s.json"))
        try Data(#"{"targets": {"r": {"render": "sc/s.json", "output": "out/r.png", "scale": \#(scale)}\#(targets)}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return folder
    }

    /// `build --watch` saw an edit of `rock@2x.png` but not a new one: no build started, the render stayed the @1x image's.
    @Test func aWatchSeesANewAtTwoXFileOfASceneImage() throws {
        let folder = try Self.project(scale: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json"], in: folder)
        #expect(watch.waitForLines(1))
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome@2x.png"), toPath: folder + "/sc/img/rock@2x.png")
        #expect(watch.waitForLines(2), "\(watch.stdout)")
        let second = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(second?["built"] as? [String] == ["r"], "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    /// A sheet target's page `sc/img/rock@3x.png`, renamed to `rock@2x.png`, was kept "because r3
    /// reads it" — read only because it was there, so kept for good, and drawn by the @3x render.
    @Test func aRenamedPageReadOnlyAsAnotherScaleIsRemoved() throws {
        let folder = try Self.project(scale: 3, targets: #", "s": {"sheet": "src/big", "output": "sc/img/rock@3x.png"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/sc/img/rock@3x.png"))
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "rock@3x.png", with: "rock@2x.png")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let renamed = try CLI.run(["build"], in: folder)
        #expect(renamed.status == 0 && !renamed.stderr.contains("kept"), "\(renamed.stdout) \(renamed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/sc/img/rock@3x.png"))
        #expect(try CLI.run(["build"], in: folder).stdout.contains("r: up to date"))
    }

    /// A target removed from the project whose output another target names as its source stayed
    /// without a word (the docs say a kept file is said).
    @Test func aRemovedTargetsOutputATargetReadsIsKeptAndSaid() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "b/a.gif"}, "f": {"frames": "b/a.gif", "output": "out/f"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Data(#"{"targets": {"f": {"frames": "b/a.gif", "output": "out/f"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.stderr.contains("kept b/a.gif, which a target names as its source (delete by hand once none does): written by target a, no longer in the project"),
                "\(run.stdout) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/b/a.gif"))
    }
}
