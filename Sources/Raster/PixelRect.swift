/// A rectangle of pixels: origin at the top left, `x` to the right, `y` down.
public struct PixelRect: Sendable, Hashable, Codable {
    /// Column of the left edge, in pixels from the left of the image.
    public var x: Int
    /// Row of the top edge, in pixels from the top of the image.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// The rectangle of `width × height` pixels whose top-left pixel is at column `x`, row `y`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension PixelRect {
    /// `a + b`, or the nearest `Int` when that overflows: rectangles far outside any bitmap clip to
    /// nothing instead of trapping.
    static func clamped(_ a: Int, plus b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    /// `a − b`, or the nearest `Int` when that overflows.
    static func clamped(_ a: Int, minus b: Int) -> Int {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? Int.max : Int.min) : difference
    }

    /// The right edge, `x + width` (saturating).
    package var maxX: Int { Self.clamped(x, plus: width) }
    /// The bottom edge, `y + height` (saturating).
    package var maxY: Int { Self.clamped(y, plus: height) }
}

extension Bitmap {
    /// The pixels inside `rect` (clipped to the bitmap), at the same scale.
    public func cropped(to rect: PixelRect) -> Bitmap {
        let x0 = max(rect.x, 0), y0 = max(rect.y, 0)
        let x1 = min(rect.maxX, width), y1 = min(rect.maxY, height)
        guard x0 < x1, y0 < y1 else { return Bitmap(clearWidth: 0, height: 0, scale: scale) }
        var out = Bitmap(clearWidth: x1 - x0, height: y1 - y0, scale: scale)
        out.copy(self, from: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), toX: 0, y: 0)
        return out
    }

    /// Replaces the pixels at `(x, y)` with `rect` of `source` (all of it by default): a copy, not a
    /// blend. Whatever falls outside either bitmap is skipped.
    public mutating func copy(_ source: Bitmap, from rect: PixelRect? = nil, toX x: Int, y: Int) {
        let region = rect ?? PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        let width = self.width, height = self.height
        // The rows and the run of columns (offsets into `region`) inside both bitmaps; any
        // rectangle or place, however far out, clips to what overlaps.
        let top = max(0, PixelRect.clamped(0, minus: region.y), PixelRect.clamped(0, minus: y))
        let bottom = min(region.height, PixelRect.clamped(source.height, minus: region.y), PixelRect.clamped(height, minus: y))
        let first = max(0, PixelRect.clamped(0, minus: region.x), PixelRect.clamped(0, minus: x))
        let last = min(region.width, PixelRect.clamped(source.width, minus: region.x), PixelRect.clamped(width, minus: x))
        guard top < bottom, first < last else { return }
        source.pixels.withUnsafeBufferPointer { input in
            withUnsafeMutablePixels { output in
                for row in top..<bottom {
                    let sourceY = region.y + row, targetY = y + row
                    let from = (sourceY * source.width + region.x + first) * 4
                    let to = (targetY * width + x + first) * 4
                    (output.baseAddress! + to).update(from: input.baseAddress! + from, count: (last - first) * 4)
                }
            }
        }
    }
}

extension Bitmap {
    /// The bitmap turned a quarter turn: clockwise (the top row becomes the right column) or
    /// counter-clockwise. Width and height swap; the scale is kept.
    public func rotated90(clockwise: Bool) -> Bitmap {
        var out = Bitmap(clearWidth: height, height: width, scale: scale)
        let width = self.width, height = self.height
        pixels.withUnsafeBufferPointer { input in
            out.withUnsafeMutablePixels { output in
                for y in 0..<height {
                    for x in 0..<width {
                        // Clockwise: (x, y) → (h − 1 − y, x); counter-clockwise: (x, y) → (y, w − 1 − x).
                        let (tx, ty) = clockwise ? (height - 1 - y, x) : (y, width - 1 - x)
                        let source = (y * width + x) * 4, target = (ty * height + tx) * 4
                        output[target] = input[source]
                        output[target + 1] = input[source + 1]
                        output[target + 2] = input[source + 2]
                        output[target + 3] = input[source + 3]
                    }
                }
            }
        }
        return out
    }

    /// Sets every pixel of `rect` (clipped to the bitmap) to `color`: a fill, not a blend.
    public mutating func fill(_ rect: PixelRect, with color: Color) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX), y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { self[x, y] = color }
        }
    }

    /// Repeats the edge pixels of `rect` outward by `amount` pixels on every side (corners take the
    /// corner pixel), so a texture sampled at the rectangle's edge with bilinear filtering never
    /// picks up a neighbour. Pixels outside the bitmap are skipped; so is a `rect` not inside it.
    public mutating func extrude(_ rect: PixelRect, by amount: Int) {
        let width = self.width, height = self.height
        guard amount > 0, rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0,
              rect.maxX <= width, rect.maxY <= height else { return }
        // Inside the bitmap, so only the reach (`amount` may be `Int.max`) needs clamping.
        let reach = min(amount, max(width, height))
        withUnsafeMutablePixels { pixels in
            for y in max(0, rect.y - reach)..<min(height, rect.y + rect.height + reach) {
                let sourceY = min(max(y, rect.y), rect.y + rect.height - 1)
                let inside = y >= rect.y && y < rect.y + rect.height
                for x in max(0, rect.x - reach)..<min(width, rect.x + rect.width + reach) {
                    if inside && x >= rect.x && x < rect.x + rect.width { continue }
                    let sourceX = min(max(x, rect.x), rect.x + rect.width - 1)
                    let source = (sourceY * width + sourceX) * 4, target = (y * width + x) * 4
                    for channel in 0..<4 { pixels[target + channel] = pixels[source + channel] }
                }
            }
        }
    }
}
