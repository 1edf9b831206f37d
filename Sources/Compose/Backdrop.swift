import FrameGen
import Raster

/// A backdrop filter: what is on a canvas so far, blurred, saturated and tinted, drawn back inside
/// a path (the frosted panel). Only the pixels the path covers, plus three standard deviations
/// around them that the blur reads, are blurred, on the canvas's premultiplied floats.
enum Backdrop {
    /// Draws `blur` of `canvas`'s picture inside `path` (the canvas's current transform applies).
    static func draw(_ blur: Blur, in path: Path, on canvas: inout Canvas) {
        guard let (area, blurred) = filtered(blur, in: path, matrix: canvas.state.transform, reading: &canvas) else { return }
        fill(path, with: blurred, area: area, on: &canvas)
    }

    /// Draws `blur` of `source`'s picture (a canvas of the same pixels: what lies below a layer
    /// drawn offscreen) inside `path` on `canvas`, whose current transform applies.
    static func draw(_ blur: Blur, in path: Path, reading source: inout Canvas, on canvas: inout Canvas) {
        guard source.pixelWidth == canvas.pixelWidth, source.pixelHeight == canvas.pixelHeight,
              let (area, blurred) = filtered(blur, in: path, matrix: canvas.state.transform, reading: &source) else { return }
        fill(path, with: blurred, area: area, on: &canvas)
    }

    /// The region `path` (through `matrix`) covers plus the blur's reach, and `source`'s pixels
    /// there blurred, saturated and tinted, premultiplied; nil when the region is empty.
    private static func filtered(_ blur: Blur, in path: Path, matrix: AffineTransform,
                                 reading source: inout Canvas) -> (PixelRect, [SIMD4<Float>])? {
        guard let area = area(blur, in: path, matrix: matrix, on: source) else { return nil }
        // Read, blur and write back premultiplied floats: no rounding to bytes and no image of the
        // whole canvas on the way, and the path's coverage (with the clip) mixes the result in.
        let blurred = blur.applyPremultiplied(source.premultipliedPixels(in: area), width: area.width, height: area.height,
                                              scale: source.scale)
        guard blurred.count == area.width * area.height else { return nil }
        return (area, blurred)
    }

    /// The pixels of `canvas` that `blur` inside `path` (through `matrix`) reads and blurs: what
    /// the path covers and the blur's reach around it, within the canvas; nil when none.
    static func area(_ blur: Blur, in path: Path, matrix: AffineTransform, on canvas: Canvas) -> PixelRect? {
        guard let box = path.applying(matrix).controlPointBounds else { return nil }
        let scale = Double(canvas.scale)
        let reach = (blur.sigma * 3 + 2) * scale
        let x0 = max(0, whole((box.minX * scale - reach).rounded(.down)))
        let y0 = max(0, whole((box.minY * scale - reach).rounded(.down)))
        let x1 = min(canvas.pixelWidth, whole((box.maxX * scale + reach).rounded(.up)))
        let y1 = min(canvas.pixelHeight, whole((box.maxY * scale + reach).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `blurred` (the pixels of `area`) composited inside `path` on `canvas`.
    private static func fill(_ path: Path, with blurred: [SIMD4<Float>], area: PixelRect, on canvas: inout Canvas) {
        blurred.withUnsafeBufferPointer { blurred in
            canvas.fill(path) { y, x, colors in
                let row = y - area.y
                for i in 0..<colors.count {
                    let column = x + i - area.x
                    colors[i] = row >= 0 && row < area.height && column >= 0 && column < area.width
                        ? blurred[row * area.width + column] : .zero
                }
            }
        }
    }

    /// A whole number of pixels, NaN as 0 and beyond ±2³¹ clamped.
    private static func whole(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(max(value, -Double(Int32.max)), Double(Int32.max)))
    }
}
