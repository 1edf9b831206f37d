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

    /// `bitmap` in a `width × height` pixel frame.
    public func render(_ bitmap: Bitmap, width: Int, height: Int, resampler: Resampler) -> Bitmap {
        guard bitmap.width > 0, bitmap.height > 0, width > 0, height > 0 else {
            return Bitmap(width: max(width, 0), height: max(height, 0), scale: bitmap.scale)
        }
        let scaleX = Double(width) / Double(bitmap.width), scaleY = Double(height) / Double(bitmap.height)
        let factor: Double
        switch self {
        case .fill: return resampler.resize(bitmap, width: width, height: height)
        case .aspectFit: factor = min(scaleX, scaleY)
        case .aspectFill: factor = max(scaleX, scaleY)
        case .center: factor = 1
        }
        let scaled = factor == 1 ? bitmap : resampler.resize(
            bitmap, width: max(1, Int((Double(bitmap.width) * factor).rounded())),
            height: max(1, Int((Double(bitmap.height) * factor).rounded())))
        var out = Bitmap(width: width, height: height, scale: bitmap.scale)
        out.copy(scaled, toX: (width - scaled.width) / 2, y: (height - scaled.height) / 2)
        return out
    }
}
