import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 50: one path names one folder, a watch waits for what a scene names, and
/// every reader of a timing says what assemble says.
@Suite("Fresh eyes 50: paths through links, a scene's missing files, short durations")
struct FreshEyesRoundFiftyTests {
    /// `c/../b` with `c` a link read the link target's parent's `b` from the command line and the
    /// project's `b` in a build, both without a word (round 50 #1): a project refuses `..` after a link.
    @Test func aProjectRefusesDotDotAfterALink() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"v": {"validate": "c/../coin", "output": "v.json"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/x/y", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/c", withDestinationPath: "x/y")
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("c is a link, so c/.. is its target's parent, not this folder"), "\(run.stderr)")
        // Through a plain folder, `..` folds as before.
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"v": {"validate": "x/../coin", "output": "v.json"}}}"#, in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
    }

    /// A render target failed for want of an image its scene names, and creating it started no
    /// build (round 50 #3, #4): what a scene names that is not there yet is watched.
    @Test func aWatchBuildsASceneOnceTheImageItNamesIsMade() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"r": {"render": "scene.json", "output": "r.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"size": [16, 16], "frames": 2, "fps": 10, "layers": [{"image": "art/rock.png", "position": [8, 8]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json", "--no-cache"], in: folder)
        #expect(watch.waitForLines(1))
        #expect(watch.stdout.first?.contains(#""failed":["r"]"#) == true, "\(watch.stdout)")
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        #expect(watch.waitForLines(2), "no build once art/ was made")
        let first = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        try FileManager.default.copyItem(atPath: folder + "/coin/" + first, toPath: folder + "/art/rock.png")
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, !watch.stdout.contains(where: { $0.contains(#""built":["r"]"#) }) { Thread.sleep(forTimeInterval: 0.1) }
        #expect(watch.stdout.contains { $0.contains(#""built":["r"]"#) }, "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    /// `frameDurations` under 1 ms were said by assemble only (round 50 #7): `sheet` warns the same,
    /// `validate` reports `manifest.short-duration`.
    @Test func shortDurationsAreSaidByEveryReader() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"frameDurations": [0.0005, 100, 100, 100]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        let sheet = try CLI.run(["sheet", "coin", "-o", "s.json", "--engine", "aseprite"], in: folder)
        #expect(sheet.status == 0 && sheet.stderr.contains("warning: coin/sequence.json: frameDurations[0] is 0.0005 ms"), "\(sheet.stderr)")
        let validate = try CLI.run(["validate", "coin"], in: folder)
        #expect(validate.status == 0 && validate.stdout.contains("warning manifest.short-duration  frameDurations[0] is 0.0005 ms"), "\(validate.stdout)")
    }

    /// A scene's `rock.png` whose `rock@2x.png` is a link out of the folder was refused at @2x
    /// naming `rock.png` (round 50 #9): the file that leads out is named.
    @Test func theVariantThatLeadsOutIsNamed() throws {
        let folder = try Fixtures.temporaryFolder("variant-out")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        let png = Fixtures.path("sequences/kenney-gold-coin/" + Fixtures.pngNames(in: "sequences/kenney-gold-coin")[0])
        try FileManager.default.copyItem(atPath: png, toPath: folder + "/in/rock.png")
        try FileManager.default.copyItem(atPath: png, toPath: folder + "/outside.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/in/rock@2x.png", withDestinationPath: folder + "/outside.png")
        try Data(#"{"size": [64, 64], "frames": 1, "layers": [{"image": "rock.png", "position": [32, 32]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/in/scene.json"))
        #expect(try CLI.run(["render", "in/scene.json", "-o", "a.png"], in: folder).status == 0)
        let refused = try CLI.run(["render", "in/scene.json", "-o", "b.png", "--scale", "2"], in: folder)
        #expect(refused.status == 3 && refused.stderr.contains("\"rock@2x.png\""), "\(refused.stderr)")
    }
}
