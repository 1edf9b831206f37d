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
        #expect(back.status == 2 && back.stderr.contains("build/d/s.json was changed after c's build wrote it, and the build keeps it as yours"),
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
}
