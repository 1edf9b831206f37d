import Basics
import Foundation
import Raster

/// A procedural explosion: a white-hot flash that swells into a turbulent fireball, cools through
/// yellow, orange and red into rising smoke, and thins to a wisp, with sparks flying out early on.
/// The fireball is a shader over 3-D fractal value noise (x, y, time), so it boils rather than
/// just scaling; sparks are stroked with the ``Canvas``. Seeded and deterministic.
public struct Explosion: FrameGenerator {
    /// Frame width in points; 128 by default.
    public var width: Double
    /// Frame height in points; 128 by default.
    public var height: Double
    /// Pixels per point of the frames.
    public var scale: Int
    /// How many frames the explosion has; at least 2 (a smaller value set here is stored as 2).
    public var frameCount: Int {
        didSet { if frameCount < 2 { frameCount = 2 } }
    }
    /// The random seed: each seed is a different explosion, the same seed the same frames, byte for byte.
    public var seed: UInt64
    /// How many sparks fly out, 0 (none) … ``sparkRange``'s upper bound; 28 by default.
    public var sparks: Int
    /// What a frame may cost: ``frame(_:)`` checks its size against `ResourceLimits.maxPixels`
    /// before allocating it.
    public var limits: ResourceLimits
    /// The run its frames are drawn in (`generate explosion` writing them all): they share
    /// `ResourceLimits.maxDrawingWork` together (the sparks fly early, the fireball thins late).
    /// `nil`: each frame may do its even share.
    package var run: DrawingRun?

    /// An explosion of `frameCount` frames (at least 2; 81 by default) of `width × height` points at
    /// `scale`, shaped by `seed`, with `sparks` sparks, each frame within `limits`.
    public init(width: Double = 128, height: Double = 128, scale: Int = 1, frameCount: Int = 81, seed: UInt64 = 7, sparks: Int = 28,
                limits: ResourceLimits = .default) {
        self.limits = limits
        self.width = width
        self.height = height
        self.scale = scale
        self.frameCount = max(2, frameCount)
        self.seed = seed
        self.sparks = sparks
    }

    /// The sparks allowed: 0…100 000 (more are a cloud, not sparks, and only cost time).
    public static let sparkRange = 0...100_000

    /// The first setting out of range, or `nil`: ``sparks`` in ``sparkRange``. ``frame(_:)`` throws
    /// it before any work.
    public var settingError: SettingError? {
        Self.sparkRange.contains(sparks) ? nil : SettingError(.sparks, of: "Explosion", value: sparks, allowed: .range(Self.sparkRange))
    }

    /// Frame `index` (clamped to the frames there are).
    /// - Throws: ``GeneratorError/setting(_:)`` for ``sparks`` out of range (``settingError``);
    ///   ``GeneratorError/limit(_:)`` for `pixels` when the frame's size is not finite and
    ///   positive, or over ``limits``; for `pathSegments` when there are more ``sparks`` (one
    ///   segment each) than `ResourceLimits.maxPathSegments`, and for `drawingWork` when the
    ///   frames ask for more than `ResourceLimits.maxDrawingWork` (``drawingError``), or this
    ///   frame's sparks draw more than its share of it.
    public func frame(_ index: Int) throws(GeneratorError) -> Bitmap {
        if let error = settingError { throw .setting(error) }
        try limits.checkFrame(width: width, height: height, scale: scale, of: "Explosion")
        do {
            try limits.check(.pathSegments, sparks, of: "Explosion sparks")
        } catch {
            throw .limit(error)
        }
        if let error = drawingError { throw .limit(error) }
        let t = Double(min(max(index, 0), frameCount - 1)) / Double(frameCount - 1)
        // The fireball's noise is charged before it is made (``drawingError``); the sparks as they are drawn.
        let frame = min(max(index, 0), frameCount - 1)
        let meter = run?.meter(forFrame: frame) ?? DrawingMeter(frames: frameCount, limits: limits)
        meter.spend(DrawingMeter.cost(pixels: Self.pixels(width, scale) * Self.pixels(height, scale), weight: DrawingCost.noise))
        var canvas = Canvas(drawingOn: fireball(t))
        canvas.meter = meter
        drawSparks(on: &canvas, t: t)
        if let error = run.map({ $0.finish(meter, frame: frame, subject: "Explosion") }) ?? meter.error(subject: "Explosion, frame \(frame + 1)") {
            throw .limit(error)
        }
        return canvas.makeBitmap()
    }

