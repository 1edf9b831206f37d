import Foundation
import Raster

/// Smoothed freehand strokes from sampled touch points, and a "draw-on" animation that reveals
/// them over ``frameCount`` frames.
///
/// Smoothing follows the usual progression of iOS drawing code:
/// - ``Smoothing/linear``: straight segments through the samples;
/// - ``Smoothing/bezier``: one cubic per three new samples (`p1`, `p2` controls, `p3` end) — kinks
///   where the cubics meet;
/// - ``Smoothing/midpoint``: the seed's fix — each cubic ends at the midpoint between its second
///   control point and the next sample, so consecutive cubics share a tangent.
///
/// Unlike the seed, a single tap draws a dot, and samples left over after the last full segment
/// are still drawn (a quadratic or line to the last sample) instead of being dropped.
public struct Freehand: FrameGenerator {
    /// How sampled points become curves (the CLI's `--smoothing`).
    public enum Smoothing: String, Sendable, CaseIterable, Codable {
        /// `linear` joins the samples with straight lines; `bezier` makes a cubic of every three samples
        /// (kinks where cubics meet); `midpoint` ends each cubic halfway between its second control point and
        /// the next sample, so consecutive cubics share a tangent (the default).
        case linear, bezier, midpoint
    }

    /// The strokes, each the samples of one touch in points, in drawing order.
    public var strokes: [[Point]]
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points.
    public var height: Double
    /// Pixels per point of the frames.
    public var scale: Int
    /// How the samples are smoothed; ``Smoothing/midpoint`` by default.
    public var smoothing: Smoothing
    /// The pen's width in points (round caps and joins); 6 by default.
    public var lineWidth: Double
    /// The ink; black by default.
    public var color: Color
    /// The colour under the drawing, or `nil` (the default) for transparent.
    public var background: Color?
    /// Frames of the draw-on animation; the last one shows the whole drawing.
    public var frameCount: Int

    /// A drawing of `strokes` on a `width × height`-point canvas; `frameCount` frames (at least 1)
    /// reveal it, the last showing all of it.
    public init(strokes: [[Point]], width: Double, height: Double, scale: Int = 1, smoothing: Smoothing = .midpoint,
                lineWidth: Double = 6, color: Color = .black, background: Color? = nil, frameCount: Int = 1) {
        self.strokes = strokes
        self.width = width
        self.height = height
        self.scale = scale
        self.smoothing = smoothing
        self.lineWidth = lineWidth
        self.color = color
        self.background = background
        self.frameCount = max(1, frameCount)
    }

    /// The smoothed path through `points`.
    public static func path(through points: [Point], smoothing: Smoothing) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        guard points.count > 1 else {
            // A tap: a zero-length segment, which round caps draw as a dot.
            path.line(to: first)
            return path
        }
        switch smoothing {
        case .linear:
            for p in points.dropFirst() { path.line(to: p) }
        case .bezier:
            var i = 1
            while i + 2 < points.count {
                path.curve(to: points[i + 2], control1: points[i], control2: points[i + 1])
                i += 3
            }
            finish(&path, with: Array(points[i...]))
        case .midpoint:
            // Samples p0…p4: the cubic p0 → mid(p2, p4) with controls p1, p2; the next cubic starts
            // there with p4 as its first control, so the joint is smooth.
            var start = 1
            while start + 3 < points.count {
                let end = points[start + 1].midpoint(points[start + 3])
                path.curve(to: end, control1: points[start], control2: points[start + 1])
                start += 3
            }
            finish(&path, with: Array(points[start...]))
        }
        return path
    }

    /// Ends a stroke through the remaining samples (0 to 3 of them) so the last one is reached.
    private static func finish(_ path: inout Path, with rest: [Point]) {
        switch rest.count {
        case 0: return
        case 1: path.line(to: rest[0])
        case 2: path.quad(to: rest[1], control: rest[0])
        default: path.curve(to: rest[rest.count - 1], control1: rest[0], control2: rest[rest.count - 2])
        }
    }

    /// All strokes, smoothed, as one path of several subpaths.
    public var path: Path {
        var all = Path()
        for stroke in strokes { all.append(Self.path(through: stroke, smoothing: smoothing)) }
        return all
    }

    /// Frame `index` shows the first `(index + 1) / frameCount` of the drawing's length, strokes
    /// in order, each end round-capped.
    public func frame(_ index: Int) -> Bitmap {
        var canvas = Canvas(width: width, height: height, scale: scale, background: background)
        let style = StrokeStyle(width: lineWidth, cap: .round, join: .round)
        let paths = strokes.map { Self.path(through: $0, smoothing: smoothing) }
        let lengths = paths.map(Self.length)
        var budget = lengths.reduce(0, +) * Double(min(index, frameCount - 1) + 1) / Double(frameCount)
        for (path, length) in zip(paths, lengths) {
            if index >= frameCount - 1 || budget >= length {
                canvas.stroke(path, color: color, style: style)
            } else if budget > 0 {
                var partial = style
                partial.dash = [budget, length + lineWidth + 1]
                canvas.stroke(path, color: color, style: partial)
            }
            budget -= length
            if budget <= 0 && index < frameCount - 1 { break }
        }
        return canvas.makeBitmap()
    }

    /// Arc length of a path (flattened to 0.01 units).
    static func length(_ path: Path) -> Double {
        var total = 0.0
        for line in Flattener.polylines(path, tolerance: 0.01) {
            let points = line.points
            for i in 1..<max(1, points.count) { total += points[i - 1].distance(to: points[i]) }
        }
        return total
    }
}

