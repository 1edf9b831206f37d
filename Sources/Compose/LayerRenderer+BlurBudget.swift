import Animated
import FrameGen
import Raster

/// What one frame's shadows and backdrops blur, counted before the frame is drawn (the budget
/// ``LayerRenderer/render(at:)`` holds them to: `limits.maxOutputPixels`).
extension LayerRenderer {
    /// The pixels the shadows and backdrops of `model` and what it holds blur at `parentTime`, as
    /// ``draw(_:path:parentTime:on:)`` would draw them on `canvas` under `parent`: a backdrop what
    /// its layer covers and the blur's reach around it, a shadow the whole output. Saturates at `Int.max`.
    func blurredPixels(_ model: Layer, parentTime: Double, matrix parent: AffineTransform, on canvas: Canvas) -> Int {
        if let added = model.addedAt, parentTime < added - Animation.boundaryTolerance { return 0 }
        let time = model.timing.localTime(parentTime)
        let layer = model.presentation(at: time)
        guard !layer.isHidden, !layer.opacity.isNaN, layer.opacity > 0 else { return 0 }
        let matrix = parent.concatenating(layer.matrixInParent)
        var parts: [Int] = []
        if let backdrop = layer.backdrop, let area = Backdrop.area(backdrop, in: layer.boundsPath, matrix: matrix, on: canvas) {
            parts.append(area.width * area.height)
        }
        if let shadow = layer.shadow, shadow.opacity > 0 {
            // Its content's extent is known once drawn: its bounds (and its sublayers', unless it
            // clips them) stand for it — a layer whose sublayers reach further blurs more.
            parts.append(shadow.blurredPixels(within: layer.masksToBounds || layer.sublayers.isEmpty
                                              ? Self.pixelBox(layer.bounds, matrix: matrix, on: canvas)
                                              : PixelRect(x: 0, y: 0, width: canvas.pixelWidth, height: canvas.pixelHeight), on: canvas))
        }
        if let mask = layer.mask { parts.append(blurredPixels(mask, parentTime: time, matrix: matrix, on: canvas)) }
        for sublayer in layer.sublayers { parts.append(blurredPixels(sublayer, parentTime: time, matrix: matrix, on: canvas)) }
        return parts.reduce(0) { total, part in
            let (sum, overflow) = total.addingReportingOverflow(part)
            return overflow ? .max : sum
        }
    }

    /// The pixels `bounds` covers under `matrix` on `canvas`: its bounding box, within the canvas.
    static func pixelBox(_ bounds: Rect, matrix: AffineTransform, on canvas: Canvas) -> PixelRect {
        let corners = [Point(bounds.x, bounds.y), Point(bounds.x + bounds.width, bounds.y), Point(bounds.x, bounds.y + bounds.height),
                       Point(bounds.x + bounds.width, bounds.y + bounds.height)].map { matrix.apply($0) }
        let k = Double(canvas.scale)
        func clamp(_ value: Double, _ side: Int) -> Int { value.isFinite ? Int(min(max(value * k, 0), Double(side)).rounded(.down)) : 0 }
        let x0 = clamp(corners.map(\.x).min()!, canvas.pixelWidth), x1 = clamp(corners.map(\.x).max()!, canvas.pixelWidth)
        let y0 = clamp(corners.map(\.y).min()!, canvas.pixelHeight), y1 = clamp(corners.map(\.y).max()!, canvas.pixelHeight)
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
