import Foundation
import Testing
import TestSupport

/// What fresh eyes round 14 found and the session after fixed, on the real gold-coin frames.
@Suite("Fresh eyes 14: dashed names, reports that add up, builds that say why")
struct FreshEyesFourteenTests {
    /// A temporary folder holding `coin/` (the gold coin's four frames).
    static func folder() throws -> String { try FreshEyesElevenTests.folder() }

    /// `validate -dash` (a folder named `-dash`) was read as `-d -a -s -h`: the help text, exit 0,
    /// nothing checked — a CI step passed green. A word of one dash and several letters is refused
    /// (exit 2) with how to name such a folder, in every command; `./-dash` reads it.
    @Test(arguments: [["validate", "-dash"], ["assemble", "-dash", "-o", "d.gif"], ["info", "-dash/gold_1.png"],
                      ["frames", "-hx.gif", "-o", "x"], ["validate", "-zzz"], ["sheet", "coin", "-ox.json"], ["validate", "-x"],
                      ["assemble", "coin", "-v", "-o", "v.gif"]])
    func aDashedNameIsNotHelp(command: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin", toPath: dir + "/-dash")
        let run = try CLI.run(command, in: dir)
        let word = command.first { $0.hasPrefix("-") && !$0.hasPrefix("--") }!
        #expect(run.status == 2 && run.stderr.contains("unknown option '\(word)'") && run.stderr.contains("./\(word)"), "\(run.stderr)")
        #expect(!run.stdout.contains("USAGE") && !run.stdout.contains("OPTIONS"), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted() == ["-dash", "coin"])
        // Written as a path it is read; a negative number stays an option's value, refused by its range.
        #expect(try CLI.run(["validate", "./-dash"], in: dir).status == 0)
        let negative = try CLI.run(["assemble", "coin", "--fps", "-5", "-o", "n.gif"], in: dir)
        #expect(negative.status == 2 && negative.stderr.contains("--fps") && !negative.stderr.contains("unknown option"), "\(negative.stderr)")
    }

