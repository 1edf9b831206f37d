import Basics
import Raster

/// Fills whose colour changes from pixel to pixel (Compose's gradients and backdrops): the path's
/// coverage, the clip and source-over as for a plain fill, the colours asked of a shader run by run.
extension Canvas {
    /// Fills `path` (user space) under `rule`, each covered pixel taking the premultiplied colour
    /// (0…1 channels) that `shader` gives for its centre in user space. A path over the edge limit
    /// of `ResourceLimits.default`, or a transform that cannot be inverted, draws nothing.
    package mutating func fill(_ path: Path, rule: FillRule = .nonzero,
                               shader: (_ x: Double, _ y: Double) -> SIMD4<Float>) {
        guard let inverse = deviceTransform.inverted else { return }
        fill(path, rule: rule) { y, x, colors in
            let cy = Double(y) + 0.5
            for i in 0..<colors.count {
                let point = inverse.apply(Point(Double(x + i) + 0.5, cy))
                colors[i] = shader(point.x, point.y)
            }
        }
    }

    /// Fills `path` (user space) under `rule`, the premultiplied colours (0…1 channels) of each run
    /// of covered pixels written by `shader(y, x, colors)` — device row `y`, columns `x ..< x +
    /// colors.count` — then weighted by coverage and the clip and composited source-over. A path
    /// over the edge limit of `ResourceLimits.default` draws nothing.
    package mutating func fill(_ path: Path, rule: FillRule = .nonzero,
                               shader: (_ y: Int, _ x: Int, _ colors: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        guard meter?.isOver != true,
              (try? loadInterior(of: path, maxEdges: ResourceLimits.default.maxFlattenedEdges)) != nil else { return }
        // Scan converted as a plain fill is, and a colour asked of the shader for each pixel covered.
        if let meter {
            let shaded = DrawingMeter.cost(pixels: rasterizer.coveredPixels(width: pixelWidth, height: pixelHeight), weight: DrawingCost.shaded)
            guard meter.spend(rasterizer.drawingCost(width: pixelWidth, height: pixelHeight)), meter.spend(shaded) else { return }
        }
        flush()
        rasterizer.sortEdges()
        touch(columns: rasterizer.columns(width: pixelWidth), rows: rasterizer.rows(height: pixelHeight))
        let width = pixelWidth, clip = state.clip
        var scratch = self.scratch
        let rasterizer = self.rasterizer
        var colors = [SIMD4<Float>](repeating: .zero, count: max(1, width))
        colors.withUnsafeMutableBufferPointer { colors in
            surface.withUnsafeMutableBufferPointer { surface in
                rasterizer.fill(width: pixelWidth, height: pixelHeight, rule: rule, scratch: &scratch) { y, x, length, level in
                    let run = UnsafeMutableBufferPointer(rebasing: colors[0..<length])
                    shader(y, x, run)
                    let row = surface.baseAddress! + y * width + x
                    if let clip {
                        clip.values.withUnsafeBufferPointer { mask in
                            for i in 0..<length {
                                let shown = level * UInt32(mask[y * width + x + i])
                                if shown == 0 { continue }
                                let s = run[i] * (Float(shown) * (1 / 65025))
                                row[i] = s + row[i] * (1 - s.w)
                            }
                        }
                    } else if level == 255 {
                        for i in 0..<length { row[i] = run[i] + row[i] * (1 - run[i].w) }
                    } else {
                        let coverage = Float(level) * (1 / 255)
                        for i in 0..<length {
                            let s = run[i] * coverage
                            row[i] = s + row[i] * (1 - s.w)
                        }
                    }
                }
            }
        }
        self.rasterizer.reset()
        self.scratch = scratch
    }

    /// The premultiplied surface (0…1 channels) of `area` (device pixels, within the canvas), row
    /// by row, with the paints still pending composited first: what a backdrop filter reads.
    package mutating func premultipliedPixels(in area: PixelRect) -> [SIMD4<Float>] {
        meter?.spend(max(0, area.width) * max(0, area.height))
        flush()
        let x0 = max(0, area.x), y0 = max(0, area.y)
        let x1 = min(pixelWidth, area.x + area.width), y1 = min(pixelHeight, area.y + area.height)
        guard x0 < x1, y0 < y1 else { return [] }
        var out: [SIMD4<Float>] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { out += surface[(y * pixelWidth + x0)..<(y * pixelWidth + x1)] }
        return out
    }
}

extension Canvas {
    /// `image` drawn at whole-pixel offset (`dx`, `dy`) over device rows `y0 ..< y1` and columns
    /// `x0 ..< x1` (inside both the canvas and the image), with no clip: the fast path of
    /// ``draw(_:in:_:_:_:)``, a row premultiplied at a time and opaque pixels stored as they are,
    /// rows on all cores for large images. The same result, bit for bit, as the pixel-by-pixel path.
    static func drawExact(_ image: Bitmap, dx: Int, dy: Int, columns: Range<Int>, rows: Range<Int>,
                          into surface: UnsafeMutableSendable<SIMD4<Float>>, canvasWidth: Int) {
        let imageWidth = image.width, count = columns.count
        image.pixels.withUnsafeBufferPointer { pixels in
            let source = UnsafeSendable(pixels)
            ParallelLoop.chunks(rows.count, minimum: max(1, Compositor.parallelArea / max(1, count))) { chunk in
                var row = [Float](repeating: 0, count: count * 4)
                row.withUnsafeMutableBufferPointer { row in
                    for py in (rows.lowerBound + chunk.lowerBound)..<(rows.lowerBound + chunk.upperBound) {
                        let start = source.buffer.baseAddress! + ((py - dy) * imageWidth + columns.lowerBound - dx) * 4
                        PremultipliedFloat.premultiply(start, pixels: count, unit: 1, into: row.baseAddress!)
                        let target = surface.buffer.baseAddress! + py * canvasWidth + columns.lowerBound
                        row.withMemoryRebound(to: SIMD4<Float>.self) { colors in
                            for i in 0..<count {
                                let s = colors[i]
                                if s.w == 1 { target[i] = s } else if s.w > 0 { target[i] = s + target[i] * (1 - s.w) }
                            }
                        }
                    }
                }
            }
        }
    }
}
