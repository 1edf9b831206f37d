import Foundation
import Testing
import TestSupport

/// What fresh eyes round 40 found (session 20): a build that overwrote an edit it had said it kept,
/// refusals in wrong words, a sheet rerun that removed files without a word, a frame named without
/// its folder.
@Suite("Fresh eyes 40: edits a build kept stay kept")
struct FreshEyesRoundFortyTests {
    /// Appends `text` to the file at `path` (an edit by hand).
    static func edit(_ path: String, adding text: String = "x") throws {
        let file = try #require(FileHandle(forWritingAtPath: path))
        try file.seekToEnd()
        try file.write(contentsOf: Data(text.utf8))
        try file.close()
    }

    /// A data file kept "changed since" when the target stopped writing it was overwritten, with no
    /// note, once `data` named it again (from the cache, or built): the build's earlier output, which
    /// a build replaces even if edited — but the build had said it kept it. It is the user's now:
    /// refused in words that say so, the edit untouched, until it is moved away.
    @Test(arguments: [false, true])
    func anEditTheBuildKeptIsNeverOverwritten(cache: Bool) throws {
        let project = { (data: String?) in
            #"{"targets": {"c": {"sheet": "coin", "output": "build/s.png"\#(data.map { #", "data": "\#($0)""# } ?? "")}}}"#
        }
        let folder = try BuildCommandTests.project(project("build/d/s.json"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = cache ? ["build"] : ["build", "--no-cache"]
        #expect(try CLI.run(build, in: folder).status == 0)
        try Self.edit(folder + "/build/d/s.json")
        let mine = try Data(contentsOf: URL(fileURLWithPath: folder + "/build/d/s.json"))
        try FreshEyesRoundThirtySixTests.write(project(nil), in: folder)
        let moved = try CLI.run(build, in: folder)
        #expect(moved.status == 0 && moved.stderr.contains("kept build/d/s.json"), "\(moved.stderr)")
        try FreshEyesRoundThirtySixTests.write(project("build/d/s.json"), in: folder)
        let back = try CLI.run(build, in: folder)
        #expect(back.status == 2 && back.stderr.contains("build/d/s.json was changed after c's build wrote it, and an earlier build kept it as yours"),
                "\(back.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/build/d/s.json")) == mine)
        // Moved away, it is the build's to write again.
        try FileManager.default.moveItem(atPath: folder + "/build/d/s.json", toPath: folder + "/mine.json")
        #expect(try CLI.run(build, in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/build/d/s.json"))
    }

    /// A target dropping a scale whose file was edited is refused ("so your changes are kept");
    /// putting the scale back then replaced the edit from the cache without a word.
    @Test func anEditARefusalKeptIsNotReplacedWhenTheSettingComesBack() throws {
        let project = { (scales: String) in #"{"targets": {"c": {"sheet": "coin", "output": "build/s.png", "scales": [\#(scales)]}}}"# }
        let folder = try BuildCommandTests.project(project("1, 2"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Self.edit(folder + "/build/s@2x.png")
        let mine = try Data(contentsOf: URL(fileURLWithPath: folder + "/build/s@2x.png"))
        try FreshEyesRoundThirtySixTests.write(project("1"), in: folder)
        let dropped = try CLI.run(["build"], in: folder)
        #expect(dropped.status == 2 && dropped.stderr.contains("build/s@2x.png was changed after Flipbook wrote it"), "\(dropped.stderr)")
        try FreshEyesRoundThirtySixTests.write(project("1, 2"), in: folder)
        let back = try CLI.run(["build"], in: folder)
        #expect(back.status == 2 && back.stderr.contains("build/s@2x.png was changed after c's build wrote it"), "\(back.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/build/s@2x.png")) == mine)
        // `--overwrite` lets the target write over it, as the docs say; then it is the build's again.
        #expect(try CLI.run(["build", "--overwrite"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/build/s@2x.png")) != mine)
        try FreshEyesRoundThirtySixTests.write(project("1"), in: folder)
        let again = try CLI.run(["build"], in: folder)
        #expect(again.status == 0 && again.stderr.contains("removed build/s@2x.json, build/s@2x.png"), "\(again.stderr)")
    }

    /// Phaser → SpriteKit kept the edited `s.json` with a note; back to Phaser the build failed
    /// "build/s.json exists and Flipbook did not write it" — it did, and said it kept it.
    @Test func aKeptFileIsRefusedInWordsThatSayWhy() throws {
        let project = { (engine: String) in #"{"targets": {"coin": {"sheet": "coin", "output": "build/s.png", "engine": "\#(engine)"}}}"# }
        let folder = try BuildCommandTests.project(project("phaser3"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try Self.edit(folder + "/build/s.json", adding: " ")
        try FreshEyesRoundThirtySixTests.write(project("spritekit"), in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(project("phaser3"), in: folder)
        let back = try CLI.run(["build", "--no-cache", "--json"], in: folder)
        #expect(back.status == 2 && back.stdout.contains("build/s.json was changed after coin's build wrote it"), "\(back.stdout)")
        #expect(!back.stdout.contains("did not write it"), "\(back.stdout)")
    }

    /// `sheet` reruns that change engine or page count removed the earlier set's files without a
    /// word (a build says them): a note names them, in text and `--json`.
    @Test func aSheetRerunSaysWhatItRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "phaser3", "--max-size", "64"], in: folder).status == 0)
        let kit = try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "spritekit", "--json"], in: folder)
        #expect(kit.status == 0 && kit.stdout.contains("removed out/s-0.png, out/s-1.png and 3 more: the earlier sheet's files"), "\(kit.stdout)")
        let back = try CLI.run(["sheet", "coin", "-o", "out/s.png"], in: folder)
        #expect(back.status == 0 && back.stderr.contains("note: removed out/s.atlasc/s.1.png, out/s.atlasc/s.plist"), "\(back.stderr)")
        let same = try CLI.run(["sheet", "coin", "-o", "out/s.png"], in: folder)
        #expect(same.status == 0 && !same.stderr.contains("removed"), "\(same.stderr)")
    }

    /// A frame over `--max-pixels`: `assemble` named it `f2.png`, where `sheet` and `validate` say `huge/f2.png`.
    @Test func anOversizedFrameIsNamedWithItsFolder() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for command in [["assemble", "coin", "-o", "c.gif"], ["sheet", "coin", "-o", "c.png"]] {
            let run = try CLI.run(command + ["--max-pixels", "100"], in: folder)
            #expect(run.status == 3 && run.stderr.contains("error: coin/gold_"), "\(command[0]): \(run.stderr)")
        }
    }

    /// A sheet of two folders whose frames share a name (`frame-000…013` of fire, `frame-020…027` of
    /// smoke): `frames` wrote them into one folder, which read back as one broken sequence, without a
    /// word (round 39). It warns now, and `--animation` writes one animation's frames.
    @Test func twoAnimationsThatReadBackAsOneAreSaidAndCanBeWrittenApart() throws {
        let folder = try Fixtures.temporaryFolder("cli-frames-animations")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, source) in [("fire", "sequences/ansimuz-fire-bomb-pixel"), ("smoke", "sequences/unity-wispy-smoke-03b-faint")] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            let names = Fixtures.pngNames(in: source)
            #expect(names.count == (name == "fire" ? 14 : 8))
            for file in names { try FileManager.default.copyItem(atPath: Fixtures.path("\(source)/\(file)"), toPath: "\(folder)/\(name)/\(file)") }
        }
        #expect(try CLI.run(["sheet", "fire", "smoke", "-o", "out/x.png"], in: folder).status == 0)
        let all = try CLI.run(["frames", "out/x.json", "-o", "fx"], in: folder)
        #expect(all.status == 0 && all.stderr.contains(#"warning: the animations "fire-frame", "smoke-frame" are written as frames of one sequence, frame-…"#)
                && all.stderr.contains("--animation NAME writes one"), "\(all.stderr)")
        let smoke = try CLI.run(["frames", "out/x.json", "-o", "smoke-frames", "--animation", "smoke-frame"], in: folder)
        #expect(smoke.status == 0 && !smoke.stderr.contains("warning"), "\(smoke.stderr)")
        // No sequence.json: the folders packed had no timing of their own (round 43 #4 writes one only for a timing the data holds).
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder + "/smoke-frames") == (20...27).map { "frame-0\($0).png" })
        #expect(try CLI.run(["assemble", "smoke-frames", "-o", "smoke.gif"], in: folder).status == 0)
        let typo = try CLI.run(["frames", "out/x.json", "-o", "s2", "--animation", "smoke"], in: folder)
        #expect(typo.status == 2 && typo.stderr.contains(#"out/x.json has no animation named "smoke": its animations are "fire-frame", "smoke-frame""#),
                "\(typo.stderr)")
        #expect(try CLI.run(["assemble", "fire", "-o", "f.gif"], in: folder).status == 0)
        let gif = try CLI.run(["frames", "f.gif", "-o", "g", "--animation", "fire"], in: folder)
        #expect(gif.status == 2 && gif.stderr.contains("f.gif is one animation"), "\(gif.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s2") && !FileManager.default.fileExists(atPath: folder + "/g"))
        // A project's frames target takes it as "animation".
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"f": {"frames": "out/x.json", "output": "fire-frames", "animation": "fire-frame"}}}"#, in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder + "/fire-frames").count == 14)
    }
}
