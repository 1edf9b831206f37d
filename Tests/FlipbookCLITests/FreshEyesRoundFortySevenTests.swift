import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 47: a report a build writes is the command's bytes, a watch says only what
/// failed, a render's sheet format is never ignored, and sheet data's sizes say what is wrong.
@Suite("Fresh eyes 47: one report, one set of bytes; clear sizes")
struct FreshEyesRoundFortySevenTests {
    /// A validation target's report said `FramesJob reads a sheet's frames …` where `flipbook
    /// validate --output` writes `flipbook frames reads …`, though a build writes the command's
    /// bytes (round 47 #3): one wording for a report, whoever writes it.
    @Test func aValidationTargetsReportIsTheCommandsBytes() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"v": {"validate": "out/k.atlasc", "output": "build.json"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "out/k.atlasc", "--engine", "spritekit"], in: folder).status == 0)
        let build = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(build.status == 3, "\(build.stderr)")
        let command = try CLI.run(["validate", "out/k.atlasc", "--output", "cli.json"], in: folder)
        #expect(command.status == 3, "\(command.stderr)")
        let built = try String(contentsOfFile: folder + "/build.json", encoding: .utf8)
        #expect(built == (try String(contentsOfFile: folder + "/cli.json", encoding: .utf8)))
        #expect(built.contains("flipbook frames reads a sheet's frames") && !built.contains("FramesJob"), "\(built)")
    }

    /// `build --watch --json` called a target that was only skipped "mended" once its dependency
    /// built again, and its errors spoke the library's names (round 47 #4).
    @Test func aWatchSaysMendedOnlyOfWhatFailed() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "coin", "output": "out/s.json"}, "f": {"frames": "out/s.json", "output": "fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json", "--no-cache"], in: folder)
        #expect(watch.waitForLines(1))
        let first = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        let twin = first.replacingOccurrences(of: "_1", with: "_01")
        try FileManager.default.copyItem(atPath: folder + "/coin/" + first, toPath: folder + "/coin/" + twin)
        #expect(watch.waitForLines(2))
        let failed = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(failed?["failed"] as? [String] == ["s"] && failed?["skipped"] as? [String] == ["f"], "\(watch.stdout)")
        let error = (failed?["errors"] as? [String: String])?["s"] ?? ""
        #expect(error.contains(#"give "onDuplicateNumber" first or last"#) && !error.contains(".first"), "\(error)")
        try FileManager.default.removeItem(atPath: folder + "/coin/" + twin)
        #expect(watch.waitForLines(3))
        let mended = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(mended?["mended"] as? [String] == ["s"], "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    /// A render target's `"sheetFormat"` with a GIF or folder output was ignored without a word
    /// (round 47 #7): refused, as an option of another format is.
    @Test(arguments: ["k.gif", "frames"])
    func aSheetFormatForAnOutputThatIsNoSheetIsRefused(output: String) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"size": [16, 16], "frames": 2, "fps": 4, "layers": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"r": {"render": "scene.json", "output": "\#(output)", "sheetFormat": "godot4"}}}"#, in: folder)
        let result = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(result.status == 2 && result.stderr.contains(#""sheetFormat" godot4 is the data format of a sprite sheet, but this output is "#),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
    }

    /// Two targets read the file a third would write over: the refusal named only the first
    /// (round 47 #5).
    @Test func aRefusalNamesEveryReader() throws {
        let folder = try BuildCommandTests.project(#"""
            {"targets": {"a": {"assemble": "dino", "output": "coin/gold_1.png"}, "b": {"sheet": "coin", "output": "o/b.png"},
                         "c": {"assemble": "coin", "output": "o/c.gif"}}}
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["build", "--no-cache"], in: folder)
        // A frame in a folder of sources they read: never replaced (round 68p), and both are named.
        #expect(result.status == 2 && result.stderr.contains(#"coin/gold_1.png is a file of yours that the targets "b" and "c" read, "#
                                                             + "where this target would write its output"),
                "\(result.stderr)")
    }

    /// Sheet data whose frame's source size has a side over 65 536 px was "outside its page or its
    /// source size", though inside both (round 47 #2): the size is said.
    @Test func aSourceSizeTooLargeIsSaidAsSuch() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "s.json", "--engine", "aseprite"], in: folder).status == 0)
        var data = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/s.json"))) as? [String: Any])
        var frames = try #require(data["frames"] as? [String: Any])
        let name = try #require(frames.keys.sorted().first)
        var frame = try #require(frames[name] as? [String: Any])
        frame["sourceSize"] = ["w": 70000, "h": 64]
        frames[name] = frame
        data["frames"] = frames
        try JSONSerialization.data(withJSONObject: data).write(to: URL(fileURLWithPath: folder + "/big.json"))
        let result = try CLI.run(["frames", "big.json", "-o", "out", "--max-pixels", "10000000", "--max-output-pixels", "100000000"], in: folder)
        #expect(result.status == 3 && result.stderr.contains("the source size of frame '") && result.stderr.contains("' is 70000×64: a side over 65536 px"), "\(result.stderr)")
        #expect(!result.stderr.contains("lies outside"))
    }

    /// An empty source name said `error: : no such file or folder` (or `: cannot read file`):
    /// it names the mistake now, in every command that reads one (round 47 #11).
    @Test(arguments: [["info", ""], ["frames", "", "-o", "fr"], ["assemble", "", "-o", "x.gif"], ["sheet", "", "-o", "s.png"]])
    func anEmptySourceNameIsSaidAsSuch(arguments: [String]) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 3 && result.stderr.hasPrefix(#"error: an empty name ("") names no file or folder"#), "\(result.stderr)")
    }

    /// A validation target's report named files from the folder `build` ran in, so a build from the
    /// project's parent and one from the project wrote two reports for one state, the second
    /// called up to date (round 48): paths are the project's, from wherever it is built.
    @Test(arguments: ["json", "txt", "sarif", "xml"])
    func aValidationReportIsTheSameFromAnyFolder(format: String) throws {
        let parent = try Fixtures.temporaryFolder("report-base")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = try BuildCommandTests.project(#"{"targets": {"v": {"validate": "coin", "output": "r/v.\#(format)"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.moveItem(atPath: folder, toPath: parent + "/p")
        #expect(try CLI.run(["build", "--no-cache", "--project", "p/flipbook.json"], in: parent).status == 0)
        let fromParent = try Data(contentsOf: URL(fileURLWithPath: parent + "/p/r/v." + format))
        #expect(try CLI.run(["validate", "coin", "--output", "direct." + format], in: parent + "/p").status == 0)
        #expect(fromParent == (try Data(contentsOf: URL(fileURLWithPath: parent + "/p/direct." + format))))
        #expect(!String(decoding: fromParent, as: UTF8.self).contains("p/coin"))
    }

    /// `sheet -o d@2x.png` of @2x frames over several pages named them `d@2x-0.png`, which every
    /// reader takes as @1x (`frames` wrote 80 pt @1x frames of 40 pt @2x ones; round 48): the
    /// scale stays last, `d-0@2x.png`, as `--scales` names pages.
    @Test(arguments: ["cocos2d", "libgdx", "phaser3"])
    func aMultiPageSheetAtTwoXKeepsTheScaleLast(engine: String) throws {
        let folder = try Fixtures.temporaryFolder("multipage-2x")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/emt-watch-spinner-2x"), toPath: folder + "/src")
        let result = try CLI.run(["sheet", "src", "-o", "d/d@2x.png", "--engine", engine, "--max-size", "256"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FreshEyesRoundThirtySixTests.files(in: folder + "/d")
        #expect(files.contains("d-0@2x.png") && files.contains("d-1@2x.png") && !files.contains { $0.hasPrefix("d@2x-") }, "\(files)")
        let data = engine == "cocos2d" ? "d/d-0@2x.plist" : engine == "libgdx" ? "d/d@2x.atlas" : "d/d@2x.json"
        #expect(FileManager.default.fileExists(atPath: folder + "/" + data), "\(files)")
        #expect(try CLI.run(["frames", data, "-o", "back"], in: folder).status == 0)
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder + "/back").allSatisfy { !$0.hasSuffix(".png") || $0.hasSuffix("@2x.png") })
    }

    /// A project's validation report `r.txt` with `"format": "github"` was refused though
    /// `validate --output r.txt --format github` takes it (round 48).
    @Test func aProjectsTextReportMayBeGitHubAnnotations() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"v": {"validate": "coin", "output": "r/v.txt", "format": "github"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try CLI.run(["validate", "coin", "--output", "cli.txt", "--format", "github"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/r/v.txt")) == Data(contentsOf: URL(fileURLWithPath: folder + "/cli.txt")))
    }

    /// `--max-pixels 1e10` or `1.5` answered with the option's help ("it takes: refuse images of
    /// more pixels"), not what was wrong (round 48 #10): a whole number, in digits, an Int holds.
    @Test(arguments: [("1e10", "a whole number written in digits"), ("1.5", "a whole number written in digits"),
                      ("99999999999999999999", "a whole number of at most 9223372036854775807")])
    func aNumberAnOptionCannotHoldSaysWhatItTakes(value: String, takes: String) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["validate", "coin", "--max-pixels", value], in: folder)
        #expect(result.status == 2 && result.stderr.hasPrefix("error: --max-pixels does not take '\(value)'; it takes \(takes): "), "\(result.stderr)")
    }
}