    /// What the frames ask for before any is drawn, against `limits.maxDrawingWork`: each frame's
    /// fireball, its pixels of noise (400 each), and its sparks, one segment each (232 at the
    /// least); `nil` within the limit. `generate explosion` refuses its flags with it (exit 2).
    public var drawingError: LimitError? {
        let noise = DrawingMeter.cost(pixels: Self.pixels(width, scale) * Self.pixels(height, scale), weight: DrawingCost.noise)
        let spark = DrawingMeter.cost(pixels: sparks, weight: DrawingCost.segment)
        let (each, o1) = noise.addingReportingOverflow(spark)
        let (all, o2) = each.multipliedReportingOverflow(by: frameCount)
        guard o1 || o2 || all > limits.maxDrawingWork else { return nil }
        return LimitError(limit: .drawingWork, subject: "Explosion", amount: o1 || o2 ? nil : all, maximum: limits.maxDrawingWork,
                          detail: "\(frameCount) frames of \(Self.pixels(width, scale))×\(Self.pixels(height, scale)) px of fireball, "
                            + "\(DrawingCost.noise) a pixel, and \(sparks) sparks, \(DrawingCost.segment) each: fewer frames, a smaller size "
                            + "or fewer sparks draw less")
    }

    /// A side of `length` points at `scale` in pixels, as a canvas rounds it; 0 for none.
    private static func pixels(_ length: Double, _ scale: Int) -> Int {
        let rounded = (length * Double(max(1, scale))).rounded()
        return rounded > 0 && rounded < Double(Int32.max) ? Int(rounded) : 0
    }

    private func fireball(_ t: Double) -> Bitmap {
        // As a canvas does: a size that rounds to no pixel is an empty frame (``frame(_:)`` has
        // refused sizes that are not finite and positive, or over the limits).
        let pixelWidth = Self.pixels(width, scale), pixelHeight = Self.pixels(height, scale)
        var image = Bitmap(clearWidth: pixelWidth, height: pixelHeight, scale: scale)
        let noise = ValueNoise(seed: seed)
        let half = Double(min(pixelWidth, pixelHeight)) / 2
        // The ball swells fast then slows; its centre drifts up as it turns to smoke.
        let radius = 0.22 + 0.68 * (1 - pow(1 - t, 3))
        let rise = 0.28 * t * t
        let heatFall = pow(1 - t, 1.4)
        // Thins to a wisp of smoke on the last frame (never quite empty: an empty frame is a mistake).
        let fade = 1 - smoothstep(0.62, 1.15, t)
        let time = t * 2.2
        image.withUnsafeMutablePixels { pixels in
            for py in 0..<pixelHeight {
                for px in 0..<pixelWidth {
                    let ux = (Double(px) + 0.5 - Double(pixelWidth) / 2) / half
                    let uy = (Double(py) + 0.5 - Double(pixelHeight) / 2) / half + rise
                    let n = noise.fbm(ux * 2.3, uy * 2.3 + t * 1.5, time, octaves: 4)
                    let d = (ux * ux + uy * uy).squareRoot()
                    let edge = radius * (0.62 + 0.75 * n)
                    let density = min(1, max(0, (edge - d) / (0.22 * radius)))
                    if density <= 0 { continue }
                    let core = max(0, 1.15 - d / max(edge, 1e-6))
                    let heat = min(1, max(0, heatFall * core * (0.55 + 0.9 * n) * 1.35 + (t < 0.04 ? 1 - t / 0.04 : 0)))
                    var (r, g, b) = Self.ramp(heat)
                    // Cold parts are smoke, lighter where the noise is dense.
                    let smoke = 0.16 + 0.22 * n
                    let smokiness = 1 - smoothstep(0.05, 0.35, heat)
                    r += (smoke - r) * smokiness
                    g += (smoke * 0.95 - g) * smokiness
                    b += (smoke * 0.9 - b) * smokiness
                    let alpha = density * fade * (1 - 0.45 * smokiness * t)
                    let a = UInt8(min(255, max(0, alpha * 255 + 0.5)))
                    if a == 0 { continue }   // nothing shows: leave transparent black, no hidden colour
                    let o = (py * pixelWidth + px) * 4
                    pixels[o] = Self.byte(r)
                    pixels[o + 1] = Self.byte(g)
                    pixels[o + 2] = Self.byte(b)
                    pixels[o + 3] = a
                }
            }
        }
        return image
    }

