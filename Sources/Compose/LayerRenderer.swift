import Animated
import Basics
import FrameGen
import Raster
import Text

/// Draws a layer tree at a moment of its time, as Core Animation's render server would show it:
/// each layer's presentation values at its local time, sublayers by ``Layer/zPosition``, group
/// opacity, blend modes, masks and shadows through an offscreen surface, ``Layer/masksToBounds`` as a clip of the
/// content and sublayers.
///
/// The tree is checked once, at ``init(root:width:height:scale:background:limits:)``; ``render(at:)``
/// then draws any number of moments (frames may be drawn on several threads at once).
///
/// ```swift
/// let renderer = try LayerRenderer(root: sky, width: 480, height: 270, scale: 2)
/// let frame = try renderer.render(at: 1.5)
/// ```
public struct LayerRenderer: Sendable {
    /// The tree drawn.
    public let root: Layer
    /// The output's width in points.
    public let width: Double
    /// The output's height in points.
    public let height: Double
    /// Pixels per point.
    public let scale: Int
    /// What lies under the root, or nil for clear.
    public let background: Color?
    /// The frames of the run this renderer draws (1 by default, stored as at least 1): a frame drawn by ``render(at:)`` may spend
    /// `limits.maxDrawingWork` over them — the pixels its layers cover, composite and blur, the sequence frames they decode, the
    /// outlines they scan convert, in pixels' worth.
    public var frameCount = 1 {
        didSet { if frameCount < 1 { frameCount = 1 } }
    }
    /// The time between frames rendered one after another (1 ÷ the scene's fps, set by `SceneFile.renderer(limits:)`): a
    /// streamed GIF's, APNG's or WebP's frame is charged the frames decoded to reach it from the one shown that much earlier
    /// (``SequenceContent/framesDecoded(toShow:after:)``). `nil` (the default, and any value not finite and above 0) charges it as read from the first.
    public var frameInterval: Double? {
        didSet { if let frameInterval, !(frameInterval.isFinite && frameInterval > 0) { self.frameInterval = nil } }
    }

