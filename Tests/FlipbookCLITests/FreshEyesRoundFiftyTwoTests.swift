import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 52: a watch sees a file of the user's go from where an output's folder should
/// be, and edits where a linked source really lies; a missing font is not said to lack @Nx variants.
@Suite("Fresh eyes 52")
struct FreshEyesRoundFiftyTwoTests {
    /// A file of the user's named `build` stands where the outputs' folder should be: both targets
    /// fail. Removing it built nothing (only the outputs' own names were watched, in a folder that
    /// is a file): the nearest folder above a failed output is watched now.
    @Test func aFileWhereTheOutputsFolderShouldBeIsSeenToGo() throws {
        let folder = try BuildCommandTests.project(BuildWatchCommandTests.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/build"))
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json", "--no-cache"], in: folder)
        #expect(watch.waitForLines(1))
        let first = try JSONSerialization.jsonObject(with: Data((watch.stdout.first ?? "").utf8)) as? [String: Any]
        #expect((first?["failed"] as? [String])?.sorted() == ["coin", "dino"], "\(watch.stdout)")

        try FileManager.default.removeItem(atPath: folder + "/build")
        #expect(watch.waitForLines(2), "no build after the file in the way was removed")
        let second = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect((second?["built"] as? [String])?.sorted() == ["coin", "dino"], "\(watch.stdout)")
        #expect(!watch.waitForLines(3, timeout: 1.5), "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    /// A source folder that is a link (`coin` → `store/coin`): a frame saved in `store/coin` is
    /// named by its real path in the events, which matched nothing the project reads, so the watch
    /// built nothing. Where a linked source really lies is watched, and named as the project names it.
    @Test func anEditWhereALinkedSourceReallyLiesIsBuilt() throws {
        let folder = try BuildCommandTests.project(BuildWatchCommandTests.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/store", withIntermediateDirectories: true)
        try manager.moveItem(atPath: folder + "/coin", toPath: folder + "/store/coin")
        try manager.createSymbolicLink(atPath: folder + "/coin", withDestinationPath: "store/coin")
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json", "--no-cache"], in: folder)
        #expect(watch.waitForLines(1))
        let frame = try Data(contentsOf: URL(fileURLWithPath: folder + "/store/coin/gold_1.png"))
        try frame.write(to: URL(fileURLWithPath: folder + "/store/coin/gold_3.png"))
        #expect(watch.waitForLines(2), "no build after a frame was saved where the linked source lies")
        let second = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(second?["built"] as? [String] == ["coin"] && second?["changes"] as? [String] == ["coin/gold_3.png"], "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    @Test func aMissingFontIsNotSaidToLackVariants() throws {
        let folder = try Fixtures.temporaryFolder("fresh52-font")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"size": [40, 20], "frames": 1, "layers": [{"text": {"string": "hi", "font": "fonts/none.ttf", "fontSize": 10}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s.json"))
        let run = try CLI.run(["render", "s.json", "-o", "s.png"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("\"fonts/none.ttf\" was not found beside the scene:") && !run.stderr.contains("@Nx"),
                "\(run.stderr)")
    }
}
