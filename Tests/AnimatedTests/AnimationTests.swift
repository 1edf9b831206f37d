import Basics
import Foundation
import Testing
import TestSupport
@testable import Animated

@Suite("Animation timeline")
struct AnimationTests {
    static func frames(_ count: Int) -> [FrameSource] { (0..<count).map { .file("f\($0).png") } }

    @Test func defaultsToOneThirtiethOfASecondPerFrameAndForever() throws {
        let animation = try Animation(frames: Self.frames(81))
        #expect(try abs(animation.playDuration() - 81.0 / 30) < 1e-12)
        #expect(try animation.totalDuration == nil)
        #expect(try animation.frameIndex(at: 0) == 0)
        #expect(try animation.frameIndex(at: 1.0 / 30) == 1)
        #expect(try animation.frameIndex(at: 81.0 / 30 + 0.001) == 0, "forever wraps around")
        #expect(try animation.frameIndex(at: -5) == 0)
    }

    /// A frame sampled on a step boundary, with the rounding a renderer's arithmetic brings, shows
    /// the step that starts there: the explosion tapped at 1.5 s of a 14 fps scene is at its second
    /// frame (of 14 over 2 s) at frame 23, where `23.0 / 14 - 1.5` is a few ulps short of 1/7.
    @Test func aTimeRoundedJustShortOfAStepBoundaryShowsTheNextStep() throws {
        let animation = try Animation(frames: Self.frames(14), duration: 2, repeatCount: 1)
        let elapsed = 23.0 / 14 - 1.5
        #expect(elapsed < 1.0 / 7, "the rounding this test is about")
        #expect(try animation.frameIndex(at: elapsed) == 1)
        #expect(try animation.frameIndex(at: 1.0 / 7 - 1e-6) == 0, "a microsecond before the boundary is still the first step")
        #expect(try animation.frameIndex(at: 2 - 1e-12) == 13 && animation.frameIndex(at: 2 - 1e-6) == 13)
        // Every boundary of a 30 fps play sampled at n / 30, summed the way a timeline sums them.
        let thirty = try Animation(frames: Self.frames(30), duration: 1)
        var time = 0.0
        for step in 0..<30 {
            #expect(try thirty.frameIndex(at: time) == step)
            time += 1.0 / 30
        }
    }