    private func drawSparks(on canvas: inout Canvas, t: Double) {
        guard t < 0.5 else { return }
        var random = SeededRandom(seed: seed ^ 0x5EED_5A4C)
        let center = Point(width / 2, height / 2)
        let reach = min(width, height) / 2
        for _ in 0..<sparks {
            let angle = 2 * Double.pi * random.unit()
            let speed = 0.55 + 0.4 * random.unit()
            let life = 0.25 + 0.25 * random.unit()
            guard t < life else { continue }
            let age = t / life
            let travel = reach * speed * (1 - pow(1 - age, 2))
            let direction = Point(cos(angle), sin(angle))
            let head = center + direction * travel + Point(0, reach * 0.15 * age * age)
            let tail = head - direction * (reach * 0.12 * (1 - age))
            var path = Path()
            path.move(to: tail)
            path.line(to: head)
            let alpha = UInt8(255 * (1 - age))
            canvas.stroke(path, color: Color(r: 255, g: 230, b: 150, a: alpha),
                          style: StrokeStyle(width: max(0.6, 1.6 * (1 - age)), cap: .round))
        }
    }

    /// Heat 0…1 → black-body-ish colour: dark red, orange, yellow, white.
    static func ramp(_ heat: Double) -> (Double, Double, Double) {
        let stops: [(Double, (Double, Double, Double))] = [
            (0.0, (0.25, 0.04, 0.02)), (0.3, (0.75, 0.12, 0.03)), (0.55, (1.0, 0.45, 0.06)),
            (0.8, (1.0, 0.82, 0.3)), (1.0, (1.0, 0.98, 0.85)),
        ]
        for i in 1..<stops.count where heat <= stops[i].0 {
            let (t0, c0) = stops[i - 1], (t1, c1) = stops[i]
            let f = (heat - t0) / (t1 - t0)
            return (c0.0 + (c1.0 - c0.0) * f, c0.1 + (c1.1 - c0.1) * f, c0.2 + (c1.2 - c0.2) * f)
        }
        return stops[stops.count - 1].1
    }

    /// A 0…1 channel as a straight byte, rounded to nearest.
    private static func byte(_ channel: Double) -> UInt8 {
        UInt8(min(255, max(0, channel * 255 + 0.5)))
    }
}

func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
    let t = min(1, max(0, (x - edge0) / (edge1 - edge0)))
    return t * t * (3 - 2 * t)
}

/// 3-D value noise on an integer lattice with quintic interpolation; `fbm` sums octaves into 0…1.
struct ValueNoise: Sendable {
    let seed: UInt64

    func fbm(_ x: Double, _ y: Double, _ z: Double, octaves: Int) -> Double {
        var sum = 0.0, amplitude = 0.5, frequency = 1.0, norm = 0.0
        for octave in 0..<octaves {
            sum += amplitude * value(x * frequency, y * frequency, z * frequency, octave: UInt64(octave))
            norm += amplitude
            amplitude *= 0.5
            frequency *= 2.03
        }
        return sum / norm
    }

    private func value(_ x: Double, _ y: Double, _ z: Double, octave: UInt64) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down), fz = z.rounded(.down)
        let ix = Int64(fx), iy = Int64(fy), iz = Int64(fz)
        let tx = fade(x - fx), ty = fade(y - fy), tz = fade(z - fz)
        func lattice(_ dx: Int64, _ dy: Int64, _ dz: Int64) -> Double {
            var h = seed &+ octave &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: ix &+ dx) &* 0xBF58_476D_1CE4_E5B9
            h ^= UInt64(bitPattern: iy &+ dy) &* 0x94D0_49BB_1331_11EB
            h ^= UInt64(bitPattern: iz &+ dz) &* 0xD6E8_FEB8_6659_FD93
            h = (h ^ (h >> 31)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 29
            return Double(h >> 11) * (1.0 / 9_007_199_254_740_992.0)
        }
        func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        let x00 = mix(lattice(0, 0, 0), lattice(1, 0, 0), tx), x10 = mix(lattice(0, 1, 0), lattice(1, 1, 0), tx)
        let x01 = mix(lattice(0, 0, 1), lattice(1, 0, 1), tx), x11 = mix(lattice(0, 1, 1), lattice(1, 1, 1), tx)
        return mix(mix(x00, x10, ty), mix(x01, x11, ty), tz)
    }

    private func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
}
