/// How a keyframe animation moves between its values, as `CAAnimationCalculationMode` has it.
public enum CalculationMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Straight from value to value, each segment in its key times (the default).
    case linear
    /// Jumps: each value holds until the next key time.
    case discrete
    /// Straight from value to value at a constant rate over the whole animation; key times and
    /// per-segment timing functions do not apply.
    case paced
    /// A smooth Catmull-Rom curve through the values (Kochanek–Bartels with zero tension,
    /// continuity and bias), each segment in its key times.
    case cubic
}