    /// The boundary between two plays, sampled with a renderer's rounding, shows the next play's
    /// first step: 100 + 200 ms looping, sampled at 10 fps, is R B B R B B…; it showed the last
    /// step again at every wrap (R B B B B B…: 0.3 is a few ulps short of 0.1 + 0.2), in
    /// `render` for `frameDurations` and GIF, APNG and WebP delays (fresh eyes 23).
    @Test(arguments: [([0.1, 0.2], [0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1]), ([0.2, 0.1], [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
                      ([0.1, 0.1], [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1])])
    func aPlaysEndSampledWithRoundingStartsTheNext(durations: [Double], expected: [Int]) throws {
        let animation = try Animation(frames: Self.frames(2), frameDurations: durations)
        #expect(try (0..<12).map { try animation.frameIndex(at: Double($0) / 10) } == expected)
        // Played 3 times: at the end the last step stays.
        var three = animation
        three.repeatCount = 3
        let play = durations.reduce(0, +)
        #expect(try three.frameIndex(at: play) == 0 && three.frameIndex(at: 3 * play) == 1 && three.frameIndex(at: 3 * play + 1) == 1)
    }

    @Test(arguments: [
        (Animation.Direction.forward, [0, 1, 2, 3]),
        (.reverse, [3, 2, 1, 0]),
        (.pingpong, [0, 1, 2, 3, 2, 1]),
        (.pingpongReverse, [3, 2, 1, 0, 1, 2]),
    ])
    func walksEachDirection(direction: Animation.Direction, expected: [Int]) throws {
        let animation = try Animation(frames: Self.frames(4), duration: Double(expected.count), repeatCount: 0, direction: direction)
        #expect(animation.steps() == expected)
        let shown = try (0..<(expected.count * 2)).map { try animation.frameIndex(at: Double($0) + 0.5)! }
        #expect(shown == expected + expected)
    }

    @Test(arguments: [(1, 0.99, 2), (1, 1.0, 2), (1, 50.0, 2), (3, 1.5, 1), (3, 2.99, 2), (3, 3.01, 2), (0, 1000.2, 0)])
    func stopsOnTheLastFrameAfterTheLastRepeat(repeatCount: Int, time: Double, expected: Int) throws {
        let animation = try Animation(frames: Self.frames(3), duration: 1, repeatCount: repeatCount)
        #expect(try animation.frameIndex(at: time) == expected)
        #expect(try animation.totalDuration == (repeatCount == 0 ? nil : Double(repeatCount)))
    }

    @Test func honoursPerFrameDurations() throws {
        let animation = try Animation(frames: Self.frames(3), duration: 99, frameDurations: [0.1, 0.5, 0.2], repeatCount: 1)
        #expect(try abs(animation.playDuration() - 0.8) < 1e-12)
        #expect(try animation.frameIndex(at: 0.05) == 0)
        #expect(try animation.frameIndex(at: 0.1) == 1, "a boundary belongs to the next frame")
        #expect(try animation.frameIndex(at: 0.59) == 1)
        #expect(try animation.frameIndex(at: 0.61) == 2)
        #expect(try animation.frameIndex(at: 0.81) == 2)

        let pingpong = try Animation(frames: Self.frames(3), frameDurations: [0.1, 0.5, 0.2], direction: .pingpong)
        #expect(try abs(pingpong.playDuration() - 1.3) < 1e-12, "0.1 + 0.5 + 0.2 + 0.5")
        #expect(try pingpong.frameIndex(at: 1.0) == 1)
        #expect(try pingpong.frameIndex(at: 1.31) == 0)
    }

    @Test func highlightedFramesShareThePlayDuration() throws {
        let animation = try Animation(frames: Self.frames(4), highlightedFrames: Self.frames(2), duration: 2)
        #expect(try animation.frameIndex(at: 0.9, highlighted: true) == 0)
        #expect(try animation.frameIndex(at: 1.1, highlighted: true) == 1)
        #expect(try animation.frameIndex(at: 1.1, highlighted: false) == 2)
        let plain = try Animation(frames: Self.frames(4), duration: 2)
        #expect(try plain.frameIndex(at: 1.1, highlighted: true) == 2, "without highlighted frames, the normal ones show")
    }

    @Test func emptyAnimationShowsNothing() throws {
        #expect(try Animation(frames: []).frameIndex(at: 1) == nil)
    }

    /// A duration list of the wrong length, and NaN, negative, zero, infinite or day-long-plus
    /// durations, are refused by name (they were taken: the list was ignored, a play lasted NaN s).
    @Test(arguments: [
        ([0.1, 0.2], nil, 0, 1, "Animation.frameDurations gives 2 durations for 3 frames"),
        ([0.1, .nan, 0.1], nil, 0, 1, "Animation.frameDurations[1]"),
        ([0.1, 0.1, -0.5], nil, 0, 1, "Animation.frameDurations[2]"),
        ([0, 0.1, 0.1], nil, 0, 1, "Animation.frameDurations[0]"),
        ([0.1, .infinity, 0.1], nil, 0, 1, "Animation.frameDurations[1]"),
        ([0.1, 86_401, 0.1], nil, 0, 1, "Animation.frameDurations[1]"),
        (nil, Double.nan, 0, 1, "Animation.duration"),
        (nil, -2, 0, 1, "Animation.duration"),
        (nil, nil, -1, 1, "Animation.repeatCount"),
        (nil, nil, 0, 0, "Animation.scale"),
        (nil, nil, 0, Int.max, "Animation.scale"),
    ] as [([Double]?, Double?, Int, Int, String)])
    func refusesValuesOutOfRange(durations: [Double]?, duration: Double?, repeatCount: Int, scale: Int, named: String) {
        do {
            let animation = try Animation(frames: Self.frames(3), duration: duration, frameDurations: durations, repeatCount: repeatCount, scale: scale)
            Issue.record("accepted; a play lasts \((try? animation.playDuration()).map { "\($0)" } ?? "(refused)") s")
        } catch {
            #expect(error.description.hasPrefix(named), "\(error)")
        }
    }

    /// An animation's own repeat count that the format cannot hold is refused before encoding,
    /// naming the setting that overrides it (the encoder refused it as an input error).
    @Test func aRepeatCountTheFormatCannotHoldIsRefused() throws {
        let frames: [FrameSource] = [.file(Fixtures.repository + "/Sequences/kenney-robot-walk/robot_walk0.png")]
        let animation = try Animation(frames: frames, repeatCount: 70_000)
        let refusal = SettingError(.repeatCount, of: "AssembleJob", value: "70000", problem: .sourceOutOfRange(.range(0...65_536)), format: "GIF")
        #expect(throws: AssembleError.setting(refusal)) {
            _ = try AssembleJob(source: .animation(animation), output: nil).plan(cancellation: nil)
        }
        #expect(refusal.description == "the source plays 70000 times, more than GIF can say (0 forever, or 1…65536 plays): "
                + "set AssembleJob.repeatCount")
        var job = AssembleJob(source: .animation(animation), output: nil)
        job.repeatCount = 3
        #expect(try job.plan(cancellation: nil).encoder.repeatCount == 3)
    }

