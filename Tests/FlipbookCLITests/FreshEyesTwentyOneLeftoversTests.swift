import Foundation
import Raster
import Testing
import TestSupport

/// What fresh eyes round 21 found that session 13 left (session 14), on the real gold-coin frames
/// (64² each).
@Suite("Fresh eyes 21's leftovers: a page that plays nothing, counts and names said as they are")
struct FreshEyesTwentyOneLeftoversTests {
    /// `preview` of a folder whose only content could not be shown (a link that leads out) wrote a
    /// page of notes and exited 0; docs/CLI.md lists exit 3 for nothing to preview. The page is
    /// still written (it says why), the run exits 3.
    @Test func aPageThatPlaysNothingExitsThree() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/only", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/only/coin", withDestinationPath: dir + "/coin")
        let run = try CLI.run(["preview", "only", "-o", "p.html", "--no-validate"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("only: nothing could be shown; the page lists why")
                && run.stderr.contains("not followed"), "\(run.status) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/p.html"))
        let json = try CLI.run(["preview", "only", "-o", "q.html", "--no-validate", "--json"], in: dir)
        #expect(json.status == 3 && json.stdout.contains("\"sequences\" : 0"), "\(json.stdout)")
        // A folder that plays something beside a refused link is a success.
        #expect(try CLI.run(["preview", ".", "-o", "r.html", "--no-validate"], in: dir).status == 0)
    }

    /// `assemble A B` over two folders of one sequence each said "A B holds 2 sequences", as if
    /// one folder were named `A B`; a one-frame sequence was "1 frame (3–3)".
    @Test func severalSourcesAndOneFrameAreSaidAsTheyAre() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin", toPath: dir + "/other")
        let run = try CLI.run(["assemble", "coin", "other", "-o", "x.gif"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("2 sequences in coin and other (coin/gold_, other/gold_); name one by its prefix path, e.g. coin/gold_"),
                "\(run.status) \(run.stderr)")
        try FileManager.default.createDirectory(atPath: dir + "/one", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_3.png", toPath: dir + "/one/gold_3.png")
        let validate = try CLI.run(["validate", "one"], in: dir)
        #expect(validate.stdout.contains("one/gold_: 1 frame (numbered 3), @1x, 64×64 px — ok"), "\(validate.stdout)")
    }

    /// `assemble --json`'s `colors` was the cap (256) whatever the GIF used; it is the largest
    /// colour table written now, and `--max-bytes` no longer tries caps the GIF is already under.
    @Test func aGIFsColoursAreTheColoursItUses() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/dots", withIntermediateDirectories: true)
        // Two colours on a clear ground, moving: a spinner's palette.
        for n in 1...4 {
            var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
            for i in 0..<16 { let p = ((i * 16) + (i + n) % 16) * 4; pixels.replaceSubrange(p..<p + 4, with: n % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255]) }
            try Data(PNG.Encoder().encode(Bitmap(width: 16, height: 16, straight: pixels)!)).write(to: URL(fileURLWithPath: dir + "/dots/d\(n).png"))
        }
        let run = try CLI.run(["assemble", "dots", "-o", "d.gif", "--json"], in: dir)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        let colors = try #require(json["colors"] as? Int)
        #expect(colors >= 2 && colors <= 4, "\(json)")
    }

    /// `note --font mine.ttf` named the font by its absolute path in its errors.
    @Test func aFontIsNamedAsGiven() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: dir + "/mine.ttf"))
        let chrome = CLI.repository + "/Examples/note-chrome.png"
        for font in ["mine.ttf", "gone.ttf"] {
            let run = try CLI.run(["note", "Hi", "--chrome", chrome, "--insets", "37,12,12,12", "--font", font, "-o", "n.png"], in: dir)
            #expect(run.status == 3 && run.stderr.hasPrefix("error: \(font): cannot be used as a font"), "\(run.stderr)")
        }
    }

    /// `assemble` of a folder holding `background.png` and `gold_2~ipad.png` beside the frames
    /// left both out without a word (`sheet` packs the first and notes the second).
    @Test func filesAssembleLeavesOutAreSaid() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_1.png", toPath: dir + "/coin/background.png")
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_2~ipad.png")
        let run = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(run.status == 0 && run.stderr.contains("note: left out, not played: coin/background.png (no frame number: a sheet packs it as "
                                                      + "sprites of its own); coin/gold_2~ipad.png (~ipad: UIKit reads it on that device only)"),
                "\(run.stderr)")
        // Frames at another scale are the scale rule's, not this note's.
        try FileManager.default.removeItem(atPath: dir + "/coin/background.png")
        try FileManager.default.removeItem(atPath: dir + "/coin/gold_2~ipad.png")
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/coin/gold_2@2x.png")
        #expect(!(try CLI.run(["assemble", "coin", "-o", "d.gif"], in: dir).stderr.contains("left out, not played")))
    }
}
