import Foundation
import Testing
import TestSupport

/// What fresh eyes rounds 36 and 37 found (session 19) in the build's handling of files that change hands
/// between targets: a build refused on every run, stale files that shipped, a note that said a
/// file was both replaced and removed, and `--json` advice in the library's words.
@Suite("Fresh eyes 36 and 37: names changing hands between targets")
struct FreshEyesRoundThirtySixTests {
    static func write(_ json: String, in folder: String) throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
    }

    /// The visible files of `folder` (not the records), sorted.
    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// A deleted sheet whose data was gone (deleted by hand, or by a build killed mid-commit), and
    /// an APNG target taking its page's name: "out/x.png belongs to another set … (x.png)" on every
    /// build, `--force --overwrite` too, and the deleted target's old page stayed as the output.
    @Test func aDeletedSheetsPageNameIsTakenEvenWithItsDataGone() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"del": {"sheet": "coin", "output": "out/x.png"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        let page = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/x.png"))
        try FileManager.default.removeItem(atPath: folder + "/out/x.json")
        try Self.write(#"{"targets": {"xa": {"assemble": "dino", "output": "out/x.png", "after": ["c"]}, "c": {"assemble": "coin", "output": "out/c.gif"}}}"#,
                       in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stdout.contains("xa: built"), "\(run.stdout) \(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/x.png")) != page)
        let forced = try CLI.run(["build", "--no-cache", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Self.files(in: folder + "/out") == ["c.gif", "x.png"])
    }

    /// A sheet of several pages deleted (or moved to another name) while one target takes its name
    /// and another one of its pages: the first was refused ("belongs to another set … (x-1.png)")
    /// until the next build.
    @Test(arguments: [false, true])
    func aSheetsNameAndPageTakenInOneEditBuildAtOnce(moved: Bool) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "dino", "output": "out/x.png", "maxSize": 700}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try Self.files(in: folder + "/out").contains("x-1.png"))
        let sheet = moved ? #""s": {"sheet": "dino", "output": "out/y.png", "maxSize": 700}, "# : ""
        try Self.write(#"{"targets": {\#(sheet)"xa": {"assemble": "coin", "output": "out/x.png"}, "xb": {"assemble": "dino", "output": "out/x-1.png"}}}"#,
                       in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let expected = ["x-1.png", "x.png"] + (moved ? ["y-0.json", "y-0.png", "y-1.json", "y-1.png", "y-2.json", "y-2.png"] : [])
        #expect(try Self.files(in: folder + "/out") == expected.sorted())
        let again = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(again.stdout.contains("0 built"), "\(again.stdout)")
    }

    /// A sheet whose data moves next to its pages while another sheet writes its old data's name:
    /// the old data pages (`out/dd/d-0.json`…) stayed, `--force` too, with no note.
    @Test func dataPagesLeftWhereAnotherSheetWritesItsDataAreRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"d": {"sheet": "dino", "output": "out/dp/d.png", "data": "out/dd/d.json", "maxSize": 700}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try Self.files(in: folder + "/out/dd") == ["d-0.json", "d-1.json", "d-2.json"])
        try Self.write(#"{"targets": {"d": {"sheet": "dino", "output": "out/dp/d.png", "data": "out/dp/d.json", "maxSize": 700}, "#
                       + #""d2": {"sheet": "coin", "output": "out/d2/d.png", "data": "out/dd/d.json"}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("removed out/dd/d-0.json, out/dd/d-1.json"), "\(run.stderr)")
        #expect(try Self.files(in: folder + "/out/dd") == ["d.json"])
    }

    /// A deleted GIF target's `out/r.gif` beside sheet data `out/r.json` that a frames target reads
    /// was "kept …, which a target names as its source" for good: a GIF is no page of the data.
    @Test func aDeletedGIFBesideSheetDataOfItsNameIsRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "out/r.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try Self.write(#"{"targets": {"s": {"sheet": "dino", "output": "out/r.png"}, "f": {"frames": "out/r.json", "output": "out/rf"}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("removed out/r.gif") && !run.stderr.contains("kept out/r.gif"), "\(run.stderr)")
        #expect(try Self.files(in: folder + "/out") == ["r.json", "r.png", "rf"])
    }

    /// A deleted frames target's folder taken by another frames target: the notes said
    /// `sequence.json` was both replaced (by the new target) and removed (as the deleted one's).
    /// Each file is said once now, by the target that took the folder.
    @Test func aFileRemovedWithItsDeletedTargetIsNotAlsoReplaced() throws {
        let gifs = #""c": {"assemble": "coin", "output": "gif/c.gif"}, "d": {"assemble": "dino", "output": "gif/d.gif"}"#
        let folder = try BuildCommandTests.project(#"{"targets": {\#(gifs), "fa": {"frames": "gif/c.gif", "output": "out/f"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try Self.write(#"{"targets": {\#(gifs), "fb": {"frames": "gif/d.gif", "output": "out/f"}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        // Handed to `fb` (round 57: a renamed target's folder is its heir's until its job ran), said once by it.
        #expect(run.status == 0 && run.stderr.contains(
            "fb: replaced out/f/sequence.json; removed out/f/c1.png, out/f/c2.png and 2 more: written by target fa, no longer in the project"),
                "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "out/f/c1.png").count == 2, "\(run.stderr)")
        #expect(try Self.files(in: folder + "/out/f") == ["d1.png", "d2.png", "d3.png", "sequence.json"])
    }

    /// `build --json` advised "allow overwriting it (overwrite: true)", a key `flipbook.json` refuses;
    /// the text output says `give --overwrite`, and so does the JSON now.
    @Test func jsonAdviceIsInTheCommandsWords() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"c": {"assemble": "coin", "output": "out/2.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/out/2.gif"))
        let run = try CLI.run(["build", "--no-cache", "--json"], in: folder)
        #expect(run.status == 2 && run.stdout.contains("give --overwrite to replace it") && !run.stdout.contains("overwrite: true"), "\(run.stdout)")
    }

    /// Fresh eyes 37: a sheet of several pages deleted (or moving its data away) while another
    /// sheet of several pages takes its data's name: "out/d/s-0.json belongs to another set …
    /// (out/p/s.png)" on every build, `--force --overwrite` too; the old data stayed.
    @Test(arguments: [false, true])
    func anotherSheetTakesADataNameOfSeveralPages(sheetStays: Bool) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/d/s.json", "maxSize": 700}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(try Self.files(in: folder + "/out/d") == ["s-0.json", "s-1.json", "s-2.json"])
        let stays = sheetStays ? #""s": {"sheet": "dino", "output": "out/p/s.png", "data": "out/p/s.json", "maxSize": 700}, "# : ""
        try Self.write(#"{"targets": {\#(stays)"o": {"sheet": "coin", "output": "out/o/o.png", "data": "out/d/s.json", "maxSize": 64}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(try Self.files(in: folder + "/out/d") == ["s-0.json", "s-1.json", "s-2.json", "s-3.json"])
        let text = try String(contentsOfFile: folder + "/out/d/s-2.json", encoding: .utf8)
        #expect(text.contains("../o/o-2.png"), "\(text)")
        let forced = try CLI.run(["build", "--no-cache", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    /// Fresh eyes 37: a deleted sheet's data that a frames target reads was removed by the APNG
    /// target taking the sheet's page name, while a note said it was kept for that reader.
    @Test func aFileATargetReadsStaysWhenItsSetChangesHands() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "coin", "output": "out/d/s.png"}, "f": {"frames": "out/d/s.json", "output": "out/f"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try Self.write(#"{"targets": {"a": {"assemble": "dino", "output": "out/d/s.png"}, "f": {"frames": "out/d/s.json", "output": "out/f"}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.stderr.contains("kept out/d/s.json, which a target names as its source") && !run.stderr.contains("removed out/d/s.json"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/d/s.json"))
    }

    /// Fresh eyes 37: `"output": "y.png/"` for a frames target was refused with the advice to end
    /// the name with `/`, which it did (`frames g.gif -o y.png/` takes it): the project dropped the slash.
    @Test func aFramesFolderWithADotInItsNameIsTakenInAProject() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "g.gif"}, "f": {"frames": "g.gif", "output": "y.png/"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.files(in: folder + "/y.png") == ["g1.png", "g2.png", "g3.png", "g4.png", "sequence.json"])
        #expect(try CLI.run(["build", "--no-cache"], in: folder).stdout.contains("0 built, 2 up to date"))
    }
}
