import Foundation
import Testing
import TestSupport

/// Fresh eyes, rounds 41–43's leftovers, as a user meets them on the command line.
@Suite("Fresh eyes 44: a sheet's timing back as frames, a project's words")
struct FreshEyesRoundFortyFourTests {
    /// A build's failures named the command's flags (`leave out --animation`, `raise --max-size`)
    /// or the library's settings (`AssembleJob.repeatCount is …`), where the user writes keys of
    /// the project file: each is the target's key now, as the project file spells it.
    @Test func aBuildsMessagesNameTheProjectsKeys() throws {
        let folder = try BuildCommandTests.project(#"""
            {"targets": {
              "a": {"assemble": "coin", "output": "out/a.gif", "repeat": 70000},
              "s": {"sheet": "coin", "output": "out/s.png", "maxSize": 16},
              "g": {"assemble": "coin", "output": "out/g.gif"},
              "f": {"frames": "out/g.gif", "output": "fr", "animation": "x"}}}
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(result.status == 2)   // a setting out of range, as for the commands
        for line in [#"a: failed: "repeat" does not take '70000'; it takes: 0 (forever) or 1…65536 plays for GIF"#,
                     #"s: failed: 'gold_1' is 64×64, larger than a 16×16 page; raise "maxSize""#,
                     #"f: failed: out/g.gif is one animation: an animation is picked by name from a sheet's data, which may hold several; leave out "animation""#] {
            #expect(result.stderr.contains(line), "\(result.stderr)")
        }
        #expect(!result.stderr.contains("--") && !result.stderr.contains("AssembleJob"), "\(result.stderr)")
        // The commands themselves still name their flags.
        let command = try CLI.run(["assemble", "coin", "-o", "a.gif", "--repeat", "70000"], in: folder)
        #expect(command.status == 2 && command.stderr.contains("--repeat does not take '70000'"), "\(command.stderr)")
    }

    /// `frames --animation` of a sheet says it wrote the animation's timing, and `--json` gives it
    /// in the vocabulary every command uses (seconds); `assemble` of the folder plays it as timed.
    @Test func framesOfOneAnimationSayAndKeepTheirTiming() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"fps": 10, "direction": "reverse", "repeatCount": 2}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        #expect(try CLI.run(["sheet", "coin", "-o", "s/coin.png", "--engine", "aseprite"], in: folder).status == 0)
        let text = try CLI.run(["frames", "s/coin.json", "-o", "fr", "--animation", "gold"], in: folder)
        #expect(text.status == 0 && text.stdout == "fr: 4 frames from 1 page, sequence.json\n", "\(text.stdout)\(text.stderr)")
        let json = try CLI.run(["frames", "s/coin.json", "-o", "fr", "--animation", "gold", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["frameDurationsSeconds"] as? [Double] == [0.1, 0.1, 0.1, 0.1] && object["durationSeconds"] as? Double == 0.4)
        #expect(object["repeatCount"] as? Int == 2 && object["frames"] as? Int == 4)
        // Every file written, sequence.json too (fresh eyes 44 #4).
        #expect((object["files"] as? [String])?.last == "fr/sequence.json" && (object["files"] as? [String])?.count == 5)
        let back = try CLI.run(["assemble", "fr", "-o", "back.gif", "--json"], in: folder)
        let assembled = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any])
        #expect(assembled["repeatCount"] as? Int == 2 && assembled["durationSeconds"] as? Double == 0.4, "\(back.stdout)")
    }

    /// A refusal named the other set by a file that no longer exists (`(out/s.atlasc/s.plist)`
    /// after the sheet changed engine) or by a sequence's folder and prefix (`(g/a)`), neither of
    /// which a user can find (fresh eyes 39 #9): said as what it is now.
    @Test func anotherSetIsNamedSoAUserCanFindIt() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "spritekit"], in: folder).status == 0)
        #expect(try CLI.run(["frames", "out/s.atlasc", "-o", "fr"], in: folder).status == 0)
        #expect(try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "phaser3"], in: folder).status == 0)
        let gone = try CLI.run(["frames", "out/s.json", "-o", "fr"], in: folder)
        #expect(gone.status == 2 && gone.stderr.contains("fr/gold_1.png belongs to another set of files Flipbook wrote into this folder "
                                                         + "(written from out/s.atlasc/s.plist, which is no longer there: remove its files if that set is not wanted)"),
                "\(gone.stderr)")
        #expect(try CLI.run(["assemble", "coin", "-o", "a.gif"], in: folder).status == 0)
        #expect(try CLI.run(["frames", "a.gif", "-o", "g"], in: folder).status == 0)
        try FileManager.default.moveItem(atPath: folder + "/a.gif", toPath: folder + "/c.gif")
        let renamed = try CLI.run(["frames", "c.gif", "-o", "g"], in: folder)
        #expect(renamed.status == 2 && renamed.stderr.contains("g/sequence.json belongs to another set of files Flipbook wrote into this folder "
                                                               + "(the frames a… in g)"), "\(renamed.stderr)")
    }

    /// `--json`'s `durationSeconds` is one play, its steps: a ping-pong of 4 frames at 83 ms lasts 6
    /// steps, as `assemble --json` of the folder says (fresh eyes 44 #4: 0.332 against 0.5).
    @Test func aPlayLastsItsSteps() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"fps": 12, "direction": "pingpong"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        #expect(try CLI.run(["sheet", "coin", "-o", "s/coin.png", "--engine", "aseprite"], in: folder).status == 0)
        let json = try CLI.run(["frames", "s/coin.json", "-o", "fr", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stderr)")
        let back = try CLI.run(["assemble", "fr", "-o", "back.apng", "--json"], in: folder)
        let assembled = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any])
        #expect(object["durationSeconds"] as? Double == 0.498 && assembled["durationSeconds"] as? Double == 0.498, "\(json.stdout)")
    }

    /// @2x data's frames first, then @1x's, into one folder; the sheet rebuilt with another
    /// timing; the @1x rerun was refused as "another set" with only "write into another folder"
    /// (which splits the scales), while @1x first worked (fresh eyes 44 #3). It says what works
    /// now, and doing so works.
    @Test func aSheetsScalesRetimedSayWhichToWriteFirst() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"fps": 10}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        #expect(try CLI.run(["sheet", "coin", "-o", "s.png", "--scales", "1,2", "--engine", "aseprite"], in: folder).status == 0)
        for data in ["s@2x.json", "s.json"] { #expect(try CLI.run(["frames", data, "-o", "A", "--animation", "gold"], in: folder).status == 0) }
        try Data(#"{"fps": 5}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        #expect(try CLI.run(["sheet", "coin", "-o", "s.png", "--scales", "1,2", "--engine", "aseprite"], in: folder).status == 0)
        let refused = try CLI.run(["frames", "s.json", "-o", "A", "--animation", "gold"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("the frames of s@2x.json wrote it, timed otherwise than s.json now: "
                                                               + "write s@2x.json's frames again first"), "\(refused.stderr)")
        for data in ["s@2x.json", "s.json"] { #expect(try CLI.run(["frames", data, "-o", "A", "--animation", "gold"], in: folder).status == 0) }
        #expect(try String(contentsOfFile: folder + "/A/sequence.json", encoding: .utf8).contains("200"))
    }

    /// `generate --frames 4 --scale 2` beside one @1x frame (no sequence.json) named a
    /// sequence.json that is not there, and "1 frames" (fresh eyes 44 #8).
    @Test func aCountBesideOneFrameNamesNoMissingFile() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["generate", "seagull", "-o", "gull", "--frames", "1", "--size", "64x64"], in: folder).status == 0)
        let refused = try CLI.run(["generate", "seagull", "-o", "gull", "--frames", "4", "--scale", "2", "--size", "64x64"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("gull holds 1 frame of seagull… at @1x, written by an earlier run, where this run writes 4 at @2x"),
                "\(refused.stderr)")
        #expect(!refused.stderr.contains("sequence.json"))
    }

    /// `info` of sheet data said "not a PNG file" (fresh eyes 44 #10): it says what reads it.
    @Test func infoOfSheetDataSaysWhatReadsIt() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "s.png", "--engine", "godot4"], in: folder).status == 0)
        let info = try CLI.run(["info", "s.tres"], in: folder)
        #expect(info.status == 3 && info.stderr.contains("s.tres: a sprite sheet's data: flipbook frames reads it (and its page, flipbook info), "
                                                         + "no image: info describes PNG, GIF, APNG and WebP files"), "\(info.stderr)")
        // Each kind of JSON as what it is (fresh eyes 45 #7: every .json was called sheet data).
        #expect(try CLI.run(["sheet", "coin", "-o", "s.png"], in: folder).status == 0)
        try Data(#"{"size": [8, 8], "fps": 10, "layers": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        try Data(#"{"fps": 10}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        try Data(#"{"hello": 1}"#.utf8).write(to: URL(fileURLWithPath: folder + "/other.json"))
        // Round 46: a command's --json report is no sheet data (it has "frames": 4), a text file says what it is.
        try Data(#"{"output": "a.gif", "frames": 4, "warnings": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/report.json"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        for (file, what) in [("scene.json", "a scene: flipbook render and flipbook draw read it"), ("flipbook.json", "a project file: flipbook build reads it"),
                             ("coin/sequence.json", "a frame folder's sequence.json: assemble or sheet its folder"), ("other.json", "a .json file"),
                             ("s.json", "a sprite sheet's data: flipbook frames reads it"),
                             ("report.json", "a report a flipbook command printed as JSON"), ("notes.txt", "a .txt file")] {
            let result = try CLI.run(["info", file], in: folder)
            #expect(result.status == 3 && result.stderr.contains("\(file): \(what), no image"), "\(file): \(result.stderr)")
        }
        let frames = try CLI.run(["frames", "scene.json", "-o", "x"], in: folder)
        #expect(frames.stderr.contains("(it is a scene: flipbook render and flipbook draw read it)"), "\(frames.stderr)")
    }
}
