import Basics
import Raster
import Foundation

/// An animation as `UIImageView` models one: frames, a duration, a repeat count — plus what
/// sprite tools add: per-frame durations, a playback direction and a highlighted sequence.
///
/// Frames are ``FrameSource``s: building an animation over a folder of 10 000 files decodes none
/// of them.
public struct Animation: Sendable {
    /// Playback order of one play.
    public enum Direction: String, Sendable, Codable, CaseIterable {
        /// 0, 1, …, n−1.
        case forward
        /// n−1, …, 1, 0.
        case reverse
        /// 0, 1, …, n−1, n−2, …, 1 (the ends are not shown twice), as Aseprite plays it.
        case pingpong
        /// n−1, …, 1, 0, 1, …, n−2: ``pingpong`` from the last frame, Aseprite's `pingpong_reverse`.
        case pingpongReverse = "pingpong_reverse"

        /// The indices of `count` frames in the order one play shows them (none for a count under 1).
        /// - Parameters:
        ///   - count: How many frames the animation has.
        ///   - limits: `maxFrames` bounds `count`: the list is allocated whole.
        /// - Throws: `LimitError` for `frames` when `count` is over `limits.maxFrames` (a
        ///   `count` of `Int.max` used to end the process in a failed allocation), before anything
        ///   is allocated.
        public func steps(count: Int, limits: ResourceLimits = .default) throws(LimitError) -> [Int] {
            try limits.check(.frames, count, of: "Animation.Direction.steps(count:)")
            return order(count: count)
        }

        /// ``steps(count:limits:)`` for a count of frames already held (an array's count), unbounded.
        package func order(count: Int) -> [Int] {
            let count = max(count, 0)
            switch self {
            case .forward: return Array(0..<count)
            case .reverse: return Array((0..<count).reversed())
            case .pingpong: return count < 2 ? Array(0..<count) : Array(0..<count) + Array((1..<(count - 1)).reversed())
            case .pingpongReverse: return count < 2 ? Array(0..<count) : Array((0..<count).reversed()) + Array(1..<(count - 1))
            }
        }
    }

    /// The frames of the normal sequence, in file order (`UIImageView.animationImages`); ``direction``
    /// decides the order they play in.
    public var frames: [FrameSource]
    /// Shown instead of ``frames`` while highlighted (`UIImageView.highlightedAnimationImages`).
    public var highlightedFrames: [FrameSource]?

    /// The files the frames are read from (highlighted frames too), in order: what an output of
    /// this animation must not replace.
    public var sourceFiles: [String] {
        (frames + (highlightedFrames ?? [])).compactMap { if case .file(let path) = $0 { path } else { nil } }
    }
    /// Length of one play in seconds; `nil` means UIKit's default of one thirtieth of a second a step.
    /// Ignored when ``frameDurations`` is set.
    public var duration: TimeInterval?
    /// Seconds each frame is shown, one per frame; overrides ``duration``.
    public var frameDurations: [TimeInterval]?
    /// UIKit's meaning: 0 plays forever, N plays N times in all.
    public var repeatCount: Int
    /// The order of one play: forward (the default), reverse or ping-pong.
    public var direction: Direction
    /// Pixels per point of the frames.
    public var scale: Int
    /// What reading the source found and the caller should pass on (a GIF read leniently: a
    /// missing palette, data that ends early); empty for frames that were read as they are.
    public var warnings: [String] = []
    /// What the decoder of a GIF, APNG or WebP read past, as values (Raster's
    /// `LenientReadWarning`: a kind to match on, and the line ``warnings`` holds too); empty for
    /// PNG frames.
    public var readWarnings: [LenientReadWarning] = []

    /// An animation over `frames`; every other property defaults to what `UIImageView` does.
    /// Its values are checked (``check()``): `frameDurations` must give one positive duration of
    /// at most a day per frame, `duration` must be positive and at most a day a step, `repeatCount` 0 or
    /// more and `scale` 1…3 (``scaleRange``) — else ``PlaybackError/frameDurationCount(given:frames:)`` or
    /// ``PlaybackError/outOfRange(_:)`` naming the value (a NaN, a negative or a missing
    /// duration used to be taken, and a play's length came out NaN or the durations were ignored).
    /// - Parameters:
    ///   - frames: The frames, in file order.
    ///   - highlightedFrames: Frames shown instead while highlighted, or `nil`.
    ///   - duration: Seconds of one play; `nil` is one thirtieth of a second per step.
    ///   - frameDurations: Seconds per frame, one per frame; overrides `duration`.
    ///   - repeatCount: 0 plays forever (the default), N plays N times in all.
    ///   - direction: The order of one play; forward by default.
    ///   - scale: Pixels per point of the frames; 1 by default.
    public init(frames: [FrameSource], highlightedFrames: [FrameSource]? = nil, duration: TimeInterval? = nil,
                frameDurations: [TimeInterval]? = nil, repeatCount: Int = 0, direction: Direction = .forward,
                scale: Int = 1) throws(PlaybackError) {
        self.init(unchecked: frames, highlightedFrames: highlightedFrames, duration: duration, frameDurations: frameDurations,
                  repeatCount: repeatCount, direction: direction, scale: scale)
        try check()
    }

    /// An animation whose values its maker has checked (a decoder's delays, a manifest's range
    /// check): ``playback(highlighted:timing:)`` checks them again.
    init(unchecked frames: [FrameSource], highlightedFrames: [FrameSource]? = nil, duration: TimeInterval? = nil,
         frameDurations: [TimeInterval]? = nil, repeatCount: Int = 0, direction: Direction = .forward, scale: Int = 1) {
        self.frames = frames
        self.highlightedFrames = highlightedFrames
        self.duration = duration
        self.frameDurations = frameDurations
        self.repeatCount = repeatCount
        self.direction = direction
        self.scale = scale
    }

