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
    /// A path animation whose path has no line or curve to move along (empty, or a lone moveto).
    case emptyPath
    /// A setting the chosen mode ignores, given anyway (Core Animation would drop it without a word).
    case ignored(property: String, because: String)

    /// What is wrong, naming the property as Swift spells it.
    public var description: String { described { $0 } }

    /// What is wrong, naming the property as a scene file spells it (`duration`, `from`, `values[2]`,
    /// not `MediaTiming.duration`, `BasicAnimation.fromValue`, `KeyframeAnimation.values[2]`).
    var sceneDescription: String { described(Self.sceneKey) }

    /// `property` (as Swift spells it) as a scene file's key.
    static func sceneKey(_ property: String) -> String {
        var key = property
        for type in ["MediaTiming.", "BasicAnimation.", "KeyframeAnimation.", "PathAnimation."] where key.hasPrefix(type) {
            key = String(key.dropFirst(type.count))
        }
        if key.hasPrefix("TimingFunction.") { key = "timingFunction's " + key.dropFirst("TimingFunction.".count) }
        for (swift, scene) in [("fromValue", "from"), ("toValue", "to"), ("byValue", "by")] where key == swift { key = scene }
        if key.hasPrefix("path.elements[") { key = "path[" + key.dropFirst("path.elements[".count) }
        return key
    }

    private func described(_ name: (String) -> String) -> String {
        switch self {
        case .notFinite(let property, let value):
            "\(name(property)) must be a finite number (got \(value))"
        case .outOfRange(let property, let value, let allowed):
            "\(name(property)) must be \(allowed) (got \(value))"
        case .conflicting(let first, let second):
            // `fromValue and toValue` with `byValue`: three, "all".
            first.contains(" and ")
                ? "\(first.components(separatedBy: " and ").map { name($0.contains(".") ? $0 : "BasicAnimation." + $0) }.joined(separator: ", ")) and \(name(second)) "
                    + "cannot all be set: Core Animation leaves the result undefined; keep two at most"
                : "\(name(first)) and \(name(second)) cannot both be set: Core Animation leaves the result undefined; keep one"
        case .wrongCount(let property, let count, let expected, let why):
            "\(name(property)) has \(count) \(count == 1 ? "entry" : "entries") where \(expected) \(expected == 1 ? "is" : "are") needed: \(why)"
        case .keyTimesOutOfOrder(let index, let value):
            "keyTimes[\(index)] is \(value): key times start at 0, end at 1 and never decrease"
        case .noKeyframes:
            "a keyframe animation needs values or a path"
        case .emptyPath:
            "the path has no line or curve to move along (it is empty, or a lone moveto): give it at least one segment"
        case .ignored(let property, let because):
            "\(name(property)) is ignored \(because): remove it"
        }
    }
}
