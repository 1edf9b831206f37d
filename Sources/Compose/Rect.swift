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
