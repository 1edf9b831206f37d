import Foundation
import Testing
import TestSupport

/// What fresh eyes round 19 found (session 12), on the real gold-coin frames (64² each).
@Suite("Fresh eyes 19: report names hold --json, a preview is HTML, sheets not shown are said")
struct FreshEyesRoundNineteenTests {
    /// `validate --json -o r.sarif` wrote Flipbook's JSON into a `.sarif` (a CI job would upload it
    /// as SARIF), where `--format json -o r.sarif` was refused: `--json` is `--format json`.
    @Test(arguments: ["r.sarif", "r.xml", "r.txt"])
    func jsonIntoAnotherReportNameIsRefused(name: String) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["validate", "coin", "--json", "-o", name], in: dir)
        #expect(run.status == 2 && run.stderr.contains("promises") && run.stderr.contains("not --json"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + name))
        #expect(try CLI.run(["validate", "coin", "--json", "-o", "r.json"], in: dir).status == 0)
    }

    /// `preview -o coin/gold_5.png` wrote the HTML page as a frame of the sequence it shows (then
    /// `validate` and `assemble` failed on it): a preview is named `.html`.
    @Test(arguments: ["coin/gold_5.png", "x.png", "page"])
    func aPreviewIsNamedHTML(name: String) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["preview", ".", "-o", name, "--no-validate"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("a preview is an HTML page: name it .html"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + name))
        #expect(try CLI.run(["preview", ".", "-o", "p.htm", "--no-validate"], in: dir).status == 0)
    }

    /// A sheet whose data names a page that is not beside it (`gone.png`, `../outside/s.png`) was
    /// left off the page without a word: said, as `frames` refuses it.
    @Test(arguments: ["gone.png", "../elsewhere/s.png"])
    func aSheetWithoutItsPageIsSaid(page: String) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "sheets/s.png", "--engine", "phaser3"], in: dir).status == 0)
        let data = dir + "/sheets/s.json"
        let text = try String(contentsOfFile: data, encoding: .utf8).replacingOccurrences(of: "\"s.png\"", with: "\"\(page)\"")
        try text.write(toFile: data, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: dir + "/sheets/s.png")
        let summary = try FreshEyesNineteenTests.preview(["sheets", "-o", "p.html", "--no-validate"], in: dir)
        let warnings = summary["warnings"] as? [String] ?? []
        #expect(summary["sheets"] as? Int == 0 && warnings == ["sheets/s.json: sheet not shown: it names a page \(page) that sheets does not hold "
                                                               + "(pages are read from the data's folder or a folder below it)"], "\(summary)")
    }

    /// `sheet` said `gold_4.png.png` was "left out" and packed it anyway (as a sprite `gold_4.png`
    /// outside the animation): it says what it did.
    @Test func aDoubledExtensionPackedIsSaidSo() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.moveItem(atPath: dir + "/coin/gold_4.png", toPath: dir + "/coin/gold_4.png.png")
        let run = try CLI.run(["sheet", "coin", "-o", "s.png", "--engine", "phaser3", "--json"], in: dir)
        #expect(run.status == 0 && !run.stdout.contains("left out"), "\(run.stdout)")
        #expect(run.stdout.contains("coin/gold_4.png.png is packed as a sprite of its own, outside the animation coin/gold_"), "\(run.stdout)")
        // assemble leaves it out, and says so.
        let assemble = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(assemble.stderr.contains("left out: coin/gold_4.png.png (it is a PNG: rename it to gold_4.png)"), "\(assemble.stderr)")
    }

    /// `assemble coin -o coin/gold_5.gif` (an animation beside its frames) then failed `validate`
    /// with `seq.misnamed-frame` ("convert it to PNG as gold_5.png", for a 4-frame GIF), and the
    /// same file was also judged "ok" as an animation: it is the animation it is; a one-frame GIF
    /// so named is still a frame saved as a GIF.
    @Test func anAnimationBesideItsFramesIsNoMisnamedFrame() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["assemble", "coin", "-o", "coin/gold_5.gif"], in: dir).status == 0)
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 0 && !validate.stdout.contains("misnamed"), "\(validate.stdout)")
        #expect(try CLI.run(["assemble", "coin/gold_1.png", "-o", "coin/gold_6.gif"], in: dir).status == 0)
        let one = try CLI.run(["validate", "coin"], in: dir)
        #expect(one.status == 1 && one.stdout.contains("gold_6.gif is named as a frame of gold_1…4"), "\(one.stdout)")
    }

    /// `assemble --json` (and every command but `build`) interrupted printed nothing on standard
    /// output: a script got no JSON. One object now, with the exit code.
    @Test func anInterruptedJSONCommandPrintsAnObject() throws {
        let folder = try Fixtures.temporaryFolder("json-interrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let child = try InterruptCommandTests.Child(["frames", InterruptCommandTests.gif, "-o", folder + "/out", "--json"],
                                                    standardOutput: folder + "/stdout.txt")
        let started = InterruptCommandTests.waitUntil { InterruptCommandTests.temporaries(in: folder + "/out").count >= 2 }
        kill(child.pid, SIGINT)
        let exit = child.wait()
        #expect(started)
        let printed = try Data(contentsOf: URL(fileURLWithPath: folder + "/stdout.txt"))
        let object = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any], "\(String(decoding: printed, as: UTF8.self))")
        // On a loaded machine the run may end before the signal: then its own JSON is printed.
        if exit == 0 { #expect(object["error"] == nil); return }
        #expect(exit == 130 && object["error"] as? String == "interrupted" && object["exitCode"] as? Int == 130, "\(object)")
    }

    /// A WebP named `.gif` played on the preview page (a browser sniffs the bytes) while
    /// `validate` called it unreadable, with no word on the page: said.
    @Test func aWebPNamedGIFIsSaidOnThePreview() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["assemble", "coin", "-o", "anim/robot.webp"], in: dir).status == 0)
        try FileManager.default.moveItem(atPath: dir + "/anim/robot.webp", toPath: dir + "/anim/robot.gif")
        let summary = try FreshEyesNineteenTests.preview(["anim", "-o", "p.html", "--no-validate"], in: dir)
        let warnings = summary["warnings"] as? [String] ?? []
        #expect(summary["animations"] as? Int == 1 && warnings.contains { $0.hasPrefix("anim/robot.gif: a WebP named .gif: shown as a browser plays it") },
                "\(summary)")
    }

    /// `sheet -o sk/spin@2x.atlasc --scales 2,3 --engine spritekit` wrote `sk/spin.atlasc` while its
    /// JSON said `sk/spin@2x.atlasc`, and `preview` counted each sprite once per scale ("8 sprites"
    /// for 4): the folder written is the one said, with a note, and the preview counts sprites once.
    @Test func aSpriteKitAtlasAtTwoScalesIsNamedAndCountedOnce() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/hd", withIntermediateDirectories: true)
        for index in 1...4 {
            try FileManager.default.copyItem(atPath: dir + "/coin/gold_\(index).png", toPath: dir + "/hd/gold_\(index)@2x.png")
        }
        let run = try CLI.run(["sheet", "hd", "-o", "sk/spin@2x.atlasc", "--engine", "spritekit", "--scales", "2,3", "--json"], in: dir)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        #expect(report["output"] as? String == "sk/spin.atlasc" && FileManager.default.fileExists(atPath: dir + "/sk/spin.atlasc"), "\(report)")
        #expect((report["notes"] as? [String] ?? []).contains { $0.hasPrefix("the atlas is written as sk/spin.atlasc") }, "\(report)")
        _ = try FreshEyesNineteenTests.preview(["sk", "-o", "p.html", "--no-validate"], in: dir)
        let page = try String(contentsOfFile: dir + "/p.html", encoding: .utf8)
        #expect(page.contains("4 sprites on 2 pages (at @2x, @3x)"))
    }

    /// Fresh eyes 20: a sheet whose data names its page in a folder below (`sub/page.png`, which
    /// `frames` reads) was left off the page without a word ("nothing to preview"): shown.
    @Test func aSheetWithItsPageInASubfolderIsShown() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "sheets/s.png", "--engine", "phaser3"], in: dir).status == 0)
        try FileManager.default.createDirectory(atPath: dir + "/sheets/sub", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: dir + "/sheets/s.png", toPath: dir + "/sheets/sub/page.png")
        let data = dir + "/sheets/s.json"
        let text = try String(contentsOfFile: data, encoding: .utf8).replacingOccurrences(of: "\"s.png\"", with: "\"sub/page.png\"")
        try text.write(toFile: data, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["frames", "sheets/s.json", "-o", "back"], in: dir).status == 0)
        let summary = try FreshEyesNineteenTests.preview(["sheets", "-o", "p.html", "--no-validate"], in: dir)
        #expect(summary["sheets"] as? Int == 1 && (summary["warnings"] as? [String]) == [], "\(summary)")
    }
}