    /// A timing or an animation value out of range is a setting error naming the setting, its
    /// type, the value and the values allowed (it was a sentence: `.outOfRange("Animation.scale is 1…9 (got 10)")`).
    static let outOfRange: [(@Sendable () throws -> Void, SettingError, String)] = [
        ({ throw Animation.Timing(fps: 0).rangeError() ?? .noHighlightedFrames },
         SettingError(.fps, of: "Animation.Timing", value: 0, allowed: .interval(Animation.Timing.fpsRange)),
         "Animation.Timing.fps must be between 1/86400 and 1000 (got 0)"),
        ({ throw Animation.Timing(duration: -2).rangeError() ?? .noHighlightedFrames },
         SettingError(.duration, of: "Animation.Timing", value: -2, allowed: .seconds(atMost: 86_400)),
         "Animation.Timing.duration must be positive, at most a day (86400 s) (got -2 s)"),
        ({ throw Animation.Timing(delays: [0.1, .nan]).rangeError() ?? .noHighlightedFrames },
         SettingError(.delays(index: 1), of: "Animation.Timing", value: .nan, allowed: .seconds(atMost: 86_400)),
         "Animation.Timing.delays[1] must be positive, at most a day (86400 s) (got NaN s)"),
        ({ _ = try Animation(frames: AnimationTests.frames(3), frameDurations: [0.1, 0.1, 1e6]) },
         SettingError(.frameDurations(index: 2), of: "Animation", value: 1e6, allowed: .seconds(atMost: 86_400)),
         "Animation.frameDurations[2] must be positive, at most a day (86400 s) (got 1000000 s)"),
        ({ _ = try Animation(frames: AnimationTests.frames(3), scale: 10) }, SettingError(.scale, of: "Animation", value: 10, allowed: .range(1...3)),
         "Animation.scale is 1…3 (got 10)"),
        ({ _ = try Animation(frames: AnimationTests.frames(3), repeatCount: -1) },
         SettingError(.repeatCount, of: "Animation", value: -1, allowed: .atLeast(0)), "Animation.repeatCount cannot be negative (got -1)"),
    ]

    @Test(arguments: outOfRange)
    func aValueOutOfRangeNamesItsSetting(make: @Sendable () throws -> Void, refusal: SettingError, message: String) {
        #expect(throws: Animation.PlaybackError.outOfRange(refusal)) { try make() }
        #expect(refusal.description == message)
    }

    /// Values set after the initializer are checked when a play is built from them.
    @Test func aPlayChecksValuesSetLater() throws {
        var animation = try Animation(frames: Self.frames(3), frameDurations: [0.1, 0.2, 0.3])
        animation.frameDurations = [0.1, -1, 0.3]
        #expect(throws: Animation.PlaybackError.self) { _ = try animation.playback() }
        animation.frameDurations = [0.1, 0.2]
        #expect(throws: Animation.PlaybackError.frameDurationCount(given: 2, frames: 3)) { _ = try animation.playback() }
        #expect(throws: AssembleError.playback(.frameDurationCount(given: 2, frames: 3))) {
            _ = try AssembleJob(source: .animation(animation), output: nil).plan(cancellation: nil)
        }
    }
}

@Suite("sequence.json")
struct SequenceManifestTests {
    @Test func roundTripsAndBuildsTheAnimation() throws {
        let tree = try FixtureTree()
        let manifest = SequenceManifest(name: "explosion", fps: 24, repeatCount: 3, direction: .pingpong,
                                        highlighted: "explosion_hl", scale: 2)
        try manifest.write(to: tree.path("sequence.json"))
        let read = try SequenceManifest.read(file: tree.path("sequence.json"))
        #expect(read == manifest)
        let animation = read.animation(frames: AnimationTests.frames(5))
        #expect(animation.steps().count == 8)
        #expect(try abs(animation.playDuration() - 8.0 / 24) < 1e-12)
        #expect(animation.repeatCount == 3 && animation.scale == 2 && animation.direction == .pingpong)
    }

