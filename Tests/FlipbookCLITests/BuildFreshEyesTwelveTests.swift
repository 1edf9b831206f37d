import Foundation
import Testing
import TestSupport

/// `flipbook build` findings of the twelfth new-user round (#4, #5, #15 f): a renamed source's
/// frames refused as another set's, a false circle through a sheet's folder, a default timing that
/// beat a target's own.
@Suite("build: fresh eyes twelve")
struct BuildFreshEyesTwelveTests {
    /// A project folder holding the gold coin's 4 frames in `src/coin` and `json` as its project file.
    static func project(_ json: String) throws -> String {
        let folder = try Fixtures.temporaryFolder("cli-build-fresh12")
        let manager = FileManager.default
        try manager.createDirectory(atPath: "\(folder)/src/coin", withIntermediateDirectories: true)
        for file in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try manager.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(file)"), toPath: "\(folder)/src/coin/\(file)")
        }
        try write(json, to: folder + "/flipbook.json")
        return folder
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    // MARK: #4

    /// Each case: the project before and after its `frames` target's source is renamed, what the
    /// frames folder holds after, and what the note says was removed.
    static let renames: [(before: String, after: String, frames: [String], removed: String)] = [
        (#"{"targets": {"coin": {"assemble": "src/coin", "output": "build/coin.gif", "fps": 10},"#
            + #" "coinframes": {"frames": "build/coin.gif", "output": "build/coinf"}}}"#,
         #"{"targets": {"coin": {"assemble": "src/coin", "output": "build/gold.gif", "fps": 10},"#
            + #" "coinframes": {"frames": "build/gold.gif", "output": "build/coinf"}}}"#,
         ["gold1.png", "gold2.png", "gold3.png", "gold4.png", "sequence.json"],
         "removed build/coinf/coin1.png, build/coinf/coin2.png and 2 more: written by its earlier build"),
        (#"{"targets": {"fx": {"sheet": "src/coin", "output": "build/fx.json"},"#
            + #" "back": {"frames": "build/fx.json", "output": "build/back"}}}"#,
         #"{"targets": {"fx": {"sheet": "src/coin", "output": "build/fy.json"},"#
            + #" "back": {"frames": "build/fy.json", "output": "build/back"}}}"#,
         [], "removed build/fx.json, build/fx.png: written by its earlier build"),
    ]

    /// Renaming what a `frames` target reads made its folder's earlier set "another set" for good,
    /// even with --force; the build knows the files as its own and replaces them.
    @Test(arguments: renames.indices)
    func renamedSourceReplacesTheTargetsOwnFrames(index: Int) throws {
        let (before, after, frames, removed) = Self.renames[index]
        let folder = try Self.project(before)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let output = folder + (index == 0 ? "/build/coinf" : "/build/back")
        let earlier = Self.names(in: output)
        try Self.write(after, to: folder + "/flipbook.json")
        let second = try CLI.run(["build"], in: folder)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(!second.stderr.contains("belongs to another set"))
        #expect(second.stderr.contains(removed), "\(second.stderr)")
        #expect(Self.names(in: output) == (frames.isEmpty ? earlier : frames))
        // Its own again: the next build finds it up to date.
        let third = try CLI.run(["build"], in: folder)
        #expect(third.status == 0)
        #expect(third.stdout.hasSuffix("0 built, 2 up to date\n"), "\(third.stdout)")
    }

    /// A file of the earlier set edited since is the user's: it is not taken, the target fails as
    /// before, and the earlier frames all stay.
    @Test func anEditedEarlierFileIsNotTaken() throws {
        let (before, after, _, _) = Self.renames[0]
        let folder = try Self.project(before)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let manifest = folder + "/build/coinf/sequence.json"
        try Self.write(String(decoding: try Data(contentsOf: URL(fileURLWithPath: manifest)), as: UTF8.self) + " ", to: manifest)
        try Self.write(after, to: folder + "/flipbook.json")
        let second = try CLI.run(["build"], in: folder)
        #expect(second.status == 2)
        #expect(second.stderr.contains("belongs to another set"))
        #expect(Self.names(in: folder + "/build/coinf") == ["coin1.png", "coin2.png", "coin3.png", "coin4.png", "sequence.json"])
    }

