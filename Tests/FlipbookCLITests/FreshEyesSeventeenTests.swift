import Foundation
import Testing
import TestSupport

/// What fresh eyes round 17 found (session 11), on the real gold-coin frames.
@Suite("Fresh eyes 17: a frame saved as .jpg, a sheet over pages previewed once, findings on real paths")
struct FreshEyesSeventeenTests {
    /// A temporary folder holding `coin/` (the gold coin's four frames).
    static func folder() throws -> String { try FreshEyesElevenTests.folder() }

    /// `gold_3.png` saved as `gold_3.jpg` (PNG bytes, or a real JPEG) was a "missing frame 3"
    /// without the file, and a last frame saved so (`GOLD_4.JPG`) was not said at all (fresh eyes
    /// 18): the animation played a frame short, `validate` said ok. Each is named, with what its
    /// bytes are and the name to give it, in `assemble`, `sheet` and `validate` (`seq.misnamed-frame`).
    @Test(arguments: [("gold_3.png", "gold_3.jpg", "png", "it is a PNG: rename it to gold_3.png"),
                      ("gold_3.png", "gold_3.jpg", "jpeg", "it is a JPEG: convert it to PNG as gold_3.png"),
                      ("gold_4.png", "GOLD_4.JPG", "png", "it is a PNG: rename it to gold_4.png"),
                      ("gold_1.png", "gold_1.webp", "webp", "it is a WebP: convert it to PNG as gold_1.png")])
    func aFrameUnderAnotherExtensionIsNamed(frame: String, misnamed: String, bytes kind: String, advice: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/coin/" + frame)))
        let content: [UInt8] = switch kind {
        case "png": original
        case "jpeg": [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 74, 70, 73, 70]
        default: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8L".utf8)
        }
        try FileManager.default.removeItem(atPath: dir + "/coin/" + frame)
        try Data(content).write(to: URL(fileURLWithPath: dir + "/coin/" + misnamed))
        let said = "coin/\(misnamed) (\(advice))"
        let assemble = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(assemble.status == 0 && assemble.stderr.contains(said) && assemble.stderr.contains("seq.misnamed-frame"), "\(assemble.stderr)")
        let sheet = try CLI.run(["sheet", "coin", "-o", "s.png"], in: dir)
        #expect(sheet.status == 0 && sheet.stderr.contains(said), "\(sheet.stderr)")
        let validate = try CLI.run(["validate", "coin", "--format", "github"], in: dir)
        #expect(validate.status == 1 && validate.stdout.contains("file=coin/\(misnamed),title=seq.misnamed-frame") && validate.stdout.contains(advice),
                "\(validate.stdout)")
        // A file of another prefix is no frame of it: nothing said of it.
        try FileManager.default.moveItem(atPath: dir + "/coin/" + misnamed, toPath: dir + "/coin/silver_3.jpg")
        let other = try CLI.run(["assemble", "coin", "-o", "d.gif"], in: dir)
        #expect(!other.stderr.contains("silver_3.jpg") && !other.stderr.contains("seq.misnamed-frame"), "\(other.stderr)")
    }

    /// A PixiJS sheet over four pages (four data files linked by `related_multi_packs`) was shown
    /// four times, each with every page ("4 sheets", 16 pages drawn), and the folder holding only
    /// that sheet got a red `folder.unreadable` error in the page's validation table.
    @Test func aSheetOverSeveralDataFilesIsOneSheetOnThePreview() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "px/sh.png", "--engine", "pixi", "--max-size", "64"], in: dir).status == 0)
        let data = try FileManager.default.contentsOfDirectory(atPath: dir + "/px").filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        #expect(data == ["sh-0.json", "sh-1.json", "sh-2.json", "sh-3.json"])
        let run = try CLI.run(["preview", "px", "-o", "out/p.html", "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(summary["sheets"] as? Int == 1, "\(run.stdout)")
        #expect(summary["findings"] as? Int == 0, "\(run.stdout)")
        let html = try String(contentsOfFile: dir + "/out/p.html", encoding: .utf8)
        #expect(!html.contains("folder.unreadable"))
        #expect(html.components(separatedBy: "4 sprites on 4 pages").count == 2, "the sheet's summary once")
    }

    /// A folder reached both as itself (`art/real`) and through a link inside the tree
    /// (`art/b/outdir -> ../real`) had its findings filed under the link's path when the link's
    /// name came first: annotations landed on a path no pull request changes.
    @Test func findingsAreOnTheRealPathNotALinkToIt() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/art/b", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/coin", toPath: dir + "/art/real")
        try FileManager.default.removeItem(atPath: dir + "/art/real/gold_2.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/art/b/outdir", withDestinationPath: "../real")
        let run = try CLI.run(["validate", "art", "--format", "github"], in: dir)
        #expect(run.status == 1 && run.stdout.contains("file=art/real/gold_3.png,title=seq.gap"), "\(run.stdout)")
        #expect(!run.stdout.contains("outdir"), "\(run.stdout)")
    }

    /// `"ignore": ["outdir"]` silenced everything but the `folder.link-outside` warning of the
    /// link `outdir` itself.
    @Test func ignoreCoversALinkOutOfTheFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/tree", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/coin", toPath: dir + "/tree/coin")
        try FileManager.default.createSymbolicLink(atPath: dir + "/tree/outdir", withDestinationPath: dir + "/coin")
        let linked = try CLI.run(["validate", "tree"], in: dir)
        #expect(linked.stdout.contains("folder.link-outside"), "\(linked.stdout)")
        try Data(#"{"ignore": ["outdir"]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/tree/.flipbook.json"))
        let ignored = try CLI.run(["validate", "tree"], in: dir)
        #expect(ignored.status == 0 && !ignored.stdout.contains("folder.link-outside"), "\(ignored.stdout)")
    }

    /// `--fps 12 --fps 24` built at 24 fps without a word (ArgumentParser keeps the last value);
    /// so did `-o a.gif --output b.gif`. An option of one value given twice is refused (exit 2),
    /// before anything is read or written.
    @Test(arguments: [(["assemble", "coin", "-o", "t.gif", "--fps", "12", "--fps", "24"], "--fps is given twice ('12', then '24'): give it once"),
                      (["assemble", "coin", "-o", "a.gif", "--output=b.gif"], "-o and --output both set one option ('a.gif', then 'b.gif')"),
                      (["validate", "coin", "--format", "json", "--format", "sarif"], "--format is given twice ('json', then 'sarif')")])
    func anOptionGivenTwiceIsRefused(arguments: [String], said: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2 && run.stderr.contains(said), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") } == ["coin"])
        // Given once, it is read.
        #expect(try CLI.run(["assemble", "coin", "-o", "t.gif", "--fps", "12"], in: dir).status == 0)
    }
}
