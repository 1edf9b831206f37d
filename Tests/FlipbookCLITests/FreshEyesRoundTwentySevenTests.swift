import Foundation
import Testing
import TestSupport

/// What fresh eyes round 27 found (session 15), on the gold coin and the dino.
@Suite("Fresh eyes 27: a folder another target writes into; sheet data a target still names")
struct FreshEyesRoundTwentySevenTests {
    /// `x` writes `mid/a.gif` and `chk` validates `mid`: on a fresh checkout `chk` ran first and
    /// failed ("mid: no such file or folder", exit 3); the second build passed.
    @Test func aTargetReadingAFolderAnotherTargetWritesIntoWaitsForIt() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"x": {"assemble": "coin", "output": "mid/a.gif"}, "chk": {"validate": "mid", "output": "rep/v.json"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let x = run.stdout.range(of: "x: built"), chk = run.stdout.range(of: "chk: built")
        #expect(x != nil && chk != nil && x!.lowerBound < chk!.lowerBound, "\(run.stdout)")
    }

    /// A sheet target renamed its output (`build/fx.json` → `build/gx.json`) while a frames target
    /// still named `build/fx.json`: the build removed fx.json and its page, then the frames target
    /// failed. They are kept, and said, as a GIF source is.
    @Test func sheetDataATargetStillNamesIsKeptWithItsPage() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"sh": {"sheet": "coin", "output": "build/fx.json", "engine": "phaser3"}, "un": {"frames": "build/fx.json", "output": "out/un"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "build/fx.json\", \"engine", with: "build/gx.json\", \"engine")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("kept build/fx.json, build/fx.png"), "\(run.stdout) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/build/fx.json") && FileManager.default.fileExists(atPath: folder + "/build/fx.png"))
    }
}
