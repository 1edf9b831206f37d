import Foundation

/// A point (or vector) in user space: points, `x` to the right, `y` down (UIKit's image context).
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Horizontal coordinate in points, increasing to the right.
    public var x: Double
    /// Vertical coordinate in points, increasing downwards.
    public var y: Double

    /// The point (`x`, `y`), in points.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The point (`x`, `y`), in points; the labelled form of ``init(_:_:)``.
    public init(x: Double, y: Double) {
        self.init(x, y)
    }

    /// The origin: the top-left corner of a canvas.
    public static let zero = Point(0, 0)

    /// `(x, y)`, for messages and debugging.
    public var description: String { "(\(x), \(y))" }

    /// The sum of two vectors (or a point moved by a vector).
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// The vector from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// The vector `a` scaled by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
    /// The vector pointing the other way.
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    /// The length of this point taken as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The distance to `other`.
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The point halfway to `other`.
    public func midpoint(_ other: Point) -> Point { Point((x + other.x) * 0.5, (y + other.y) * 0.5) }

    /// The point a fraction `t` of the way to `other`.
    public func lerp(_ other: Point, _ t: Double) -> Point { Point(x + (other.x - x) * t, y + (other.y - y) * t) }

    func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    func cross(_ other: Point) -> Double { x * other.y - y * other.x }
    /// The vector turned a quarter turn: `(−y, x)`.
    var perpendicular: Point { Point(-y, x) }
}

/// An affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` — Core Graphics' `CGAffineTransform`.
public struct AffineTransform: Sendable, Hashable, Codable {
    /// The six coefficients, named as in `CGAffineTransform`: `a`, `b`, `c`, `d` form the linear part
    /// (`a`, `b` the image of the x axis; `c`, `d` the image of the y axis) and `tx`, `ty` the
    /// translation, in points.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The map that leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`x`, `y`) points, as `CGAffineTransform(translationX:y:)`.
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A scaling by `x` horizontally and `y` vertically about the origin, as `CGAffineTransform(scaleX:y:)`.
    public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    /// A rotation by `angle` radians; positive turns +x towards +y (clockwise on a y-down screen).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `self` applied after `first`: `p ↦ self(first(p))`.
    public func concatenating(_ first: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * first.a + c * first.b, b: b * first.a + d * first.b,
                        c: a * first.c + c * first.d, d: b * first.c + d * first.d,
                        tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    /// Translation applied *before* this transform, as `CGAffineTransform.translatedBy`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        concatenating(AffineTransform(translationX: x, y: y))
    }

    /// Scaling applied before this transform, as `CGAffineTransform.scaledBy`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        concatenating(AffineTransform(scaleX: x, y: y))
    }

    /// Rotation applied before this transform, as `CGAffineTransform.rotated(by:)`.
    public func rotated(by angle: Double) -> AffineTransform {
        concatenating(AffineTransform(rotationAngle: angle))
    }

    /// The inverse map, or `nil` when the transform collapses the plane.
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The image of `p` under the map (`CGPoint.applying(_:)`).
    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// The largest factor by which the transform stretches any length (the larger singular value):
    /// tolerances given in pixels are divided by it to get user-space tolerances.
    var maximumScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let half = (p + q) * 0.5, spread = (((p - q) * 0.5) * ((p - q) * 0.5) + r * r).squareRoot()
        return (half + spread).squareRoot()
    }

    var isIdentity: Bool { self == .identity }
}


extension Int {
    /// `value` rounded toward zero and clamped to ±2³¹ (NaN is 0): pixel arithmetic on coordinates
    /// from untrusted data never traps, and anything this far off a canvas is clipped anyway.
    init(clamping value: Double) {
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -2_147_483_648), 2_147_483_648))
    }
}
