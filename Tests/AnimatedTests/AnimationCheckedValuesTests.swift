import Basics
import Foundation
import Testing
import TestSupport
@testable import Animated

/// Values out of range give an error, never a plausible wrong number: the properties an
/// `Animation` is changed through after `init`, the counts and times its functions take, and the
/// one scale range every scale check shares.
@Suite("Animation values checked")
struct AnimationCheckedValuesTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static func frames(_ count: Int) -> [FrameSource] { (0..<count).map { .file("f\($0).png") } }

    /// `steps(count:)` allocates its list whole: `Int.max` and `1 << 40` ended the process.
    @Test(arguments: Animation.Direction.allCases)
    func stepsOfAHugeCountAreALimitError(direction: Animation.Direction) throws {
        for count in [Int.max, 1 << 40, ResourceLimits.default.maxFrames + 1] {
            #expect(throws: LimitError(limit: .frames, subject: "Animation.Direction.steps(count:)", amount: count,
                                       maximum: ResourceLimits.default.maxFrames)) { _ = try direction.steps(count: count) }
        }
        #expect(try direction.steps(count: 3).count == (direction == .forward || direction == .reverse ? 3 : 4))
        #expect(try direction.steps(count: -1) == [])
    }

    @Test func aNegativeRepeatCountSetLaterIsRefusedNotANegativeLength() throws {
        var animation = try Animation(frames: Self.frames(2), repeatCount: 2)
        #expect(try animation.totalDuration == 4.0 / 30)
        animation.repeatCount = -5
        #expect(throws: Animation.PlaybackError.outOfRange(SettingError(.repeatCount, of: "Animation", value: -5, allowed: .atLeast(0)))) {
            _ = try animation.totalDuration
        }
    }

    @Test func nanDurationsSetLaterAreRefusedNotNaN() throws {
        var animation = try Animation(frames: Self.frames(2))
        animation.frameDurations = [.nan, -1]
        #expect(throws: Animation.PlaybackError.self) { _ = try animation.playDuration() }
        #expect(throws: Animation.PlaybackError.self) { _ = try animation.frameIndex(at: 1) }
        do { _ = try animation.playDuration() } catch { #expect(error.description.contains("frameDurations[0]")) }
    }

    @Test func aWrongCountOfFrameDurationsIsRefusedNotReplacedByThirtyFps() throws {
        var animation = try Animation(frames: Self.frames(2))
        animation.frameDurations = [0.1]
        #expect(throws: Animation.PlaybackError.frameDurationCount(given: 1, frames: 2)) { _ = try animation.stepDurations() }
    }

    /// A time that names no step of a forever loop: NaN gave 0, ∞ gave 1 and 1e300 gave 0.
    @Test(arguments: [Double.nan, .infinity, 1e300, 1e17])
    func aTimeThatNamesNoStepIsRefused(time: Double) throws {
        let forever = try Animation(frames: Self.frames(2))
        #expect(throws: Animation.PlaybackError.self) { _ = try forever.frameIndex(at: time) }
        do { _ = try forever.frameIndex(at: time) } catch {
            #expect(error.description.contains(time.isNaN ? "NaN" : "loops forever"), "\(error)")
        }
    }

    @Test func timesPastTheLastPlayStillShowTheLastStep() throws {
        let twice = try Animation(frames: Self.frames(2), repeatCount: 2)
        #expect(try twice.frameIndex(at: .infinity) == 1)
        #expect(try twice.frameIndex(at: 1e300) == 1)
        #expect(try twice.frameIndex(at: -.infinity) == 0)
        #expect(try Animation(frames: Self.frames(2)).frameIndex(at: 1500 * 2.0 / 30 + 0.05) == 1, "wraps around to the second frame")
    }

    /// `Timing(frameDuration: 0)` complained about "fps (got ∞)"; the caller set a frame duration.
    @Test(arguments: [(0.0, "got 0.0 s"), (-0.1, "got -0.1 s"), (.nan, "got NaN s"), (100_000.0, "got 100000.0 s")])
    func aFrameDurationOutOfRangeIsNamedAsOne(seconds: Double, got: String) throws {
        let error = try #require(Animation.Timing(frameDuration: seconds).rangeError())
        #expect(error == .frameDuration(seconds) || seconds.isNaN)
        #expect(error.description.hasPrefix("Animation.Timing(frameDuration:) must be between 1/1000 and 86400 s"), "\(error)")
        #expect(error.description.contains(got) && !error.description.contains("fps"), "\(error)")
        #expect(Animation.Timing(frameDuration: 0.1) == Animation.Timing(fps: 10))
        #expect(Animation.Timing(frameDuration: 0.1).rangeError() == nil)
    }

    /// `Animation.load(scale:)` took `Int.max`, -1 and 0 as `@1x` while `AssembleJob.scale` refused them.
    @Test(arguments: [Int.max, -1, 0, 4, Int.min])
    func aScaleOutOfTheOneRangeIsRefusedWhereverItIsGiven(scale: Int) throws {
        let expected = SettingError(.scale, of: nil, value: scale, allowed: .range(ImageFileName.scaleRange))
        #expect(throws: Animation.LoadError.setting(expected)) { _ = try Animation.load([Self.coin], scale: scale) }
        #expect(throws: Animation.LoadError.setting(expected)) { _ = try Animation.load(files: [], scale: scale) }
        var job = AssembleJob(sources: [Self.coin], output: nil)
        job.scale = scale
        #expect(throws: AssembleError.setting(SettingError(.scale, of: "AssembleJob", value: scale, allowed: .range(ImageFileName.scaleRange)))) {
            _ = try job.plan(cancellation: nil)
        }
        #expect(throws: Animation.PlaybackError.outOfRange(SettingError(.scale, of: "Animation", value: scale,
                                                                        allowed: .range(ImageFileName.scaleRange)))) {
            _ = try Animation(frames: Self.frames(1), scale: scale)
        }
        #expect(expected.description == "scale is 1…3 (got \(scale))")
    }

    @Test func everyScaleOfTheRangeLoads() throws {
        for scale in ImageFileName.scaleRange { _ = try Animation.load([Self.coin], scale: scale) }
        #expect(ImageFileName.scaleRange == 1...3)
    }
}
