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
        let x0 = max(0, area.x), y0 = max(0, area.y)
        let inside = PixelRect(x: x0, y: y0, width: min(source.pixelWidth, area.x + area.width) - x0,
                               height: min(source.pixelHeight, area.y + area.height) - y0)
        let pixels = padded(source.premultipliedPixels(in: inside), inside: inside, to: area, edge: blur.edge)
        let blurred = blur.applyPremultiplied(pixels, width: area.width, height: area.height, scale: source.scale)
        guard blurred.count == area.width * area.height else { return nil }
        return (area, blurred)
    }

    /// The pixels of `canvas` that `blur` inside `path` (through `matrix`) reads and blurs: what
    /// the path covers and the blur's reach around it, within the canvas; nil when none.
    ///
    /// Downsampled (``Blur/downsample`` above 1), the region is widened to whole cells of a grid
    /// anchored at the path's own box — cells of the fewest pixels that are a whole number of
    /// downsampled pixels (5 for 1.25, 7 for 7) — so that the panel's downsampled pixels lie where
    /// they lie on any canvas: a panel partly off the canvas is blurred as the same panel on a
    /// wider one (the grid was the canvas's, 5–16/255 apart). A cell may reach past the canvas,
    /// by less than a cell; ``filtered`` reads the canvas's edge there (as the blur's `edge` says).
    static func area(_ blur: Blur, in path: Path, matrix: AffineTransform, on canvas: Canvas) -> PixelRect? {
        guard let box = path.applying(matrix).controlPointBounds else { return nil }
        let scale = Double(canvas.scale)
        let reach = (blur.sigma * 3 + 2) * scale
        let x0 = whole((box.minX * scale - reach).rounded(.down)), y0 = whole((box.minY * scale - reach).rounded(.down))
        let x1 = whole((box.maxX * scale + reach).rounded(.up)), y1 = whole((box.maxY * scale + reach).rounded(.up))
        let inside = (x: max(0, x0), y: max(0, y0), right: min(canvas.pixelWidth, x1), bottom: min(canvas.pixelHeight, y1))
        guard inside.x < inside.right, inside.y < inside.bottom else { return nil }
        guard let cell = gridCell(blur.downsample), cell > 1 else {
            return PixelRect(x: inside.x, y: inside.y, width: inside.right - inside.x, height: inside.bottom - inside.y)
        }
        // Whole cells from the box's corner (x0, y0) covering the part inside the canvas.
        func down(_ value: Int, from origin: Int) -> Int { origin + (value - origin) / cell * cell }
        func up(_ value: Int, from origin: Int) -> Int { origin + (value - origin + cell - 1) / cell * cell }
        let left = down(inside.x, from: x0), top = down(inside.y, from: y0)
        return PixelRect(x: left, y: top, width: up(inside.right, from: x0) - left, height: up(inside.bottom, from: y0) - top)
    }

    /// The fewest pixels that make a whole number of pixels downsampled by `factor` (7 for 7, 5 for
    /// 1.25, 1 for no downsampling); nil when it takes more than 256 (a factor such as 1.0001),
    /// where the region stays the canvas's.
    static func gridCell(_ factor: Double) -> Int? {
        guard factor > 1 else { return 1 }
        return (2...256).first { cell in
            let cells = Double(cell) / factor
            return cells >= 1 && abs(cells - cells.rounded()) < 1e-9
        }
    }

    /// `pixels` of `inside` within `area` (which holds it), the rest of `area` filled as the blur's
    /// `edge` says: the nearest pixel of `inside` repeated, or transparent.
    private static func padded(_ pixels: [SIMD4<Float>], inside: PixelRect, to area: PixelRect, edge: Blur.Edge) -> [SIMD4<Float>] {
        guard inside != area, pixels.count == inside.width * inside.height else { return pixels }
        var out = [SIMD4<Float>](repeating: .zero, count: area.width * area.height)
        for row in 0..<area.height {
            let y = area.y + row
            guard edge == .clamp || (inside.y..<inside.y + inside.height).contains(y) else { continue }
            let source = (min(max(y, inside.y), inside.y + inside.height - 1) - inside.y) * inside.width
            for column in 0..<area.width {
                let x = area.x + column
                guard edge == .clamp || (inside.x..<inside.x + inside.width).contains(x) else { continue }
                out[row * area.width + column] = pixels[source + min(max(x, inside.x), inside.x + inside.width - 1) - inside.x]
            }
        }
        return out
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