    /// `-o .gif` was told "name it .gif, .png, .apng or .webp".
    @Test func aNameThatIsOnlyAnExtensionIsSaidSo() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["assemble", "coin", "-o", ".gif"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("give a name before it (walk.gif)"), "\(run.stderr)")
    }

    /// `info` on a folder holding a sheet (its page and data) said it held no PNG.
    @Test func infoOfASheetFolderNamesThePages() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "sh/s.json"], in: dir).status == 0)
        let run = try CLI.run(["info", "sh"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("the pages of a sprite sheet") && run.stderr.contains("flipbook info sh/s.png"), "\(run.stderr)")   // a path that works from where the user is (round 46)
    }

    /// A Cocos2d sheet over three pages printed the load line of the first plist only: following
    /// it loaded a third of the sprites.
    @Test func aCocos2dSheetOfSeveralPagesLoadsEveryPlist() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sheet", "coin", "-o", "c/d.png", "--engine", "cocos2d", "--max-size", "64"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let plists = try FileManager.default.contentsOfDirectory(atPath: dir + "/c").filter { $0.hasSuffix(".plist") }.sorted()
        #expect(plists == ["d-0.plist", "d-1.plist", "d-2.plist", "d-3.plist"])
        #expect(run.stdout.contains(#"for (auto plist : {"d-0.plist", "d-1.plist", "d-2.plist", "d-3.plist"}) "#
                                    + "SpriteFrameCache::getInstance()->addSpriteFramesWithFile(plist);"), "\(run.stdout)")
        // `frames` of one page's plist read a quarter of the sprites without a word.
        let back = try CLI.run(["frames", "c/d-0.plist", "-o", "back"], in: dir)
        #expect(back.status == 0 && back.stderr.contains("warning: d-0.plist is one page's data of 4 beside it"), "\(back.stderr)")
        let one = try CLI.run(["sheet", "coin", "-o", "one/d.png", "--engine", "cocos2d"], in: dir)
        #expect(one.status == 0 && one.stdout.contains(#"addSpriteFramesWithFile("d.plist")"#), "\(one.stdout)")
        #expect(try !CLI.run(["frames", "one/d.plist", "-o", "back1"], in: dir).stderr.contains("one page's data"))
    }

    /// A project whose state folder cannot be written wrote every output, then failed on the state
    /// with no target reported, and rebuilt everything on each rerun. It is refused before any
    /// target writes (exit 4). (Root ignores permissions: a file where the folder goes stands in.)
    @Test func anUnwritableStateIsFoundBeforeBuilding() throws {
        let dir = try BuildFreshEyesTwelveTests.project(#"{"targets": {"coin": {"assemble": "src/coin", "output": "build/coin.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/.flipbook-build/state.json", withIntermediateDirectories: true)
        let run = try CLI.run(["build", "--no-cache"], in: dir)
        #expect(run.status == 4 && run.stderr.contains("cannot save the build's state"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/build/coin.gif"))
    }

    /// A target whose last build failed was rebuilt "(never built)"; it says why now.
    @Test func aTargetThatFailedSaysSoWhenRebuilt() throws {
        let dir = try BuildFreshEyesTwelveTests.project(#"{"targets": {"coin": {"assemble": "src/coin", "output": "build/coin.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try Data(contentsOf: URL(fileURLWithPath: dir + "/src/coin/gold_2.png"))
        try good.prefix(60).write(to: URL(fileURLWithPath: dir + "/src/coin/gold_2.png"))
        #expect(try CLI.run(["build", "--no-cache"], in: dir).status != 0)
        try good.write(to: URL(fileURLWithPath: dir + "/src/coin/gold_2.png"))
        let again = try CLI.run(["build", "--no-cache", "--json"], in: dir)
        #expect(again.status == 0 && again.stdout.contains("its last build failed") && !again.stdout.contains("never built"), "\(again.stdout)")
    }
}

/// What fresh eyes round 15 found and the session after fixed.
@Suite("Fresh eyes 15: one file never hides a tree, names as typed, JSON notes as printed")
struct FreshEyesFifteenTests {
    /// A tree holding one frame numbered past 18 digits was one `folder.unreadable` (exit 3) and
    /// an `ignore` glob did not help; a cut GIF linking out of the folder beside frames was passed
    /// over (exit 0). Each is a finding on its file, the rest checked; `ignore` leaves it out.
    @Test func oneBadFileIsAFindingOnItself() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/tree/long", withIntermediateDirectories: true)
        try fm.copyItem(atPath: dir + "/coin", toPath: dir + "/tree/coin")
        try fm.copyItem(atPath: dir + "/coin/gold_1.png", toPath: dir + "/tree/long/cap_1234567890123456789.png")
        let long = try CLI.run(["validate", "tree", "--json"], in: dir)
        #expect(long.status == 1 && long.stdout.contains("\"frame.number-too-long\"") && long.stdout.contains("tree/coin/gold_"), "\(long.stdout)")
        try #"{"ignore": ["long/**"]}"#.write(toFile: dir + "/tree/.flipbook.json", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["validate", "tree"], in: dir).status == 0)
        // A GIF beside the frames that links out of the tree.
        #expect(try CLI.run(["assemble", "coin", "-o", "out.gif"], in: dir).status == 0)
        try fm.createSymbolicLink(atPath: dir + "/tree/coin/preview.gif", withDestinationPath: dir + "/out.gif")
        let link = try CLI.run(["validate", "tree"], in: dir)
        #expect(link.status == 1 && link.stdout.contains("frame.link-outside") && link.stdout.contains("tree/coin/preview.gif"), "\(link.stdout)")
    }

    /// A folder whose only content is a link to a folder outside said "nothing to validate" without
    /// naming the link.
    @Test func aFolderOfOnlyALinkOutNamesIt() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/lk", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/lk/coin", withDestinationPath: "../coin")
        let run = try CLI.run(["validate", "lk"], in: dir)
        #expect(run.status == 3 && run.stdout.contains("folder.link-outside") && run.stdout.contains("lk/coin is a link to"), "\(run.stdout)")
    }

    /// `-o S.PNG` gave a `load:` line naming the page as the data file, in every engine.
    @Test(arguments: ["godot4", "phaser3", "pixi", "cocos2d"])
    func theLoadLineNamesTheDataWhateverThePageCase(engine: String) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sheet", "coin", "-o", "S.PNG", "--engine", engine], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("load: ") })
        let data = ["godot4": "S.tres", "phaser3": "S.json", "pixi": "S.json", "cocos2d": "S.plist"][engine]!
        #expect(line.contains(data), "\(line)")
        #expect(!line.contains("'S.PNG', 'S.PNG'") && !line.contains("(\"S.PNG\")") && !line.contains("load('S.PNG')"), "\(line)")
    }

    /// A project target with two timing keys was built with one of them silently; the command
    /// refuses the same (exit 2).
    @Test(arguments: [#""fps": 10, "duration": 2"#, #""fps": 10, "delays": [50, 50, 50, 50]"#])
    func aTargetWithTwoTimingsIsRefused(keys: String) throws {
        let dir = try BuildFreshEyesTwelveTests.project(#"{"targets": {"coin": {"assemble": "src/coin", "output": "build/coin.gif", "# + keys + "}}}")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["build", "--no-cache"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("each sets the whole timing, give one"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/build/coin.gif"))
    }

    /// `assemble --json` held none of the merge notes the text run prints.
    @Test func theJSONNotesAreTheNotesPrinted() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_4.png", toPath: dir + "/coin/gold_5.png")
        for output in ["t.png", "t.gif", "t.webp"] {
            let text = try CLI.run(["assemble", "coin", "-o", output], in: dir)
            #expect(text.stdout.contains("note: 1 identical frame merged into the frame before"), "\(text.stdout)")
            let json = try CLI.run(["assemble", "coin", "-o", output, "--json"], in: dir)
            let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect((report?["notes"] as? [String])?.contains("1 identical frame merged into the frame before") == true, "\(json.stdout)")
        }
    }
}

/// Round 16: `preview` of a project called a sheet written over several pages "not there yet"
/// (its pages are `M-0.PNG`…, not `M.PNG`) and left it off the page.
@Suite("Fresh eyes 16: a sheet of several pages in a project's preview")
struct FreshEyesSixteenTests {
    @Test func aPagedSheetTargetIsShown() throws {
        let dir = try BuildFreshEyesTwelveTests.project(
            #"{"targets": {"m": {"sheet": "src/coin", "output": "out/M.PNG", "maxSize": 64, "engine": "cocos2d"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["build", "--no-cache"], in: dir).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/out/M-0.PNG") && !FileManager.default.fileExists(atPath: dir + "/out/M.PNG"))
        let run = try CLI.run(["preview", "flipbook.json", "-o", "pv.html", "--no-validate"], in: dir)
        #expect(run.status == 0 && !run.stderr.contains("not there yet"), "\(run.stderr)")
        // One sheet over four plists (Cocos2d keeps a plist per page), as every engine's paged sheet is one.
        #expect(run.stdout.contains("1 sheet,"), "\(run.stdout)")
    }
}
