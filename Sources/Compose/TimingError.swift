/// A timing or animation value that Core Animation's model cannot give a meaning to, found before
/// any frame is drawn: which property (as Swift spells it), the value given and what is allowed.
///
/// ```swift
/// do throws(TimingError) {
///     let timing = try MediaTiming(duration: 2, repeatCount: .infinity)
/// } catch {
///     print(error)   // MediaTiming.duration must be …
/// }
/// ```
public enum TimingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number that must be finite is NaN or infinite (`MediaTiming.beginTime`, a key time, a control point).
    case notFinite(property: String, value: Double)
    /// A number outside the values the property takes; `allowed` says which in words.
    case outOfRange(property: String, value: Double, allowed: String)
    /// Two settings that Core Animation leaves undefined together (`repeatCount` and `repeatDuration`).
    case conflicting(String, String)
    /// A list whose length does not fit another: `property` has `count` entries where `expected` were due.
    case wrongCount(property: String, count: Int, expected: Int, why: String)
    /// Key times that do not start at 0, end at 1 or rise: the first offending index and value.
    case keyTimesOutOfOrder(index: Int, value: Double)
    /// A keyframe animation with nothing to animate through: no values and no path.
    case noKeyframes
    /// A setting the chosen mode ignores, given anyway (Core Animation would drop it without a word).
    case ignored(property: String, because: String)

    /// What is wrong, naming the property as Swift spells it.
    public var description: String {
        switch self {
        case .notFinite(let property, let value):
            "\(property) must be a finite number (got \(value))"
        case .outOfRange(let property, let value, let allowed):
            "\(property) must be \(allowed) (got \(value))"
        case .conflicting(let first, let second):
            "\(first) and \(second) cannot both be set: Core Animation leaves the result undefined; keep one"
        case .wrongCount(let property, let count, let expected, let why):
            "\(property) has \(count) entries where \(expected) are needed: \(why)"
        case .keyTimesOutOfOrder(let index, let value):
            "keyTimes[\(index)] is \(value): key times start at 0, end at 1 and never decrease"
        case .noKeyframes:
            "a keyframe animation needs values or a path"
        case .ignored(let property, let because):
            "\(property) is ignored \(because): remove it"
        }
    }
}
