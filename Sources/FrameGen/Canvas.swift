import Basics
import Foundation
import Raster

/// A drawing surface like Core Graphics' image context (`UIGraphicsBeginImageContextWithOptions`):
/// sized in points, backed by `scale` pixels per point, y down. Fill and stroke paths with
/// anti-aliasing, draw bitmaps, clip, transform, save and restore state, then ``makeBitmap()``.
///
/// Colours are straight-alpha sRGB. The canvas composites source-over on a premultiplied `Float`
/// surface and rounds to straight RGBA8 once, in ``makeBitmap()``: drawing a bitmap at its own
/// size and place on a clear canvas gives it back exactly, and pixels never drawn on keep their
/// bytes (the colour under alpha 0 of a bitmap given to ``init(drawingOn:)`` included).
public struct Canvas: Sendable {
    /// The graphics state that ``saveState()`` / ``restoreState()`` keep.
    public struct State: Sendable {
        /// User space (points) → points of the canvas. Device pixels are this times `scale`.
        public var transform: AffineTransform = .identity
        /// The pen used by ``Canvas/stroke(_:color:style:)`` when it is given no `style`.
        public var strokeStyle = StrokeStyle()
        var clip: ClipMask?
        /// The clip's outlines in device pixels with their rules, while they are few enough
        /// (``maxClipEdges``): fills and strokes are intersected with them before they are scan
        /// converted, as Cairo intersects a shape with its clip polygon, rather than multiplied
        /// by ``clip`` (which images, layers and shadings use). `nil` with a clip: the mask only.
        var clipOutlines: [ClipOutline]? = []
    }

    /// One clip path's outline, loaded in a rasterizer, and its rule.
    struct ClipOutline: Sendable {
        var raster: Rasterizer
        var rule: FillRule
    }

    /// Clips of more edges than this (all together) are applied as a mask: each fill and
    /// stroke would otherwise sweep them again.
    static let maxClipEdges = 16384

    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double
    /// Pixels per point.
    public let scale: Int
    /// Whether the canvas was made opaque (as `UIGraphicsBeginImageContextWithOptions(_, true, _)`).
    public let isOpaque: Bool
    /// The current graphics state: transform, stroke style, clip.
    public var state = State()
    /// The states saved by ``saveState()`` (Canvas+State.swift), last on top.
    var stack: [State] = []
    /// Width in pixels: points × scale, rounded.
    public let pixelWidth: Int
    /// Height in pixels: points × scale, rounded.
    public let pixelHeight: Int
    /// Premultiplied RGBA, 0…1 per channel, row-major: the working surface.
    var surface: [SIMD4<Float>]
    /// What the canvas started from: pixels still transparent on the surface come from here.
    let base: Bitmap?
    /// The premultiplied colour every pixel of the surface started as (for a canvas made on a
    /// bitmap, zero: ``base`` holds what it started from).
    let startColor: SIMD4<Float>
    /// Boxes around the device pixels drawing may have changed since the start: outside them
    /// every pixel is still ``startColor`` (``Canvas/Box``).
    var touchedBoxes: [Box] = []
    var rasterizer = Rasterizer()
    var scratch = Rasterizer.Scratch()
    /// Fills and strokes not yet composited: they are replayed in order, in bands of rows on all
    /// cores, when enough have gathered, before an image is drawn, and by ``makeBitmap()``.
    private var pending: [PendingPaint] = []
    private var pendingEdges = 0
    /// Bands to composite in (tests set it to show the result does not depend on it); `nil`: one
    /// per core on large canvases.
    var bandCount: Int?
    /// What the frame being drawn may still spend (``DrawingMeter``), shared with the canvases made
    /// from this one (``offscreen()``); `nil`: not metered. Once it is over, fills, strokes and
    /// clips draw nothing.
    package var meter: DrawingMeter?

