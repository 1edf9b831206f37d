import Foundation
import Testing
import TestSupport

/// What fresh eyes round 24 found (session 15), on the gold coin, the note chrome and the @2x spinner.
@Suite("Fresh eyes 24: a scene's @2x image in a build, sets of other commands, two projects, scales, case")
struct FreshEyesRoundTwentyFourTests {
    static let chrome = Fixtures.path("text/chrome/note-chrome.png")
    static let scene = ##"{"size": [32, 24], "duration": 0.2, "fps": 10, "layers": [{"name": "c", "image": "chrome.png", "bounds": [32, 24], "position": [16, 12]}]}"##

    /// A render target at scale 2 draws `chrome@2x.png` for `"image": "chrome.png"`, but the build
    /// recorded only `chrome.png`: editing or removing the @2x file left "r: up to date" and the old GIF.
    @Test func aScenesAtTwoXImageIsAnInputOfItsBuild() throws {
        let folder = try Fixtures.temporaryFolder("fe24-build-variant")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.chrome, toPath: folder + "/chrome.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome@2x.png"), toPath: folder + "/chrome@2x.png")
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: folder + "/sc.json"))
        try Data(#"{"targets": {"r": {"render": "sc.json", "output": "r@2x.gif", "scale": 2}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        #expect(try CLI.run(["build"], in: folder).status == 0)
        #expect(try CLI.run(["build"], in: folder).stdout.contains("r: up to date"))
        try FileManager.default.removeItem(atPath: folder + "/chrome@2x.png")
        let rebuilt = try CLI.run(["build"], in: folder)
        #expect(rebuilt.status == 0 && rebuilt.stdout.contains("r: built (chrome@2x.png removed)"), "\(rebuilt.stdout) \(rebuilt.stderr)")
        // The GIF is now the one `render` makes from chrome.png alone.
        #expect(try CLI.run(["render", "sc.json", "--scale", "2", "-o", "fresh@2x.gif"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/r@2x.gif")) == Data(contentsOf: URL(fileURLWithPath: folder + "/fresh@2x.gif")))
    }

    /// `generate -o g.png` took any set named g.png for its own rerun: one frame over a sheet that
    /// `sheet` wrote removed its 12 files, exit 0. Its own earlier sheet it still replaces.
    @Test func generateReplacesOnlyItsOwnSetOfTheOtherShape() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["sheet", "coin", "-o", "g.png", "--max-size", "100"], in: dir).status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("g-") }.sorted()
        #expect(pages.count == 8, "\(pages)")
        let one = try CLI.run(["generate", "seagull", "--frames", "1", "-o", "g.png"], in: dir)
        #expect(one.status == 2 && one.stderr.contains("belongs to another set of files Flipbook wrote into this folder"), "\(one.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("g-") }.sorted() == pages)
        // An APNG assemble wrote is not generate's either.
        #expect(try CLI.run(["assemble", "coin", "-o", "a.png"], in: dir).status == 0)
        #expect(try CLI.run(["generate", "seagull", "-o", "a.png"], in: dir).status == 2)
        // generate's own: one frame, then a sheet, then one frame again.
        for frames in ["1", "12", "1"] {
            let run = try CLI.run(["generate", "seagull", "--frames", frames, "-o", "own.png"], in: dir)
            #expect(run.status == 0, "--frames \(frames): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/own.json"))
    }

    /// `flipbook build` and `flipbook build --project ios.json` in one folder shared one state: each
    /// build removed the other's outputs as targets "no longer in the project".
    @Test func twoProjectFilesInOneFolderKeepTheirOwnOutputs() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"web": {"assemble": "coin", "output": "out/web.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"targets": {"ios": {"sheet": "dino", "output": "out/ios.png"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/ios.json"))
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let ios = try CLI.run(["build", "--project", "ios.json"], in: folder)
        #expect(ios.status == 0 && !ios.stderr.contains("removed"), "\(ios.stderr)")
        let web = try CLI.run(["build"], in: folder)
        #expect(web.status == 0 && web.stdout.contains("web: up to date") && !web.stderr.contains("removed"), "\(web.stdout) \(web.stderr)")
        for file in ["out/web.gif", "out/ios.png", "out/ios.json"] { #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)") }
        #expect(try CLI.run(["build", "--project", "ios.json"], in: folder).stdout.contains("ios: up to date"))
    }

    /// `render --scale 2 -o r.atlas` (libGDX, Godot, Cocos2d: data without a scale field) gave no
    /// warning, and `frames r.atlas` read its frames back as @1x; TexturePacker JSON states
    /// `meta.scale`, so `sheet` of @2x frames to `v.json` warned of a name readers do not go by.
    @Test func aSheetsScaleWarningFollowsWhetherItsDataStatesTheScale() throws {
        let folder = try Fixtures.temporaryFolder("fe24-sheet-scale")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.chrome, toPath: folder + "/chrome.png")
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: folder + "/sc.json"))
        for (name, warned) in [("r.atlas", true), ("r.tres", true), ("r.plist", true), ("r.json", false), ("r2@2x.atlas", false)] {
            let run = try CLI.run(["render", "sc.json", "--scale", "2", "-o", name], in: folder)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stderr.contains("warning: the frames are @2x but \(name) is named @1x") == warned, "\(name): \(run.stderr)")
        }
        let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
        let json = try CLI.run(["sheet", spinner, "-o", "v.json"], in: folder)
        #expect(json.status == 0 && !json.stderr.contains("readers take it as"), "\(json.stderr)")
        let atlas = try CLI.run(["sheet", spinner, "-o", "v.atlas", "--engine", "libgdx"], in: folder)
        #expect(atlas.status == 0 && atlas.stderr.contains("name it v@2x.atlas to keep @2x"), "\(atlas.stderr)")
    }

    /// An output whose folder differs from the input's only in case (`cOIN/gold_1.png`, `Coin/`)
    /// was written: on macOS and Windows it is the input.
    @Test func anOutputWhoseFolderDiffersFromTheInputsOnlyInCaseIsRefused() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try CLI.run(["blur", "coin/gold_1.png", "--sigma", "1", "-o", "cOIN/gold_1.png"], in: dir)
        #expect(file.status == 2 && file.stderr.contains("differs from the input coin/gold_1.png only in case"), "\(file.stderr)")
        let folder = try CLI.run(["blur", "coin", "--sigma", "1", "-o", "Coin"], in: dir)
        #expect(folder.status == 2 && folder.stderr.contains("only in case"), "\(folder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/cOIN") && !FileManager.default.fileExists(atPath: dir + "/Coin"))
        #expect(try CLI.run(["blur", "coin", "--sigma", "1", "-o", "coin-blurred"], in: dir).status == 0)
    }

    /// `"durations"` in sequence.json was asked "did you mean frameDurations?", one letter from `duration`.
    @Test func aKeyOneLetterFromAnotherIsSuggestedThatOne() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(#"{"durations": 1}"#.utf8).write(to: URL(fileURLWithPath: dir + "/coin/sequence.json"))
        let run = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(run.status != 0 && run.stderr.contains(#"did you mean "duration"?"#), "\(run.stderr)")
    }
}
