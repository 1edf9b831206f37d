import Basics
import Foundation
import Raster

/// Drawing bitmaps: at their own point size, or stretched and resampled.
extension Canvas {
    /// Draws `image` with its top-left corner at `point` (user space), at its own point size — a
    /// `@2x` bitmap covers half as many points per pixel, as `UIImage.draw(at:)` does.
    public mutating func draw(_ image: Bitmap, at point: Point) {
        let size = image.pointSize
        draw(image, in: point.x, point.y, size.width, size.height)
    }

    /// Draws `image` stretched over the rectangle (user space). Whole-pixel placements at the
    /// image's own scale take each pixel as it is; anything else is resampled bilinearly
    /// (premultiplied).
    public mutating func draw(_ image: Bitmap, in x: Double, _ y: Double, _ width: Double, _ height: Double) {
        guard image.width > 0, image.height > 0, width > 0, height > 0, meter?.isOver != true else { return }
        flush()
        // Image pixels → device pixels.
        let map = deviceTransform
            .translatedBy(x: x, y: y)
            .scaledBy(x: width / Double(image.width), y: height / Double(image.height))
        guard let inverse = map.inverted else { return }
        let corners = [Point(0, 0), Point(Double(image.width), 0), Point(0, Double(image.height)),
                       Point(Double(image.width), Double(image.height))].map(map.apply)
        let x0 = max(0, Int(clamping: corners.map(\.x).min()!.rounded(.down)))
        let x1 = min(pixelWidth, Int(clamping: corners.map(\.x).max()!.rounded(.up)))
        let y0 = max(0, Int(clamping: corners.map(\.y).min()!.rounded(.down)))
        let y1 = min(pixelHeight, Int(clamping: corners.map(\.y).max()!.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let exact = map.a == 1 && map.d == 1 && map.b == 0 && map.c == 0
            && map.tx == map.tx.rounded() && map.ty == map.ty.rounded()
        // Each pixel of the box it lands in, resampled or taken as it is (``DrawingMeter``).
        if let meter, !meter.spend(DrawingMeter.cost(pixels: (x1 - x0) * (y1 - y0), weight: exact ? 1 : DrawingCost.resampled)) { return }
        touch(columns: x0..<x1, rows: y0..<y1)
        let canvasWidth = pixelWidth
        let clip = state.clip
        if exact && clip == nil {
            let dx = Int(clamping: map.tx), dy = Int(clamping: map.ty)
            surface.withUnsafeMutableBufferPointer { surface in
                Self.drawExact(image, dx: dx, dy: dy, columns: x0..<x1, rows: y0..<y1, into: UnsafeMutableSendable(surface),
                               canvasWidth: canvasWidth)
            }
            return
        }
        image.pixels.withUnsafeBufferPointer { source in
            surface.withUnsafeMutableBufferPointer { surface in
                for py in y0..<y1 {
                    for px in x0..<x1 {
                        var s: SIMD4<Float>
                        if exact {
                            let sx = px - Int(clamping: map.tx), sy = py - Int(clamping: map.ty)
                            s = Self.premultiplied(source, at: (sy * image.width + sx) * 4)
                        } else {
                            let u = inverse.apply(Point(Double(px) + 0.5, Double(py) + 0.5))
                            s = Self.bilinear(source, width: image.width, height: image.height, x: u.x - 0.5, y: u.y - 0.5)
                        }
                        if let clip { s *= Float(clip.values[py * canvasWidth + px]) * (1 / 255) }
                        if s.w == 0 { continue }
                        let o = py * canvasWidth + px
                        surface[o] = s + surface[o] * (1 - s.w)
                    }
                }
            }
        }
    }

    /// Bilinear sample of the image, premultiplied, at `(x, y)` (pixel centres on integers);
    /// outside the image counts as transparent, which anti-aliases the image's edges.
    private static func bilinear(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                                 x: Double, y: Double) -> SIMD4<Float> {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let ix = Int(clamping: fx), iy = Int(clamping: fy)
        let tx = Float(x - fx), ty = Float(y - fy)
        var sum = SIMD4<Float>()
        // The four neighbours in this order, each weighted wx × wy (no array a pixel: a turned
        // image drew at 400 ns a pixel, allocating them).
        @inline(__always) func add(_ sx: Int, _ sy: Int, _ wx: Float, _ wy: Float) {
            guard wy > 0, wx > 0, sy >= 0, sy < height, sx >= 0, sx < width else { return }
            sum += premultiplied(source, at: (sy * width + sx) * 4) * (wx * wy)
        }
        add(ix, iy, 1 - tx, 1 - ty)
        add(ix &+ 1, iy, tx, 1 - ty)
        add(ix, iy &+ 1, 1 - tx, ty)
        add(ix &+ 1, iy &+ 1, tx, ty)
        return sum
    }
}