extension Freehand {
    /// Reads strokes from JSON: either an array of `[x, y]` samples (one stroke), or
    /// `{ "size": [w, h], "strokes": [[[x, y], …], …], "width": 6, "color": "#RRGGBB[AA]" }`.
    /// Fields given here override the defaults; the caller may still override them after.
    /// More than `limits.maxPathSegments` samples in all, a canvas over `limits.maxPixels` or a
    /// line wider than the canvas's diagonal is refused.
    public init(json data: [UInt8], width: Double = 256, height: Double = 256, limits: ResourceLimits = .default) throws(SceneError) {
        let root = try Scene.json(data)
        func points(_ value: Any, _ at: String) throws(SceneError) -> [Point] {
            guard let pairs = value as? [[Double]], pairs.allSatisfy({ $0.count >= 2 && $0[0].isFinite && $0[1].isFinite }) else {
                throw .invalid(path: at, reason: "expected an array of [x, y] samples")
            }
            return pairs.map { Point($0[0], $0[1]) }
        }
        if root is [Any], !(root is [String: Any]) {
            self.init(strokes: [try points(root, "")], width: width, height: height)
            try check(limits)
            return
        }
        guard let object = root as? [String: Any] else { throw .invalid(path: "", reason: "expected an array of samples or an object") }
        guard let strokes = object["strokes"] as? [Any] else { throw .invalid(path: "strokes", reason: "expected an array of strokes") }
        var parsed: [[Point]] = []
        for (i, stroke) in strokes.enumerated() { parsed.append(try points(stroke, "strokes[\(i)]")) }
        var size = (width, height)
        if let value = object["size"] {
            let pair = try Scene.pair(value, path: "size")
            guard pair.x > 0, pair.y > 0 else { throw .invalid(path: "size", reason: "width and height must be positive") }
            size = (pair.x, pair.y)
        }
        self.init(strokes: parsed, width: size.0, height: size.1)
        if let value = object["width"] {
            guard let w = value as? Double, w > 0 else { throw .invalid(path: "width", reason: "expected a positive number") }
            lineWidth = w
        }
        if let value = object["color"] { color = try Scene.color(value, path: "color") }
        guard lineWidth <= (size.0 * size.0 + size.1 * size.1).squareRoot() else {
            throw .invalid(path: "width", reason: "wider than the canvas's diagonal")
        }
        try check(limits)
    }

    /// Refuses a drawing over `limits`: its canvas's pixels and its samples.
    private func check(_ limits: ResourceLimits) throws(SceneError) {
        do {
            try limits.checkPixels(width: width, height: height, scale: scale, of: "freehand canvas")
            try limits.check(.pathSegments, strokes.reduce(0) { $0 + $1.count }, of: "freehand strokes")
        } catch {
            throw .limit(error)
        }
    }
}
