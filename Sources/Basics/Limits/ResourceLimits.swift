/// The most work and memory one run may spend on its inputs: every parser and renderer checks the
/// amount an input asks for against these *before* allocating or looping, and throws
/// ``LimitError`` when it is over.
///
/// The defaults are far above any real asset (the largest checked: 4096² sprite-sheet pages, a
/// 1280×720 film, a 240-frame smoke loop, scenes and strokes of a few thousand segments) and far
/// below what would exhaust a CI machine: at the defaults one image needs at most 256 MiB.
/// ``LimitError/Limit/property`` names each one's property (the command line has a flag for each).
///
/// | limit | default | bounds |
/// |---|---|---|
/// | ``maxPixels`` | 8192 × 8192 | width × height of any image read, drawn or made |
/// | ``maxFrames`` | 20 000 | frames in one animation read or written |
/// | ``maxPathSegments`` | 1 000 000 | segments of the path data of one drawing |
/// | ``maxFlattenedEdges`` | 1 000 000 | straight edges one fill or stroke becomes (a vertex is 56 bytes: 56 MB) |
/// | ``maxDecodedBytes`` | 2 GiB | decoded pixels held at once (a sheet's sprites) |
/// | ``maxOutputPixels`` | 2²⁸ (16384 × 16384) | pixels of all the frames one run writes (a sheet's frames un-trimmed; an animation's frames × its canvas) |
/// | ``maxDrawingWork`` | 50 000 000 000 | drawing all the frames of one run do, in pixels' worth (a pixel painted counts 1; an edge, a row it crosses, a pixel composited, blurred, resampled or decoded more): about three minutes on one core |
public struct ResourceLimits: Sendable, Hashable {
    /// The largest `width × height` of an image read, drawn, resized or packed.
    public var maxPixels: Int
    /// The most frames in one animation.
    public var maxFrames: Int
    /// The most path segments (lines and curves) in one drawing's path data.
    public var maxPathSegments: Int
    /// The most straight edges one fill or stroke may flatten to (curves, dashes and round joins
    /// multiply a path's segments).
    public var maxFlattenedEdges: Int
    /// The most bytes of decoded pixels held at once.
    public var maxDecodedBytes: Int
    /// The most pixels of all the frames one run writes together: what a few bytes of data can
    /// ask for when frames are un-trimmed onto source sizes their data states (`margin`,
    /// `sourceSize`, `offsets`, `spriteSourceSize`), each under ``maxPixels``. The default is
    /// 16 times a full 4096² page: a thousand frames of 512², 1 GiB of RGBA.
    public var maxOutputPixels: Int
    /// The most drawing all the frames of one run may do together, in pixels' worth: each pixel a
    /// fill, stroke, clip or image covers counts 1; each pixel resampled, shaded, composited onto a
    /// parent or blurred by a shadow or backdrop, each edge of a flattened outline and each pixel
    /// row an edge crosses count what they cost beside it (`DrawingCost`). ``maxPathSegments`` and
    /// ``maxFlattenedEdges`` bound one drawing, this its repetition over frames (a 1 MB stroke file
    /// drawn on over 20 000 frames took more than an hour), what flattening multiplies (a dash
    /// pattern of 0.03 on a long line) and what a few bytes of scene can cover (a thousand
    /// translucent 5000² layers, a 3000 px pen drawn 2000 times). Segments × frames are checked
    /// before any frame is drawn; what the frames do as they draw, together against the limit when
    /// a job draws them all (`RenderJob`, `generate`), each against its even share (the limit over
    /// the frames) when a frame is asked for on its own. The default is about three minutes of drawing on one core (2–9 ns a
    /// unit): rich 4-second 1080p scenes (a frosted panel, twenty shadows, gradients, text,
    /// sequences and spawned explosions) fit, a thousand translucent 5000² layers do not.
    public var maxDrawingWork: Int

    /// Limits with the given values; each defaults to ``default``'s.
    public init(maxPixels: Int = 8192 * 8192, maxFrames: Int = 20_000, maxPathSegments: Int = 1_000_000,
                maxFlattenedEdges: Int = 1_000_000, maxDecodedBytes: Int = 2 << 30, maxOutputPixels: Int = 1 << 28,
                maxDrawingWork: Int = 50_000_000_000) {
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxPathSegments = maxPathSegments
        self.maxFlattenedEdges = maxFlattenedEdges
        self.maxDecodedBytes = maxDecodedBytes
        self.maxOutputPixels = maxOutputPixels
        self.maxDrawingWork = maxDrawingWork
    }

    /// The defaults (see the table above).
    public static let `default` = ResourceLimits()

    /// The first limit that is not positive (a limit of 0 or less would refuse everything, or read
    /// as "no limit" to a caller that negates it), as a ``SettingError`` naming it
    /// (``SettingError/Setting/limit(_:)``); `nil` when all are.
    public var rangeError: SettingError? {
        for limit in LimitError.Limit.allCases where maximum(limit) < 1 {
            return SettingError(.limit(limit), of: "ResourceLimits", value: maximum(limit), allowed: .atLeast(1))
        }
        return nil
    }

