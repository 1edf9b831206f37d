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
        /// An out-of-range `seconds` is reported as the frame duration given, not as the fps it makes.
        public init(frameDuration seconds: TimeInterval) {
            self.init(fps: 1 / seconds)
            frameDuration = seconds
        }

        /// The seconds ``init(frameDuration:)`` was given, to name them in ``rangeError(steps:)``.
        private var frameDuration: TimeInterval?

        /// Whether two timings ask for the same: `Timing(frameDuration: 0.1) == Timing(fps: 10)`.
        public static func == (a: Timing, b: Timing) -> Bool {
            a.delays == b.delays && a.duration == b.duration && a.fps == b.fps
        }

        /// The frame rates a timing may ask for: one frame a day to 1000 a second (what
        /// `sequence.json` accepts too).
        public static let fpsRange: ClosedRange<Double> = 1.0 / 86_400...1000
        /// The longest play or frame a timing may ask for, in seconds: a day.
        public static let longest: TimeInterval = 86_400

        /// The longest play of `steps` steps, in seconds: ``longest`` for each step (a day at the
        /// lowest fps of ``fpsRange``), so a `duration` and an `fps` allow the same plays.
        public static func longestPlay(steps: Int) -> TimeInterval {
            longest * Double(max(steps, 1))
        }

        /// The first value out of range, as a ``PlaybackError/outOfRange(_:)`` (or
        /// ``PlaybackError/frameDuration(_:)`` for the seconds ``init(frameDuration:)`` was given): an `fps` outside
        /// ``fpsRange``, a delay that is not positive or over ``longest``, a `duration` that is not
        /// positive or gives a step more than ``longest`` (NaN and infinities included). One rule
        /// for every way of timing a play: a step shows at most a day, so a play of `steps` steps
        /// lasts at most `steps` days, as at the lowest fps.
        /// - Parameter steps: The steps of the play the timing is for (1 when not known yet: a
        ///   `duration` of at most a day is then taken).
        public func rangeError(steps: Int = 1) -> PlaybackError? {
            if let fps, !Self.fpsRange.contains(fps) {
                if let frameDuration, (1 / frameDuration).bitPattern == fps.bitPattern { return .frameDuration(frameDuration) }
                return .outOfRange(SettingError(.fps, of: "Animation.Timing", value: fps, allowed: .interval(Self.fpsRange)))
            }
            if let duration, !(duration > 0 && duration <= Self.longestPlay(steps: steps)) {
                // Before the frames are counted (`steps` unknown) the bound is no number a user can act on.
                let most = steps == .max ? .infinity : Self.longestPlay(steps: steps)
                return .outOfRange(SettingError(.duration, of: "Animation.Timing", value: duration, allowed: .seconds(atMost: most)))
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
        /// A timing value or a value of the animation is out of range (``Timing/rangeError(steps:)``,
        /// ``Animation/check()``): Basics' `SettingError` names it, the value given and the values allowed.
        case outOfRange(SettingError)
        /// A time given to ``Animation/frameIndex(at:highlighted:)`` that names no step: NaN, or so
        /// large (`∞`, `1e300`) that a `Double` holding it is not exact to `step`, the shortest
        /// step of a play that loops forever.
        case time(TimeInterval, step: TimeInterval)
        /// ``Timing/init(frameDuration:)`` was given seconds out of range: not positive, under a
        /// thousandth or over a day (the frame rates of ``Timing/fpsRange``).
        case frameDuration(TimeInterval)

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
            case .frameDuration(let seconds):
                "Animation.Timing(frameDuration:) must be between 1/1000 and 86400 s (1000 frames a second to one a day) "
                    + "(got \(seconds.isFinite ? "\(seconds)" : seconds.isNaN ? "NaN" : seconds > 0 ? "∞" : "-∞") s)"
            case .time(let time, _) where time.isNaN:
                "the time is NaN: give a number of seconds"
            case .time(let time, let step) where !time.isFinite:
                "a time of \(time > 0 ? "∞" : "-∞") s names no frame of a play that loops forever: give the time within one play "
                    + "(a step lasts \(step) s; time mod playDuration())"
            case .time(let time, let step):
                "a time of \(time) s names no frame of a play that loops forever: a number that large is exact only to "
                    + "\(time.ulp) s and a step lasts \(step) s; give the time within one play (time mod playDuration())"
            }
        }
    }

    /// One play of the normal (or highlighted) frames with `timing` applied over the animation's own.
    /// Throws when `timing` or the animation's own values are out of range (``check()``).
    public func playback(highlighted: Bool = false, timing: Timing = Timing()) throws(PlaybackError) -> Playback {
        if highlighted && highlightedFrames == nil { throw .noHighlightedFrames }
        let steps = steps(highlighted: highlighted)
        if let error = timing.rangeError(steps: steps.count) { throw error }
        try check()
        let frames = highlighted ? highlightedFrames! : self.frames
        let durations: [TimeInterval]
        if let delays = timing.delays {
            guard delays.count == frames.count else { throw .delayCount(given: delays.count, frames: frames.count) }
            durations = steps.map { delays[$0] }
        } else if let duration = timing.duration {
            durations = steps.map { _ in duration / Double(steps.count) }
        } else if let fps = timing.fps {
            durations = steps.map { _ in 1 / fps }
        } else {
            durations = checkedStepDurations(highlighted: highlighted)
        }
        return Playback(frames: steps.map { frames[$0] }, durations: durations, repeatCount: repeatCount)
    }
}
