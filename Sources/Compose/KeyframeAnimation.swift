/// A value moving through a list of values, as `CAKeyframeAnimation` with `values` has it.
///
/// Key times are fractions of the animation's simple time at which each value is reached. Core
/// Animation's rules for their count hold and are checked, not left to chance:
/// - `linear` and `cubic`: one key time per value, from 0 to 1, never decreasing; optional
///   per-segment ``timingFunctions``, one fewer than the values.
/// - `discrete`: one more key time than values (Apple's form: value *i* holds from key time *i* to
///   *i + 1*), or as many (value *i* holds from key time *i*, the last one to the end).
/// - `paced`: no key times and no per-segment timing functions (the pace sets them).
/// Without key times the values are spread evenly. ``timingFunction`` (linear by default) applies
/// to the whole animation's time first, as `CAPropertyAnimation.timingFunction` does.
///
/// ```swift
/// let bob = try KeyframeAnimation<Double>(values: [0, -12, 0], keyTimes: [0, 0.3, 1],
///     timing: MediaTiming(duration: 1, repeatCount: .infinity))
/// ```
public struct KeyframeAnimation<Value: Animatable>: Sendable, Equatable {
    /// The values passed through, in order.
    public let values: [Value]
    /// When each value is reached (see the type's rules), or nil for even spacing.
    public let keyTimes: [Double]?
    /// The easing of each segment, or nil for linear segments.
    public let timingFunctions: [TimingFunction]?
    /// How it moves between values.
    public let calculationMode: CalculationMode
    /// When it plays.
    public internal(set) var timing: MediaTiming
    /// The easing of the whole animation's time.
    public let timingFunction: TimingFunction
    /// The key times in use: the given ones, or the even or paced ones worked out.
    public let resolvedKeyTimes: [Double]

    /// A keyframe animation through `values`.
    /// - Parameters:
    ///   - values: At least one value; every one finite.
    ///   - keyTimes: When each value is reached (counts as the type's rules say), or nil.
    ///   - timingFunctions: One per segment (values − 1) for `linear` and `cubic`, or nil.
    ///   - calculationMode: How it moves between values.
    ///   - timing: When it plays.
    ///   - timingFunction: The easing of the whole animation.
    /// - Throws: ``TimingError`` naming the rule a list breaks.
    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, timing: MediaTiming,
                timingFunction: TimingFunction = .linear) throws(TimingError) {
        guard !values.isEmpty else { throw .noKeyframes }
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            throw .notFinite(property: "KeyframeAnimation.values[\(index)]", value: .nan)
        }
        resolvedKeyTimes = try KeyTimes.resolve(keyTimes, timingFunctions: timingFunctions,
                                                mode: calculationMode, segmentLengths: Self.lengths(values))
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.timing = timing
        self.timingFunction = timingFunction
    }

    private static func lengths(_ values: [Value]) -> [Double] {
        zip(values, values.dropFirst()).map { $0.distance(to: $1) }
    }

    /// The value at the parent's time, or nil when the animation has no effect then.
    public func value(atParentTime parent: Double) -> Value? {
        guard let fraction = timing.progress(atParentTime: parent).fraction else { return nil }
        return value(atFraction: timingFunction.value(at: fraction))
    }

    /// The value at a fraction (0…1) of the simple time, after the whole animation's easing.
    public func value(atFraction fraction: Double) -> Value {
        guard values.count > 1 else { return values[0] }
        if calculationMode == .discrete {
            return values[KeyTimes.heldIndex(at: fraction, in: resolvedKeyTimes, valueCount: values.count)]
        }
        let (index, local) = KeyTimes.segment(at: fraction, in: resolvedKeyTimes)
        let eased = timingFunctions?[index].value(at: local) ?? local
        if calculationMode == .cubic { return cubic(index, eased) }
        return values[index].interpolated(to: values[index + 1], at: eased)
    }

    /// The Catmull-Rom curve of segment `index` at `t`: tangents are half the difference of the
    /// neighbours, an end point's missing neighbour being the end point itself.
    private func cubic(_ index: Int, _ t: Double) -> Value {
        let p0 = values[index], p1 = values[index + 1]
        let before = index > 0 ? values[index - 1] : p0
        let after = index + 2 < values.count ? values[index + 2] : p1
        let m0 = (p1 - before).scaled(by: 0.5), m1 = (after - p0).scaled(by: 0.5)
        let t2 = t * t, t3 = t2 * t
        return p0.scaled(by: 2 * t3 - 3 * t2 + 1) + m0.scaled(by: t3 - 2 * t2 + t)
            + p1.scaled(by: -2 * t3 + 3 * t2) + m1.scaled(by: t3 - t2)
    }
}