    @Test func readsTheDesignExample() throws {
        let tree = try FixtureTree()
        try tree.write("sequence.json", """
            { "name": "explosion", "fps": 30, "repeatCount": 0, "direction": "forward",
              "frameDurations": null, "highlighted": "explosion_hl", "scale": 2 }
            """)
        let manifest = try SequenceManifest.read(file: tree.path("sequence.json"))
        #expect(manifest.name == "explosion" && manifest.fps == 30 && manifest.highlighted == "explosion_hl")
        let timed = SequenceManifest(frameDurations: [100, 300]).animation(frames: AnimationTests.frames(2))
        #expect(try timed.stepDurations() == [0.1, 0.3])
    }

    @Test(arguments: [
        #"{"fps": 0}"#, #"{"fps": 30, "duration": 2}"#, #"{"repeatCount": -1}"#, #"{"direction": "sideways"}"#,
        #"{"frameDurations": [100, 0]}"#, #"{"scale": 4}"#, #"{"fps": "fast"}"#, "not json",
    ])
    func rejectsInvalidManifests(text: String) throws {
        let tree = try FixtureTree()
        try tree.write("sequence.json", text)
        #expect {
            _ = try SequenceManifest.read(file: tree.path("sequence.json"))
        } throws: { error in
            switch error as? SequenceManifest.Error {
            case .invalid(let file, let reason)?: return file.hasSuffix("sequence.json") && !reason.isEmpty
            case .schema(let error)?: return error.file.hasSuffix("sequence.json")
            default: return false
            }
        }
    }

    /// A manifest that cannot be written is a write error ("cannot write", the CLI's exit 4), not
    /// "cannot read". Here `sequence.json` is a folder, so the rename fails (also for root; a
    /// temporary file that cannot be written is the same case).
    @Test func aFailedWriteSaysCannotWrite() throws {
        let tree = try FixtureTree()
        let path = tree.path("sequence.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect {
            try SequenceManifest(fps: 30).write(to: path)
        } throws: { error in
            let text = "\(error)"
            return (error as? SequenceManifest.Error)?.file == path && text.hasPrefix("cannot write \(path): ")
                && !text.contains("cannot read")
        }
    }
}

@Suite("Loading an animation from a source")
struct AnimationLoaderTests {
    @Test func usesTheManifestForTimingScaleAndHighlightedFrames() throws {
        let tree = try FixtureTree()
        for n in 1...3 {
            try tree.png("fx/boom\(n).png", 2, 2)
            try tree.png("fx/boom\(n)@2x.png", 4, 4)
            try tree.png("fx/boom_hl\(n)@2x.png", 4, 4)
        }
        try SequenceManifest(name: "boom", fps: 12, repeatCount: 2, highlighted: "boom_hl", scale: 2)
            .write(to: tree.path("fx/sequence.json"))
        let animation = try Animation.load([tree.path("fx")])
        #expect(animation.frames.compactMap(\.path).map { URL(fileURLWithPath: $0).lastPathComponent }
                    == ["boom1@2x.png", "boom2@2x.png", "boom3@2x.png"])
        #expect(animation.highlightedFrames?.count == 3)
        #expect(animation.scale == 2 && animation.repeatCount == 2)
        #expect(try abs(animation.playDuration() - 0.25) < 1e-12)

        // Only @2x files: picked for scale 1 as UIKit falls back, and the animation says 2.
        for n in 1...3 { try tree.png("retina/spin\(n)@2x.png", 4, 4) }
        let retina = try Animation.load([tree.path("retina")])
        #expect(retina.frames.count == 3 && retina.scale == 2)
        #expect(try Animation.load([tree.path("retina")], scale: 1).scale == 2)

        let atOne = try Animation.load([tree.path("fx/boom")], scale: 1)
        #expect(atOne.frames.compactMap(\.path).allSatisfy { !$0.contains("@2x") })
    }

    @Test func refusesAFolderOfSeveralSequencesWithoutAManifest() throws {
        let tree = try FixtureTree()
        for n in 1...2 { try tree.png("a/walk\(n).png", 2, 2); try tree.png("a/jump\(n).png", 2, 2) }
        #expect(throws: Animation.LoadError.self) { _ = try Animation.load([tree.path("a")]) }
        let walk = try Animation.load([tree.path("a/walk")])
        #expect(try walk.frames.count == 2 && walk.playDuration() == 2.0 / 30)
    }
}
