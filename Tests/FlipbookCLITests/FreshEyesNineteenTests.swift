import Foundation
import Testing
import TestSupport

/// What fresh eyes round 18 left (session 12), on the real gold-coin frames (64² each).
@Suite("Fresh eyes 18, the rest: one Cocos2d sheet, SpriteKit targets previewed, links to nothing, hidden extensions")
struct FreshEyesNineteenTests {
    /// The summary `preview --json` prints.
    static func preview(_ arguments: [String], in dir: String) throws -> [String: Any] {
        let run = try CLI.run(["preview"] + arguments + ["--json"], in: dir)
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    }

    /// A Cocos2d sheet over 4 pages (one plist each, as Cocos2d-x loads it) was 4 sheets of
    /// "1 sprites" in `preview`, where every other engine's sheet over pages is one: one card now,
    /// "4 sprites on 4 pages (one plist each)".
    @Test func aCocos2dSheetOverPagesIsOneSheet() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "k/k.png", "--engine", "cocos2d", "--max-size", "64"], in: dir).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/k/k-3.plist"))
        let summary = try Self.preview(["k", "-o", "p.html", "--no-validate"], in: dir)
        #expect(summary["sheets"] as? Int == 1, "\(summary)")
        let page = try String(contentsOfFile: dir + "/p.html", encoding: .utf8)
        #expect(page.contains("4 sprites on 4 pages (one plist each)"))
        // One page alone is a sheet of one page and one sprite, spelt so.
        #expect(try CLI.run(["sheet", "coin/gold_1.png", "-o", "one/o.png", "--engine", "cocos2d"], in: dir).status == 0)
        _ = try Self.preview(["one", "-o", "q.html", "--no-validate"], in: dir)
        #expect(try String(contentsOfFile: dir + "/q.html", encoding: .utf8).contains("1 sprite on 1 page"))
    }

    /// `preview` of a project whose sheet target is for SpriteKit said "out/S.png (target S): not
    /// there yet" after the build wrote `out/S.atlasc` (its pages `S.1.png`…), and showed no sheet.
    @Test(arguments: ["out/S.png", "out/S.atlasc"])
    func aSpriteKitTargetIsPreviewed(output: String) throws {
        let folder = try BuildFreshEyesTwelveTests.project(#"""
            { "targets": { "S": { "sheet": "src/coin", "output": "\#(output)", "engine": "spritekit", "maxSize": 64 } } }
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLI.run(["build"], in: folder)
        #expect(build.status == 0 && FileManager.default.fileExists(atPath: folder + "/out/S.atlasc/S.4.png"), "\(build.stderr)")
        let summary = try Self.preview(["--no-validate"], in: folder)
        #expect(summary["sheets"] as? Int == 1 && (summary["warnings"] as? [String]) == [], "\(summary)")
        #expect(try CLI.run(["build"], in: folder).stdout.contains("S: up to date"))
    }

    /// `validate -o r.txt --format junit` wrote JUnit XML into a `.txt` while `-o r.xml --format
    /// json` was refused: a `.txt` promises lines (text, or GitHub's annotations).
    @Test(arguments: [("junit", 2), ("json", 2), ("sarif", 2), ("text", 0), ("github", 0)])
    func aTextReportNameRefusesOtherFormats(format: String, status: Int32) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["validate", "coin", "-o", "r.txt", "--format", format], in: dir)
        #expect(run.status == status, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/r.txt") == (status == 0))
        if status == 2 { #expect(run.stderr.contains("--output r.txt promises text, not --format \(format)"), "\(run.stderr)") }
    }

    /// A link to a folder that is not there (`chars -> ../gone`: moved, or not checked out) was
    /// passed over without a word, CI green with those frames unchecked: a `folder.link-outside`
    /// warning now, naming it; an `ignore` glob silences it.
    @Test func aLinkToNothingIsNamed() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/coin/chars", withDestinationPath: "../gone")
        let run = try CLI.run(["validate", "coin", "--format", "json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("coin/chars is a link to ../gone, which does not exist: nothing there was checked"), "\(run.stdout)")
        #expect(run.stdout.contains(#""rule" : "folder.link-outside""#))
        try Data(#"{ "ignore": ["chars"] }"#.utf8).write(to: URL(fileURLWithPath: dir + "/coin/.flipbook.json"))
        #expect(try !CLI.run(["validate", "coin", "--format", "json"], in: dir).stdout.contains("chars"))
        // The frames are read as before by every other command.
        #expect(try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir).status == 0)
    }

    /// `gold_2.png.png` (an extension hidden twice) beside gold_1, 3, 4 was an unnumbered image,
    /// left out without a word but for the gap: named now, with the name to give it.
    @Test func aDoubledExtensionIsNamed() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.moveItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_2.png.png")
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("gold_2.png.png is named as a frame of gold_1…4 but not as a PNG, so it is left out: "
                                         + "it is a PNG: rename it to gold_2.png"), "\(validate.stdout)")
        let assemble = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(assemble.stderr.contains("coin/gold_2.png.png (it is a PNG: rename it to gold_2.png)"), "\(assemble.stderr)")
        // A name that only looks doubled (`gold.v2.png`) is no frame of the sequence and stays unnamed.
        try FileManager.default.moveItem(atPath: dir + "/coin/gold_2.png.png", toPath: dir + "/coin/gold_2.png")
        try Data(FileManager.default.contents(atPath: dir + "/coin/gold_1.png")!).write(to: URL(fileURLWithPath: dir + "/coin/gold.v2.png"))
        #expect(try CLI.run(["validate", "coin"], in: dir).status == 0)
    }

    /// `slice coin/gold_1.png -o coin/gold_1@2x.png` put a 100×100 @2x variant into the user's
    /// sequence without a word of it (validate then failed), and its scale warning said "name it
    /// coin/gold_1.png" — the input, refused if followed. Both said now.
    @Test func anImageWrittenAsAFrameOfTheSequenceBesideItSaysSo() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let slice = try CLI.run(["slice", "coin/gold_1.png", "-o", "coin/gold_1@2x.png", "--insets", "8,8,8,8", "--size", "100x100"], in: dir)
        #expect(slice.status == 0)
        #expect(slice.stderr.contains("coin/gold_1@2x.png is named as a variant of frame 1 of the sequence gold_1…4 beside it: "
                                      + "every reader of coin now takes it as one of that sequence's frames"), "\(slice.stderr)")
        #expect(slice.stderr.contains("name it coin/gold_1-out.png (coin/gold_1.png is there already) to keep them") && !slice.stderr.contains("name it coin/gold_1.png"),
                "\(slice.stderr)")
        let blur = try CLI.run(["blur", "coin/gold_2.png", "-o", "coin/gold_5.png", "--sigma", "1"], in: dir)
        #expect(blur.status == 0 && blur.stderr.contains("coin/gold_5.png is named as frame 5 of the sequence gold_1…4 beside it"),
                "\(blur.stderr)")
        #expect(!blur.stderr.contains("sequence.json"), "no manifest, none named: \(blur.stderr)")
        // Round 61 #11: beside a sequence.json, whose list of durations no longer fits, the warning says so.
        try Data(#"{"name": "gold_", "frameDurations": [100, 200, 300, 400, 500]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/coin/sequence.json"))
        let beside = try CLI.run(["blur", "coin/gold_2.png", "-o", "coin/gold_6.png", "--sigma", "1"], in: dir)
        #expect(beside.status == 0 && beside.stderr.contains("coin/sequence.json describes the frames without it"), "\(beside.stderr)")
        // Elsewhere, or under no frame's name, nothing is said; a rerun over its own file neither.
        for output in ["soft/gold_5.png", "coin/soft.png"] {
            let run = try CLI.run(["blur", "coin/gold_2.png", "-o", output, "--sigma", "1"], in: dir)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(output): \(run.stderr)")
        }
    }

    /// A frame that is a link to nothing was "gold_3.png: cannot read: No such file or directory"
    /// while the folder listing shows it: the reason says it is a link, and to what.
    @Test func aFrameLinkToNothingSaysSo() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.removeItem(atPath: dir + "/coin/gold_3.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/coin/gold_3.png", withDestinationPath: "../gone/gold_3.png")
        let said = "gold_3.png: cannot read file: it is a link to ../gone/gold_3.png, which does not exist"
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 1 && validate.stdout.contains("it is a link to ../gone/gold_3.png, which does not exist"), "\(validate.stdout)")
        let assemble = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(assemble.status == 3 && assemble.stderr.contains(said), "\(assemble.stderr)")
    }
}
