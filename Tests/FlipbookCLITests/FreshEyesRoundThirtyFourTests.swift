import Foundation
import Testing
import TestSupport

/// What fresh eyes round 34 found (session 18) besides files changing hands between targets
/// (those are ``FilesChangingHandsTests``).
@Suite("Fresh eyes 34 and 35: a repeated scale, a prefix ending in zeros, names a sheet does not write")
struct FreshEyesRoundThirtyFourTests {
    /// `--scales 1,2,2` and `"scales": [1, 2, 2]` were taken as 1,2 without a word: a typo for
    /// something else (1,2,3?).
    @Test func aScaleListedTwiceIsRefused() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"sheet": "coin", "output": "o/a.png", "scales": [1, 2, 2]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLI.run(["build"], in: folder)
        #expect(build.status == 2 && build.stderr.contains("targets.a.scales[2]") && build.stderr.contains("2 is listed twice"), "\(build.stderr)")
        let sheet = try CLI.run(["sheet", "coin", "--scales", "1,2,2", "-o", "s/s.png"], in: folder)
        #expect(sheet.status == 2 && sheet.stderr.contains("each once") && !FileManager.default.fileExists(atPath: folder + "/s"), "\(sheet.stderr)")
        let reversed = try CLI.run(["sheet", "coin", "--scales", "2,1", "-o", "r/s.png"], in: folder)
        #expect(reversed.status == 0, "\(reversed.stderr)")
    }

    /// `sheet fire/frame-00` (frames `frame-000.png`…) said "nor frames named frame-001.png…",
    /// a file that exists: the number's digits are never part of the prefix.
    @Test func aPrefixEndingInTheNumbersZerosSaysWhichPrefixIsMeant() throws {
        let folder = try Fixtures.temporaryFolder("cli-prefix-zeros")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixture = "sequences/ansimuz-fire-bomb-pixel"
        let names = Fixtures.pngNames(in: fixture)
        #expect(names.count == 14 && names.contains("frame-001.png"))
        try FileManager.default.createDirectory(atPath: folder + "/fire", withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: Fixtures.path("\(fixture)/\(name)"), toPath: "\(folder)/fire/\(name)") }
        let run = try CLI.run(["sheet", "fire/frame-00", "-o", "x.png"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("(fire/frame- for frame-001.png…)") && !run.stderr.contains("nor frames named frame-001"), "\(run.stderr)")
        let works = try CLI.run(["sheet", "fire/frame-", "-o", "x.png"], in: folder)
        #expect(works.status == 0, "\(works.stderr)")
    }

    /// Fresh eyes 35: a GIF `out/s-1.gif` beside the sheet `out/s.png`, and an APNG `out/fx-1.png`
    /// beside sheet data `out/fx.json` whose pages are in `out2/`, were refused as "both write": a
    /// sheet's pages are its own kind of file only. An APNG `out/s-1.png` still is one of them.
    @Test(arguments: [("out/s-1.gif", "out/s.png", nil as String?, true), ("out/fx-1.png", "out2/fx.png", "out/fx.json", true),
                      ("out/s-1.png", "out/s.png", nil, false)])
    func onlyASheetsOwnKindOfFileIsOneOfItsPages(other: String, page: String, data: String?, allowed: Bool) throws {
        let sheet = #""s": {"sheet": "dino", "output": "\#(page)""# + (data.map { #", "data": "\#($0)""# } ?? "") + "}"
        let folder = try BuildCommandTests.project(#"{"targets": {\#(sheet), "g": {"assemble": "coin", "output": "\#(other)"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(allowed ? run.status == 0 : run.status == 2 && run.stderr.contains("both write \(other)"), "\(run.stderr)")
    }
}
