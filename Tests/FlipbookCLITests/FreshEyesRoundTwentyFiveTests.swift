import Foundation
import Testing
import TestSupport

/// What fresh eyes round 25 found (session 15), on the gold coin and the note chrome.
@Suite("Fresh eyes 25: a render waits for its image's @2x; project files ios and ios.json; folders in another case; render's duplicate advice")
struct FreshEyesRoundTwentyFiveTests {
    /// Target `mk` writes `scenes/art/rock@2x.png` (a one-sprite sheet's page), the @2x file of the
    /// image target `r`'s scale-2 scene names: `r` ran first and drew the @1x image, exit 0, and the
    /// next build rebuilt it for "scenes/art/rock@2x.png added".
    @Test func aRenderWaitsForTheTargetWritingItsImagesAtTwoX() throws {
        let folder = try Fixtures.temporaryFolder("fe25-build-order")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/scenes/art", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/src/big", withIntermediateDirectories: true)
        try manager.copyItem(atPath: Fixtures.path("text/chrome/note-chrome.png"), toPath: folder + "/scenes/art/rock.png")
        try manager.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: folder + "/src/big/b1.png")
        try Data(#"{"size": [32, 32], "scale": 2, "frames": 1, "layers": [{"image": "art/rock.png", "position": [16, 16]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/scenes/s.json"))
        try Data(#"{"targets": {"r": {"render": "scenes/s.json", "output": "out/r@2x.png"}, "mk": {"sheet": "src/big", "output": "scenes/art/rock@2x.png"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0 && !first.stderr.contains("changed while"), "\(first.stdout) \(first.stderr)")
        let mk = first.stdout.range(of: "mk: built"), r = first.stdout.range(of: "r: built")
        #expect(mk != nil && r != nil && mk!.lowerBound < r!.lowerBound, "\(first.stdout)")
        let second = try CLI.run(["build"], in: folder)
        #expect(second.stdout.contains("r: up to date") && second.stdout.contains("mk: up to date"), "\(second.stdout)")
        #expect(try CLI.run(["render", "scenes/s.json", "-o", "fresh@2x.png"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/r@2x.png")) == Data(contentsOf: URL(fileURLWithPath: folder + "/fresh@2x.png")))
    }

    /// `--project ios` and `--project ios.json` shared `state-ios.json`: each build removed the other's output.
    @Test func projectFilesNamedAlikeKeepTheirOwnState() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"coin": {"assemble": "coin", "output": "out/web.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"targets": {"coin": {"assemble": "coin", "output": "out/ios.gif"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/ios.json"))
        try Data(#"{"targets": {"coin": {"assemble": "coin", "output": "out/tv.gif"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/ios"))
        for project in ["ios.json", "ios", "ios.json", "flipbook.json"] {
            let run = try CLI.run(["build", "--project", project], in: folder)
            #expect(run.status == 0 && !run.stderr.contains("removed"), "\(project): \(run.stderr)")
        }
        for file in ["out/web.gif", "out/ios.gif", "out/tv.gif"] { #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)") }
    }

    /// `assemble coin -o COIN/gold_5.png` (an APNG as frame 5 of coin on macOS and Windows) and
    /// `blur coin/gold_1.png -o LC/gold_1.png` through a link `lc` to coin were written, exit 0.
    @Test func aFrameNameInTheInputsFolderSpelledInAnotherCaseIsRefused() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let apng = try CLI.run(["assemble", "coin", "-o", "COIN/gold_5.png"], in: dir)
        #expect(apng.status == 2 && apng.stderr.contains("its name makes it a frame of the sequence it is made of (gold_"), "\(apng.stderr)")
        try FileManager.default.createSymbolicLink(atPath: dir + "/lc", withDestinationPath: "coin")
        let blur = try CLI.run(["blur", "coin/gold_1.png", "--sigma", "1", "-o", "LC/gold_1.png"], in: dir)
        #expect(blur.status == 2 && blur.stderr.contains("only in case"), "\(blur.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/COIN") && !FileManager.default.fileExists(atPath: dir + "/LC"))
        // Beside the folder, under a name of its own: written.
        #expect(try CLI.run(["assemble", "coin", "-o", "coin-anim.png"], in: dir).status == 0)
    }

    /// `render` of a scene whose sequence holds `fire2.png` and `fire02.png` advised
    /// `--on-duplicate-number`, which `render` does not take, and named `./fire/fire2.png`.
    @Test func rendersDuplicateNumberErrorGivesAdviceItCanFollow() throws {
        let folder = try Fixtures.temporaryFolder("fe25-render-duplicate")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/fire", withIntermediateDirectories: true)
        for name in ["fire1.png", "fire2.png", "fire02.png"] {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"), toPath: folder + "/fire/" + name)
        }
        try Data(#"{"size": [64, 64], "frames": 2, "layers": [{"sequence": {"source": "fire"}, "position": [32, 32]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s.json"))
        let run = try CLI.run(["render", "s.json", "-o", "r.gif"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("fire/fire2.png and fire/fire02.png are both frame 2"), "\(run.stderr)")
        #expect(!run.stderr.contains("--on-duplicate-number") && !run.stderr.contains("./fire"), "\(run.stderr)")
    }
}