    /// The scales an animation's frames may have: Basics' one scale range, `ImageFileName.scaleRange` (1…3).
    public static let scaleRange: ClosedRange<Int> = ImageFileName.scaleRange

    /// Throws for the first value out of range, as the initializer does (the properties may be
    /// set afterwards; ``playback(highlighted:timing:)`` checks them again): ``frameDurations``
    /// not one per frame (``PlaybackError/frameDurationCount(given:frames:)``), a duration in it
    /// that is not positive or over a day, a ``duration`` that is not positive or over a day a step
    /// (``Timing/longestPlay(steps:)``; NaN and infinities included), a
    /// negative ``repeatCount``, a ``scale`` outside ``scaleRange`` (``PlaybackError/outOfRange(_:)``).
    public func check() throws(PlaybackError) {
        let longest = Timing.longest
        if let frameDurations {
            guard frameDurations.count == frames.count else { throw .frameDurationCount(given: frameDurations.count, frames: frames.count) }
            if let bad = frameDurations.firstIndex(where: { !($0 > 0 && $0 <= longest) }) {
                throw .outOfRange(SettingError(.frameDurations(index: bad), of: "Animation", value: frameDurations[bad], allowed: .seconds(atMost: longest)))
            }
        }
        // A step shows at most a day (``Timing/longestPlay(steps:)``): the play an `fps` of
        // 1/86400 gives is allowed as a `duration` too.
        let longestPlay = Timing.longestPlay(steps: steps().count)
        if let duration, !(duration > 0 && duration <= longestPlay) {
            throw .outOfRange(SettingError(.duration, of: "Animation", value: duration, allowed: .seconds(atMost: longestPlay)))
        }
        if repeatCount < 0 { throw .outOfRange(SettingError(.repeatCount, of: "Animation", value: repeatCount, allowed: .atLeast(0))) }
        if !Self.scaleRange.contains(scale) { throw .outOfRange(SettingError(.scale, of: "Animation", value: scale, allowed: .range(Self.scaleRange))) }
    }

    /// The frame indices of one play, in order.
    public func steps(highlighted: Bool = false) -> [Int] {
        let count = (highlighted ? highlightedFrames ?? frames : frames).count
        return direction.order(count: count)
    }

    /// Seconds each step of one play is shown. Highlighted frames share the normal play's length
    /// evenly, as `UIImageView` gives both sequences one `animationDuration`.
    /// - Throws: What ``check()`` throws: the properties may have been set out of range after
    ///   `init` (a wrong-length ``frameDurations`` used to be ignored for 1/30 s a step, a NaN
    ///   duration to give NaN).
    public func stepDurations(highlighted: Bool = false) throws(PlaybackError) -> [TimeInterval] {
        try check()
        return checkedStepDurations(highlighted: highlighted)
    }

    /// ``stepDurations(highlighted:)`` without ``check()``: for values checked already (a manifest's).
    package func checkedStepDurations(highlighted: Bool = false) -> [TimeInterval] {
        if highlighted, highlightedFrames != nil {
            let steps = steps(highlighted: true)
            let each = steps.isEmpty ? 0 : checkedStepDurations().reduce(0, +) / Double(steps.count)
            return steps.map { _ in each }
        }
        let steps = steps()
        if let frameDurations, frameDurations.count == frames.count {
            return steps.map { frameDurations[$0] }
        }
        let each = steps.isEmpty ? 0 : (duration ?? Double(steps.count) / 30) / Double(steps.count)
        return steps.map { _ in each }
    }

    /// Length of one play: the sum of ``frameDurations`` if set, else ``duration``, else steps ÷ 30.
    /// - Throws: What ``check()`` throws.
    public func playDuration() throws(PlaybackError) -> TimeInterval {
        try stepDurations().reduce(0, +)
    }

    /// Length of the whole animation, or `nil` when it repeats forever.
    /// - Throws: What ``check()`` throws (a negative ``repeatCount`` set after `init` used to give
    ///   a negative length).
    public var totalDuration: TimeInterval? {
        get throws(PlaybackError) {
            let play = try playDuration()
            return repeatCount == 0 ? nil : play * Double(repeatCount)
        }
    }

    /// How close below a step's end (or the end of the last play) a time counts as having reached
    /// it: one nanosecond. Frames are sampled at times made with rounding (`23 / 14 − 1.5` is a few
    /// ulps short of `1 / 7`), so a time that lands on a boundary in exact arithmetic shows the step
    /// that starts there, as it does in Core Animation, Cairo and rlottie renders of the same timing.
    public static let boundaryTolerance: TimeInterval = 1e-9

    /// The index into ``frames`` (or ``highlightedFrames``) that a `UIImageView` shows `time` seconds
    /// after `startAnimating()`. Before 0 it is the first step; after the last repeat the last step
    /// stays. A time within ``boundaryTolerance`` below a step's end shows the next step. `nil`
    /// when there are no frames.
    /// - Throws: What ``check()`` throws, or ``PlaybackError/time(_:step:)`` for a NaN `time`, or
    ///   one too large to say which step of a forever-looping play it falls in (`∞`, `1e300`: a
    ///   `Double` that large is not exact to a step).
    public func frameIndex(at time: TimeInterval, highlighted: Bool = false) throws(PlaybackError) -> Int? {
        try Clock(self, highlighted: highlighted).frameIndex(at: time)
    }
}
