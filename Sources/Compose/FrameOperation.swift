import Basics
import Raster

/// What a ``FrameOperationJob`` does to each frame: the one-image operations of `flipbook blur`,
/// `slice` and `resize`, applied to every frame of a sequence alike. Sizes are in points at each
/// frame's scale (an `@2x` frame works in pixels × 2), as the commands take them.
public enum FrameOperation: Sendable {
    /// A blur (Gaussian or box, tint, saturation), as `Blur.apply(to:)` does it.
    case blur(Blur)
    /// A nine-slice resize to `width × height` points, as `NineSlice.render` does it.
    case slice(NineSlice, width: Double, height: Double)
    /// A resample to `width × height` points with a content mode (`ContentMode`).
    case resize(width: Double, height: Double, filter: Resampler.Filter, fit: ContentMode)
    /// A resample of the pixel size by `factor` (2 doubles it).
    case scale(factor: Double, filter: Resampler.Filter)

    /// What the operation is called in messages: "blur", "slice", "resize".
    public var name: String {
        switch self {
        case .blur: "blur"
        case .slice: "slice"
        case .resize, .scale: "resize"
        }
    }

    /// Whether the operation resamples by a factor (``scale(factor:filter:)``): it changes the pixel
    /// size on purpose, so an output named for another scale than the frames' is not warned about.
    var isScaleFactor: Bool {
        if case .scale = self { true } else { false }
    }

    /// The frame's size after the operation, in pixels, for a frame of `width × height` pixels at
    /// `scale`; checked against `limits.maxPixels` before any work. Each side is rounded to the
    /// nearest pixel and may round to 0 (a scale by 1e-9, a resize to 0.1 pt): an image with no
    /// pixels, which ``apply(to:file:limits:)`` and `FrameOperationJob` refuse
    /// (``FrameOperationError/noPixels(subject:width:height:scale:)``), as `flipbook resize` refuses it for one PNG.
    /// - Throws: `LimitError` for a size over `limits` or one that is not finite.
    public func outputSize(width: Int, height: Int, scale: Int, limits: ResourceLimits) throws(LimitError) -> (width: Int, height: Int) {
        let points: (width: Double, height: Double), pixelsPerPoint: Int
        switch self {
        case .blur: return (width, height)
        case .slice(_, let w, let h), .resize(let w, let h, _, _): (points, pixelsPerPoint) = ((w, h), scale)
        case .scale(let factor, _): (points, pixelsPerPoint) = ((Double(width) * factor, Double(height) * factor), 1)
        }
        let subject = "the \(self.name)d frame"
        try limits.checkPixels(width: points.width, height: points.height, scale: pixelsPerPoint, of: subject)
        // Finite and ≥ 0 now, but one side may still be huge beside a tiny other: bounded before
        // the conversion, then checked again in whole pixels.
        func side(_ value: Double) -> Int { Int(min(value * Double(pixelsPerPoint), 1e12).rounded()) }
        let size = (width: side(points.width), height: side(points.height))
        try limits.checkPixels(width: size.width, height: size.height, of: subject)
        return size
    }

    /// ``FrameOperationError/noPixels(subject:width:height:scale:)`` when `width × height` (the
    /// ``outputSize(width:height:scale:limits:)`` of a frame at `scale`) has a side of 0 pixels;
    /// `nil` for a blur (it keeps the size) or a size of at least one pixel a side.
    func noPixels(width: Int, height: Int, scale: Int, subject: String) -> FrameOperationError? {
        guard width < 1 || height < 1 else { return nil }
        let setting: String
        switch self {
        case .blur: return nil
        case .scale: setting = "FrameOperation.scale's factor"
        case .slice, .resize: setting = "FrameOperation.\(name)'s width and height"
        }
        return .noPixels(subject: "\(subject) by \(setting)", width: width, height: height, scale: isScaleFactor ? 1 : scale)
    }

    /// `bitmap` with the operation applied; `file` names the frame in errors.
    /// - Throws: ``FrameOperationError``: `.setting` for a blur setting out of range, `.slice` for
    ///   insets that do not fit the frame, `.limit` for a size over `limits`, `.noPixels` for a
    ///   size or factor that rounds a side to 0 pixels.
    public func apply(to bitmap: Bitmap, file: String, limits: ResourceLimits = .default) throws(FrameOperationError) -> Bitmap {
        let (width, height): (Int, Int)
        do { (width, height) = try outputSize(width: bitmap.width, height: bitmap.height, scale: bitmap.scale, limits: limits) } catch {
            throw .limit(error)
        }
        if let error = noPixels(width: width, height: height, scale: bitmap.scale, subject: "\(file) \(name)d") { throw error }
        switch self {
        case .blur(let blur):
            guard !blur.changesNothing else { return bitmap }
            do { return try blur.apply(to: bitmap) } catch { throw .setting(error) }
        case .slice(let slice, let w, let h):
            do { return try slice.render(bitmap, width: w, height: h, limits: limits, file: file) } catch { throw .slice(frame: file, error) }
        case .resize(_, _, let filter, let fit):
            guard (width, height) != (bitmap.width, bitmap.height) else { return bitmap }
            do { return try fit.render(bitmap, width: width, height: height, resampler: Resampler(filter: filter), limits: limits) } catch {
                throw .limit(error)
            }
        case .scale(_, let filter):
            guard (width, height) != (bitmap.width, bitmap.height) else { return bitmap }
            do { return try ContentMode.fill.render(bitmap, width: width, height: height, resampler: Resampler(filter: filter), limits: limits) }
            catch { throw .limit(error) }
        }
    }
}
