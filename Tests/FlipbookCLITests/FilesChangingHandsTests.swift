import Foundation
import Testing
import TestSupport

/// Files that change hands between a project's targets (fresh eyes rounds 32 and 33, left open in
/// session 17): what one target's earlier build wrote and another writes now is never lost, and
/// the notes say who replaced what.
@Suite("Files changing hands between targets")
struct FilesChangingHandsTests {
    /// Two sheets with their data in folders of their own swap page names: `b`, now writing
    /// `out/a.png`, replaced the earlier set named `a` across its folders and removed
    /// `data2/atlas.json` — `a`'s data, in this build too — without a word; with `a` failing in
    /// that build, its data was simply gone.
    @Test func aSetWhoseNameChangedHandsLeavesTheOtherTargetsData() throws {
        let before = #"{"targets": {"a": {"sheet": "coin", "output": "out/a.png", "data": "data2/atlas.json"}, "b": {"sheet": "dino", "output": "out/b.png", "data": "data/atlas.json"}}}"#
        let folder = try BuildCommandTests.project(before)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/data2/atlas.json"))
        let swapped = before.replacingOccurrences(of: "out/a.png", with: "out/x.png").replacingOccurrences(of: "out/b.png", with: "out/a.png")
            .replacingOccurrences(of: "out/x.png", with: "out/b.png")
        try Data(swapped.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let frame = folder + "/coin/gold_2.png", good = try Data(contentsOf: URL(fileURLWithPath: frame))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: frame))
        let failing = try CLI.run(["build"], in: folder)
        #expect(failing.status == 3 && failing.stdout.contains("b: built"), "\(failing.stdout) \(failing.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/data2/atlas.json")) == data, "a's data is a's until a is built")
        try good.write(to: URL(fileURLWithPath: frame))
        let fixed = try CLI.run(["build"], in: folder)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let text = try String(contentsOfFile: folder + "/data2/atlas.json", encoding: .utf8)
        #expect(text.contains("../out/b.png") && !text.contains("../out/a.png"), "\(text)")
        let again = try CLI.run(["build"], in: folder)
        #expect(again.stdout.contains("0 built, 2 up to date"), "\(again.stdout)")
    }
}