    /// A renderer for `root` on a `width × height`-point output at `scale`.
    /// - Throws: ``CompositionError`` for a NaN or infinite number or a negative size anywhere in
    ///   the tree (geometry, timing, paths, pens), a tree deeper than ``maximumDepth``, an output
    ///   over `limits`, or nested surfaces (group opacity, blend modes, masks, shadows) whose
    ///   pixels would be over `limits.maxDecodedBytes`.
    public init(root: Layer, width: Double, height: Double, scale: Int = 1, background: Color? = nil,
                limits: ResourceLimits = .default) throws(CompositionError) {
        // The output's size, nothing allocated: a frame's memory is checked first (a 2147483646×1
        // canvas, made here to learn its size, aborted on 34 GB under raised pixel limits).
        let size: (width: Int, height: Int)
        do { size = try Canvas.pixelSize(width: width, height: height, scale: scale, limits: limits) } catch { throw .limit(error) }
        let canvas = (pixelWidth: size.width, pixelHeight: size.height)
        guard canvas.pixelWidth > 0, canvas.pixelHeight > 0 else { throw .emptyOutput(width: width, height: height, scale: scale) }
        var texts = TextRasters()
        let surfaces = try Self.check(root, path: root.name, depth: 1, texts: &texts)
        // Each group with opacity, a blend mode, a mask or a shadow is drawn on a surface of its
        // own, the size of the output, held while its sublayers draw: the deepest nesting of them
        // and the canvas (16 bytes a pixel each), and the frame made of it and handed on (4 bytes
        // a pixel, and the coverage and encoder buffers that go with it: 16 in all, measured with
        // 1 and 2 threads on a 3000² render), is what one frame holds at once.
        let pixels = canvas.pixelWidth * canvas.pixelHeight
        let bytes = (Double(surfaces + 1) * 16 + 16) * Double(pixels)
        frameBytes = bytes < 9e18 ? Int(bytes) : .max
        // Each text is rasterized once, here, at the output's scale (as Core Animation draws a text
        // layer at its contentsScale): its errors are found before any frame, and its pixels are
        // held for every frame (spawned copies share one raster), so they are counted first.
        var textBytes = 0.0
        for (path, content) in texts.list {
            let size = content.pixelSize(scale: max(1, scale))
            // Glyphs over TextLayout's largest em at this scale are refused before any raster is allocated.
            let points = content.layout.style.size
            if points * Double(max(1, scale)) > TextLayout.maximumPixelSize {
                throw .text(layer: path, .setting(SettingError(.size, of: "TextStyle", value: points,
                                                               allowed: .above(0, atMost: TextLayout.maximumPixelSize / Double(max(1, scale))),
                                                               reason: "at most \(Int(TextLayout.maximumPixelSize)) pixels per em at scale \(max(1, scale))")))
            }
            do { try limits.checkPixels(width: size.width, height: size.height, of: "layer \(path)'s text") } catch { throw .limit(error) }
            textBytes += size.width * size.height * 4
        }
        if textBytes > 0, bytes + textBytes > Double(limits.maxDecodedBytes) {
            let total = bytes + textBytes
            throw .limit(LimitError(limit: .decodedBytes, subject: "\(texts.list.count) text layer raster\(texts.list.count == 1 ? "" : "s") and a frame",
                                    amount: total < 9e18 ? Int(total) : nil, maximum: limits.maxDecodedBytes,
                                    detail: "each text is held drawn at the output's scale, 4 bytes a pixel: less or smaller text, "
                                        + "or a lower scale, needs less"))
        }
        for (path, content) in texts.list {
            do { _ = try content.bitmap(scale: max(1, scale), limits: limits) } catch {
                if case .limit(var limit) = error {
                    limit.subject = "layer \(path)'s text"
                    throw .limit(limit)
                }
                throw .text(layer: path, error)
            }
        }
        guard frameBytes <= limits.maxDecodedBytes else {
            let nested = surfaces == 0 ? "" : " and \(surfaces) layer surface\(surfaces == 1 ? "" : "s") nested in it (group opacity, blend modes, "
                + "masks, shadows)"
            throw .limit(LimitError(limit: .decodedBytes, subject: "a frame of \(canvas.pixelWidth)×\(canvas.pixelHeight) pixels "
                                    + "(\(Self.points(width))×\(Self.points(height)) points at scale \(max(1, scale)))",
                                    amount: frameBytes, maximum: limits.maxDecodedBytes,
                                    detail: "the canvas\(nested) at 16 bytes a pixel, and the frame drawn: a smaller size or scale needs less"))
        }
        try Self.checkStreams(under: root, beside: bytes + textBytes, limits: limits)
        self.root = root; self.width = width; self.height = height; self.scale = max(1, scale); self.background = background
        self.limits = limits
        decodedFrames = Self.decodedFrames(under: root, room: Double(limits.maxDecodedBytes) - bytes - textBytes)
        // Canvases are kept for the frames after, as many as frames drawn at once used.
        rootCanvases = CanvasPool(capacity: ParallelLoop.machineCores)
        layerCanvases = CanvasPool(capacity: ParallelLoop.machineCores * (surfaces + 3))
    }

    /// Frame canvases (with the background) and clear layer canvases, kept for the frames after.
    let rootCanvases: CanvasPool, layerCanvases: CanvasPool

    /// The most bytes of decoded sequence frames a renderer holds between frames (less under a
    /// small `maxDecodedBytes`): a sequence that does not fit is decoded again as its frames come
    /// due, and each showing is charged its decoding (`ResourceLimits.maxDrawingWork`) held or not.
    public static let maximumDecodedFrameBytes = 32 << 20

    /// Sequence frames decoded and held for the frames after, shared by copies of the renderer.
    let decodedFrames: DecodedFrames

    /// The bytes of decoded sequence frames held now, the frames held, and the frames decoded so far (tests read it).
    package var decodedFrameUsage: (bytes: Int, frames: Int, decoded: Int, budget: Int) {
        let usage = decodedFrames.usage
        return (usage.bytes, usage.frames, usage.decoded, decodedFrames.budget)
    }

