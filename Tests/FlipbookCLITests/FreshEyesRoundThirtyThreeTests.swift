import Foundation
import Raster
import Testing
import TestSupport

/// What fresh eyes round 33 found (session 17).
@Suite("Fresh eyes 33: two sheets swapping names with many pages")
struct FreshEyesRoundThirtyThreeTests {
    /// `a` (the spinner at @1x and @2x, many pages) and `b` (the coin, four pages) swap output
    /// names: `a` said it "kept" `b`'s fresh pages as its own "changed since (delete by hand if
    /// unwanted)" — deleting them as told removed `b`'s output — and both claimed the same removals.
    @Test func aSwapNeverCallsTheOtherTargetsNewPagesEdited() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spinner = Fixtures.pngNames(in: "sequences/emt-watch-spinner-2x")
        #expect(!spinner.isEmpty)
        try FileManager.default.createDirectory(atPath: folder + "/spin", withIntermediateDirectories: true)
        for name in spinner { try FileManager.default.copyItem(atPath: Fixtures.path("sequences/emt-watch-spinner-2x/\(name)"), toPath: "\(folder)/spin/\(name)") }
        let before = #"{"targets": {"a": {"sheet": "spin", "output": "out/a.png", "maxSize": 128, "scales": [1, 2]}, "b": {"sheet": "coin", "output": "out/b.png", "maxSize": 64}}}"#
        try Data(before.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let swapped = before.replacingOccurrences(of: "out/a.png", with: "out/x.png").replacingOccurrences(of: "out/b.png", with: "out/a.png")
            .replacingOccurrences(of: "out/x.png", with: "out/b.png")
        try Data(swapped.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("changed since") && !run.stderr.contains("note: a: removed out/a-"), "\(run.stderr)")
        let again = try CLI.run(["build"], in: folder)
        #expect(again.stdout.contains("0 built, 2 up to date"), "\(again.stdout)")
    }

    /// `sheet --power-of-two --scales 1,2,3` wrote @3x pages of 6144×3072 under the default bound
    /// of 4096 (the @1x page rounded up to a power of two, then tripled), exit 0; the spinner's
    /// `--scales 1,2,3 --max-size 121` pages of 128 and 192. Every page stays within the bound now,
    /// or the sheet is refused (a 40-point sprite needs a 64-point page: 192 px at @3x).
    @Test func powerOfTwoPagesAtEveryScaleStayWithinTheBound() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "dino", "-o", "out/s.png", "--power-of-two", "--scales", "1,2,3"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasSuffix(".png") }
        #expect(pages.count >= 3)
        for page in pages {
            let header = try PNG.Decoder().readHeader(file: folder + "/out/" + page)
            #expect(header.width <= 4096 && header.height <= 4096, "\(page): \(header.width)×\(header.height)")
        }
        try FileManager.default.createDirectory(atPath: folder + "/spin", withIntermediateDirectories: true)
        for name in Fixtures.pngNames(in: "sequences/emt-watch-spinner-2x") {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/emt-watch-spinner-2x/\(name)"), toPath: "\(folder)/spin/\(name)")
        }
        let small = try CLI.run(["sheet", "spin", "-o", "small/s.png", "--power-of-two", "--scales", "1,2,3", "--max-size", "121"], in: folder)
        #expect(small.status == 1 && !FileManager.default.fileExists(atPath: folder + "/small"), "\(small.stderr)")
    }

    /// `build --watch` of a project file against the schema exited 3 where `build` exits 2.
    @Test func aWatchOfAProjectAgainstTheSchemaExitsAsABuildDoes() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "a.gif", "fps": "x"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLI.run(["build"], in: folder), watch = try CLI.run(["build", "--watch"], in: folder)
        #expect(build.status == 2 && watch.status == 2, "\(build.stderr) \(watch.stderr)")
    }

    /// `sheet --scales 1,3 --max-size 2` was refused as "--max-size is 0" (the bound at @1x), not
    /// for what was given: the sprite does not fit a page of that size.
    @Test(arguments: [[String](), ["--power-of-two"]])
    func aTinyBoundAtSeveralScalesIsRefusedForTheSprite(extra: [String]) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "coin", "-o", "s.png", "--scales", "1,3", "--max-size", "2"] + extra, in: folder)
        #expect(run.status != 0 && !run.stderr.contains("is 0") && run.stderr.contains("raise --max-size"), "\(run.stderr)")
    }

    /// `sheet dino --scales 1,2,3 --max-size 1500` said "'jump-1' is 680×472, larger than a 500×500
    /// page": sizes of the @1x layout, where --max-size bounds the largest scale's pixels.
    @Test func aSpriteTooLargeAtSeveralScalesIsSaidInTheLargestScalesPixels() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", "dino", "-o", "s.png", "--scales", "1,2,3", "--max-size", "1500"], in: folder)
        #expect(run.status == 1 && run.stderr.contains("'jump-1@3x' is 2040×1416, larger than a 1500×1500 page"), "\(run.stderr)")
    }
}
