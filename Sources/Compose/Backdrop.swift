import FrameGen
import Raster

/// A backdrop filter: what is on a canvas so far, blurred, saturated and tinted, drawn back inside
/// a path (the frosted panel). Only the pixels the path covers, plus three standard deviations
/// around them that the blur reads, are blurred, on the canvas's premultiplied floats.
enum Backdrop {
    /// Draws `blur` of `canvas`'s picture inside `path` (the canvas's current transform applies).
    static func draw(_ blur: Blur, in path: Path, on canvas: inout Canvas) {
        let matrix = canvas.state.transform
        guard let box = path.applying(matrix).controlPointBounds else { return }
        let scale = Double(canvas.scale)
        let reach = (blur.sigma * 3 + 2) * scale
        let x0 = max(0, whole((box.minX * scale - reach).rounded(.down)))
        let y0 = max(0, whole((box.minY * scale - reach).rounded(.down)))
        let x1 = min(canvas.pixelWidth, whole((box.maxX * scale + reach).rounded(.up)))
        let y1 = min(canvas.pixelHeight, whole((box.maxY * scale + reach).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        // Read, blur and write back premultiplied floats: no rounding to bytes and no image of the
        // whole canvas on the way, and the path's coverage (with the clip) mixes the result in.
        let blurred = blur.applyPremultiplied(canvas.premultipliedPixels(in: area), width: area.width, height: area.height,
                                              scale: canvas.scale)
        guard blurred.count == area.width * area.height else { return }
        blurred.withUnsafeBufferPointer { blurred in
            canvas.fill(path) { y, x, colors in
                let row = y - y0
                for i in 0..<colors.count {
                    let column = x + i - x0
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