    /// The text contents of a tree, each once (spawned copies share one), in the order met.
    private struct TextRasters {
        var seen: Set<ObjectIdentifier> = []
        var list: [(path: String, content: TextContent)] = []
    }

    /// The limits the tree was checked against (a text's raster is made under them).
    let limits: ResourceLimits
    /// The run its frames are drawn in (``RenderJob``): they share `ResourceLimits.maxDrawingWork`, each (by its time) counted once; `nil`: even shares.
    package var run: DrawingRun?

    /// The bytes drawing one frame holds at once (the canvas, the surfaces nested in it, the
    /// frame made): frames drawn at once on several threads hold this each.
    public let frameBytes: Int

    /// A size in points as written: whole numbers without `.0`.
    private static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The deepest a tree may nest (sublayers and masks): Core Animation's own trees are a few
    /// levels deep; past this the drawing's recursion would exhaust the thread's stack.
    public static let maximumDepth = 64

    /// Checks `layer` and what it holds; returns the most offscreen surfaces a path through it
    /// holds at once.
    private static func check(_ layer: Layer, path: String, depth: Int,
                              texts: inout TextRasters) throws(CompositionError) -> Int {
        guard depth <= maximumDepth else { throw .tooDeep(layer: path, maximum: maximumDepth) }
        let numbers: [(String, Double)] = [
            ("bounds.x", layer.bounds.x), ("bounds.y", layer.bounds.y), ("bounds.width", layer.bounds.width),
            ("bounds.height", layer.bounds.height), ("position.x", layer.position.x), ("position.y", layer.position.y),
            ("anchorPoint.x", layer.anchorPoint.x), ("anchorPoint.y", layer.anchorPoint.y),
            ("transform.translation.x", layer.transform.translation.x), ("transform.translation.y", layer.transform.translation.y),
            ("transform.rotation", layer.transform.rotation), ("transform.scale.x", layer.transform.scale.x),
            ("transform.scale.y", layer.transform.scale.y), ("zPosition", layer.zPosition),
            ("timing.beginTime", layer.timing.beginTime), ("timing.speed", layer.timing.speed),
            ("timing.timeOffset", layer.timing.timeOffset), ("cornerRadius", layer.cornerRadius), ("addedAt", layer.addedAt ?? 0),
        ]
        for (property, value) in numbers where !value.isFinite {
            throw .invalidValue(layer: path, property: property, value: value)
        }
        if layer.bounds.width < 0 { throw .invalidValue(layer: path, property: "bounds.width", value: layer.bounds.width) }
        if layer.bounds.height < 0 { throw .invalidValue(layer: path, property: "bounds.height", value: layer.bounds.height) }
        if !(0...1).contains(layer.opacity) { throw .invalidValue(layer: path, property: "opacity", value: layer.opacity) }
        if layer.cornerRadius < 0 { throw .invalidValue(layer: path, property: "cornerRadius", value: layer.cornerRadius) }
        if let error = layer.backdrop?.settingError { throw .backdrop(layer: path, error) }
        if let invalid = layer.shadow?.firstInvalid {
            throw .invalidValue(layer: path, property: invalid.property, value: invalid.value)
        }
        try checkContent(layer, path: path)
        if case .text(let text) = layer.content, texts.seen.insert(text.rasterIdentity).inserted { texts.list.append((path, text)) }
        var deepest = 0
        if let mask = layer.mask { deepest = try check(mask, path: path + "/mask", depth: depth + 1, texts: &texts) + 1 }
        for sublayer in layer.sublayers {
            deepest = max(deepest, try check(sublayer, path: path + "/" + sublayer.name, depth: depth + 1, texts: &texts))
        }
        let animatesOpacity = layer.animations.contains { $0.animatesOpacity }
        let own = (layer.opacity < 1 || animatesOpacity || layer.blendMode != .normal || layer.mask != nil ? 1 : 0)
            + (layer.shadow != nil ? 1 : 0) + (leavesBackdropUnderClear(layer.blendMode) ? 0 : 1)
        return deepest + own
    }

