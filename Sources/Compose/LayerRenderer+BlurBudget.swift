import Animated
import FrameGen
import Raster

/// What one frame's shadows and backdrops blur, counted before the frame is drawn (the budget
/// ``LayerRenderer/render(at:)`` holds them to: `limits.maxOutputPixels`).
extension LayerRenderer {
    /// The pixels the shadows and backdrops of `model` and what it holds blur at `parentTime`, as
    /// ``draw(_:path:parentTime:on:)`` would draw them on `canvas` under `parent`: a backdrop what
    /// its layer covers and the blur's reach around it, a shadow what its layer draws (past the
    /// output's edges too) and the blur's reach around it. Saturates at `Int.max`.
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
            switch Self.shadowSource(shadow, of: layer, time: time, matrix: matrix, on: canvas) {
            case .none: break
            case .drawn(let bound): parts.append(bound)
            case .redrawn(let box): parts.append(box.width * box.height)
            }
        }
        if let mask = layer.mask { parts.append(blurredPixels(mask, parentTime: time, matrix: matrix, on: canvas)) }
        for sublayer in layer.sublayers { parts.append(blurredPixels(sublayer, parentTime: time, matrix: matrix, on: canvas)) }
        return parts.reduce(0) { total, part in
            let (sum, overflow) = total.addingReportingOverflow(part)
            return overflow ? .max : sum
        }
    }
}
