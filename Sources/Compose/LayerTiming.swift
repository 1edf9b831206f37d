/// How a layer's time runs against its parent's, as `CALayer`'s `CAMediaTiming` has it:
/// `local = (parent − beginTime) × speed + timeOffset`. A layer has no end; its animations and
/// sublayers run in its local time.
public struct LayerTiming: Sendable, Hashable {
    /// When the layer's time starts, in its parent's time.
    public var beginTime: Double
    /// How fast its time runs: 2 twice as fast, 0 frozen at ``timeOffset``.
    public var speed: Double
    /// Seconds added to its time.
    public var timeOffset: Double

    /// A layer's timing; the default runs with its parent.
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// The parent's time in this layer's time.
    public func localTime(_ parent: Double) -> Double { (parent - beginTime) * speed + timeOffset }

    /// Whether every number is finite.
    public var isFinite: Bool { beginTime.isFinite && speed.isFinite && timeOffset.isFinite }
}
