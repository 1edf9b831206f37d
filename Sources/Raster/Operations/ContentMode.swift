import Basics

/// How an image fills a frame of another size, as `UIView.ContentMode`.
public enum ContentMode: String, Sendable, CaseIterable {
    /// Stretched to the frame (`scaleToFill`).
    case fill
    /// Scaled to fit inside, aspect ratio kept, transparent bars (`scaleAspectFit`).
    case aspectFit = "aspect-fit"
    /// Scaled to cover, aspect ratio kept, overflow cropped equally (`scaleAspectFill`).
    case aspectFill = "aspect-fill"
    /// Unscaled, centred, cropped or padded (`center`).
    case center

    /// `bitmap` in a `width × height` pixel frame; a side of 0 gives an empty bitmap.
    /// - Parameters:
    ///   - bitmap: The image to place.
    ///   - width: The frame's width in pixels.
    ///   - height: The frame's height in pixels.
    ///   - resampler: How the image is scaled.
    ///   - limits: The frame, and the scaled image before it is cropped to the frame, must each be
    ///     within `ResourceLimits.maxPixels`.
    /// - Throws: `LimitError` for `LimitError.Limit.pixels` when a side is negative or a size
    ///   is over `limits`, before anything is allocated.
    public func render(_ bitmap: Bitmap, width: Int, height: Int, resampler: Resampler,
                       limits: ResourceLimits = .default) throws(LimitError) -> Bitmap {
        try limits.checkPixels(width: width, height: height, of: "ContentMode.\(self) frame")
        guard bitmap.width > 0, bitmap.height > 0, width > 0, height > 0 else {
            return Bitmap(clearWidth: width, height: height, scale: bitmap.scale)
        }
        let scaleX = Double(width) / Double(bitmap.width), scaleY = Double(height) / Double(bitmap.height)
        let factor: Double
        switch self {
        case .fill: return try resampler.resize(bitmap, width: width, height: height, limits: limits)
        case .aspectFit: factor = min(scaleX, scaleY)
        case .aspectFill: factor = max(scaleX, scaleY)
        case .center: factor = 1
        }
        let scaledWidth = max(1, (Double(bitmap.width) * factor).rounded()), scaledHeight = max(1, (Double(bitmap.height) * factor).rounded())
        try limits.checkPixels(width: scaledWidth, height: scaledHeight, of: "ContentMode.\(self) scaled image")
        let scaled = factor == 1 ? bitmap : try resampler.resize(bitmap, width: Int(scaledWidth), height: Int(scaledHeight), limits: limits)
        var out = Bitmap(clearWidth: width, height: height, scale: bitmap.scale)
        out.copy(scaled, toX: (width - scaled.width) / 2, y: (height - scaled.height) / 2)
        return out
    }
}
