import Foundation
import Testing
import TestSupport

/// What fresh eyes round 22 found (session 14), on the real gold-coin and dino frames.
@Suite("Fresh eyes 22: a watch says what the cache rewrote, key paths, exit codes, a gap said in any order")
struct FreshEyesRoundTwentyTwoTests {
    /// `build --watch` printed nothing (and no JSON event) when a save's new state was one the
    /// cache held (a frame deleted, then put back): the outputs were rewritten without a word.
    @Test func aBuildFromTheCacheIsSaid() throws {
        let folder = try BuildCommandTests.project(BuildWatchCommandTests.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = folder + "/coin/" + Fixtures.pngNames(in: "sequences/kenney-gold-coin")[3]
        let kept = try Data(contentsOf: URL(fileURLWithPath: frame))
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json"], in: folder)
        #expect(watch.waitForLines(1))
        try FileManager.default.removeItem(atPath: frame)
        #expect(watch.waitForLines(2))
        try kept.write(to: URL(fileURLWithPath: frame))
        #expect(watch.waitForLines(3), "\(watch.stdout) \(watch.stderr)")
        let third = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(third?["fromCache"] as? [String] == ["coin"] && third?["built"] as? [String] == [], "\(watch.stdout)")
        #expect(watch.interrupt() == 130)

        let text = try BuildWatchCommandTests.Watching(["build", "--watch"], in: folder)
        #expect(text.waitForLines(1))
        try FileManager.default.removeItem(atPath: frame)
        #expect(text.waitForLines(2))
        try kept.write(to: URL(fileURLWithPath: frame))
        #expect(text.waitForLines(3), "\(text.stdout)")
        #expect(text.stdout.last?.hasSuffix("changed: from cache coin; 1 up to date") == true, "\(text.stdout)")
        #expect(text.interrupt() == 130)
    }

    /// A wrong value the project's `defaults` gave a target was reported at the target's key path
    /// (`targets.gold.fps`), where the target has no such key.
    @Test func aDefaultsValueIsReportedWhereItIs() throws {
        let folder = try BuildFreshEyesTwelveTests.project(#"""
            { "defaults": { "assemble": { "fps": "12" } },
              "targets": { "gold": { "assemble": "src/coin", "output": "out/g.gif" } } }
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("flipbook.json: defaults.assemble.fps: expected a number"), "\(run.stderr)")
        // The target's own value is the target's.
        try Data(#"{ "defaults": { "assemble": { "fps": 12 } }, "targets": { "gold": { "assemble": "src/coin", "output": "out/g.gif", "fps": -3 } } }"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let own = try CLI.run(["build"], in: folder)
        #expect(own.status == 2 && own.stderr.contains("targets.gold.fps"), "\(own.stderr)")
    }

    /// A sheet page over `--max-pixels` because of `--max-size` and `--extrude` exited 1 ("problems
    /// found"); it is a flag over a resource limit: 2.
    @Test func aPageOverThePixelLimitIsAFlagsFault() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sheet", "coin", "-o", "s/f.png", "--extrude", "3000", "--max-size", "100000"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("over the 67108864-pixel limit"), "\(run.status) \(run.stderr)")
    }

    /// Frames picked from a folder by hand were warned about a gap in name order
    /// (`gold_1.png gold_3.png`) and not in another order: a frame the folder has and the list
    /// skips is skipped on purpose; only a number the folder lacks too is a gap.
    @Test func framesPickedByHandHaveNoGap() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for list in [["coin/gold_1.png", "coin/gold_3.png"], ["coin/gold_3.png", "coin/gold_1.png", "coin/gold_4.png"]] {
            let run = try CLI.run(["assemble"] + list + ["-o", "p.gif", "--overwrite"], in: dir)
            #expect(run.status == 0 && !run.stderr.contains("seq.gap"), "\(list) \(run.stderr)")
        }
        // The folder without frame 2: a glob over it still says the gap.
        try FileManager.default.removeItem(atPath: dir + "/coin/gold_2.png")
        let glob = try CLI.run(["assemble", "coin/gold_1.png", "coin/gold_3.png", "coin/gold_4.png", "-o", "q.gif"], in: dir)
        #expect(glob.status == 0 && glob.stderr.contains("missing frame 2 of coin/gold_1…4"), "\(glob.stderr)")
    }
}