    /// A canvas of `width × height` points at `scale` pixels per point (a `scale` below 1 is taken
    /// as 1). A transparent canvas starts clear, an opaque one black (as an opaque CG context does);
    /// `background` fills it instead. The size is checked before anything is allocated.
    /// - Throws: `LimitError` for `pixels` when the size is NaN, infinite or negative, or the canvas
    ///   would have more than `limits.maxPixels` pixels.
    public init(width: Double, height: Double, scale: Int = 1, opaque: Bool = false, background: Color? = nil,
                limits: ResourceLimits = .default) throws(LimitError) {
        _ = try Self.pixelSize(width: width, height: height, scale: scale, limits: limits)
        self.init(trustedWidth: width, height: height, scale: scale, opaque: opaque, background: background)
    }

    /// A canvas of a size the caller has bounded (the generators' frames): not checked against
    /// limits; a size that is not finite and positive makes an empty canvas.
    package init(trustedWidth width: Double, height: Double, scale: Int = 1, opaque: Bool = false, background: Color? = nil) {
        self.width = width
        self.height = height
        self.scale = max(1, scale)
        self.isOpaque = opaque
        pixelWidth = Self.pixels(width * Double(self.scale))
        pixelHeight = Self.pixels(height * Double(self.scale))
        base = nil
        var fill = SIMD4<Float>()
        if var color = background ?? (opaque ? .black : nil) {
            if opaque { color.a = 255 }
            fill = Self.premultiplied(color)
        }
        startColor = fill
        surface = Compositor.filled(fill, count: pixelWidth * pixelHeight)
    }

    /// A length in points times the scale, rounded to whole pixels: 0 when not finite and positive.
    static func pixels(_ length: Double) -> Int {
        let rounded = length.rounded()
        return rounded > 0 && rounded <= Double(maximumSide) ? Int(rounded) : 0
    }

