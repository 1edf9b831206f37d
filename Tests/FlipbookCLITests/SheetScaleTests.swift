import Foundation
import Raster
import Testing
import TestSupport

/// Scales and page sizes as a new user meets them (issue 32): iOS's @2x/@3x pair, odd-sized @2x
/// images explained, pages that phones load by default.
@Suite("flipbook sheet scales and page sizes")
struct SheetScaleTests {
    /// `--scales 2,3` (was refused: 3 is not a multiple of 2) lays the sprites out in whole points.
    @Test func iOSPairTwoAndThree() throws {
        let dir = try Fixtures.temporaryFolder("sheet-scales")
        let result = try CLI.run(["sheet", Fixtures.path("sequences/emt-watch-spinner-2x"), "-o", "s.png", "--scales", "2,3", "--engine", "pixi"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
                == ["s@2x.json", "s@2x.png", "s@3x.json", "s@3x.png"])
        let two = try PNG.Decoder().decodeBitmap(file: "\(dir)/s@2x.png"), three = try PNG.Decoder().decodeBitmap(file: "\(dir)/s@3x.png")
        #expect(two.width * 3 == three.width * 2 && two.height * 3 == three.height * 2)
        // Every frame comes back at @2x exactly as its file.
        #expect(try CLI.run(["frames", "s@2x.json", "-o", "back"], in: dir).status == 0)
        for name in Fixtures.pngNames(in: "sequences/emt-watch-spinner-2x") {
            let original = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/emt-watch-spinner-2x/\(name)"))
            let copy = try PNG.Decoder().decodeBitmap(file: "\(dir)/back/\(name)")
            #expect(SheetRoundTripTests.differingPixels(original, copy) == 0, "\(name)")
        }
    }

    /// Fresh eyes 57: `--scales 2` alone wrote its @2x page as `s.png` (and `s.json`), where
    /// `--scales 2,3` writes `s@2x.png`: one scale above 1 is named as several are, in every format
    /// whose files carry a name's scale, and a project's target lists those names (up to date on a rerun).
    @Test(arguments: [["--engine", "pixi"], ["--format", "libgdx"], ["--format", "cocos2d"]])
    func oneScaleAboveOneIsNamedForIt(format: [String]) throws {
        let dir = try Fixtures.temporaryFolder("sheet-one-scale")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["sheet", Fixtures.path("sequences/emt-watch-spinner-2x"), "-o", "s.png", "--scales", "2"] + format, in: dir)
        #expect(result.status == 0 && !result.stderr.contains("warning"), "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix("s@2x.") }, "\(files)")
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "coin", "output": "p/s.png", "scales": [2]}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let built = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(built.status == 0 && built.stdout.contains("p/s@2x.json, p/s@2x.png"), "\(built.stdout) \(built.stderr)")
        #expect(try CLI.run(["build", "--no-cache"], in: folder).stdout.contains("0 built, 1 up to date"))
    }

    /// A 65 px @2x image cannot share a layout with @1x: the message says why (it stopped "without
    /// saying why"), and the exit is an input's, 3 (it was 1, which the table keeps for "problems
    /// found", issue 44).
    @Test func anOddSizedTwoXImageIsExplained() throws {
        let dir = try Fixtures.temporaryFolder("sheet-scales")
        let coin = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
        try FileManager.default.createDirectory(atPath: "\(dir)/odd", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: coin, toPath: "\(dir)/odd/c1.png")
        #expect(try CLI.run(["resize", coin, "-o", "odd/c1@2x.png", "--size", "65x65"], in: dir).status == 0)
        let result = try CLI.run(["sheet", "odd", "-o", "o.png", "--scales", "1,2"], in: dir)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'c1' at @2x is 65×65 px, not a whole number of points (32.5×32.5)"), "\(result.stderr)")
    }

    /// Round 64b: with `--scales 2,3` a wrong @3x made its true 64×64 @2x the one refused as "not a
    /// whole number of points (32×32)" (the hidden @1x base was resampled from the @3x). Each file
    /// is judged by its own size, and two whole sizes that disagree are said with both.
    @Test(arguments: [("100x100", "'c1' at @3x is 100×100 px, not a whole number of points (33.33×33.33)"),
                      ("99x99", "'c1' is 32×32 points at @2x (64×64 px) but 33×33 points at @3x (99×99 px)")])
    func aWrongThreeXImageIsTheOneNamed(size: String, message: String) throws {
        let dir = try Fixtures.temporaryFolder("sheet-scales")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let coin = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
        try FileManager.default.createDirectory(atPath: "\(dir)/pair", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: coin, toPath: "\(dir)/pair/c1@2x.png")
        #expect(try CLI.run(["resize", coin, "-o", "pair/c1@3x.png", "--size", size], in: dir).status == 0)
        let result = try CLI.run(["sheet", "pair", "-o", "o.png", "--scales", "2,3"], in: dir)
        #expect(result.status == 3 && result.stderr.contains(message) && !result.stderr.contains("@2x is 64×64 px"), "\(result.stderr)")
    }

    /// Pages past 4096 px are warned about when --max-size allows them (the default is 4096 now).
    @Test func aPageTooLargeForPhonesIsWarnedAbout() throws {
        let dir = try Fixtures.temporaryFolder("sheet-scales")
        let film = Fixtures.path("sequences/bbb-opening-fadein-720p")
        let large = try CLI.run(["sheet", film, "-o", "big.png", "--max-size", "8192", "--border", "1500"], in: dir)
        #expect(large.status == 0, "\(large.stderr)")
        #expect(large.stderr.contains("cannot load textures over 4096 px"), "\(large.stderr)")
        let fits = try CLI.run(["sheet", film, "-o", "small.png", "--border", "1500"], in: dir)
        #expect(fits.status == 1 && fits.stderr.contains("--border 1500"), "\(fits.stderr)")
    }

    /// A page beyond --max-pixels is refused before it is allocated (--border 40000 with --max-size
    /// 100000 crashed allocating 26 GB), as a flag over a resource limit (exit 2; it was 1).
    @Test func aHugePageIsRefusedNotAllocated() throws {
        let dir = try Fixtures.temporaryFolder("sheet-scales")
        let result = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "b.png", "--border", "40000",
                                  "--max-size", "100000"], in: dir)
        #expect(result.status == 2 && result.stderr.contains("over the 67108864-pixel limit"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Two folders whose frames share a prefix (`frame-` in both) stay two animations, named by
    /// their folders (they were merged into one animation of mixed sizes).
    @Test func twoFoldersWithOnePrefixStayTwoAnimations() throws {
        let dir = try Fixtures.temporaryFolder("sheet-scales")
        let result = try CLI.run(["sheet", Fixtures.path("sequences/ansimuz-fire-bomb-pixel"), Fixtures.path("sequences/unity-wispy-smoke-03b-faint"),
                                  "-o", "all.png"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/all.json"))) as? [String: Any]
        let animations = try #require(json?["animations"] as? [String: [String]])
        #expect(animations.keys.sorted() == ["ansimuz-fire-bomb-pixel-frame", "unity-wispy-smoke-03b-faint-frame"], "\(animations.keys)")
    }
}
