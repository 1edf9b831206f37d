import Animated
import Basics
import Compose
import Foundation
import Raster
import Testing
import TestSupport

/// Round 24 of fresh eyes (session 15): what a `blur`, `resize` or `slice` of a sequence left out
/// without a word. Inputs: Kenney's gold coin, at @1x and made at @2x and @3x
/// (``FrameOperationJobTests/threeScales(in:)``), and as a sequence with highlighted frames.
@Suite("FrameOperationJob says what its output leaves out")
struct FrameOperationLeftOutTests {
    static func removeScales(_ scales: [Int], from folder: String) throws {
        // @1x frames are named without a scale (`gold_1.png`).
        for name in try FileManager.default.contentsOfDirectory(atPath: folder)
        where scales.contains(where: { $0 == 1 ? name.hasSuffix(".png") && !name.contains("@") : name.contains("@\($0)x") }) {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// `blur art -o b.gif` wrote `b.gif`, `b@2x.gif` and `b@3x.gif`; after the source lost its
    /// @2x and @3x frames the same command wrote `b.gif` and left the others, which @2x and @3x
    /// screens then played, exit 0 and no word.
    @Test func anEarlierRunsAnimationAtAScaleNotWrittenNowIsSaid() throws {
        let folder = try Fixtures.temporaryFolder("left-out-scales")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try FrameOperationJobTests.threeScales(in: folder)
        let job = FrameOperationJob(sources: [source], output: folder + "/b.gif", operation: .blur(Blur(sigma: 1)))
        let first = try job.run(cancellation: nil)
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        #expect(["b.gif", "b@2x.gif", "b@3x.gif"].allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) })
        try Self.removeScales([2, 3], from: source)
        let second = try job.run(cancellation: nil)
        for scale in [2, 3] {
            #expect(second.warnings.contains {
                $0.hasPrefix("\(folder)/b@\(scale)x.gif, beside the output, is not written again (\(source) has no @\(scale)x frames)")
            }, "\(second.warnings)")
        }
        // A file of the user's at that name is theirs: not said to be an earlier run's.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/b@2x.gif"))
        let third = try job.run(cancellation: nil)
        #expect(!third.warnings.contains { $0.contains("b@2x.gif") } && third.warnings.contains { $0.contains("b@3x.gif") }, "\(third.warnings)")
    }

