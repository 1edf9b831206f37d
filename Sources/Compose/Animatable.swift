import FrameGen

/// A value an animation can move between: it adds, subtracts and scales like a vector, and has a
/// distance for paced key frames. `Double` and `Point` conform.
///
/// Interpolation is `a + (b − a) × t`, as Core Animation interpolates numbers and points; `by`
/// values add to the base value.
public protocol Animatable: Sendable, Equatable {
    /// The value that changes nothing when added.
    static var zero: Self { get }
    /// The sum of two values (`fromValue + byValue`).
    static func + (lhs: Self, rhs: Self) -> Self
    /// The difference of two values (`toValue − byValue`).
    static func - (lhs: Self, rhs: Self) -> Self
    /// This value times `factor`.
    func scaled(by factor: Double) -> Self
    /// How far this value is from `other` (paced key frames move at a constant rate in it).
    func distance(to other: Self) -> Double
    /// Whether every component is a finite number.
    var isFinite: Bool { get }
}

extension Animatable {
    /// The value `t` of the way from `self` to `other` (0 gives `self`, 1 gives `other` exactly,
    /// each in the other's shape: a list of colours padded to the longer list's length, as every
    /// step between them is, so that a gradient does not jump at the ends).
    public func interpolated(to other: Self, at t: Double) -> Self {
        if t == 0 { return self + (other - other) }
        if t == 1 { return other + (self - self) }
        return self + (other - self).scaled(by: t)
    }
}

extension Double: Animatable {
    /// This number times `factor`.
    public func scaled(by factor: Double) -> Double { self * factor }
    /// The absolute difference.
    public func distance(to other: Double) -> Double { abs(other - self) }
}

extension Point: Animatable {
    /// Both coordinates times `factor`.
    public func scaled(by factor: Double) -> Point { Point(x * factor, y * factor) }
    /// The straight-line distance.
    public func distance(to other: Point) -> Double { ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot() }
    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
