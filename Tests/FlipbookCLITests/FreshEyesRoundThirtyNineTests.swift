import Foundation
import Testing
import TestSupport

/// What fresh eyes round 39 found (session 20) around sheets changing engine to or from SpriteKit:
/// a data name ignored, a page left for good, a wrong note, data kept without its page.
@Suite("Fresh eyes 39: sheets changing engine")
struct FreshEyesRoundThirtyNineTests {
    /// `--data` (or a project's `"data"`) with SpriteKit, whose plist lies inside its `.atlasc`
    /// folder, was ignored without a word: exit 0 and nothing at the path asked for.
    @Test func aDataNameWithSpriteKitIsRefused() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"k": {"sheet": "coin", "output": "out/k.png", "data": "out/d/k.plist", "engine": "spritekit"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "spritekit", "--data", "out/d/s.plist"], in: folder)
        #expect(sheet.status == 2 && sheet.stderr.contains("keeps its plist inside NAME.atlasc"), "\(sheet.stderr)")
        let build = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(build.status == 2 && build.stderr.contains(#"leave out "data""#), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    /// A sheet going SpriteKit → libGDX or Phaser → SpriteKit while a frames target reads its data:
    /// the middle engine's page `out/s.png` stayed (the SpriteKit sheet's name was taken for a page the
    /// reader reads), every later build up to date.
    @Test(arguments: ["libgdx", "phaser3"])
    func aSheetBackToSpriteKitRemovesTheOtherEnginesPage(middle: String) throws {
        let data = middle == "libgdx" ? "out/s.atlas" : "out/s.json"
        let project = { (engine: String, reads: String) in
            #"{"targets": {"s": {"sheet": "coin", "output": "out/s.png", "engine": "\#(engine)"}, "f": {"frames": "\#(reads)", "output": "out/f"}}}"#
        }
        let folder = try BuildCommandTests.project(project("spritekit", "out/s.atlasc"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(project(middle, data), in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(project("spritekit", "out/s.atlasc"), in: folder)
        let back = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(back.status == 0 && back.stderr.contains("out/s.png"), "\(back.stderr)")
        #expect(FreshEyesRoundThirtyEightTests.files(under: folder + "/out").filter { !$0.hasPrefix("f/") } == ["s.atlasc/s.1.png", "s.atlasc/s.plist"])
    }

    /// A SpriteKit target renamed (`k` → `k2`, same output): "removed …: written by target k, no
    /// longer in the project" for the files k2 writes again in place; the other engines said "replaced".
    @Test func aRenamedSpriteKitTargetSaysItReplacedItsFiles() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"k": {"sheet": "coin", "output": "out/s.png", "engine": "spritekit"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"k2": {"sheet": "coin", "output": "out/s.png", "engine": "spritekit"}}}"#, in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("k2: replaced out/s.atlasc/s.1.png, out/s.atlasc/s.plist: written by target k, no longer in the project"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("removed"), "\(run.stderr)")
    }

    /// A sheet switching Phaser → SpriteKit while a frames target reads its data `out/s.json`: the
    /// data was kept for the reader but its page removed, and the reader failed "out/s.png: cannot
    /// read file" on every build. The page is kept with the data now, and both are said.
    @Test func dataKeptForAReaderKeepsItsPage() throws {
        let project = { (engine: String) in
            #"{"targets": {"s": {"sheet": "coin", "output": "out/s.png", "engine": "\#(engine)"}, "f": {"frames": "out/s.json", "output": "out/f"}}}"#
        }
        let folder = try BuildCommandTests.project(project("phaser3"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundThirtySixTests.write(project("spritekit"), in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("kept out/s.json, out/s.png"), "\(run.stdout) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/s.png"))
    }

    /// A page edited by hand in the folder a sheet leaves when it changes engine: `sheet` kept it
    /// without a word (later shipped inside the new `.atlasc`), where a rerun in the same engine
    /// refuses; it refuses now too. A build keeps it and says so.
    @Test func anEditedPageOfTheOtherEngineIsNeverLeftSilently() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"sheet": "dino", "output": "p/s.png", "engine": "spritekit", "maxSize": 700}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = ["sheet", "dino", "-o", "out/s.png", "--max-size", "700"]
        #expect(try CLI.run(sheet + ["--engine", "spritekit"], in: folder).status == 0)
        let edited = FileHandle(forWritingAtPath: folder + "/out/s.atlasc/s.2.png")
        try edited?.seekToEnd(); try edited?.write(contentsOf: Data("x".utf8)); try edited?.close()
        let switched = try CLI.run(sheet + ["--engine", "phaser3"], in: folder)
        #expect(switched.status == 2 && switched.stderr.contains("s.atlasc/s.2.png was changed after Flipbook wrote it"), "\(switched.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/s-0.png"))

        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        let page = FileHandle(forWritingAtPath: folder + "/p/s.atlasc/s.2.png")
        try page?.seekToEnd(); try page?.write(contentsOf: Data("x".utf8)); try page?.close()
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"s": {"sheet": "dino", "output": "p/s.png", "engine": "phaser3", "maxSize": 700}}}"#, in: folder)
        let build = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(build.status == 0 && build.stderr.contains("kept p/s.atlasc/s.2.png") && build.stderr.contains("changed since"), "\(build.stderr)")
    }

    /// The SpriteKit fix of round 38 must not take an APNG `assemble` wrote under the sheet's name:
    /// `sheet -o out/s.png --engine spritekit` beside it removed it without a word.
    @Test func aSpriteKitSheetLeavesAnAPNGOfItsNameAlone() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["assemble", "coin", "-o", "out/s.png"], in: folder).status == 0)
        let apng = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/s.png"))
        #expect(try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "spritekit"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/s.png")) == apng)
        #expect(try CLI.run(["sheet", "coin", "-o", "out/s.png", "--engine", "spritekit"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/out/s.png"))
    }
}
