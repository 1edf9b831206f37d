/// Animations played together on one timeline, as `CAAnimationGroup` plays them: the group's own
/// timing (``MediaTiming``: begin time, duration, repeats, autoreverses, fill mode, speed) and
/// timing function turn the layer's time into the group's, and each animation of the group runs
/// on that time — its `beginTime` counted from the group's start, cut off where the group's
/// duration ends (an animation longer than its group never reaches its end).
///
/// ```swift
/// let flap = AnimationGroup(animations: [.opacity(.basic(fade)), .position(.basic(rise))],
///                           timing: try MediaTiming(duration: 2, repeatCount: .infinity))
/// ```
public struct AnimationGroup: Sendable, Equatable {
    /// The animations played on the group's time, in order (a later one on the same property
    /// replaces an earlier one where both are in effect, as on a layer).
    public var animations: [LayerAnimation]
    /// The group's own timing, in its parent's (the layer's) time.
    public var timing: MediaTiming
    /// The pacing of the group's time: its children see it eased.
    public var timingFunction: TimingFunction

    /// A group of `animations` with `timing` and `timingFunction` (linear by default).
    public init(animations: [LayerAnimation], timing: MediaTiming, timingFunction: TimingFunction = .linear) {
        self.animations = animations
        self.timing = timing
        self.timingFunction = timingFunction
    }

    /// The group's time at the layer's time `parent`: seconds into one cycle (0…duration, turned
    /// back on an autoreversed cycle, eased by ``timingFunction``); nil when the group has no effect then.
    public func time(atParentTime parent: Double) -> Double? {
        guard let fraction = timing.progress(atParentTime: parent).fraction else { return nil }
        return timingFunction.value(at: fraction) * timing.duration
    }
}
