import Foundation
import Testing
import TestSupport

/// What fresh eyes rounds 19 and 20 found that session 12 left (session 13), on the real
/// gold-coin frames (64² each): a stray `gold_4.png.png` beside `gold_4.png`, a report named as a
/// frame, a lone numbered APNG, a renamed build output inside its source folder.
@Suite("Fresh eyes 20's leftovers: stray copies said, a lone APNG one animation, renamed outputs removed")
struct FreshEyesTwentyLeftoversTests {
    /// `gold_4.png.png` beside `gold_4.png` passed `validate` and `sheet` packed it as a second
    /// sprite `gold_4.png` with no word (the rule looked only at numbers the sequence lacks); then
    /// `frames` of that sheet refused the clash blaming forbidden characters.
    @Test func aStrayCopyOfAFrameIsSaid() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_4.png.png")
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 1 && validate.stdout.contains("seq.misnamed-frame  gold_4.png.png is named as a frame of gold_1…4")
                && validate.stdout.contains("gold_4.png is frame 4 already: remove this file, or give it a number of its own"), "\(validate.stdout)")
        let sheet = try CLI.run(["sheet", "coin", "-o", "s.png", "--engine", "phaser3"], in: dir)
        #expect(sheet.status == 0 && sheet.stderr.contains("coin/gold_4.png.png is packed as a sprite of its own")
                && sheet.stderr.contains("gold_4.png is frame 4 already"), "\(sheet.stderr)")
        let frames = try CLI.run(["frames", "s.json", "-o", "out"], in: dir)
        #expect(frames.status == 3 && frames.stderr.contains("the sprites \"gold_4\" and \"gold_4.png\" would both be the file gold_4.png "
                                                             + "(a sprite name's .png is the file's extension, so it is not added twice)"), "\(frames.stderr)")
        // Ignoring the file in the folder's config silences the finding, as for any other file.
        try Data(#"{"ignore": ["*.png.png"]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/coin/.flipbook.json"))
        #expect(try CLI.run(["validate", "coin"], in: dir).status == 0)
    }

    /// A frame's other export beside it (`gold_4.jpg` beside `gold_4.png`) is no reader's input
    /// and stays unreported, as before; a `@2x` frame the sequence lacks under a doubled extension
    /// is a misnamed frame to rename.
    @Test func otherExportsAndMissingScalesKeepTheirAnswers() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_4.jpg")
        #expect(try CLI.run(["validate", "coin"], in: dir).status == 0)
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_1@2x.png.png")
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.stdout.contains("gold_1@2x.png.png is named as a frame of gold_1…4 but not as a PNG, so it is left out: "
                                         + "it is a PNG: rename it to gold_1@2x.png"), "\(validate.stdout)")
    }

    /// `validate -o coin/gold_9.txt` wrote its report into the sequence folder without a word; the
    /// next run called it a misnamed frame.
    @Test(arguments: ["coin/gold_9.txt", "coin/gold_9"])
    func aReportNamedAsAFrameIsWarned(name: String) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["validate", "coin", "-o", name], in: dir)
        #expect(run.status == 0 && run.stderr.contains("warning: \(name) is named as frame 9 of the sequence gold_1…4 beside it: "
                                                       + "the next validate of coin reports it as a misnamed frame"), "\(run.stderr)")
        let other = try CLI.run(["validate", "coin", "-o", "coin/report.txt", "--overwrite"], in: dir)
        #expect(other.status == 1 && !other.stderr.contains("warning:"), "\(other.stderr)")
    }

    /// A lone `walk1.png` that is an APNG got four answers: `info` and `assemble` read its 8 frames,
    /// `preview` played it as a sequence of 1 frame, `sheet` refused it as an APNG among frames.
    /// It is the animation everywhere.
    @Test func aLoneNumberedAPNGIsOneAnimation() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
        #expect(try CLI.run(["assemble", "coin", "-o", "a/walk1.png"], in: dir).status == 0)
        let summary = try FreshEyesNineteenTests.preview(["a", "-o", "p.html", "--no-validate"], in: dir)
        #expect(summary["animations"] as? Int == 1 && summary["sequences"] as? Int == 0, "\(summary)")
        let page = try String(contentsOfFile: dir + "/p.html", encoding: .utf8)
        #expect(page.contains("4 frames, 64×64"), "the page plays the APNG's 4 frames")
        let sheet = try CLI.run(["sheet", "a", "-o", "s.png"], in: dir)
        #expect(sheet.status == 3 && sheet.stderr.contains("a holds no still PNG frames but the animated PNG (APNG) a/walk1.png")
                && sheet.stderr.contains("flipbook frames a/walk1.png -o walk1-frames"), "\(sheet.stderr)")
        let validate = try CLI.run(["validate", "a"], in: dir)
        #expect(validate.status == 0 && validate.stdout.contains("a/walk1.png: 4 frames"), "\(validate.stdout)")
    }

    /// One frame that links out of the folder: the preview shows no frame of the sequence (as
    /// `assemble` refuses it) and says which folder's frames are not shown and why.
    @Test func aFrameLinkingOutSaysWhatIsNotShown() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: dir + "/coin/gold_3.png", toPath: dir + "/outside/gold_3.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/coin/gold_3.png", withDestinationPath: "../outside/gold_3.png")
        #expect(try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir).status == 3)
        let summary = try FreshEyesNineteenTests.preview(["coin", "-o", "p.html", "--no-validate"], in: dir)
        let warnings = summary["warnings"] as? [String] ?? []
        #expect(summary["sequences"] as? Int == 0 && warnings.count == 1
                && warnings[0].hasPrefix("coin: frames not shown: coin/gold_3.png is a symbolic link to "), "\(summary)")
    }

    /// A sheet target's output renamed inside its source folder (`src/coin/sheet.png` →
    /// `src/coin/atlas.png`): the old pair stayed for good (the folder the target reads "claimed"
    /// it), and counted as the target's inputs, so the build after that rebuilt for nothing.
    @Test func aRenamedOutputInItsSourceFolderIsRemoved() throws {
        let json = #"{"targets": {"coin": {"sheet": "src/coin", "output": "src/coin/sheet.png", "engine": "phaser3"}}}"#
        let folder = try BuildFreshEyesTwelveTests.project(json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try BuildFreshEyesTwelveTests.write(json.replacingOccurrences(of: "sheet.png", with: "atlas.png"), to: folder + "/flipbook.json")
        let renamed = try CLI.run(["build"], in: folder)
        #expect(renamed.stdout.contains("coin: built (its settings changed)") && !renamed.stdout.contains("added"), "\(renamed.stdout)")
        #expect(renamed.stderr.contains("note: coin: removed src/coin/sheet.json, src/coin/sheet.png"), "\(renamed.stderr)")
        #expect(BuildFreshEyesTwelveTests.names(in: folder + "/src/coin") == ["atlas.json", "atlas.png", "gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"])
        let again = try CLI.run(["build"], in: folder)
        #expect(again.stdout.contains("coin: up to date"), "\(again.stdout)")
    }

    /// `"foo": 1` in a target was "unknown key "foo" in targets.coin" and nothing else (no key is
    /// near enough to suggest): the keys a target takes are listed.
    @Test func anUnknownKeyWithNothingNearListsTheKeys() throws {
        let folder = try BuildFreshEyesTwelveTests.project(#"{"targets": {"coin": {"sheet": "src/coin", "output": "o/s.png", "foo": 1}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 2 && run.stderr.contains(#"unknown key "foo" in targets.coin; the keys here are "after", "#), "\(run.stderr)")
        let near = try BuildFreshEyesTwelveTests.project(#"{"targets": {"coin": {"sheets": "src/coin", "output": "o/s.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: near) }
        let suggested = try CLI.run(["build"], in: near)
        #expect(suggested.stderr.contains(#"did you mean "sheet"?"#) && !suggested.stderr.contains("the keys here"), "\(suggested.stderr)")
    }

    /// A target removed from the project: its outputs were removed, but `out/` stayed, holding a
    /// `.flipbook-outputs.json` that still listed them. The record forgets them; a folder left
    /// empty goes; a folder with a file of the user's stays, with that file.
    @Test func aRemovedTargetsFolderGoesWhenEmpty() throws {
        let folder = try BuildFreshEyesTwelveTests.project(#"{"targets": {"g": {"assemble": "src/coin", "output": "out/coin.gif"}, "#
                                                           + #""k": {"assemble": "src/coin", "output": "mine/coin.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try BuildFreshEyesTwelveTests.write("mine", to: folder + "/mine/notes.txt")
        try BuildFreshEyesTwelveTests.write(#"{"targets": {"h": {"validate": "src/coin", "output": "rep/v.json"}}}"#, to: folder + "/flipbook.json")
        let run = try CLI.run(["build"], in: folder)
        #expect(run.stderr.contains("note: removed mine/coin.gif, out/coin.gif: written by targets g, k, no longer in the project"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/mine")) == ["notes.txt"])
    }

    /// `--fps 0.00001` was refused as `'1e-05'`: the value is echoed as typed.
    @Test(arguments: [["--fps", "0.00001"], ["--fps=1e9"]])
    func aRefusedNumberIsEchoedAsTyped(flag: [String]) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["assemble", "coin", "-o", "c.gif"] + flag, in: dir)
        let typed = flag.count == 2 ? flag[1] : "1e9"
        #expect(run.status == 2 && run.stderr.contains("--fps does not take '\(typed)'"), "\(run.stderr)")
    }

    /// The preview's note on two files for one frame number offered `onDuplicateNumber`, a
    /// library setting the preview does not have.
    @Test func thePreviewsDuplicateNoteOffersNoSettingItLacks() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_02.png")
        let summary = try FreshEyesNineteenTests.preview(["coin", "-o", "p.html", "--no-validate"], in: dir)
        let warnings = summary["warnings"] as? [String] ?? []
        #expect(warnings == ["coin/gold_: not played: coin/gold_2.png and coin/gold_02.png are both frame 2: delete or renumber one"]
                || warnings == ["coin/gold_: not played: coin/gold_02.png and coin/gold_2.png are both frame 2: delete or renumber one"], "\(warnings)")
    }
}
