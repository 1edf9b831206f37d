import Foundation
import Testing
import TestSupport

/// Fresh eyes round 59: a deleted or renamed target's files, handed to the target that writes its
/// folder now, were said as that heir's ("written by its earlier build") once the heir had been
/// skipped a build, and as "sh's earlier build, where this target writes now" though sh was gone.
@Suite("Fresh eyes 59: handed files keep their writer's name")
struct FreshEyesRoundFiftyNineTests {
    static let first = #"{"targets": {"gif": {"assemble": "coin", "output": "out/coin.gif", "fps": 10}, "#
        + #""fr": {"frames": "out/coin.gif", "output": "g"}}}"#
    /// `fr` deleted, `fr2` writing `g/` instead but skipped (the GIF it reads failed).
    static let second = #"{"targets": {"gif": {"assemble": "coin", "output": "out/coin.gif", "fps": 10, "maxBytes": 100}, "#
        + #""fr2": {"frames": "out/coin.gif", "output": "g", "prefix": "gold"}}}"#

    static func write(_ json: String, in folder: String) throws {
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
    }

    /// Built at last, the heir says fr's files as fr's.
    @Test func aSkippedHeirSaysTheFilesAsTheirWritersWhenBuilt() throws {
        let folder = try BuildCommandTests.project(Self.first)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try Self.write(Self.second, in: folder)
        let skipped = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(skipped.status != 0 && (skipped.stdout + skipped.stderr).contains("fr2: skipped: gif failed"), "\(skipped.stdout)\(skipped.stderr)")
        try Self.write(Self.second.replacingOccurrences(of: #", "maxBytes": 100"#, with: ""), in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: fr2: replaced g/sequence.json; removed g/coin1.png, g/coin2.png and 2 more: written by target fr, "
                                    + "no longer in the project"), "\(run.stderr)")
        #expect(!run.stderr.contains("its earlier build"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/g/coin1.png") && FileManager.default.fileExists(atPath: folder + "/g/gold1.png"))
    }

    /// The heir deleted in turn before it ever built: the files are still fr's, not fr2's.
    @Test func anHeirDeletedBeforeItBuiltNamesTheFirstWriter() throws {
        let folder = try BuildCommandTests.project(Self.first)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        try Self.write(Self.second, in: folder)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status != 0)
        try Self.write(#"{"targets": {"gif": {"assemble": "coin", "output": "out/coin.gif", "fps": 10}, "sh": {"sheet": "coin", "output": "g/atlas.json"}}}"#,
                       in: folder)
        let run = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: removed g/coin1.png, g/coin2.png and 3 more: written by target fr, no longer in the project"), "\(run.stderr)")
        #expect(!run.stderr.contains("fr2"), "\(run.stderr)")
    }

    /// A target renamed (same output): its files are said as the old name's, which is gone.
    @Test func aRenamedTargetsFilesAreSaidAsTheOldNames() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"sh": {"sheet": "coin", "output": "g/atlas.json"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try Self.write(#"{"targets": {"sheet": {"sheet": "coin", "output": "g/atlas.json"}}}"#, in: folder)
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: sheet: replaced g/atlas.json, g/atlas.png: written by target sh, no longer in the project"), "\(run.stderr)")
        #expect(!run.stderr.contains("where this target writes now"), "\(run.stderr)")
    }
}
