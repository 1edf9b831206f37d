import Foundation
import Testing
import TestSupport

/// What fresh eyes round 23 found (session 14), on the real gold-coin frames (64² each).
@Suite("Fresh eyes 23: one name, two kinds of output; a page two targets write; a ping-pong's play")
struct FreshEyesRoundTwentyThreeTests {
    /// `blur -o m.png` after `sheet -o m.png` over four pages (`m-0.png`…`m-3.json`) removed the
    /// whole sheet with exit 0 (the single file took the sheet's set for its own earlier run);
    /// `assemble -o s.png` after a one-page `sheet -o s.png` removed `s.json`; `render -o x.json`
    /// (a sheet) after `render -o x.png` (an APNG) overwrote the APNG with its page.
    @Test func aSingleFileAndASheetOfOneNameAreNotOneOutput() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "m.png", "--max-size", "100"], in: dir).status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("m-") }.sorted()
        #expect(pages.count == 8, "\(pages)")
        let blur = try CLI.run(["blur", "coin/gold_1.png", "-o", "m.png", "--sigma", "1"], in: dir)
        #expect(blur.status == 2 && blur.stderr.contains("m.png belongs to another set of files Flipbook wrote into this folder (m-0.json, m-0.png and 6 more)"),
                "\(blur.status) \(blur.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("m-") }.sorted() == pages)

        #expect(try CLI.run(["sheet", "coin", "-o", "s.png"], in: dir).status == 0)
        let assemble = try CLI.run(["assemble", "coin", "-o", "s.png"], in: dir)
        #expect(assemble.status == 2 && FileManager.default.fileExists(atPath: dir + "/s.json"), "\(assemble.stderr)")

        #expect(try CLI.run(["assemble", "coin", "-o", "a.png"], in: dir).status == 0)
        let sheet = try CLI.run(["sheet", "coin", "-o", "a.json"], in: dir)
        #expect(sheet.status == 2 && sheet.stderr.contains("a.png belongs to another set of files Flipbook wrote into this folder (a.png alone, written by another command)"),
                "\(sheet.stderr)")
        #expect(try CLI.run(["info", "a.png"], in: dir).stdout.contains("4 frames"))
        // Reruns of each are still reruns.
        #expect(try CLI.run(["assemble", "coin", "-o", "a.png"], in: dir).status == 0)
        #expect(try CLI.run(["sheet", "coin", "-o", "m.png", "--max-size", "100"], in: dir).status == 0)
    }

    /// A sheet target over several pages and another target writing one of its page names ran at
    /// once, both "built", exit 0, the page overwritten by an APNG.
    @Test func anotherTargetWritingASheetsPageIsRefused() throws {
        let folder = try BuildFreshEyesTwelveTests.project(#"""
            { "targets": { "s": { "sheet": "src/coin", "output": "build/s.png", "maxSize": 64, "padding": 0 },
                           "a": { "assemble": "src/coin", "output": "build/s-1.png" } } }
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLI.run(["build"], in: folder)
        #expect(build.status == 2 && build.stderr.contains("the targets \"a\" and \"s\" both write build/s-1.png"), "\(build.status) \(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build"))
    }

    /// `blur` of a ping-pong sequence to a folder said `durationSeconds` 1.0 (the four files'
    /// sum), where its manifest plays six steps: 1.5 s, as the GIF of it says.
    @Test func aFoldersPlayIsItsStepsNotItsFiles() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(#"{"frameDurations": [100, 200, 300, 400], "direction": "pingpong"}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/coin/sequence.json"))
        for output in ["soft", "soft.gif"] {
            let run = try CLI.run(["blur", "coin", "-o", output, "--sigma", "1", "--json"], in: dir)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
            #expect(json["durationSeconds"] as? Double == 1.5, "\(output): \(json)")
        }
    }

    /// `assemble spin@2x.gif -o again@2x.gif` of an 80×80 px GIF wrote a 160×160 one (25 KB for
    /// 9 KB): the frames streamed from the file came as @1x and were scaled up to the name's @2x.
    /// Found while checking the fix above; the frames carry the name's scale now.
    @Test func anAtTwoXGIFAssembledKeepsItsPixels() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for n in 1...4 { try FileManager.default.moveItem(atPath: dir + "/coin/gold_\(n).png", toPath: dir + "/coin/gold_\(n)@2x.png") }
        #expect(try CLI.run(["assemble", "coin", "-o", "c@2x.gif"], in: dir).status == 0)
        #expect(try CLI.run(["assemble", "c@2x.gif", "-o", "again@2x.gif"], in: dir).status == 0)
        let info = try CLI.run(["info", "again@2x.gif"], in: dir)
        #expect(info.stdout.contains("64×64 px, 32×32 pt @2x"), "\(info.stdout)")
    }
}
