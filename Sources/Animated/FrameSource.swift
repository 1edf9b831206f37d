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

    /// The file path, for file frames.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
