import Animated

/// One play of a sequence as the page plays it: the frame of each step and its seconds, the
/// play's length and the repeat count, all computed by `Animation` (`steps(highlighted:)`,
/// `stepDurations(highlighted:)`), so the page's script only looks up which step a time falls
/// in, the walk `Animation.frameIndex(at:highlighted:)` makes: the first step at or before 0, the
/// last after the last play, else the step of `t` mod the play, its durations subtracted in order.
struct PreviewTiming: Sendable, Equatable {
    /// The frame index of each step of one play.
    var steps: [Int]
    /// Seconds each step shows (one per step).
    var durations: [Double]
    /// The play's length: `durations` added in order, as `Animation.frameIndex(at:)` adds them.
    var play: Double
    /// UIKit's repeat count: 0 forever, N plays in all.
    var repeatCount: Int

    init(_ animation: Animation, highlighted: Bool) throws(Animation.PlaybackError) {
        steps = animation.steps(highlighted: highlighted)
        durations = try animation.stepDurations(highlighted: highlighted)
        play = durations.reduce(0, +)
        repeatCount = animation.repeatCount
    }

    var json: PreviewJSON {
        .object([("steps", .array(steps.map { .int($0) })), ("durations", .array(durations.map { .double($0) })),
                 ("play", .double(play)), ("repeatCount", .int(repeatCount))])
    }

    /// "12 frames, 0.4 s a play, forever": what the page prints under the player.
    func summary(frames: Int, direction: Animation.Direction) -> String {
        let plays = repeatCount == 0 ? "loops forever" : repeatCount == 1 ? "plays once" : "plays \(repeatCount) times"
        let seconds = (play * 1000).rounded() / 1000
        return "\(frames) \(frames == 1 ? "frame" : "frames"), \(steps.count) \(steps.count == 1 ? "step" : "steps") (\(direction.rawValue)), \(seconds) s a play, \(plays)"
    }
}