    /// The numbers of a shape's path and pen and of a sequence's start: finite, sizes ≥ 0.
    private static func checkContent(_ layer: Layer, path: String) throws(CompositionError) {
        switch layer.content {
        case .shape(let shape):
            if let element = shape.path.elements.first(where: { !$0.isFinite }) {
                throw .invalidValue(layer: path, property: "path (\(element))", value: .nan)
            }
            let pen = shape.strokeStyle
            for (property, value) in [("strokeStyle.width", pen.width), ("strokeStyle.miterLimit", pen.miterLimit),
                                      ("strokeStyle.dashPhase", abs(pen.dashPhase))] + pen.dash.map({ ("strokeStyle.dash", $0) })
            where !(value.isFinite && value >= 0) {
                throw .invalidValue(layer: path, property: property, value: value)
            }
        case .gradient(let gradient):
            if let problem = gradient.problem { throw .gradient(layer: path, problem) }
        case .sequence(let sequence) where !sequence.beginTime.isFinite:
            throw .invalidValue(layer: path, property: "sequence.beginTime", value: sequence.beginTime)
        default:
            break
        }
    }

    /// The picture at `time` seconds of the root's parent time, at the renderer's scale.
    /// - Throws: ``CompositionError/frameUnreadable(layer:frame:_:)`` when a sequence layer's
    ///   frame, read only when it is due, cannot be decoded; ``CompositionError/invalidValue(layer:property:value:)``
    ///   for a time that is NaN or infinite.
    public func render(at time: Double) throws(CompositionError) -> Bitmap {
        guard time.isFinite else { throw .invalidValue(layer: root.name, property: "time", value: time) }
        var canvas = rootCanvases.take() ?? Canvas(trustedWidth: width, height: height, scale: scale, background: background)
        // This frame's share (``frameCount``; in a run, what its other frames left): its blurs, then what its canvases draw.
        let key = Int(truncatingIfNeeded: time.bitPattern)
        let meter = run?.meter(forFrame: key) ?? DrawingMeter(frames: frameCount, limits: limits)
        canvas.meter = meter
        // The blurs a frame asks for, counted before any is drawn: copies of a blurred layer by the thousand cost minutes a frame.
        let blurred = blurredPixels(root, parentTime: time, matrix: canvas.state.transform, on: canvas)
        guard blurred <= limits.maxOutputPixels else {
            rootCanvases.put(canvas)
            throw .limit(LimitError(limit: .outputPixels, subject: Self.frame(at: time),
                                    amount: blurred == .max ? nil : blurred, maximum: limits.maxOutputPixels,
                                    detail: "the pixels its shadows and backdrops blur: fewer blurred layers at once, or smaller ones, need less"))
        }
        meter.spend(DrawingMeter.cost(pixels: blurred, weight: DrawingCost.blur))
        if !meter.isOver { try draw(root, path: root.name, parentTime: time, previous: frameInterval.map { time - $0 }, on: &canvas) }
        // Over its share, the frame is refused (what it drew is dropped with its canvas, as on any error).
        if let error = run.map({ $0.finish(meter, frame: key, subject: Self.wholeRun) }) ?? meter.error(subject: Self.frame(at: time)) { throw .limit(error) }
        canvas.meter = nil
        let frame = canvas.takeBitmap()
        rootCanvases.put(canvas)
        return frame
    }

    /// What a run's refusal names (``RenderJob`` says the scene's file): its frames together, not the one drawn when they passed the limit.
    static let wholeRun = "the scene's frames"

    /// `the frame at 0.033 s`: a frame named by its time, to the millisecond (1/30 s is no 0.03333333333333333).
    static func frame(at time: Double) -> String {
        "the frame at \(InputValue.format((time * 1000).rounded() / 1000)) s"
    }

