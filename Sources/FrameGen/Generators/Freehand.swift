import Basics
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

    /// The strokes, each the samples of one touch in points, in drawing order; every coordinate
    /// finite (``settingError``).
    public var strokes: [[Point]]
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points.
    public var height: Double
    /// Pixels per point of the frames.
    public var scale: Int
    /// How the samples are smoothed; ``Smoothing/midpoint`` by default.
    public var smoothing: Smoothing
    /// The pen's width in points (round caps and joins): above 0, at most ``widestLine`` (the
    /// canvas's diagonal); 6 by default.
    public var lineWidth: Double
    /// The ink; black by default.
    public var color: Color
    /// The colour under the drawing, or `nil` (the default) for transparent.
    public var background: Color?
    /// What a frame may cost: ``frame(_:)`` checks the canvas's size against
    /// `ResourceLimits.maxPixels` before allocating it, and stops the strokes' flattening at
    /// `ResourceLimits.maxFlattenedEdges` points in all.
    public var limits: ResourceLimits
    /// Frames of the draw-on animation, at least 1 (a smaller value set here is stored as 1); the
    /// last one shows the whole drawing.
    public var frameCount: Int {
        didSet { if frameCount < 1 { frameCount = 1 } }
    }
    /// The file the strokes were read from (``init(json:file:width:height:limits:)``), for the
    /// edge limit's message: `pts.json: strokes: needs more than …`.
    var file: String?
    /// The run its frames are drawn in (`generate stroke` writing them all): they share
    /// `ResourceLimits.maxDrawingWork` together, so that a drawing growing frame by frame is refused
    /// only when its frames together pass it. `nil`: each frame may do its even share.
    package var run: DrawingRun?

    /// A drawing of `strokes` on a `width × height`-point canvas; `frameCount` frames (at least 1)
    /// reveal it, the last showing all of it.
    public init(strokes: [[Point]], width: Double, height: Double, scale: Int = 1, smoothing: Smoothing = .midpoint,
                lineWidth: Double = 6, color: Color = .black, background: Color? = nil, frameCount: Int = 1,
                limits: ResourceLimits = .default) {
        self.limits = limits
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

    /// The widest ``lineWidth`` for this canvas: its diagonal, rounded down to hundredths of a
    /// point (a wider pen covers the canvas all the same); no bound but a finite one while the
    /// canvas's size is not finite and positive (``frame(_:)`` refuses that size as a limit).
    public var widestLine: Double {
        let diagonal = ((width * width + height * height).squareRoot() * 100).rounded(.down) / 100
        return width > 0 && height > 0 && diagonal.isFinite ? diagonal : .greatestFiniteMagnitude
    }

    /// The first setting out of range, or `nil`: ``lineWidth`` above 0 and at most ``widestLine``;
    /// every sample of ``strokes`` finite (a NaN or infinite sample drew nothing of its stroke).
    /// ``frame(_:)`` throws it before any work.
    public var settingError: SettingError? {
        if !(lineWidth > 0 && lineWidth <= widestLine) {
            return SettingError(.lineWidth, of: "Freehand", value: GeneratorError.format(lineWidth), problem: .outOfRange(.above(0, atMost: widestLine)),
                                reason: "the canvas's diagonal")
        }
        for (stroke, samples) in strokes.enumerated() {
            for (sample, point) in samples.enumerated() where !(point.x.isFinite && point.y.isFinite) {
                return SettingError(.strokes(stroke: stroke, sample: sample), of: "Freehand",
                                    value: "[\(GeneratorError.format(point.x)), \(GeneratorError.format(point.y))]", problem: .outOfRange(.finite))
            }
        }
        return nil
    }

    /// Frame `index` shows the first `(index + 1) / frameCount` of the drawing's length, strokes
    /// in order, each end round-capped.
    ///
    /// The frame's work is bounded by `limits.maxFlattenedEdges`, for all the strokes together:
    /// the points their curves flatten to, measured and then stroked, and the points of their
    /// outlines. A few samples far apart ask for millions (a curve 10¹² points long, flattened to
    /// 0.01 of a point).
    /// - Throws: ``GeneratorError/setting(_:)`` for the first setting out of range
    ///   (``settingError``); ``GeneratorError/limit(_:)`` for `pixels` when the canvas's size is
    ///   not finite and positive, or over ``limits``; for `flattenedEdges` (subject `Freehand
    ///   strokes`, or `FILE: strokes` for strokes read by ``init(json:file:width:height:limits:)``)
    ///   when the strokes need more than `limits.maxFlattenedEdges`, before that work is done; for
    ///   `drawingWork` when ``frameCount`` frames of all the samples come to more than
    ///   `limits.maxDrawingWork` (each frame counted as drawing all of them), before any frame,
    ///   and when this frame's strokes do more than its share of that limit (a wide pen: the
    ///   pixels it covers, its outline's edges and the rows they cross), as it draws.
    public func frame(_ index: Int) throws(GeneratorError) -> Bitmap {
        if let error = settingError { throw .setting(error) }
        try limits.checkFrame(width: width, height: height, scale: scale, of: "Freehand")
        do {
            try limits.checkDrawing(frameCount, framesOf: strokes.reduce(0) { $0 + $1.count }, of: file.map { "\($0): strokes" } ?? "Freehand strokes")
        } catch {
            throw .limit(error)
        }
        var canvas = Canvas(trustedWidth: width, height: height, scale: scale, background: background)
        // This frame's share of the run's drawing (what the run's other frames left of it): a wide pen's edges cross many rows each.
        let meter = run?.meter(forFrame: index) ?? DrawingMeter(frames: frameCount, limits: limits)
        canvas.meter = meter
        let style = StrokeStyle(width: lineWidth, cap: .round, join: .round)
        let paths = strokes.map { Self.path(through: $0, smoothing: smoothing) }
        var edges = Budget(limits.maxFlattenedEdges)
        do {
            var lengths: [Double] = []
            for path in paths { lengths.append(try Self.length(path, budget: &edges)) }
            var budget = lengths.reduce(0, +) * Double(min(index, frameCount - 1) + 1) / Double(frameCount)
            for (path, length) in zip(paths, lengths) {
                if index >= frameCount - 1 || budget >= length {
                    try canvas.stroke(path, color: color, style: style, budget: &edges)
                } else if budget > 0 {
                    var partial = style
                    partial.dash = [budget, length + lineWidth + 1]
                    try canvas.stroke(path, color: color, style: partial, budget: &edges)
                }
                budget -= length
                if budget <= 0 && index < frameCount - 1 { break }
            }
        } catch {
            throw .limit(LimitError(limit: .flattenedEdges, subject: file.map { "\($0): strokes" } ?? "Freehand strokes", amount: nil,
                                    maximum: limits.maxFlattenedEdges))
        }
        let subject = file.map { "\($0): strokes" } ?? "Freehand strokes"
        if let error = run.map({ $0.finish(meter, frame: index, subject: subject) }) ?? meter.error(subject: subject + ", frame \(index + 1)") {
            throw .limit(error)
        }
        return canvas.makeBitmap()
    }

    /// Arc length of a path (flattened to 0.01 units), its points spent from `budget`.
    static func length(_ path: Path, budget: inout Budget) throws(Budget.Exceeded) -> Double {
        var total = 0.0
        for line in try Flattener.polylines(path, tolerance: 0.01, budget: &budget) {
            let points = line.vertices
            for i in 1..<max(1, points.count) { total += points[i - 1].point.distance(to: points[i].point) }
        }
        return total
    }
}

