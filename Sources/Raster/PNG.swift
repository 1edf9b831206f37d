import Basics
/// PNG reading and writing, through libpng.
///
/// - ``PNG/Decoder`` reads any valid PNG (every colour type and bit depth, palette with tRNS,
///   Adam7 interlacing, 16-bit) into straight RGBA8 with the file's own sample values.
/// - ``PNG/Encoder`` writes a ``Bitmap`` in the smallest lossless form it finds (grey, palette,
///   RGB or RGBA), atomically.
public enum PNG {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The default pixel budget, Basics' `ResourceLimits.maxPixels`: a file with more pixels is refused
    /// before any allocation.
    public static let defaultMaxPixels = ResourceLimits.default.maxPixels
}