    /// A clear canvas of `canvas`'s size, transform and pen (`Canvas.offscreen()`), a kept one when there is one.
    /// The kept ones are the output's size: a shadow's surface past the output's edges is another
    /// size, and so are the surfaces drawn on it (a kept one there composited nothing).
    func layerCanvas(like canvas: Canvas) -> Canvas {
        guard var layer = layerCanvases.take() else { return canvas.offscreen() }
        guard layer.pixelWidth == canvas.pixelWidth, layer.pixelHeight == canvas.pixelHeight else {
            layerCanvases.put(layer)
            return canvas.offscreen()
        }
        layer.state.transform = canvas.state.transform
        layer.state.strokeStyle = canvas.state.strokeStyle
        layer.meter = canvas.meter
        return layer
    }

    /// Draws `model` at `parentTime` of its parent's time; `previous` is the parent's time at the
    /// frame rendered before (``frameInterval`` earlier), `nil` when there is none or it is unknown.
    func draw(_ model: Layer, path: String, parentTime: Double, previous: Double?, on canvas: inout Canvas) throws(CompositionError) {
        if let added = model.addedAt, parentTime < added - Animation.boundaryTolerance { return }
        let time = model.timing.localTime(parentTime)
        let before = previous.flatMap { previous in
            model.addedAt.map { previous < $0 - Animation.boundaryTolerance } == true ? nil : Self.moment(of: model, at: model.timing.localTime(previous))
        }
        let layer = model.presentation(at: time)
        let opacity = layer.opacity.isNaN ? 0 : min(max(layer.opacity, 0), 1)
        guard !layer.isHidden, opacity > 0 else { return }
        let matrix = canvas.state.transform.concatenating(layer.matrixInParent)
        let shadow = layer.shadow.flatMap { $0.opacity > 0 ? $0 : nil }
        if opacity < 1 || layer.blendMode != .normal || layer.mask != nil || shadow != nil {
            var offscreen = layerCanvas(like: canvas)
            if let backdrop = layer.backdrop {
                // The backdrop is what lies below in the parent, not the clear offscreen.
                offscreen.state.transform = matrix
                Backdrop.draw(backdrop, in: layer.boundsPath, reading: &canvas, on: &offscreen)
            }
            try drawContents(layer, path: path, time: time, previous: before, matrix: matrix, on: &offscreen, drawsBackdrop: false)
            var cut: Canvas?
            if let mask = layer.mask {
                var drawnMask = layerCanvas(like: canvas)
                drawnMask.state.transform = matrix
                try draw(mask, path: path + "/mask", parentTime: time, previous: before?.time, on: &drawnMask)
                // Flushed here, the canvases handed on are read as they are, not copied to be flushed.
                drawnMask.flush()
                offscreen.mask(by: drawnMask)
                cut = drawnMask
            }
            offscreen.flush()
            if let shadow {
                try drawShadow(shadow, of: layer, path: path, time: time, previous: before, matrix: matrix, drawn: offscreen, mask: cut,
                               opacity: opacity, on: &canvas)
            }
            if let cut { layerCanvases.put(cut) }
            let mode = layer.blendMode
            // Core Animation composites a layer over its own area only: an operator that clears
            // the backdrop under a clear source (copy, clear, sourceIn, …) clears it there, not
            // the whole parent as Cairo's unbounded operators do.
            var area: Canvas?
            if !Self.leavesBackdropUnderClear(mode) {
                var extent = layerCanvas(like: canvas)
                Self.fillArea(of: layer, time: time, matrix: matrix, scale: scale, on: &extent)
                extent.flush()
                area = extent
            }
            canvas.composite(offscreen, opacity: Float(opacity), skipsClear: Self.leavesBackdropUnderClear(mode), within: area) {
                mode.blend($0, onto: $1)
            }
            layerCanvases.put(offscreen)
            if let area { layerCanvases.put(area) }
        } else {
            let saved = canvas.state
            try drawContents(layer, path: path, time: time, previous: before, matrix: matrix, on: &canvas)
            canvas.state = saved
        }
    }