    /// A canvas that draws on `bitmap` (its size in points and scale come from it) — a context
    /// begun with an image already in it, without compositing that image first.
    public init(drawingOn bitmap: Bitmap) {
        base = bitmap
        startColor = SIMD4<Float>()
        scale = max(1, bitmap.scale)
        pixelWidth = bitmap.width
        pixelHeight = bitmap.height
        width = Double(bitmap.width) / Double(scale)
        height = Double(bitmap.height) / Double(scale)
        isOpaque = bitmap.isOpaque
        let count = bitmap.width * bitmap.height
        surface = [SIMD4<Float>](unsafeUninitializedCapacity: count) { target, initialized in
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                target.withMemoryRebound(to: Float.self) { floats in
                    if count > 0 { PremultipliedFloat.premultiply(pixels.baseAddress!, pixels: count, unit: 1, into: floats.baseAddress!) }
                }
            }
            initialized = count
        }
    }

    /// The picture so far, at the canvas's scale: the surface rounded to straight RGBA8 once
    /// (`a = round(255 · A)`, `c = round(255 · P / A)`); a pixel still fully transparent on the
    /// surface keeps the bytes it started with.
    public func makeBitmap() -> Bitmap {
        // Paints still pending are composited onto a copy: this canvas stays as it is.
        var surface = self.surface
        guard !surface.isEmpty else { return Bitmap(clearWidth: pixelWidth, height: pixelHeight, scale: scale) }
        if !pending.isEmpty {
            var scratch = Rasterizer.Scratch()
            let width = pixelWidth, height = pixelHeight
            surface.withUnsafeMutableBufferPointer { surface in
                Compositor.composite(pending, onto: UnsafeMutableSendable(surface), width: width, height: height,
                                     bands: bandCount, scratch: &scratch)
            }
        }
        return Bitmap(width: pixelWidth, height: pixelHeight, scale: scale, straight: rounded(surface))!
    }

    /// The picture so far as ``makeBitmap()`` makes it, with the paints still pending composited
    /// onto this canvas's own surface (no copy of it): for a caller done drawing.
    package mutating func takeBitmap() -> Bitmap {
        flush()
        guard !surface.isEmpty else { return Bitmap(clearWidth: pixelWidth, height: pixelHeight, scale: scale) }
        return Bitmap(width: pixelWidth, height: pixelHeight, scale: scale, straight: rounded(surface))!
    }

    /// `surface` (this canvas's, paints composited) rounded to straight RGBA8.
    private func rounded(_ surface: [SIMD4<Float>]) -> [UInt8] {
        guard let base else { return roundTouched(surface) }
        var pixels = base.pixels
        Compositor.round(surface, into: &pixels)
        return pixels
    }

    /// A straight colour as premultiplied floats, 0…1.
    static func premultiplied(_ color: Color) -> SIMD4<Float> {
        withUnsafeBytes(of: (color.r, color.g, color.b, color.a)) { bytes in
            PremultipliedFloat.premultiplied(bytes.bindMemory(to: UInt8.self).baseAddress!, unit: 1)
        }
    }

    /// The straight RGBA8 pixel whose red sample is at `pixels[i]`, as premultiplied floats.
    @inline(__always)
    static func premultiplied(_ pixels: UnsafeBufferPointer<UInt8>, at i: Int) -> SIMD4<Float> {
        PremultipliedFloat.premultiplied(pixels.baseAddress! + i, unit: 1)
    }

    // MARK: Drawing

    /// Fills the rectangle (user space) with `color`.
    public mutating func fill(rect x: Double, _ y: Double, _ width: Double, _ height: Double, color: Color) {
        fill(Path(rect: x, y, width, height), color: color)
    }

    /// Fills `path` with `color` under `rule`. A path that flattens to more edges than
    /// `ResourceLimits.default` allows is not drawn; the variant with `limits:` throws instead.
    /// Geometry that is not finite is not drawn, as Core Graphics ignores it: a subpath with a NaN
    /// or infinite point (after the transform) is left out, the others are filled.
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonzero) {
        try? fill(path, color: color, rule: rule, maxEdges: ResourceLimits.default.maxFlattenedEdges)
    }

    /// Fills `path` with `color` under `rule`, or throws before drawing anything when its outline
    /// flattens to more than `limits.maxFlattenedEdges` edges (untrusted paths: scenes, SVG data).
    /// A subpath with a point that is not finite is left out, as ``fill(_:color:rule:)`` leaves it
    /// out, without throwing: it is no limit (readers of untrusted geometry refuse it as they read it).
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonzero, limits: ResourceLimits) throws(LimitError) {
        do { try fill(path, color: color, rule: rule, maxEdges: limits.maxFlattenedEdges) } catch {
            throw Self.edgeLimit(limits)
        }
    }

    private mutating func fill(_ path: Path, color: Color, rule: FillRule, maxEdges: Int) throws(Budget.Exceeded) {
        guard meter?.isOver != true else { return }
        try loadInterior(of: path, maxEdges: maxEdges)
        paint(color: color, rule: rule)
    }

    private static func edgeLimit(_ limits: ResourceLimits) -> LimitError {
        LimitError(limit: .flattenedEdges, subject: "path", amount: nil,
                   maximum: limits.maxFlattenedEdges)
    }

    /// Loads the rasterizer with `path`'s outline in device pixels, at most `maxEdges` edges.
    mutating func loadInterior(of path: Path, maxEdges: Int) throws(Budget.Exceeded) {
        rasterizer.reset()
        let lines = try Flattener.polylines(path.applying(deviceTransform).cuttingArcs(for: .identity), tolerance: Flattener.tolerance, maxVertices: maxEdges)
        for line in lines {
            rasterizer.addPolygon(line.vertices.lazy.map(\.point))
        }
    }

    /// Strokes `path` with `color` using ``State/strokeStyle`` (or `style`). The pen lives in user
    /// space, so a scaled or rotated transform scales or turns the stroke too, as in Core Graphics.
    /// A stroke whose outline would pass the edge limit of `ResourceLimits.default` is not drawn; the
    /// variant with `limits:` throws instead. Geometry that is not finite is not drawn, as Core
    /// Graphics ignores it: the segments that touch a NaN or infinite point are left out, and a
    /// NaN width strokes nothing.
    public mutating func stroke(_ path: Path, color: Color, style: StrokeStyle? = nil) {
        try? stroke(path, color: color, style: style, maxEdges: ResourceLimits.default.maxFlattenedEdges)
    }

    /// Strokes `path` like ``stroke(_:color:style:)``, or throws before drawing anything when the
    /// path, its dashes, joins and caps come to more than `limits.maxFlattenedEdges` edges.
    /// Geometry that is not finite is left out as ``stroke(_:color:style:)`` leaves it out, without
    /// throwing: it is no limit (readers of untrusted geometry refuse it as they read it).
    public mutating func stroke(_ path: Path, color: Color, style: StrokeStyle? = nil, limits: ResourceLimits) throws(LimitError) {
        do { try stroke(path, color: color, style: style, maxEdges: limits.maxFlattenedEdges) } catch {
            throw Self.edgeLimit(limits)
        }
    }

    private mutating func stroke(_ path: Path, color: Color, style: StrokeStyle?, maxEdges: Int) throws(Budget.Exceeded) {
        var vertices = Budget(maxEdges)
        try stroke(path, color: color, style: style, vertices: &vertices, maxPoints: maxEdges)
    }

    /// Strokes `path` like ``stroke(_:color:style:limits:)``, spending its flattened vertices and
    /// then its outline's points from `budget`: one budget for every stroke of a drawing bounds
    /// them all together (``Freehand``). Throws ``Budget/Exceeded`` before drawing when it runs out.
    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle?, budget: inout Budget) throws(Budget.Exceeded) {
        try stroke(path, color: color, style: style, vertices: &budget, maxPoints: nil)
    }

    /// The stroke: the path's flattened vertices spent from `vertices`, the outline at most
    /// `maxPoints` points (`nil`: what `vertices` has left, spent from it too).
    private mutating func stroke(_ path: Path, color: Color, style: StrokeStyle?, vertices: inout Budget, maxPoints: Int?) throws(Budget.Exceeded) {
        // A frame over its drawing share (``meter``) strokes nothing more: flattening and dashing are the cost.
        guard meter?.isOver != true else { return }
        let transform = deviceTransform
        let tolerance = Flattener.tolerance / max(transform.maximumScale, 1e-12)
        var pen = style ?? state.strokeStyle
        pen.width = Self.coveringWidth(pen.width, of: path, transform: transform, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        let grid = 1.0 / 256 / max(transform.maximumScale, 1e-12)
        let lines = try Flattener.polylines(path.cuttingArcs(for: transform), tolerance: tolerance, grid: grid, budget: &vertices)
        var stroker = Stroker(style: pen, tolerance: tolerance, maxPoints: maxPoints ?? vertices.remaining, grid: grid)
        try stroker.stroke(lines)
        if maxPoints == nil { try vertices.spend(stroker.output.points.count) }
        rasterizer.reset()
        stroker.output.forEachContour { contour in
            rasterizer.addPolygon(contour.lazy.map(transform.apply))
        }
        paint(color: color, rule: .nonzero)
    }

    /// Intersects the clip with `path`: later drawing only shows inside it (anti-aliased edges).
    /// A path over the edge limit of `ResourceLimits.default` leaves the clip as it is.
    public mutating func clip(to path: Path, rule: FillRule = .nonzero) {
        try? clip(to: path, rule: rule, maxEdges: ResourceLimits.default.maxFlattenedEdges)
    }

    /// Intersects the clip with `path` like ``clip(to:rule:)``, or throws when its outline
    /// flattens to more than `limits.maxFlattenedEdges` edges.
    public mutating func clip(to path: Path, rule: FillRule = .nonzero, limits: ResourceLimits) throws(LimitError) {
        do { try clip(to: path, rule: rule, maxEdges: limits.maxFlattenedEdges) } catch {
            throw Self.edgeLimit(limits)
        }
    }

    private mutating func clip(to path: Path, rule: FillRule, maxEdges: Int) throws(Budget.Exceeded) {
        guard meter?.isOver != true else { return }
        try loadInterior(of: path, maxEdges: maxEdges)
        // The outline scan converted, and the whole canvas's mask made and intersected.
        meter?.spend(rasterizer.drawingCost(width: pixelWidth, height: pixelHeight))
        meter?.spend(pixelWidth * pixelHeight)
        var mask = ClipMask(width: pixelWidth, height: pixelHeight)
        let width = pixelWidth
        rasterizer.sortEdges()
        rasterizer.fill(width: pixelWidth, height: pixelHeight, rule: rule, scratch: &scratch) { y, x, length, level in
            for i in 0..<length { mask.values[y * width + x + i] = UInt8(level) }
        }
        if let old = state.clip { mask.intersect(old) }
        state.clip = mask
        if var outlines = state.clipOutlines,
           outlines.reduce(rasterizer.edgeCount, { $0 + $1.raster.edgeCount }) <= Self.maxClipEdges {
            outlines.append(ClipOutline(raster: rasterizer, rule: rule))
            state.clipOutlines = outlines
            rasterizer = Rasterizer(reservingCapacity: rasterizer.edgeCount)
        } else {
            state.clipOutlines = nil
        }
    }

    /// Queues the rasterizer's coverage in `color` for compositing.
    private mutating func paint(color: Color, rule: FillRule) {
        guard color.a > 0 else { return }
        let rows = rasterizer.rows(height: pixelHeight), columns = rasterizer.columns(width: pixelWidth)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        // Charged to the frame's share; over it, the frame is refused (its maker throws) and nothing more is painted.
        if let meter, !meter.spend(rasterizer.drawingCost(width: pixelWidth, height: pixelHeight)) { return }
        var clip = state.clip
        if clip != nil, let outlines = state.clipOutlines {
            for outline in outlines { rasterizer.addClip(outline.raster, rule: outline.rule) }
            clip = nil
        }
        rasterizer.clipToColumns(right: Double(pixelWidth))
        rasterizer.sortEdges()
        touch(columns: columns, rows: rows)
        pending.append(PendingPaint(raster: rasterizer, source: Self.premultiplied(color), opaque: color.a == 255,
                                    rule: rule, clip: clip))
        // The queued paint keeps this outline; the next one starts with room for as many edges.
        pendingEdges += rasterizer.edgeCount
        rasterizer = Rasterizer(reservingCapacity: rasterizer.edgeCount)
        if pending.count >= Self.batch || pendingEdges >= Self.batchEdges { flush() }
    }

    /// Makes this canvas again as it was made, without allocating or filling its surface anew:
    /// the pixels drawn on (``touchedBoxes``) go back to the colour it started with; the state,
    /// saved states and paints not yet composited are dropped. Returns false, changing nothing,
    /// for a canvas begun on a bitmap (``init(drawingOn:)``), which cannot restart.
    package mutating func restart() -> Bool {
        guard base == nil else { return false }
        pending.removeAll(keepingCapacity: true)
        pendingEdges = 0
        stack.removeAll(keepingCapacity: true)
        state = State()
        let width = pixelWidth, color = startColor, boxes = touchedBoxes
        surface.withUnsafeMutableBufferPointer { surface in
            for box in boxes {
                for y in box.rows { (surface.baseAddress! + y * width + box.x0).update(repeating: color, count: box.x1 - box.x0) }
            }
        }
        touchedBoxes.removeAll(keepingCapacity: true)
        return true
    }

    /// Paints gathered before they are composited (a larger batch keeps both cores busier)…
    static let batch = 1024
    /// …or when their outlines hold this many edges (about 40 MB), whichever comes first.
    static let batchEdges = 1 << 20

    /// Composites the pending paints onto the surface (a canvas handed to another's
    /// `composite` or `mask` flushed first is not copied to be flushed there).
    package mutating func flush() {
        guard !pending.isEmpty else { return }
        let paints = pending
        pending.removeAll(keepingCapacity: true)
        pendingEdges = 0
        guard !surface.isEmpty else { return }
        let width = pixelWidth, height = pixelHeight
        surface.withUnsafeMutableBufferPointer { surface in
            Compositor.composite(paints, onto: UnsafeMutableSendable(surface), width: width, height: height,
                                 bands: bandCount, scratch: &scratch)
        }
    }
}
