import Basics
import Foundation

extension Animation {
    /// Timing a caller sets over the animation's own (a `sequence.json`, a GIF's delays, UIKit's
    /// default of 30 fps). The strongest given wins: ``delays``, then ``duration``, then ``fps``.
    public struct Timing: Sendable, Equatable {
        /// Seconds each frame is shown, one per frame (not per step: a ping-pong shows a frame twice).
        public var delays: [TimeInterval]?
        /// Seconds of one play, shared evenly by its steps.
        public var duration: TimeInterval?
        /// Steps per second.
        public var fps: Double?

        /// Timing that overrides what is given, and keeps the animation's own for the rest.
        public init(delays: [TimeInterval]? = nil, duration: TimeInterval? = nil, fps: Double? = nil) {
            self.delays = delays
            self.duration = duration
            self.fps = fps
        }

        /// Every step shown for `seconds` (`Timing(frameDuration: 0.08)`: 80 ms a frame, 12.5 fps).
        public init(frameDuration seconds: TimeInterval) {
            self.init(fps: 1 / seconds)
        }

        /// The frame rates a timing may ask for: one frame a day to 1000 a second (what
        /// `sequence.json` accepts too).
        public static let fpsRange: ClosedRange<Double> = 1.0 / 86_400...1000
        /// The longest play or frame a timing may ask for, in seconds: a day.
        public static let longest: TimeInterval = 86_400

        /// The first value out of range, as a ``PlaybackError/outOfRange(_:)``: an `fps` outside
        /// ``fpsRange``, a `duration` or a delay that is not positive or over ``longest`` (NaN and
        /// infinities included).
        public func rangeError() -> PlaybackError? {
            if let fps, !Self.fpsRange.contains(fps) {
                return .outOfRange(SettingError(.fps, of: "Animation.Timing", value: fps, allowed: .interval(Self.fpsRange)))
            }
            if let duration, !(duration > 0 && duration <= Self.longest) {
                return .outOfRange(SettingError(.duration, of: "Animation.Timing", value: duration, allowed: .seconds(atMost: Self.longest)))
            }
            if let delays, let bad = delays.firstIndex(where: { !($0 > 0 && $0 <= Self.longest) }) {
                return .outOfRange(SettingError(.delays(index: bad), of: "Animation.Timing", value: delays[bad], allowed: .seconds(atMost: Self.longest)))
            }
            return nil
        }
    }

    /// One play, step by step: the frame each step shows and for how long.
    public struct Playback: Sendable {
        /// The frame of each step, in play order (a frame appears more than once in a ping-pong).
        public var frames: [FrameSource]
        /// Seconds each step is shown, one per step.
        public var durations: [TimeInterval]
        /// UIKit's repeat count of the animation: 0 plays forever, N plays N times in all.
        public var repeatCount: Int
    }

    /// Why a play cannot be built as asked.
    public enum PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The highlighted play was asked for and the animation has none.
        case noHighlightedFrames
        /// ``Timing/delays`` does not give one value per frame.
        case delayCount(given: Int, frames: Int)
        /// ``Animation/frameDurations`` does not give one value per frame.
        case frameDurationCount(given: Int, frames: Int)
        /// A timing value or a value of the animation is out of range (``Timing/rangeError()``,
        /// ``Animation/check()``): Basics' `SettingError` names it, the value given and the values allowed.
        case outOfRange(SettingError)

        /// What went wrong and how to fix it.
        public var description: String {
            switch self {
            case .noHighlightedFrames:
                "no highlighted frames (name them with \"highlighted\" in sequence.json)"
            case .delayCount(let given, let frames):
                "\(given) \(given == 1 ? "delay" : "delays") for \(frames) \(frames == 1 ? "frame" : "frames"): give one per frame"
            case .frameDurationCount(let given, let frames):
                "Animation.frameDurations gives \(given) \(given == 1 ? "duration" : "durations") for \(frames) "
                    + "\(frames == 1 ? "frame" : "frames"): give one per frame"
            case .outOfRange(let error): error.description
            }
        }
    }

    /// One play of the normal (or highlighted) frames with `timing` applied over the animation's own.
    /// Throws when `timing` or the animation's own values are out of range (``check()``).
    public func playback(highlighted: Bool = false, timing: Timing = Timing()) throws(PlaybackError) -> Playback {
        if highlighted && highlightedFrames == nil { throw .noHighlightedFrames }
        if let error = timing.rangeError() { throw error }
        try check()
        let frames = highlighted ? highlightedFrames! : self.frames
        let steps = steps(highlighted: highlighted)
        let durations: [TimeInterval]
        if let delays = timing.delays {
            guard delays.count == frames.count else { throw .delayCount(given: delays.count, frames: frames.count) }
            durations = steps.map { delays[$0] }
        } else if let duration = timing.duration {
            durations = steps.map { _ in duration / Double(steps.count) }
        } else if let fps = timing.fps {
            durations = steps.map { _ in 1 / fps }
        } else {
            durations = stepDurations(highlighted: highlighted)
        }
        return Playback(frames: steps.map { frames[$0] }, durations: durations, repeatCount: repeatCount)
    }
}
