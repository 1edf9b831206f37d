import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 45: what a build writes over, and what a render says of its other scales.
@Suite("Fresh eyes 45: a build never writes over a file another target reads")
struct FreshEyesRoundFortyFiveTests {
    /// A sheet target whose data name was the hand-written scene another target renders: the
    /// build refused and advised `--overwrite`, which then replaced the scene with sheet data —
    /// the user's file lost. A file of the user's that a target reads is an input of the build
    /// now: refused, `--overwrite` or not, naming the target that reads it.
    @Test func overwriteNeverReplacesAFileAnotherTargetReads() throws {
        let folder = try BuildCommandTests.project(#"""
            {"targets": {"anim": {"render": "fx.json", "output": "anim.gif"}, "fx": {"sheet": "coin", "output": "fx.png"}}}
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{ "size": [16, 16], "duration": 0.2, "fps": 10, "layers": [] }"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/fx.json"))
        for arguments in [["build", "--no-cache"], ["build", "--no-cache", "--overwrite"]] {
            let result = try CLI.run(arguments, in: folder)
            #expect(result.status == 2 && result.stderr.contains(#"fx: failed: fx.json is a file of yours that the target "anim" reads, "#
                                                                 + "where this target would write its output"), "\(result.stderr)")
            #expect(!result.stderr.contains("give --overwrite"), "\(result.stderr)")
            #expect(try String(contentsOfFile: folder + "/fx.json", encoding: .utf8) == scene)
        }
        // A file a build wrote is the build's, as before: the sheet's data, read by a frames target, is rewritten.
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"s": {"sheet": "coin", "output": "out/s.png"}, "f": {"frames": "out/s.json", "output": "fr"}}}"#,
                                               in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try CLI.run(["build", "--no-cache", "--force"], in: folder).status == 0)
    }

    /// A render to an Aseprite sheet wrote no `repeat` in its tag: `frames` of it then played
    /// forever what the scene plays 3× (fresh eyes 45 #2). The plays go into the data as `sheet`
    /// writes them, and come back.
    @Test func aRenderedAsepriteSheetKeepsItsPlays() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [16, 16], "frames": 3, "fps": 10, "repeatCount": 3, "layers": [{"shape": {"path": "M0 0h4v4h-4z", "fillColor": "#FF0000"}, "bounds": [4, 4], "position": [8, 8]}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"r": {"render": "s.json", "output": "sh/a.json", "sheetFormat": "aseprite"}}}"#, in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder + "/sh/a.json", encoding: .utf8).contains(#""repeat": "3""#))
        #expect(try CLI.run(["frames", "sh/a.json", "-o", "back"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder + "/back/sequence.json", encoding: .utf8).contains(#""repeatCount" : 3"#))
        // TexturePacker JSON keeps no plays: said (round 46 I), as `flipbook sheet` says it.
        let json = try CLI.run(["render", "s.json", "-o", "plain.json"], in: folder)
        #expect(json.status == 0 && json.stderr.contains("the scene plays 3×, but json-hash data keeps no count of plays"), "\(json.stderr)")
    }

    /// A rendered sheet too wide for its page advised `raise --max-size` (a build: `raise "maxSize"`),
    /// which `render` does not take (fresh eyes 45 #4): it says what does work.
    @Test func aRenderedSheetTooLargeSaysWhatWorks() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"size": [5000, 10], "frames": 1, "fps": 10, "layers": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/w.json"))
        let result = try CLI.run(["render", "w.json", "-o", "w-sheet.json"], in: folder)
        #expect(result.status == 1 && result.stderr.contains("a rendered sheet's pages are at most 4096 px: render frames into a folder, "
                                                             + "or a GIF, APNG or WebP"), "\(result.stderr)")
        #expect(!result.stderr.contains("--max-size"))
    }

    /// A sheet of two pages in the project's folder was "4 files in ."; `frames` of its missing
    /// one-file data listed "s-0.json, s-1.json … s-1.json" and advised in a project's spelling
    /// (`a larger maxSize`) at the command line (fresh eyes 45 #11).
    @Test func twoPagesAreSaidPlainly() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "coin", "output": "s.png", "maxSize": 128}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(build.status == 0 && build.stdout.contains("s: built (never built): ") && build.stdout.contains(" files (s-0.json … s-")
                && !build.stdout.contains("files in ."), "\(build.stdout)")
        let frames = try CLI.run(["frames", "s.json", "-o", "fr"], in: folder)
        #expect(frames.status == 3 && frames.stderr.contains(" files (s-0.json, s-1.json") && !frames.stderr.contains("s-1.json … s-1.json")
                && frames.stderr.contains("or write the sheet on one page (a larger --max-size) or with one data file for all pages (--engine phaser3)"),
                "\(frames.stderr)")
    }
}