    func drawContents(_ layer: Layer, path: String, time: Double, previous: Before?, matrix: AffineTransform,
                              on canvas: inout Canvas, drawsBackdrop: Bool = true) throws(CompositionError) {
        canvas.state.transform = matrix
        let bounds = layer.bounds
        if drawsBackdrop, let backdrop = layer.backdrop { Backdrop.draw(backdrop, in: layer.boundsPath, on: &canvas) }
        if let color = layer.backgroundColor { canvas.fill(layer.boundsPath, color: color) }
        if layer.masksToBounds { canvas.clip(to: layer.boundsPath) }
        switch layer.content {
        case .none: break
        case .image(let bitmap): canvas.draw(bitmap, in: bounds.x, bounds.y, bounds.width, bounds.height)
        case .sequence(let sequence): try draw(sequence, in: bounds, path: path, time: time, shownBefore: previous?.shown, on: &canvas)
        case .gradient(let gradient): gradient.draw(in: bounds, on: &canvas)
        case .text(let text): try draw(text, in: bounds, path: path, on: &canvas)
        case .shape(let shape):
            // A path over the edge budget (a dash pattern of 0.001 on a long line) is an error, as in
            // `draw`, never a shape left out.
            do throws(LimitError) {
                if let fill = shape.fillColor { try canvas.fill(shape.path, color: fill, rule: shape.fillRule, limits: limits) }
                if let stroke = shape.strokeColor { try canvas.stroke(shape.path, color: stroke, style: shape.strokeStyle, limits: limits) }
            } catch {
                var error = error
                error.subject = layer.origin.map { "\($0).shape" } ?? "layer \(path): its shape"
                throw .limit(error)
            }
        }
        guard !layer.sublayers.isEmpty else { return }
        let order = layer.sublayers.indices.sorted {
            (layer.sublayers[$0].zPosition, $0) < (layer.sublayers[$1].zPosition, $1)
        }
        for index in order {
            canvas.state.transform = matrix
            try draw(layer.sublayers[index], path: path + "/" + layer.sublayers[index].name, parentTime: time, previous: previous?.time, on: &canvas)
        }
    }

    /// Draws a text's raster at its own size, its layout's corner at the bounds' (apart from ``drawContents``, whose frame recursion repeats).
    @inline(never)
    private func draw(_ text: TextContent, in bounds: Rect, path: String, on canvas: inout Canvas) throws(CompositionError) {
        // Made at init; made again only for a renderer copied across a cache it did not fill.
        let raster: TextContent.Raster
        do { raster = try text.bitmap(scale: scale, limits: limits) } catch { throw .text(layer: path, error) }
        let (bitmap, origin) = raster, points = Double(scale)
        canvas.draw(bitmap, in: bounds.x - origin.x, bounds.y - origin.y, Double(bitmap.width) / points, Double(bitmap.height) / points)
    }

    /// Fills opaque on `area` what `layer` (presented at its local `time`, drawn through `matrix`)
    /// covers: its bounds and, unless it masks to them, a text's ink past them (kept under every
    /// blend mode) and its shown sublayers' areas — the area Core Animation composites it over.
    private static func fillArea(of layer: Layer, time: Double, matrix: AffineTransform, scale: Int, on area: inout Canvas) {
        area.state.transform = matrix
        area.fill(layer.masksToBounds ? layer.boundsPath : layer.bounds.path, color: .white)
        guard !layer.masksToBounds else { return }
        if case .text(let text) = layer.content, let drawn = text.drawnRect(in: layer.bounds, scale: scale) { area.fill(drawn.path, color: .white) }
        for sublayer in layer.sublayers {
            if let added = sublayer.addedAt, time < added - Animation.boundaryTolerance { continue }
            let local = sublayer.timing.localTime(time)
            let shown = sublayer.presentation(at: local)
            guard !shown.isHidden else { continue }
            fillArea(of: shown, time: local, matrix: matrix.concatenating(shown.matrixInParent), scale: scale, on: &area)
        }
    }

    /// Whether `mode` leaves the backdrop as it is where the source is clear (so clear pixels
    /// can be skipped).
    private static func leavesBackdropUnderClear(_ mode: BlendMode) -> Bool {
        switch mode {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: false
        default: true
        }
    }
}
