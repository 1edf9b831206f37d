import FrameGen
import Raster

/// What a shape layer draws, as `CAShapeLayer` has it: a path in the layer's own coordinates,
/// filled (black by default) and optionally stroked.
public struct ShapeContent: Sendable, Hashable {
    /// The outline, in the layer's bounds coordinates.
    public var path: Path
    /// The fill, or nil for none (`CAShapeLayer.fillColor`, black by default).
    public var fillColor: Color?
    /// How overlaps fill.
    public var fillRule: FillRule
    /// The stroke's colour, or nil for none (the default).
    public var strokeColor: Color?
    /// The stroke's pen: width, caps, joins, dashes.
    public var strokeStyle: StrokeStyle

    /// A shape from its path and paints.
    public init(path: Path, fillColor: Color? = .black, fillRule: FillRule = .nonzero, strokeColor: Color? = nil,
                strokeStyle: StrokeStyle = StrokeStyle()) {
        self.path = path; self.fillColor = fillColor; self.fillRule = fillRule
        self.strokeColor = strokeColor; self.strokeStyle = strokeStyle
    }
}
