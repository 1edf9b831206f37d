#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// A sheet target renamed its @2x page (`build/sheet@2x.png` → `build/atlas@2x.png`) while a
    /// scene at scale 2 drew `build/sheet.png` (read as its @2x): the build removed the old page
    /// after it had called the render up to date, so the GIF drawn from it stood until the next
    /// build. A target reading a file another target wrote before now decides after that target.
    @Test func aReaderOfARemovedEarlierOutputIsBuiltInTheSameBuild() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"sh": {"sheet": "coin", "output": "build/sheet@2x.png"}, "r": {"render": "scene.json", "output": "out/r@2x.gif", "scale": 2}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"size": [64, 64], "frames": 2, "fps": 10, "layers": [{"image": "build/sheet.png", "position": [32, 32], "bounds": [40, 40]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "build/sheet@2x.png", with: "build/atlas@2x.png")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let renamed = try CLI.run(["build"], in: folder)
        #expect(renamed.stderr.contains("removed build/sheet@2x.json, build/sheet@2x.png"), "\(renamed.stdout) \(renamed.stderr)")
        // With the page gone the scene has no image to draw: the render is built, and fails, in this build.
        #expect(renamed.stdout.contains("r: failed") || renamed.stderr.contains("r: failed"), "\(renamed.stdout) \(renamed.stderr)")
        #expect(!renamed.stdout.contains("r: up to date"), "\(renamed.stdout)")
    }

    /// Ctrl-C while a frames target whose source was renamed (`a.gif` → `b.gif`) wrote its new
    /// frames: the earlier frames, set aside for the new set, stayed as hidden temporary files and
    /// the folder held no frames. An interrupt puts them back: the folder is as the last build left it.
    @Test func anInterruptPutsBackTheFramesSetAside() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"fr": {"frames": "a.gif", "output": "build/fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.gif", "b.gif"] { try FileManager.default.copyItem(atPath: InterruptCommandTests.gif, toPath: "\(folder)/\(name)") }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let earlier = try FileManager.default.contentsOfDirectory(atPath: folder + "/build/fr").sorted()
        #expect(earlier.filter { $0.hasSuffix(".png") }.count == 60)
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "a.gif", with: "b.gif")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let child = try InterruptCommandTests.Child(["build", "--project", folder + "/flipbook.json"])
        let asides = { InterruptCommandTests.temporaries(in: folder + "/build/fr").filter { $0.contains("-aside-") } }
        let setAside = InterruptCommandTests.waitUntil { !asides().isEmpty }
        kill(child.pid, SIGINT)
        let exit = child.wait()
        #expect(setAside, "no file was set aside")
        #expect(asides().isEmpty, "\(asides().count) left set aside")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/build/fr").sorted()
        // On a loaded machine the build may finish before the signal lands: then the new set stands.
        if exit == 0 {
            #expect(names.contains("b1.png") && !names.contains("a1.png"), "\(names)")
        } else {
            #expect(exit == 130 && names == earlier, "exit \(exit): \(names)")
        }
    }
}
