import FrameGen
import Raster

/// A backdrop filter: what is on a canvas so far, blurred, saturated and tinted, drawn back inside
/// a path (the frosted panel). Only the pixels the path covers, plus three standard deviations
/// around them that the blur reads, are blurred.
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
        guard let blurred = try? blur.apply(to: canvas.makeBitmap().cropped(to: area)) else { return }
        canvas.saveState()
        canvas.clip(to: path)
        canvas.state.transform = .identity
        canvas.draw(blurred, in: Double(x0) / scale, Double(y0) / scale, Double(area.width) / scale, Double(area.height) / scale)
        canvas.restoreState()
    }

    /// A whole number of pixels, NaN as 0 and beyond ±2³¹ clamped.
    private static func whole(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(min(max(value, -Double(Int32.max)), Double(Int32.max)))
    }
}
