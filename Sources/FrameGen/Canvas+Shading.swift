import Basics

/// Fills whose colour changes from pixel to pixel (Compose's gradients): the path's coverage, the
/// clip and source-over as for a plain fill, the colour asked of a shader at each pixel's centre.
extension Canvas {
    /// Fills `path` (user space) under `rule`, each covered pixel taking the premultiplied colour
    /// (0…1 channels) that `shader` gives for its centre in user space. A path over the edge limit
    /// of `ResourceLimits.default`, or a transform that cannot be inverted, draws nothing.
    package mutating func fill(_ path: Path, rule: FillRule = .nonzero,
                               shader: (_ x: Double, _ y: Double) -> SIMD4<Float>) {
        guard let inverse = deviceTransform.inverted,
              (try? loadInterior(of: path, maxEdges: ResourceLimits.default.maxFlattenedEdges)) != nil else { return }
        flush()
        rasterizer.sortEdges()
        let width = pixelWidth, clip = state.clip
        var scratch = self.scratch
        var rasterizer = self.rasterizer
        surface.withUnsafeMutableBufferPointer { surface in
            rasterizer.fill(width: pixelWidth, height: pixelHeight, rule: rule, scratch: &scratch) { y, x, length, level in
                let cy = Double(y) + 0.5
                for i in 0..<length {
                    let offset = y * width + x + i
                    var coverage = Float(level) * (1 / 255)
                    if let clip { coverage *= Float(clip.values[offset]) * (1 / 255) }
                    if coverage == 0 { continue }
                    let point = inverse.apply(Point(Double(x + i) + 0.5, cy))
                    let source = shader(point.x, point.y) * coverage
                    surface[offset] = source + surface[offset] * (1 - source.w)
                }
            }
        }
        rasterizer.reset()
        self.rasterizer = rasterizer
        self.scratch = scratch
    }
}
