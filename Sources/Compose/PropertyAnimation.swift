/// A value of any ``Animatable`` type driven by a basic or keyframe animation: the form of the
/// layer animations added for bounds and colours (``LayerAnimation/bounds(_:)``,
/// ``LayerAnimation/backgroundColor(_:)``, ``LayerAnimation/gradientColors(_:)``).
public enum PropertyAnimation<Value: Animatable>: Sendable, Equatable {
    /// From, to or by.
    case basic(BasicAnimation<Value>)
    /// Through values.
    case keyframe(KeyframeAnimation<Value>)

    /// The value at the layer's local time for a layer whose own value is `base`, or nil when the
    /// animation has no effect then.
    public func value(at time: Double, base: Value) -> Value? {
        switch self {
        case .basic(let animation): animation.value(atParentTime: time, base: base)
        case .keyframe(let animation): animation.value(atParentTime: time)
        }
    }
}