    /// The same into a folder: the rerun wrote new @1x frames beside the earlier run's @2x and
    /// @3x ones (same count and timing, so not refused), exit 0 and no word.
    @Test func anEarlierRunsFramesAtAScaleNotWrittenNowAreSaid() throws {
        let folder = try Fixtures.temporaryFolder("left-out-folder-scales")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try FrameOperationJobTests.threeScales(in: folder)
        let job = FrameOperationJob(sources: [source], output: folder + "/out", operation: .blur(Blur(sigma: 1)))
        #expect(try job.run(cancellation: nil).warnings.isEmpty)
        try Self.removeScales([2, 3], from: source)
        let second = try job.run(cancellation: nil)
        for scale in [2, 3] {
            #expect(second.warnings.contains("\(folder)/out still holds 4 frames at @\(scale)x (gold_1@\(scale)x.png…) from an earlier run, not "
                                             + "written again (\(source) has no @\(scale)x frames): readers of the folder at @\(scale)x take "
                                             + "them; remove them if those frames are gone"), "\(second.warnings)")
        }
    }

    /// A source that lost its middle scale (@2x of @1x, @2x, @3x) or, in round 27, its @1x frames:
    /// the earlier `b@2x.gif` (`b.gif`) and the folder's `gold_1@2x.png…` (`gold_1.png…`) stayed
    /// without a word (only scales above the highest, then above the lowest written, were looked at).
    @Test(arguments: [(2, "b.gif", "b@2x.gif", "gold_1@2x.png"), (1, "b@2x.gif", "b.gif", "gold_1.png")])
    func aLostScaleIsSaid(lost: Int, output: String, earlier: String, firstFrame: String) throws {
        let folder = try Fixtures.temporaryFolder("left-out-\(lost)x")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try FrameOperationJobTests.threeScales(in: folder)
        let gif = FrameOperationJob(sources: [source], output: folder + "/" + output, operation: .blur(Blur(sigma: 1)))
        let frames = FrameOperationJob(sources: [source], output: folder + "/out", operation: .blur(Blur(sigma: 1)))
        _ = try gif.run(cancellation: nil)
        _ = try frames.run(cancellation: nil)
        try Self.removeScales([lost], from: source)
        #expect(try gif.run(cancellation: nil).warnings.contains { $0.hasPrefix("\(folder)/\(earlier), beside the output, is not written again") })
        let again = try frames.run(cancellation: nil).warnings
        #expect(again.contains { $0.hasPrefix("\(folder)/out still holds 4 frames at @\(lost)x (\(firstFrame)…)") } && !again.contains { $0.contains("@3x") },
                "\(again)")
    }

    /// `resize` of @1x and @2x frames to `r@3x.webp` wrote `r.webp` and `r@2x.webp`, no `r@3x.webp`, without a word.
    @Test func aNameAtAScaleTheSourceLacksIsSaid() throws {
        let folder = try Fixtures.temporaryFolder("left-out-name")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try FrameOperationJobTests.threeScales(in: folder)
        try Self.removeScales([3], from: source)
        let outcome = try FrameOperationJob(sources: [source], output: folder + "/r@3x.gif", operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(outcome.warnings.contains("\(folder)/r@3x.gif is not written: \(source) has no @3x frames; each scale's animation is named "
                                          + "for its own (\(folder)/r.gif, \(folder)/r@2x.gif)"), "\(outcome.warnings)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/r@3x.gif"))
    }

    /// The coin's frames as `walk1…4` and the first three again as highlighted `walk_hl1…3`,
    /// timed by a manifest for `walk`.
    static func highlighted(in folder: String) throws -> String {
        let walk = folder + "/walk"
        try FileManager.default.createDirectory(atPath: walk, withIntermediateDirectories: true)
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        for number in 1...4 {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(number).png", toPath: "\(walk)/walk\(number).png")
            if number < 4 { try FileManager.default.copyItem(atPath: "\(coin)/gold_\(number).png", toPath: "\(walk)/walk_hl\(number).png") }
        }
        try Data(#"{"name": "walk", "frameDurations": [100, 200, 300, 400], "highlighted": "walk_hl"}"#.utf8)
            .write(to: URL(fileURLWithPath: walk + "/sequence.json"))
        return walk
    }

    /// A blur of a folder with highlighted frames wrote the played sequence only, without a word.
    @Test func highlightedFramesLeftOutAreSaid() throws {
        let folder = try Fixtures.temporaryFolder("left-out-highlighted")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let walk = try Self.highlighted(in: folder)
        let outcome = try FrameOperationJob(sources: [walk], output: folder + "/b", operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(outcome.warnings.contains("the 3 highlighted frames (walk_hl…) are not in the output: a blur works on the sequence played; "
                                          + "name them by their prefix (\(walk)/walk_hl) for theirs"), "\(outcome.warnings)")
    }

    /// `walk/walk_hl` — the highlighted frames named by their prefix — was refused: "frameDurations:
    /// has 4 entries; 3 expected (one per frame of "walk_hl")", durations that are walk's. They load
    /// on their own, untimed by a manifest that times only walk; the folder's only sequence named
    /// as highlighted is still the manifest's error.
    @Test func highlightedFramesNamedByTheirPrefixLoadOnTheirOwn() throws {
        let folder = try Fixtures.temporaryFolder("highlighted-prefix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let walk = try Self.highlighted(in: folder)
        let animation = try Animation.load([walk + "/walk_hl"])
        #expect(animation.frames.count == 3 && animation.frameDurations == nil && animation.highlightedFrames == nil)
        let blurred = try FrameOperationJob(sources: [walk + "/walk_hl"], output: folder + "/hl.gif", operation: .blur(Blur(sigma: 1)))
            .run(cancellation: nil)
        #expect(blurred.frames == 3)
        // Only highlighted frames in the folder: nothing to play normally, as before.
        for number in 1...4 { try FileManager.default.removeItem(atPath: "\(walk)/walk\(number).png") }
        #expect(throws: Animation.LoadError.self) { _ = try Animation.load([walk + "/walk_hl"]) }
    }
}
