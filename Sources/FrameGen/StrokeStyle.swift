/// How the open ends of a stroke are drawn.
public enum LineCap: String, Sendable, Hashable, Codable, CaseIterable {
    /// `butt` ends the stroke flat at the end point (the default); `round` adds a half disc of the
    /// stroke's width; `square` extends it by half the width. A zero-length subpath draws a dot with
    /// `round` and a square with `square` (SVG 2), nothing with `butt`.
    case butt, round, square
}

/// How a stroke turns a corner.
public enum LineJoin: String, Sendable, Hashable, Codable, CaseIterable {
    /// `miter` extends the outer edges to a point (the default; a bevel past ``StrokeStyle/miterLimit``);
    /// `round` adds a disc sector; `bevel` cuts the corner with a straight edge.
    case miter, round, bevel
}

/// The pen: Core Graphics' line width, cap, join, miter limit and dash, with its defaults.
public struct StrokeStyle: Sendable, Hashable, Codable {
    /// The stroke's width in user-space points (1 by default); 0 draws nothing.
    public var width: Double
    /// How open ends are drawn; ``LineCap/butt`` by default.
    public var cap: LineCap
    /// How corners are drawn; ``LineJoin/miter`` by default.
    public var join: LineJoin
    /// Miters longer than `miterLimit × width` become bevels (1/sin(θ/2) > limit).
    public var miterLimit: Double
    /// Alternating on/off lengths in user space; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Double

    /// A pen with Core Graphics' defaults unless told otherwise: width 1, butt caps, miter joins, miter
    /// limit 10, solid.
    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