    /// A target whose build failed was no longer known to have written its folder: once its
    /// renamed source failed to read, no later build could replace the earlier frames.
    @Test func aFailedBuildStillKnowsTheFilesItsEarlierBuildWrote() throws {
        let folder = try Self.project(#"{"targets": {"f": {"frames": "in/coin.gif", "output": "build/f"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["assemble", "src/coin", "-o", "in/coin.gif"], in: folder).status == 0)
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let gif = try Data(contentsOf: URL(fileURLWithPath: folder + "/in/coin.gif"))
        try gif.prefix(100).write(to: URL(fileURLWithPath: folder + "/in/gold.gif"))
        try Self.write(#"{"targets": {"f": {"frames": "in/gold.gif", "output": "build/f"}}}"#, to: folder + "/flipbook.json")
        let failed = try CLI.run(["build"], in: folder)
        #expect(failed.status != 0)
        try gif.write(to: URL(fileURLWithPath: folder + "/in/gold.gif"))
        let mended = try CLI.run(["build"], in: folder)
        #expect(mended.status == 0, "\(mended.stderr)")
        #expect(Self.names(in: folder + "/build/f") == ["gold1.png", "gold2.png", "gold3.png", "gold4.png", "sequence.json"])
    }

    // MARK: #5

    /// A report beside a sheet's data that another target unpacks made a circle: the unpacking
    /// target waited for every target writing in the data's folder. It waits for the sheet only.
    @Test func aReportBesideSheetDataMakesNoCircle() throws {
        let folder = try Self.project(#"""
            { "targets": {
              "sheet": {"sheet": "src/coin", "output": "build/fx.json"},
              "back":  {"frames": "build/fx.json", "output": "build/back"},
              "check": {"validate": "build/back", "output": "build/v.json"} }}
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("3 built, 0 up to date\n"), "\(first.stdout)")
        // The report written after `back` is no input of it: nothing is built again.
        let second = try CLI.run(["build"], in: folder)
        #expect(second.stdout.hasSuffix("0 built, 3 up to date\n"), "\(second.stdout)")
    }

    /// Sheet data no target writes names its pages only when read: its folder is read whole, and a
    /// circle through it says so.
    @Test func aCircleThroughTheFolderOfSheetDataNamesIt() throws {
        let folder = try Self.project(#"""
            { "targets": {
              "back":  {"frames": "art/fx.json", "output": "build/back"},
              "check": {"validate": "build/back", "output": "art/v.json"} }}
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "src/coin", "-o", "art/fx.json"], in: folder).status == 0)
        let result = try CLI.run(["build"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"the targets "back" → "check" → "back" depend on each other in a circle"#), "\(result.stderr)")
        #expect(result.stderr.contains(#"("back" reads all of art/ — the folder of its sheet data, which names its pages — and "check" writes art/v.json there)"#),
                "\(result.stderr)")
    }

    // MARK: #15 f

    /// A default of one choice beat the target's own key of the same choice (`delays` over `fps`;
    /// an `engine` refused beside the target's `format`).
    @Test(arguments: [
        (#"{"defaults": {"assemble": {"delays": [100, 200, 300, 400]}}, "targets": {"a": {"assemble": "src/coin", "output": "a.gif", "fps": 10}}}"#,
         "4 frames, 0.4 s"),
        (#"{"defaults": {"assemble": {"fps": 10}}, "targets": {"a": {"assemble": "src/coin", "output": "a.gif", "duration": 2}}}"#,
         "4 frames, 2.0 s"),
        (#"{"defaults": {"sheet": {"engine": "phaser3"}}, "targets": {"a": {"sheet": "src/coin", "output": "a.atlas", "format": "libgdx"}}}"#,
         "size:64,"),
    ])
    func aTargetsOwnKeyBeatsTheDefaultsOfItsChoice(json: String, expected: String) throws {
        let folder = try Self.project(json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["build"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The GIF's timing as `info` says it; the libGDX atlas's page header (`size:W,H`).
        let said = json.contains("a.gif") ? try CLI.run(["info", "a.gif"], in: folder).stdout
            : String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/a.atlas")), as: UTF8.self)
        #expect(said.contains(expected), "\(said)")
    }
}
