import Basics
import Raster

/// Where a frame's pixels come from: a file decoded only when asked, or a bitmap in memory.
public enum FrameSource: Sendable, Equatable {
    /// A PNG file at this path, decoded by ``load(decoder:)`` (its scale from its `@Nx` name).
    case file(String)
    /// A bitmap already in memory (a decoded GIF frame, a generated frame).
    case bitmap(Bitmap)

    /// Decodes (for files) or returns the bitmap. Files take their scale from their name.
    public func load(decoder: PNG.Decoder = PNG.Decoder()) throws(PNG.DecodeError) -> Bitmap {
        switch self {
        case .file(let path): try decoder.decodeBitmap(file: path)
        case .bitmap(let bitmap): bitmap
        }
    }

    /// The frame at `scale` pixels per point: as decoded when it is at that scale, else resampled
    /// (Lanczos, premultiplied) to the size its points have at `scale` — what UIKit shows when a
    /// frame has no file at the scale asked for and falls back to another (a `@1x` frame in a `@2x`
    /// animation is drawn twice as large).
    public func load(scale: Int, decoder: PNG.Decoder = PNG.Decoder()) throws(PNG.DecodeError) -> Bitmap {
        let bitmap = try load(decoder: decoder)
        guard bitmap.scale != scale, bitmap.scale > 0, scale > 0 else { return bitmap }
        var out = Resampler().resize(bitmap, width: max(1, bitmap.width * scale / bitmap.scale),
                                     height: max(1, bitmap.height * scale / bitmap.scale))
        out.scale = scale
        return out
    }

    /// The `@Nx` scale a file frame's name gives (1 without one); `nil` for a bitmap in memory.
    public var fileScale: Int? {
        if case .file(let path) = self { return ImageFileName(path: path).scale ?? 1 }
        return nil
    }

    /// The file path, for file frames.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
