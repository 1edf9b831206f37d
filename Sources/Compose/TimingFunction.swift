/// A cubic Bézier easing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` has it: it maps the
/// fraction of time elapsed (x) to the fraction of the change applied (y).
///
/// The named curves carry Apple's control points. ``value(at:)`` solves the curve for x to 1e-9
/// (Newton's method, then bisection where the slope is flat) and returns y there.
///
/// ```swift
/// let ease = TimingFunction.easeInEaseOut
/// ease.value(at: 0.5)   // 0.5
/// let custom = try TimingFunction(0.3, 0, 0.2, 1.4)   // an overshoot: y may leave 0…1
/// ```
public struct TimingFunction: Sendable, Hashable, CustomStringConvertible {
    /// The first control point's x, in 0…1.
    public let x1: Double
    /// The first control point's y: any finite number (outside 0…1 the curve overshoots).
    public let y1: Double
    /// The second control point's x, in 0…1.
    public let x2: Double
    /// The second control point's y: any finite number.
    public let y2: Double

    /// A curve through the control points (`x1`, `y1`) and (`x2`, `y2`), as
    /// `CAMediaTimingFunction(controlPoints:)` takes them.
    /// - Throws: ``TimingError`` when a value is not finite or an x lies outside 0…1 (the curve
    ///   would then go back in time).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingError) {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
            throw .notFinite(property: "TimingFunction.\(name)", value: value)
        }
        for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
            throw .outOfRange(property: "TimingFunction.\(name)", value: value, allowed: "from 0 to 1")
        }
        self.init(checked: x1, y1, x2, y2)
    }

    private init(checked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1), (0.25, 1.0), what an implicit animation uses.
    public static let `default` = TimingFunction(checked: 0.25, 0.1, 0.25, 1.0)
    /// `kCAMediaTimingFunctionLinear`: (0, 0), (1, 1), even pace.
    public static let linear = TimingFunction(checked: 0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0), (1, 1), slow start.
    public static let easeIn = TimingFunction(checked: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0), (0.58, 1), slow end.
    public static let easeOut = TimingFunction(checked: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0), (0.58, 1), slow at both ends.
    public static let easeInEaseOut = TimingFunction(checked: 0.42, 0, 0.58, 1)

    /// The named functions by their Core Animation names (`default`, `linear`, `easeIn`, `easeOut`,
    /// `easeInEaseOut`), as scene files spell them.
    public static let named: [(name: String, function: TimingFunction)] = [
        ("default", .default), ("linear", .linear), ("easeIn", .easeIn),
        ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
    ]

    /// The fraction of the change at the fraction of time `x`; `x` is clamped to 0…1 (0 and 1 map
    /// to themselves exactly).
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        if x1 == y1 && x2 == y2 { return x }
        return Self.bezier(solve(x), y1, y2)
    }

    /// The curve's parameter where its x is `x` (0 < x < 1).
    private func solve(_ x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            let slope = Self.slope(t, x1, x2)
            // Done when t itself is exact, not only x: where x(t) is flat (a control point at an
            // end) an x within 1e-12 left t, and so y, off by 3e-4.
            if abs(error) < 1e-12, abs(slope) > 1e-3 { return t }
            guard abs(slope) > 1e-9 else { break }
            t -= error / slope
            guard (0...1).contains(t) else { break }
        }
        // x(t) rises from 0 to 1 (both x control points lie in 0…1): bisect to the last bit of t.
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            t = (low + high) / 2
            guard t > low, t < high else { break }
            let value = Self.bezier(t, x1, x2)
            if value == x { break }
            if value < x { low = t } else { high = t }
        }
        return t
    }

    /// One coordinate of the curve at `t`, its end points being 0 and 1.
    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// d/dt of ``bezier(_:_:_:)``.
    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// `cubic-bezier(x1, y1, x2, y2)`, or the Core Animation name of a named curve.
    public var description: String {
        if let name = Self.named.first(where: { $0.function == self })?.name { return name }
        return "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
    }
}
