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
        let offsetX = (width - scaled.width) / 2, offsetY = (height - scaled.height) / 2
        out.withUnsafeMutablePixels { pixels in
            for y in 0..<scaled.height {
                let targetY = y + offsetY
                guard targetY >= 0 && targetY < height else { continue }
                for x in 0..<scaled.width {
                    let targetX = x + offsetX
                    guard targetX >= 0 && targetX < width else { continue }
                    let source = (y * scaled.width + x) * 4, target = (targetY * width + targetX) * 4
                    for channel in 0..<4 { pixels[target + channel] = scaled.pixels[source + channel] }
                }
            }
        }
        return out
    }
}
