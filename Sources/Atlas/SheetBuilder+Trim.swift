import Raster

/// Trimming: the rectangle of a frame's visible pixels at every scale.
extension SheetBuilder {
    /// The base-pixel rectangle covering every visible pixel of a frame at all its scales
    /// (`factors[k]` times larger at `bitmaps[k]`), grown by `margin` and clamped.
    static func visibleBounds(_ bitmaps: [Bitmap], factors: [Int], margin: Int) -> PixelRect {
        // A margin past the bitmap's size keeps all of it; a negative one keeps the content alone.
        let margin = min(max(margin, 0), MaxRectsPacker.largestSide)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for (bitmap, factor) in zip(bitmaps, factors) {
            guard let bounds = contentBounds(bitmap) else { continue }
            minX = min(minX, bounds.x / factor)
            minY = min(minY, bounds.y / factor)
            maxX = max(maxX, (bounds.x + bounds.width + factor - 1) / factor)
            maxY = max(maxY, (bounds.y + bounds.height + factor - 1) / factor)
        }
        guard minX != Int.max else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        let base = bitmaps[0]
        minX = max(0, minX - margin); minY = max(0, minY - margin)
        maxX = min(base.width, maxX + margin); maxY = min(base.height, maxY + margin)
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle holding every pixel with alpha > 0, grown by `margin` (clamped to the
    /// image; a negative margin is taken as 0), or a 1×1 rectangle at the origin for a fully
    /// transparent image.
    public static func opaqueBounds(_ bitmap: Bitmap, margin: Int = 0) -> SpriteSheet.Rect {
        visibleBounds([bitmap], factors: [1], margin: margin)
    }

    /// The smallest rectangle holding every pixel with alpha > 0; `nil` when there is none.
    static func contentBounds(_ bitmap: Bitmap) -> PixelRect? {
        var minX = bitmap.width, minY = bitmap.height, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixels[(y * bitmap.width + x) * 4 + 3] != 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
