import FrameGen

/// A layer's 2-D transform in the parts Core Animation animates by key path
/// (`transform.translation`, `transform.rotation.z`, `transform.scale.x/y`), applied about the
/// layer's anchor point: scale first, then rotation, then translation.
public struct LayerTransform: Sendable, Hashable, Codable {
    /// Points moved, after rotating and scaling.
    public var translation: Point
    /// Radians, positive turning clockwise on the y-down canvas.
    public var rotation: Double
    /// The horizontal and vertical scale factors.
    public var scale: Point

    /// A transform from its parts; the default changes nothing.
    public init(translation: Point = .zero, rotation: Double = 0, scale: Point = Point(1, 1)) {
        self.translation = translation; self.rotation = rotation; self.scale = scale
    }

    /// The transform that changes nothing.
    public static let identity = LayerTransform()

    /// The affine matrix: translate · rotate · scale.
    public var matrix: AffineTransform {
        AffineTransform.identity.translatedBy(x: translation.x, y: translation.y)
            .rotated(by: rotation).scaledBy(x: scale.x, y: scale.y)
    }

    /// Whether every number is finite.
    public var isFinite: Bool { translation.isFinite && rotation.isFinite && scale.isFinite }
}
