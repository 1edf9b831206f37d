import FrameGen
import Raster

/// The drawing workloads of `Scripts/bench draw`, generated exactly as `Benchmarks/cairo/cairo_bench.c`
/// generates them (same SplitMix64 stream, same formulas), on a 1000×1000 canvas.
///   large    200 closed shapes of four cubic Béziers each, spanning the canvas (fill rate)
///   small    10 000 circles of radius 2–10 as four cubics each (per-path overhead)
///   strokes  1 000 open cubics, width 1–6, butt caps, miter joins (the stroker)
struct DrawWorkload {
    struct Shape {
        var path: Path
        var color: Color
        var width: Double
    }

    let kind: String
    let shapes: [Shape]

    init?(_ kind: String) {
        guard ["large", "small", "strokes"].contains(kind) else { return nil }
        self.kind = kind
        var random = SeededRandom(seed: 42)
        let count = kind == "large" ? 200 : kind == "small" ? 10_000 : 1_000
        var shapes: [Shape] = []
        for _ in 0..<count {
            let r = random.next() & 255, g = random.next() & 255, b = random.next() & 255
            let a = 128 + (random.next() & 127)
            let color = Color(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(a))
            var v: [Double] = []
            var width = 1.0
            switch kind {
            case "large":
                v = (0..<26).map { _ in -100 + 1200 * random.unit() }
            case "small":
                let cx = 1000 * random.unit(), cy = 1000 * random.unit(), radius = 2 + 8 * random.unit()
                let k = 0.5522847498307936 * radius
                v = [cx + radius, cy,
                     cx + radius, cy + k, cx + k, cy + radius, cx, cy + radius,
                     cx - k, cy + radius, cx - radius, cy + k, cx - radius, cy,
                     cx - radius, cy - k, cx - k, cy - radius, cx, cy - radius,
                     cx + k, cy - radius, cx + radius, cy - k, cx + radius, cy]
            default:
                let x = 1000 * random.unit(), y = 1000 * random.unit()
                v = [x, y]
                for _ in 0..<3 {
                    let px = x - 150 + 300 * random.unit()
                    let py = y - 150 + 300 * random.unit()
                    v += [px, py]
                }
                width = 1 + 5 * random.unit()
            }
            var path = Path()
            path.move(to: Point(v[0], v[1]))
            var k = 2
            while k + 6 <= v.count {
                path.curve(to: Point(v[k + 4], v[k + 5]), control1: Point(v[k], v[k + 1]), control2: Point(v[k + 2], v[k + 3]))
                k += 6
            }
            if kind != "strokes" { path.close() }
            shapes.append(Shape(path: path, color: color, width: width))
        }
        self.shapes = shapes
    }

    func draw() throws -> Bitmap {
        var canvas = try Canvas(width: 1000, height: 1000, background: .white)
        for shape in shapes {
            if kind == "strokes" {
                canvas.stroke(shape.path, color: shape.color, style: StrokeStyle(width: shape.width))
            } else {
                canvas.fill(shape.path, color: shape.color)
            }
        }
        return canvas.makeBitmap()
    }

    /// Σ of each path's bounding box clipped to the canvas, in pixels: the "pixels" of pixels/s.
    var pixels: Int {
        shapes.reduce(0) { total, shape in
            guard let b = shape.path.controlPointBounds else { return total }
            let pad = kind == "strokes" ? shape.width / 2 : 0
            let w = max(0, min(1000, b.maxX + pad) - max(0, b.minX - pad)), h = max(0, min(1000, b.maxY + pad) - max(0, b.minY - pad))
            return total + Int(w * h)
        }
    }
}
