import FrameGen

/// A rectangle in points: an origin and a size, as `CGRect` (a layer's `bounds`).
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge (y grows down).
    public var y: Double
    /// The width, 0 or more.
    public var width: Double
    /// The height, 0 or more.
    public var height: Double

    /// A rectangle from its origin and size.
    public init(x: Double = 0, y: Double = 0, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether every number is finite and the size is not negative.
    public var isValid: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
    }

    /// The rectangle as a closed path.
    public var path: Path { Path(rect: x, y, width, height) }
}

extension Rect: Animatable {
    /// The empty rectangle at the origin.
    public static let zero = Rect(width: 0, height: 0)
    /// Origin and size added (`bounds` animated `by`).
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(x: lhs.x + rhs.x, y: lhs.y + rhs.y, width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }
    /// Origin and size subtracted.
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(x: lhs.x - rhs.x, y: lhs.y - rhs.y, width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }
    /// Origin and size times `factor`.
    public func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }
    /// The straight-line distance in the four numbers.
    public func distance(to other: Rect) -> Double {
        let d = other - self
        return (d.x * d.x + d.y * d.y + d.width * d.width + d.height * d.height).squareRoot()
    }
    /// Whether all four numbers are finite (a negative size is allowed in between: see `isValid`).
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}
