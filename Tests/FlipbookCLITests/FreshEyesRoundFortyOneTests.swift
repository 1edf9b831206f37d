import Foundation
import Testing
import TestSupport

/// What fresh eyes round 41 found (session 21) in the checks of session 21's changes: an edited
/// file a target reads kept without a word, a needless rebuild, a warning's range, a JSON field.
@Suite("Fresh eyes 41: kept files said, inputs counted right")
struct FreshEyesRoundFortyOneTests {
    /// An output edited by hand, which another target reads, when its target's output is renamed:
    /// kept for good with no note in any build (unedited, it is kept "b reads it", then removed).
    @Test func anEditedFileATargetReadsIsKeptAndSaid() throws {
        let project = { (output: String, reads: String) in
            #"{"targets": {"a": {"assemble": "coin", "output": "build/\#(output)"}, "b": {"frames": "build/\#(reads)", "output": "build/cf"}}}"#
        }
        let folder = try BuildCommandTests.project(project("coin.gif", "coin.gif"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try FreshEyesRoundFortyTests.edit(folder + "/build/coin.gif")
        try FreshEyesRoundThirtySixTests.write(project("gold.gif", "coin.gif"), in: folder)
        let renamed = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(renamed.status == 0 && renamed.stderr.contains("kept build/coin.gif: written by its earlier build, no longer among its outputs, but changed since"),
                "\(renamed.stderr)")
        try FreshEyesRoundThirtySixTests.write(project("gold.gif", "gold.gif"), in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/build/coin.gif"))
        // Its own now: a target writing that name again is refused, saying why.
        try FreshEyesRoundThirtySixTests.write(project("coin.gif", "coin.gif"), in: folder)
        let back = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(back.status == 2 && back.stderr.contains("build/coin.gif was changed after a's build wrote it"), "\(back.stderr)")
    }

    /// A frames target reading sheet data in `build/` counted another sheet's numbered pages there
    /// (`coin-0.json`…, a target it does not wait for) among its inputs: a build after that sheet
    /// changed rebuilt it for nothing ("build/coin-0.json changed").
    @Test func anotherSheetsPagesBesideReadDataAreNoInputs() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"d": {"sheet": "dino", "output": "build/d.png", "engine": "godot4"}, "#
            + #""df": {"frames": "build/d.tres", "output": "out/df"}, "c": {"sheet": "coin", "output": "build/c.png", "engine": "pixi", "maxSize": 64}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/build/c-1.json"))
        let coin = folder + "/coin/" + Fixtures.pngNames(in: "sequences/kenney-gold-coin")[0]
        try FileManager.default.removeItem(atPath: coin)
        try FileManager.default.copyItem(atPath: folder + "/coin/" + Fixtures.pngNames(in: "sequences/kenney-gold-coin")[1], toPath: coin)
        let changed = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(changed.status == 0 && changed.stdout.contains("c: built") && changed.stdout.contains("df: up to date"), "\(changed.stdout)")
        let again = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(again.status == 0 && again.stdout.contains("0 built"), "\(again.stdout)")
    }

    /// The warning for two animations read back as one named its range by string order
    /// (`walk1.png … walk3.png` for frames 1–12); frames are ordered by number.
    @Test func theOneSequenceWarningNamesItsRangeByNumber() throws {
        let folder = try Fixtures.temporaryFolder("cli-frames-range")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = "sequences/kenney-gold-coin", names = Fixtures.pngNames(in: source)
        for (sub, numbers) in [("v1a", 1...3), ("v1b", 10...12)] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(sub)", withIntermediateDirectories: true)
            for (index, number) in numbers.enumerated() {
                try FileManager.default.copyItem(atPath: Fixtures.path("\(source)/\(names[index])"), toPath: "\(folder)/\(sub)/walk\(number).png")
            }
        }
        #expect(try CLI.run(["sheet", "v1a", "v1b", "-o", "out/x.png"], in: folder).status == 0)
        let run = try CLI.run(["frames", "out/x.json", "-o", "fx"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("(walk1.png … walk12.png)"), "\(run.stderr)")
    }

    /// `sheet --json` named the removed files only in a note shortened past three: `removed` lists them all.
    @Test func sheetJSONListsEveryRemovedFile() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "o/s.png", "--max-size", "64"], in: folder).status == 0)
        let run = try CLI.run(["sheet", "coin", "-o", "o/s.png", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(object["removed"] as? [String] == (0..<4).flatMap { ["o/s-\($0).json", "o/s-\($0).png"] }, "\(object)")
    }

    /// Two sprites of two animations that would be one file (`x:y-hero1` and `x_y-hero1`: `:`
    /// becomes `_`) were refused with "rename one in the data" only; `--animation` writes each.
    @Test func aCollisionBetweenTwoAnimationsNamesTheWayOut() throws {
        let folder = try Fixtures.temporaryFolder("cli-frames-collision")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        for (sub, offset) in [("x:y", 0), ("x_y", 1)] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(sub)", withIntermediateDirectories: true)
            for index in 1...3 {
                try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(names[index - 1 + offset])"), toPath: "\(folder)/\(sub)/hero\(index).png")
            }
        }
        #expect(try CLI.run(["sheet", "x:y", "x_y", "-o", "s/s.png", "--engine", "phaser3"], in: folder).status == 0)
        let all = try CLI.run(["frames", "s/s.json", "-o", "f"], in: folder)
        #expect(all.status == 3 && all.stderr.contains("rename one in the data, or write each animation into a folder of its own (--animation NAME writes one)"),
                "\(all.stderr)")
        #expect(try CLI.run(["frames", "s/s.json", "-o", "g", "--animation", "x_y-hero"], in: folder).status == 0)
    }
}