extension Freehand {
    /// Reads strokes from JSON: either an array of `[x, y]` samples (one stroke; values after `x`
    /// and `y` in a sample are ignored), or
    /// `{ "size": [w, h], "strokes": [[[x, y], …], …], "width": 6, "color": "#RRGGBB[AA]" }`.
    /// Fields given here override the defaults; the caller may still override them after.
    /// Any other key, a value of the wrong type or out of range is a ``SceneError/schema(_:)``
    /// error in `file` naming the key. More than `limits.maxPathSegments` samples in all, a canvas
    /// over `limits.maxPixels` or a line wider than the canvas's diagonal is refused, naming `file`
    /// (`pts.json: strokes: needs …`).
    public init(json data: [UInt8], file: String = "strokes", width: Double = 256, height: Double = 256,
                limits: ResourceLimits = .default) throws(SceneError) {
        // A sample is [x, y]; values after those two (a pressure, a time) are allowed and ignored.
        func points(_ value: InputValue) throws(SchemaError) -> [Point] {
            var out: [Point] = []
            for sample in try value.array() {
                let numbers = try sample.numbers()
                guard numbers.count >= 2 else {
                    throw SchemaError(file: file, path: sample.path,
                                      problem: .countMismatch(expected: 2, found: numbers.count, reason: "[x, y], further values ignored"))
                }
                out.append(Point(numbers[0], numbers[1]))
            }
            return out
        }
        // No sample at all draws an empty canvas: refused, as a drawing of nothing is no drawing.
        func nothingToDraw(_ path: InputPath) -> SceneError {
            .schema(SchemaError(file: file, path: path, problem: .invalid(reason: "no [x, y] sample in any stroke: nothing to draw")))
        }
        let root = try Scene.schema { () throws(SchemaError) in try InputValue.json(data, file: file) }
        if root.kind == .array {
            let samples = try Scene.schema { () throws(SchemaError) in try points(root) }
            if samples.isEmpty { throw nothingToDraw(root.path) }
            self.init(strokes: [samples], width: width, height: height, limits: limits)
            self.file = file
            try check(limits, file: file)
            return
        }
        let (parsed, size, lineWidth, color) = try Scene.schema { () throws(SchemaError) in
            let object = try root.object()
            try object.check(["strokes", "size", "width", "color"])
            var parsed: [[Point]] = []
            for stroke in try object.required("strokes").array() { parsed.append(try points(stroke)) }
            let size = try object["size"].map { v throws(SchemaError) in try Scene.positivePair(v, "[width, height]") }
            let lineWidth = try object["width"].map { v throws(SchemaError) in
                let w = try v.number()
                guard w > 0 else { throw v.outOfRange("must be a positive number") }
                return w
            }
            let color = try object["color"].map { v throws(SchemaError) in try Scene.color(v) }
            return (parsed, size, lineWidth, color)
        }
        if parsed.allSatisfy(\.isEmpty) { throw nothingToDraw("strokes") }
        let canvas = size.map { ($0.x, $0.y) } ?? (width, height)
        self.init(strokes: parsed, width: canvas.0, height: canvas.1, limits: limits)
        self.file = file
        if let lineWidth { self.lineWidth = lineWidth }
        if let color { self.color = color }
        guard self.lineWidth <= widestLine else {
            throw .schema(SchemaError(file: file, path: "width", problem: .outOfRange(requirement: "must not be wider than the canvas's diagonal"),
                                      found: InputValue.format(self.lineWidth)))
        }
        try check(limits, file: file)
    }

    /// Refuses a drawing read from `file` over `limits`: its canvas's pixels and its samples.
    private func check(_ limits: ResourceLimits, file: String) throws(SceneError) {
        do {
            try limits.checkPixels(width: width, height: height, scale: scale, of: "\(file): size")
            try limits.check(.pathSegments, strokes.reduce(0) { $0 + $1.count }, of: "\(file): strokes")
        } catch {
            throw .limit(error)
        }
    }
}
