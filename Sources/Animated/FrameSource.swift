import APNG
import Basics
import Raster

/// Where a frame's pixels come from: a file decoded only when asked, PNG bytes in memory, a
/// bitmap, or a frame of an animated file decoded when asked (``streamed(_:index:)``).
public enum FrameSource: Sendable, Equatable {
    /// A PNG file at this path, decoded by ``load(decoder:)`` (its scale from its `@Nx` name).
    case file(String)
    /// A PNG file held in memory, decoded by ``load(decoder:)`` (its scale from its `@Nx` name).
    case memory(InMemoryFile)
    /// A bitmap already in memory (a decoded GIF frame, a generated frame).
    case bitmap(Bitmap)
    /// Frame `index` (0-based) of a GIF, APNG or WebP, decoded by its ``FrameStream`` when asked
    /// for and not held (what `Animation.load` gives with `streaming: true`).
    case streamed(FrameStream, index: Int)

    /// Decodes (for files and streamed frames) or returns the bitmap. Files take their scale from
    /// their name; a streamed frame is at scale 1, as a decoded GIF frame is. A file
    /// that is an animated PNG is refused (`PNG.DecodeError.animated(file:)`): a sequence's frame
    /// is a still image, and libpng alone would give an APNG's first frame without a word.
    public func load(decoder: PNG.Decoder = PNG.Decoder()) throws(PNG.DecodeError) -> Bitmap {
        switch self {
        case .file(let path): return try Self.still(PNG.Decoder.contents(of: path), file: path, decoder: decoder)
        case .memory(let file): return try Self.still(file.bytes, file: file.name, decoder: decoder)
        case .bitmap(let bitmap): return bitmap
        case .streamed(let stream, let index):
            // The stream read this frame whole once already: decoding it again fails only as
            // the file's own reader says (named in its words).
            do { return try stream.frame(index) } catch { throw PNG.DecodeError.corrupt(file: stream.file, reason: error.description) }
        }
    }

    /// `bytes` decoded as a still frame, once: an APNG is refused rather than shown as its first frame.
    private static func still(_ bytes: [UInt8], file: String, decoder: PNG.Decoder) throws(PNG.DecodeError) -> Bitmap {
        if APNG.Decoder.isAnimated(bytes) { throw .animated(file: file) }
        return try decoder.decodeBitmap(bytes, file: file)
    }

    /// The frame at `scale` pixels per point: as decoded when it is at that scale, else resampled
    /// (Lanczos, premultiplied) to the size its points have at `scale` — what UIKit shows when a
    /// frame has no file at the scale asked for and falls back to another (a `@1x` frame in a `@2x`
    /// animation is drawn twice as large). A size over the decoder's `maxPixels` (a scale such as
    /// `Int.max`) is refused with `PNG.DecodeError.tooLarge` before anything is allocated.
    public func load(scale: Int, decoder: PNG.Decoder = PNG.Decoder()) throws(PNG.DecodeError) -> Bitmap {
        let bitmap = try load(decoder: decoder)
        guard bitmap.scale != scale, bitmap.scale > 0, scale > 0 else { return bitmap }
        let (width, height) = Self.size(bitmap.width, bitmap.height, from: bitmap.scale, to: scale)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= decoder.maxPixels else {
            throw .tooLarge(file: fileName ?? "a frame at @\(bitmap.scale)x", width: width, height: height, maxPixels: decoder.maxPixels)
        }
        // Checked above; the resampler's own check (its intermediate image too) says the same.
        var out: Bitmap
        do { out = try Resampler().resize(bitmap, width: width, height: height, limits: ResourceLimits(maxPixels: decoder.maxPixels)) }
        catch { throw .tooLarge(file: fileName ?? "a frame at @\(bitmap.scale)x", width: width, height: height, maxPixels: decoder.maxPixels) }
        out.scale = scale
        return out
    }

    /// The size in pixels a frame of `width × height` pixels at scale `from` is resampled to at
    /// scale `to` (both positive): each side × `to` / `from`, at least 1, `Int.max` when it overflows.
    static func size(_ width: Int, _ height: Int, from: Int, to: Int) -> (width: Int, height: Int) {
        let side = { (pixels: Int) in
            let (scaled, overflow) = pixels.multipliedReportingOverflow(by: to)
            return overflow ? Int.max : max(1, scaled / from)
        }
        return (side(width), side(height))
    }

    /// The `@Nx` scale a file frame's name gives (1 without one); `nil` for a bitmap.
    public var fileScale: Int? {
        switch self {
        case .file(let path): ImageFileName(path: path).scale ?? 1
        case .memory(let file): ImageFileName(path: file.name).scale ?? 1
        case .bitmap, .streamed: nil
        }
    }

    /// The file's name without its folder, for file frames and frames in memory; `nil` for a bitmap.
    public var fileName: String? {
        switch self {
        case .file(let path): String(path.split(separator: "/").last ?? Substring(path))
        case .memory(let file): String(file.name.split(separator: "/").last ?? Substring(file.name))
        case .bitmap, .streamed: nil
        }
    }

    /// Whether this frame is known to show exactly what `other` shows without decoding either:
    /// the same file, files of the same bytes (a screencast's repeated frames), the same bytes in
    /// memory, equal bitmaps, or frames of one stream that it found identical when it first read
    /// the file (``FrameStream/isIdentical(_:_:)``). `false` when that cannot be told cheaply (or a file cannot be read:
    /// decoding will say why).
    public func isIdentical(to other: FrameSource) -> Bool {
        switch (self, other) {
        case (.file(let a), .file(let b)):
            if a == b { return true }
            guard let bytesA = try? FileIO.readAll(a), let bytesB = try? FileIO.readAll(b) else { return false }
            return bytesA == bytesB
        case (.memory(let a), .memory(let b)): return a.bytes == b.bytes
        case (.bitmap(let a), .bitmap(let b)): return a == b
        case (.streamed(let a, let i), .streamed(let b, let j)): return a === b && a.isIdentical(i, j)
        default: return false
        }
    }

    /// The file path, for file frames.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
