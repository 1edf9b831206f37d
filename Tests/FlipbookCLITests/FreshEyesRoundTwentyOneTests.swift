import Foundation
import Testing
import TestSupport

/// What fresh eyes round 21 found in the commands (session 13), on the real gold-coin frames
/// (64² each): one pair of names in two Unicode normalisations threw the whole report away, a
/// folder of sequences was "no folder", a PNG named `.webp` was called an animation.
@Suite("Fresh eyes 21: a normalisation clash is a finding, a folder of sequences is said, a misnamed PNG is no animation")
struct FreshEyesRoundTwentyOneTests {
    /// `café1.png` composed and decomposed in one folder: `validate` exited 3 with no report and no
    /// SARIF, the rest of the tree unchecked. The later name is a finding on that file
    /// (`name.case-clash`: one file on macOS); the rest is checked and the report written.
    @Test func aNormalisationClashIsAFindingNotTheEndOfTheReport() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
        let composed = "caf\u{E9}1.png", decomposed = "cafe\u{301}1.png"
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_1.png", toPath: dir + "/b/" + composed)
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_2.png", toPath: dir + "/b/" + decomposed)
        let run = try CLI.run(["validate", ".", "--format", "sarif", "-o", "r.sarif"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let sarif = try String(contentsOfFile: dir + "/r.sarif", encoding: .utf8)
        #expect(sarif.contains("name.case-clash") && sarif.contains("Unicode normalisation"), "\(sarif.prefix(600))")
        let text = try CLI.run(["validate", "."], in: dir)
        #expect(text.stdout.contains("coin/gold_: 4 frames") && text.stdout.contains("name.case-clash"), "\(text.stdout)")
    }

    /// `sheet par` / `assemble par` on a folder whose sequences are in subfolders said "no frames
    /// found (expected a folder, …)" of a folder; they name the subfolders now.
    @Test(arguments: [["sheet", "par", "-o", "s.png"], ["assemble", "par", "-o", "a.gif"]])
    func aFolderOfSequencesNamesItsSubfolders(arguments: [String]) throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/par", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/coin", toPath: dir + "/par/a")
        try FileManager.default.copyItem(atPath: dir + "/coin", toPath: dir + "/par/b")
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 3 && run.stderr.contains("par holds no frames itself, but its subfolders par/a, par/b do: "
                                                       + "each folder is a sequence of its own; name the one to read"), "\(run.stderr)")
    }

    /// A still PNG named `gold_3.webp`: the misnamed-frame warning said to rename it, then a note
    /// called it "an animation … left out, no frames".
    @Test func aPNGNamedWebPIsNoAnimationInTheNote() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.moveItem(atPath: dir + "/coin/gold_3.png", toPath: dir + "/coin/gold_3.webp")
        let run = try CLI.run(["assemble", "coin", "-o", "c.gif"], in: dir)
        #expect(run.status == 0 && run.stderr.contains("it is a PNG: rename it to gold_3.png") && !run.stderr.contains("an animation"), "\(run.stderr)")
    }
}