    /// Checks an image of `width × height` against ``maxPixels`` without overflowing.
    /// - Parameters:
    ///   - width: The image's width in pixels.
    ///   - height: The image's height in pixels.
    ///   - subject: What the image is (a file name, "the scene"), for the message.
    /// - Throws: ``LimitError`` for ``LimitError/Limit/pixels`` when the product is over
    ///   ``maxPixels``, a side is negative, or the product overflows.
    public func checkPixels(width: Int, height: Int, of subject: String) throws(LimitError) {
        if width < 0 || height < 0 {
            throw LimitError(limit: .pixels, subject: subject, amount: min(width, height), maximum: maxPixels, detail: "\(width)×\(height)")
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maxPixels else {
            throw LimitError(limit: .pixels, subject: subject, amount: overflow ? nil : count, maximum: maxPixels,
                             detail: "\(width)×\(height)")
        }
    }

    /// Checks an image of `width × height` points at `scale` against ``maxPixels``; the sizes may
    /// be any double, NaN and infinities included.
    public func checkPixels(width: Double, height: Double, scale: Int = 1, of subject: String) throws(LimitError) {
        let w = width * Double(scale), h = height * Double(scale)
        // A text's or a slice's size in points can be any fraction: said to the hundredth, rounded up.
        let hundredths = { (side: Double) in LimitError.format(side.isFinite && abs(side) < 1e13 ? (side * 100).rounded(.up) / 100 : side) }
        let detail = "\(hundredths(width))×\(hundredths(height))" + (scale == 1 ? "" : " points at @\(scale)x")
        guard w.isFinite, h.isFinite, w >= 0, h >= 0, (w * h).rounded(.up) <= Double(maxPixels) else {
            let amount = w < 0 || h < 0 ? -1 : (w * h).isFinite && w * h >= 0 && w * h < 9e18 ? Int((w * h).rounded(.up)) : nil
            throw LimitError(limit: .pixels, subject: subject, amount: amount, maximum: maxPixels, detail: detail)
        }
    }

    /// Checks `count` images of `width × height` pixels, all together, against ``maxOutputPixels``
    /// without overflowing: the work a small input can ask for (a GIF declaring fifty 8000² frames,
    /// a scatter of `Int.max` images). `noun` names the images in the message (`frames`).
    /// - Throws: ``LimitError`` for ``LimitError/Limit/outputPixels`` over the limit (its amount
    ///   `nil` when the product overflows).
    public func checkOutput(_ count: Int, _ noun: String, width: Int, height: Int, of subject: String) throws(LimitError) {
        guard count > 0 else { return }
        let one = max(0, width).multipliedReportingOverflow(by: max(0, height))
        let all = one.partialValue.multipliedReportingOverflow(by: count)
        guard one.overflow || all.overflow || all.partialValue > maxOutputPixels else { return }
        throw LimitError(limit: .outputPixels, subject: subject, amount: one.overflow || all.overflow ? nil : all.partialValue,
                         maximum: maxOutputPixels, detail: "\(count) \(noun) of \(width)×\(height)")
    }

    /// Checks `frames` frames each drawing `segments` path segments against ``maxDrawingWork``
    /// before any is drawn, each segment at the least a drawn segment costs (`DrawingCost.segment`,
    /// one edge crossing one row), without overflowing (a scene of a million segments over
    /// `Int.max` frames). `subject` names what asked (a scene file, `generate stroke`).
    /// - Throws: ``LimitError`` for ``LimitError/Limit/drawingWork`` over the limit (its amount
    ///   `nil` when the product overflows).
    public func checkDrawing(_ frames: Int, framesOf segments: Int, of subject: String) throws(LimitError) {
        try checkDrawing(frames, framesOf: segments, leavingOut: 0, of: subject)
    }

    /// ``checkDrawing(_:framesOf:of:)`` leaving out `unused` segment-frames (segments of copies in
    /// the frames before they appear).
    package func checkDrawing(_ frames: Int, framesOf segments: Int, leavingOut unused: Int, of subject: String) throws(LimitError) {
        guard frames > 0, segments > 0 else { return }
        let (segmentFrames, o1) = segments.multipliedReportingOverflow(by: frames)
        let drawn = o1 ? Int.max : max(0, segmentFrames - max(0, unused))
        let (all, o2) = drawn.multipliedReportingOverflow(by: DrawingCost.segment)
        guard o1 || o2 || all > maxDrawingWork else { return }
        let grouped = { (value: Int) in LimitError.group(value) }
        let shape = unused > 0 && !o1
            ? "\(grouped(segments)) path segments, a spawned copy's from its spawn on and none of a hidden or clear layer's: \(grouped(drawn)) drawn over \(grouped(frames)) frames"
            : "\(grouped(frames)) frames of \(grouped(segments)) path segments"
        throw LimitError(limit: .drawingWork, subject: subject, amount: o1 || o2 ? nil : all, maximum: maxDrawingWork,
                         detail: shape + ", each drawn at \(DrawingCost.segment) at the least: fewer frames or simpler paths draw less")
    }

    /// Checks `amount` against the limit `limit` names.
    public func check(_ limit: LimitError.Limit, _ amount: Int, of subject: String) throws(LimitError) {
        guard amount <= maximum(limit) else {
            throw LimitError(limit: limit, subject: subject, amount: amount, maximum: maximum(limit))
        }
    }

    /// The value of the limit `limit` names.
    public func maximum(_ limit: LimitError.Limit) -> Int {
        switch limit {
        case .pixels: maxPixels
        case .frames: maxFrames
        case .pathSegments: maxPathSegments
        case .flattenedEdges: maxFlattenedEdges
        case .decodedBytes: maxDecodedBytes
        case .outputPixels: maxOutputPixels
        case .drawingWork: maxDrawingWork
        }
    }
}
