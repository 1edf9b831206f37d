import Foundation
import FrameGen
import Raster

/// What a gradient layer draws, as `CAGradientLayer` has it: ``colors`` spread over the layer's
/// bounds from ``startPoint`` to ``endPoint`` (unit coordinates of the bounds: 0, 0 is the
/// top-left corner, 1, 1 the bottom-right), each reached at its entry of ``locations``.
///
/// - `axial`: colour changes along the line from the start to the end point and is constant across
///   it; before the start the first colour shows, past the end the last (the ends extend).
/// - `radial`: an ellipse centred on the start point whose edge passes through the end point — its
///   radii are `|end.x − start.x| × width` and `|end.y − start.y| × height`, as Core Animation
///   draws it; past the edge the last colour shows.
/// - `conic`: a sweep about the start point, the first colour along the direction towards the end
///   point, turning clockwise on screen (y down) through one full turn.
///
/// Colours are interpolated as straight-alpha components (red, green, blue and alpha each
/// linearly, then premultiplied), as Core Animation and Cairo (pixman) both do: a gradient from
/// opaque white to `Color.clear` (transparent *black*) passes through half-transparent
/// grey, the well-known look of `UIColor.clear` in a `CAGradientLayer`; fade to white with alpha 0
/// for a clean fade.
///
/// ```swift
/// let sky = Gradient(colors: [Color(hex: "#1E3C72")!, Color(hex: "#2A5298")!, .white],
///                    locations: [0, 0.6, 1])            // top to bottom, the default points
/// let glow = Gradient(colors: [.white, Color(r: 255, g: 255, b: 255, a: 0)], type: .radial,
///                     startPoint: Point(0.5, 0.5), endPoint: Point(1, 1))
/// ```
public struct Gradient: Sendable, Hashable {
    /// The shape of a gradient (`CAGradientLayerType`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Along a line (`.axial`, the default).
        case axial
        /// Out from a centre, elliptical (`.radial`).
        case radial
        /// Around a centre (`.conic`).
        case conic
    }

    /// The colours, in order (straight alpha). None draws nothing; one fills the bounds.
    public var colors: [Color]
    /// Where each colour is reached, 0…1 along the gradient, never decreasing, one per colour; nil
    /// spreads the colours evenly (`CAGradientLayer.locations`).
    public var locations: [Double]?
    /// The shape.
    public var type: Kind
    /// Where the gradient starts (axial), or its centre (radial, conic), in unit coordinates of the
    /// bounds; top centre (0.5, 0) by default.
    public var startPoint: Point
    /// Where the gradient ends (axial), a point on its edge (radial) or the direction of its first
    /// colour (conic), in unit coordinates; bottom centre (0.5, 1) by default.
    public var endPoint: Point

    /// A gradient with Core Animation's defaults: axial, top to bottom, colours evenly spread.
    public init(colors: [Color], locations: [Double]? = nil, type: Kind = .axial,
                startPoint: Point = Point(0.5, 0), endPoint: Point = Point(0.5, 1)) {
        self.colors = colors; self.locations = locations; self.type = type
        self.startPoint = startPoint; self.endPoint = endPoint
    }

    /// Why a gradient cannot be drawn.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// A point or location that is NaN or infinite.
        case notFinite(property: String, value: Double)
        /// Locations given, but not one per colour.
        case locationCount(locations: Int, colors: Int)
        /// A location below the one before it.
        case decreasingLocation(index: Int, value: Double, previous: Double)

        /// What is wrong and how to put it right.
        public var description: String {
            switch self {
            case .notFinite(let property, let value): "gradient.\(property) must be a finite number (got \(value))"
            case .locationCount(let locations, let colors):
                "gradient.locations has \(locations) entries for \(colors) colours: give one per colour, or none to spread them evenly"
            case .decreasingLocation(let index, let value, let previous):
                "gradient.locations[\(index)] is \(value), below the \(previous) before it: locations never decrease"
            }
        }
    }

    /// The first thing that keeps the gradient from being drawn, or nil when it is sound.
    public var problem: Problem? {
        for (name, value) in [("startPoint.x", startPoint.x), ("startPoint.y", startPoint.y),
                              ("endPoint.x", endPoint.x), ("endPoint.y", endPoint.y)] where !value.isFinite {
            return .notFinite(property: name, value: value)
        }
        guard let locations else { return nil }
        if locations.count != colors.count { return .locationCount(locations: locations.count, colors: colors.count) }
        for (index, value) in locations.enumerated() {
            if !value.isFinite { return .notFinite(property: "locations[\(index)]", value: value) }
            if index > 0, value < locations[index - 1] {
                return .decreasingLocation(index: index, value: value, previous: locations[index - 1])
            }
        }
        return nil
    }

    /// The locations in use: the given ones, or `i / (count − 1)`.
    var resolvedLocations: [Double] {
        if let locations, locations.count == colors.count { return locations }
        guard colors.count > 1 else { return colors.map { _ in 0 } }
        return colors.indices.map { Double($0) / Double(colors.count - 1) }
    }

    /// The premultiplied colour (0…1 channels) at position `t` along the gradient: the straight
    /// components of the two stops around `t` interpolated linearly, then premultiplied; the first
    /// colour before the first stop and the last after the last.
    func premultipliedColor(at t: Double, stops: [Double]) -> SIMD4<Float> {
        guard let first = colors.first else { return .zero }
        var lower = 0
        if t.isNaN || t <= stops[0] { return Self.premultiplied(Self.straight(first)) }
        while lower + 1 < stops.count, stops[lower + 1] <= t { lower += 1 }
        if lower + 1 >= stops.count { return Self.premultiplied(Self.straight(colors[colors.count - 1])) }
        let a = Self.straight(colors[lower]), b = Self.straight(colors[lower + 1])
        let fraction = Float((t - stops[lower]) / (stops[lower + 1] - stops[lower]))
        return Self.premultiplied(a + (b - a) * fraction)
    }

    /// The position along the gradient (0 at the start, 1 at the end) of the point `unit`, in unit
    /// coordinates of bounds `width × height` points.
    func parameter(atUnit unit: Point, width: Double, height: Double) -> Double {
        // Work in points so that the axis and radii follow the bounds' aspect, as Core Animation's do.
        let px = (unit.x - startPoint.x) * width, py = (unit.y - startPoint.y) * height
        let dx = (endPoint.x - startPoint.x) * width, dy = (endPoint.y - startPoint.y) * height
        switch type {
        case .axial:
            let length = dx * dx + dy * dy
            return length > 0 ? (px * dx + py * dy) / length : 0
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            guard rx > 0, ry > 0 else { return 1 }
            let u = px / rx, v = py / ry
            return (u * u + v * v).squareRoot()
        case .conic:
            var turn = (atan2(py, px) - atan2(dy, dx)) / (2 * Double.pi)
            if turn < 0 { turn += 1 }
            return turn >= 1 ? 0 : turn
        }
    }

    /// Fills `bounds` (the canvas's current transform applies) with the gradient.
    func draw(in bounds: Rect, on canvas: inout Canvas) {
        guard !colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return }
        let stops = resolvedLocations
        if colors.count == 1 { canvas.fill(bounds.path, color: colors[0]); return }
        let x0 = bounds.x, y0 = bounds.y, width = bounds.width, height = bounds.height
        canvas.fill(bounds.path) { x, y in
            premultipliedColor(at: parameter(atUnit: Point((x - x0) / width, (y - y0) / height), width: width, height: height),
                               stops: stops)
        }
    }

    private static func straight(_ color: Color) -> SIMD4<Float> {
        SIMD4(Float(color.r), Float(color.g), Float(color.b), Float(color.a)) * (1 / 255)
    }

    private static func premultiplied(_ c: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }
}
