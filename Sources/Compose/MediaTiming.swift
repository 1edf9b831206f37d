import Animated

/// When something plays, as `CAMediaTiming` has it: ``beginTime``, ``duration``, ``speed``,
/// ``timeOffset``, ``repeatCount`` or ``repeatDuration``, ``autoreverses`` and ``fillMode``.
///
/// Time flows from parent to child. A layer or animation converts its parent's time to its own as
/// Core Animation does, `local = (parent − beginTime) × speed`; it is active while
/// `0 ≤ local < activeDuration`. Within that time ``timeOffset`` shifts where play starts and wraps
/// around (Apple's example: a 3 s animation with a 1 s offset starts one second in, runs to its end,
/// then plays its first second). Each cycle lasts ``duration``, twice that with ``autoreverses``
/// (forward, then back); ``repeatCount`` may be fractional (2.5 ends half way through a cycle) or
/// `.infinity`. Outside the active time, ``fillMode`` decides whether the first or final value shows
/// or nothing does.
///
/// ```swift
/// let flight = try MediaTiming(duration: 4, repeatCount: .infinity)
/// flight.progress(atParentTime: 5)   // .at(fraction: 0.25, iteration: 1)
/// ```
public struct MediaTiming: Sendable, Hashable {
    /// When it begins, in its parent's time (seconds; `CACurrentMediaTime()`-relative in Core Animation).
    public let beginTime: Double
    /// The seconds of one simple cycle (one way when it autoreverses).
    public let duration: Double
    /// How fast its time runs against its parent's: 2 twice as fast, 0 frozen, negative backwards.
    public let speed: Double
    /// Seconds into its active time where play starts, wrapping around at the end of the active time.
    public let timeOffset: Double
    /// Cycles it plays (fractional allowed, `.infinity` forever); 0 means one.
    public let repeatCount: Double
    /// Seconds it repeats for instead of a count; 0 means unused.
    public let repeatDuration: Double
    /// Whether each cycle plays forward and then backward (which doubles its length).
    public let autoreverses: Bool
    /// What shows outside the active time.
    public let fillMode: FillMode

    /// Timing with Core Animation's defaults for whatever is not given.
    /// - Parameters:
    ///   - beginTime: When it begins, in the parent's seconds.
    ///   - duration: One cycle's seconds, at least 0 (Core Animation's `CAAnimation` turns 0 into
    ///     0.25 when added to a layer; here 0 means an instant change).
    ///   - speed: The rate against the parent's time; any finite number.
    ///   - timeOffset: Where in the active time play starts.
    ///   - repeatCount: Cycles, at least 0; `.infinity` repeats forever.
    ///   - repeatDuration: Seconds of repeating, at least 0, `.infinity` forever; not with `repeatCount`.
    ///   - autoreverses: Whether a cycle goes forward then back.
    ///   - fillMode: What shows before and after the active time.
    /// - Throws: ``TimingError`` for a number that is NaN, infinite where a finite one is needed,
    ///   negative, or `repeatCount` and `repeatDuration` both set.
    public init(beginTime: Double = 0, duration: Double, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) throws(TimingError) {
        for (name, value) in [("beginTime", beginTime), ("duration", duration), ("speed", speed), ("timeOffset", timeOffset)]
        where !value.isFinite {
            throw .notFinite(property: "MediaTiming.\(name)", value: value)
        }
        for (name, value) in [("duration", duration), ("repeatCount", repeatCount), ("repeatDuration", repeatDuration)]
        where value.isNaN || value < 0 {
            throw .outOfRange(property: "MediaTiming.\(name)", value: value, allowed: "0 or more")
        }
        if repeatCount > 0 && repeatDuration > 0 {
            throw .conflicting("MediaTiming.repeatCount", "MediaTiming.repeatDuration")
        }
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Where something stands at a moment of its parent's time.
    public enum Progress: Sendable, Hashable {
        /// Not in effect: before it begins or after it ends without a fill.
        case removed
        /// In effect at this fraction of one cycle's way (0…1, already turned back when it
        /// autoreverses), in this cycle (0 first), before any timing function.
        case at(fraction: Double, iteration: Int)

        /// The fraction, or nil when removed.
        public var fraction: Double? {
            if case .at(let fraction, _) = self { return fraction }
            return nil
        }
    }

    /// Whether the instant its active time ends still shows its end (the interval closed there)
    /// rather than nothing: a group's animations at the group's turn or end, where the group is
    /// still in effect (`LayerAnimation.closingAtEnd()`).
    var closesAtEnd = false

    /// One cycle's seconds: ``duration``, doubled when it autoreverses.
    public var cycleDuration: Double { autoreverses ? duration * 2 : duration }

    /// The seconds of local time it is active for: the repeat duration if set, else the cycles
    /// times their length (`.infinity` for ever).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount.isInfinite || repeatCount >= Double.greatestFiniteMagnitude { return .infinity }
            return repeatCount * cycleDuration
        }
        return cycleDuration
    }

    /// Where it stands at the parent's time `parent`.
    public func progress(atParentTime parent: Double) -> Progress {
        let elapsed = (parent - beginTime) * speed
        guard !elapsed.isNaN else { return .removed }
        let active = activeDuration
        if elapsed < 0 {
            return fillMode.fillsBackwards ? position(wrapped(timeOffset, active), atEnd: false) : .removed
        }
        if elapsed >= active {
            guard fillMode.fillsForwards || (closesAtEnd && elapsed - active <= Animation.boundaryTolerance * max(1, active)) else {
                return .removed
            }
            let end = wrapped(active + timeOffset, active)
            return position(end == 0 ? active : end, atEnd: true)
        }
        return position(wrapped(elapsed + timeOffset, active), atEnd: false)
    }

    /// `time` wrapped into the active time when that is finite and an offset moved it.
    private func wrapped(_ time: Double, _ active: Double) -> Double {
        guard timeOffset != 0, active.isFinite, active > 0 else { return time }
        let rest = time.truncatingRemainder(dividingBy: active)
        return rest < 0 ? rest + active : rest
    }

    /// The fraction of a cycle at `time` seconds into the active time; `atEnd` takes a time on a
    /// cycle boundary as the end of the cycle before it rather than the start of the next.
    private func position(_ time: Double, atEnd: Bool) -> Progress {
        let cycle = cycleDuration
        guard cycle > 0 else {
            // An instant: before it, the start; from it on, the end (the start again if it reverses).
            return .at(fraction: atEnd && !autoreverses ? 1 : 0, iteration: 0)
        }
        var iteration = (time / cycle).rounded(.down)
        var within = time - iteration * cycle
        if atEnd && within == 0 && time > 0 {
            iteration -= 1
            within = cycle
        }
        if autoreverses && within > duration { within = cycle - within }
        let index = iteration.magnitude < Double(Int.max / 2) ? Int(iteration) : (iteration < 0 ? Int.min / 2 : Int.max / 2)
        let fraction = within / duration
        return .at(fraction: fraction.isNaN ? 0 : min(max(fraction, 0), 1), iteration: index)
    }
}
