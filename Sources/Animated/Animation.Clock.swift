import Foundation

extension Animation {
    /// An animation's steps and their durations, worked out once, for asking which frame shows at
    /// many times: ``frameIndex(at:)`` walks them exactly as ``Animation/frameIndex(at:highlighted:)``
    /// does (that one makes a clock for each call), without recomputing a play's table each time —
    /// a layer playing 8 000 frames for 8 000 output frames made the table 8 000 times.
    package struct Clock: Sendable {
        private let steps: [Int]
        private let durations: [Double]
        private let shortest: Double
        private let play: Double
        private let repeatCount: Int

        /// The clock of `animation` (its highlighted frames with `highlighted`, when it has them).
        /// - Throws: What ``Animation/check()`` throws.
        package init(_ animation: Animation, highlighted: Bool = false) throws(PlaybackError) {
            try animation.check()
            let useHighlighted = highlighted && animation.highlightedFrames != nil
            steps = animation.steps(highlighted: useHighlighted)
            durations = animation.checkedStepDurations(highlighted: useHighlighted)
            shortest = durations.min() ?? 0
            play = durations.reduce(0, +)
            repeatCount = animation.repeatCount
        }

        /// The step shown `time` seconds after the start, as ``Animation/frameIndex(at:highlighted:)`` says it.
        package func frameIndex(at time: TimeInterval) throws(PlaybackError) -> Int? {
            let tolerance = Animation.boundaryTolerance
            guard let last = steps.last else { return nil }
            if time.isNaN { throw .time(time, step: shortest) }
            guard play > 0, time > 0 else { return steps[0] }
            if repeatCount > 0 && time >= play * Double(repeatCount) - tolerance { return last }
            if !(time.ulp < shortest) { throw .time(time, step: shortest) }

            var local = time.truncatingRemainder(dividingBy: play)
            for index in steps.indices {
                let length = durations[index]
                if local < length - tolerance { return steps[index] }
                local -= length
            }
            // Within the tolerance of a play's end (times made with rounding: 0.3 s into a play of
            // 0.1 + 0.2 s): the next play has begun, so its first step shows (the last play's end
            // was answered above). It showed the last step again, once a play.
            return steps[0]
        }

        /// All plays' length (a play × the repeat count); `nil` for a forever loop.
        package var total: TimeInterval? { repeatCount == 0 ? nil : play * Double(repeatCount) }
    }
}
