/// A change of one value from a start to an end, as `CABasicAnimation` has it: which of
/// ``fromValue``, ``toValue`` and ``byValue`` are given decides the two ends, the others coming
/// from the layer's own value (the `base` of ``value(atParentTime:base:)``):
///
/// | given | from | to |
/// |---|---|---|
/// | from, to | from | to |
/// | from, by | from | from + by |
/// | by, to | to − by | to |
/// | from | from | base |
/// | to | base | to |
/// | by | base | base + by |
///
/// ```swift
/// let rise = try BasicAnimation<Double>(from: 0, to: 1,
///     timing: MediaTiming(duration: 0.3, fillMode: .forwards), timingFunction: .easeOut)
/// rise.value(atParentTime: 0.15, base: 0)
/// ```
public struct BasicAnimation<Value: Animatable>: Sendable, Equatable {
    /// The start value, or nil to take it from `toValue − byValue` or the base.
    public let fromValue: Value?
    /// The end value, or nil to take it from `fromValue + byValue` or the base.
    public let toValue: Value?
    /// The change, added to the start (or taken from the end).
    public let byValue: Value?
    /// When it plays.
    public internal(set) var timing: MediaTiming
    /// How each cycle's time maps to the change.
    public let timingFunction: TimingFunction

    /// An animation between the ends the given values decide.
    /// - Parameters:
    ///   - from: The start value.
    ///   - to: The end value.
    ///   - by: The change.
    ///   - timing: When it plays.
    ///   - timingFunction: The easing of each cycle (linear by default, as `CABasicAnimation`'s).
    /// - Throws: ``TimingError`` when all three values are given (Core Animation leaves that
    ///   undefined) or a value is not finite.
    public init(from: Value? = nil, to: Value? = nil, by: Value? = nil, timing: MediaTiming,
                timingFunction: TimingFunction = .linear) throws(TimingError) {
        if from != nil && to != nil && by != nil {
            throw .conflicting("BasicAnimation.fromValue and toValue", "BasicAnimation.byValue")
        }
        for (name, value) in [("fromValue", from), ("toValue", to), ("byValue", by)] {
            if let value, !value.isFinite { throw .notFinite(property: "BasicAnimation.\(name)", value: .nan) }
        }
        fromValue = from
        toValue = to
        byValue = by
        self.timing = timing
        self.timingFunction = timingFunction
    }

    /// The start and end for a layer whose own value is `base`.
    public func ends(base: Value) -> (from: Value, to: Value) {
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): (from, to)
        case let (from?, nil, by?): (from, from + by)
        case let (nil, to?, by?): (to - by, to)
        case let (from?, nil, nil): (from, base)
        case let (nil, to?, nil): (base, to)
        case let (nil, nil, by?): (base, base + by)
        case (nil, nil, nil): (base, base)
        }
    }

    /// The value at the parent's time `parent` for a layer whose own value is `base`, or nil when
    /// the animation has no effect then (its fill mode leaves the base showing).
    public func value(atParentTime parent: Double, base: Value) -> Value? {
        guard let fraction = timing.progress(atParentTime: parent).fraction else { return nil }
        let (from, to) = ends(base: base)
        return from.interpolated(to: to, at: timingFunction.value(at: fraction))
    }
}
