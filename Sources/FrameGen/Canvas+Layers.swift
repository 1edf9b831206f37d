import Basics

/// What a layer compositor (Compose) needs beyond drawing: a clear canvas of the same pixels to
/// draw a layer into, and compositing one canvas onto another through any blend function, with an
/// opacity and the current clip, on the premultiplied surfaces (no rounding in between).
extension Canvas {
    /// A clear canvas of this one's size, scale, transform and stroke style (not its clip, which
    /// ``composite(_:opacity:skipsClear:combine:)`` applies), to draw one layer into.
    package func offscreen() -> Canvas {
        var layer = Canvas(trustedWidth: width, height: height, scale: scale)
        layer.meter = meter
        layer.state.transform = state.transform
        layer.state.strokeStyle = state.strokeStyle
        return layer
    }

    /// `layer` (a canvas of the same pixel size) composited onto this one: each of its pixels, times
    /// `opacity`, goes through `combine(source, destination)` (premultiplied RGBA in 0…1), and this
    /// canvas's clip mixes the result with what was there (outside the clip nothing changes). Pixels the layer left clear are skipped when `skipsClear` (true for every
    /// operator that leaves the backdrop under a clear source). `area` (a canvas of the same pixel
    /// size), when given, bounds the compositing as the clip does, by its alpha: an operator that
    /// clears the backdrop under a clear source (`copy`, `sourceIn`, …) clears it only there, as
    /// Core Animation composites a layer over its own area.
    package mutating func composite(_ layer: Canvas, opacity: Float, skipsClear: Bool = true, within area: Canvas? = nil,
                                    combine: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) {
        var layer = layer
        layer.flush()
        flush()
        guard layer.surface.count == surface.count else { return }
        var area = area
        area?.flush()
        if let area, area.surface.count != surface.count { return }
        let bound = area?.surface
        let clip = state.clip
        let factor = min(max(opacity.isNaN ? 0 : opacity, 0), 1)
        // Only pixels that can change are visited: where a clear layer was drawn (elsewhere it is
        // clear, and skipped), and within the drawn part of a clear area (elsewhere its coverage is 0).
        var region = Box(columns: 0..<pixelWidth, rows: 0..<pixelHeight)
        if skipsClear && layer.startsClear { region = layer.touched.flatMap { region?.intersection($0) } }
        if let area, area.startsClear { region = area.touched.flatMap { region?.intersection($0) } }
        guard let region else { return }
        if let meter, !meter.spend(DrawingMeter.cost(pixels: region.columns.count * region.rows.count, weight: DrawingCost.composite)) { return }
        if skipsClear && layer.startsClear {
            for box in layer.touchedBoxes { if let part = box.intersection(region) { touch(columns: part.columns, rows: part.rows) } }
        } else {
            touch(columns: region.columns, rows: region.rows)
        }
        let width = pixelWidth
        layer.surface.withUnsafeBufferPointer { source in
            surface.withUnsafeMutableBufferPointer { target in
                for y in region.rows {
                    for index in (y * width + region.x0)..<(y * width + region.x1) {
                        let pixel = source[index] * factor
                        if skipsClear && pixel.w == 0 { continue }
                        var coverage = clip.map { Float($0.values[index]) * (1 / 255) } ?? 1
                        if let bound { coverage *= min(max(bound[index].w, 0), 1) }
                        if coverage == 0 { continue }
                        let mixed = combine(pixel, target[index])
                        target[index] = coverage == 1 ? mixed : target[index] + (mixed - target[index]) * coverage
                    }
                }
            }
        }
    }
}

extension Canvas {
    /// This canvas's pixels multiplied by `mask`'s alpha (a canvas of the same pixel size): what
    /// `CALayer.mask` does to the layer it masks.
    package mutating func mask(by mask: Canvas) {
        var mask = mask
        mask.flush()
        flush()
        guard mask.surface.count == surface.count else { return }
        // A clear canvas is zero outside what was drawn on it, and stays zero there.
        if !startsClear { touchAll() }
        guard let region = touched else { return }
        if let meter, !meter.spend(region.columns.count * region.rows.count) { return }
        // The one box around them all is visited (each pixel once) and so counts as drawn on.
        touch(columns: region.columns, rows: region.rows)
        let width = pixelWidth
        mask.surface.withUnsafeBufferPointer { alpha in
            surface.withUnsafeMutableBufferPointer { target in
                for y in region.rows {
                    for index in (y * width + region.x0)..<(y * width + region.x1) { target[index] *= alpha[index].w }
                }
            }
        }
    }
}
