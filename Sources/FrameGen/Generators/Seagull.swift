import Basics
import Raster

/// The flapping seagull of the seed (`PRPBird`): each frame strokes one path in unit space —
/// `move(0, h)`, a quadratic to `(0.5, 0.6 − h/3)` with control `(0.25, 0.25)`, a quadratic to
/// `(1, h)` with control `(0.75, 0.25)` — scaled to the frame, line width = height / 30.
///
/// `h` is the height of the wing tips (y down, so a larger `h` is lower). It goes from
/// ``lowWing`` up to ``highWing`` and back on a triangle wave, so frame `i` equals frame
/// `frameCount − i` and the loop is seamless.
public struct Seagull: FrameGenerator {
    /// Frame width in points; 64 by default.
    public var width: Double
    /// Frame height in points; 32 by default.
    public var height: Double
    /// Pixels per point of the frames.
    public var scale: Int
    /// How many frames the loop has; at least 1 (a smaller value set here is stored as 1).
    public var frameCount: Int {
        didSet { if frameCount < 1 { frameCount = 1 } }
    }
    /// The stroke colour (a dark grey by default).
    public var color: Color
    /// Line width in points; `nil` for height / 30. Above 0 and at most half the frame's smaller
    /// side: the bird is inset by its pen on every side (``settingError``).
    public var lineWidth: Double?
    /// Wing-tip height with the wings down, in unit space: 0 (the top of the frame inside the pen)
    /// … 1 (its bottom); 0.8 by default.
    public var lowWing: Double
    /// Wing-tip height with the wings up, 0…1 as ``lowWing``; 0.1 by default.
    public var highWing: Double
    /// What a frame may cost: ``frame(_:)`` checks its size against `ResourceLimits.maxPixels`
    /// before allocating it.
    public var limits: ResourceLimits

    /// A seagull of `frameCount` frames (at least 1; 12 by default) of `width × height` points at
    /// `scale`, each frame within `limits`.
    public init(width: Double = 64, height: Double = 32, scale: Int = 1, frameCount: Int = 12,
                color: Color = Color(r: 0x33, g: 0x33, b: 0x3A), lineWidth: Double? = nil,
                lowWing: Double = 0.8, highWing: Double = 0.1, limits: ResourceLimits = .default) {
        self.limits = limits
        self.width = width
        self.height = height
        self.scale = scale
        self.frameCount = max(1, frameCount)
        self.color = color
        self.lineWidth = lineWidth
        self.lowWing = lowWing
        self.highWing = highWing
    }

    /// The wing-tip height of frame `index`: low at 0, high at `frameCount / 2`, low again.
    public func wingHeight(frame index: Int) -> Double {
        // Steps from the nearest "wings low" frame, in integers so frames i and n − i are identical.
        // (The remainder is made positive only when negative: `r + frameCount` overflows when
        // `frameCount` is near `Int.max` and `r` is positive.)
        let remainder = index % frameCount
        let step = remainder < 0 ? remainder + frameCount : remainder
        let triangle = 2 * Double(min(step, frameCount - step)) / Double(frameCount)
        return lowWing * (1 - triangle) + highWing * triangle
    }

    /// The bird of wing height `h` in unit space.
    public static func unitPath(wingHeight h: Double) -> Path {
        var path = Path()
        path.move(to: Point(0, h))
        path.quad(to: Point(0.5, 0.6 - h / 3), control: Point(0.25, 0.25))
        path.quad(to: Point(1, h), control: Point(0.75, 0.25))
        return path
    }

    /// The wing heights allowed: 0…1 of unit space keeps the wing tips inside the frame.
    public static let wingRange: ClosedRange<Double> = 0...1

    /// The widest ``lineWidth`` for this frame: half its smaller side (the bird is inset by its pen
    /// on every side, so a wider pen leaves no room for it); no bound but a finite one while the
    /// frame's size is not finite and positive (``frame(_:)`` refuses that size as a limit).
    public var widestLine: Double {
        let side = min(width, height)
        return side.isFinite && side > 0 ? side / 2 : .greatestFiniteMagnitude
    }

    /// The first setting out of range, or `nil`: ``lineWidth`` (when given) above 0 and at most
    /// ``widestLine``; ``lowWing`` and ``highWing`` in ``wingRange``. ``frame(_:)`` throws it
    /// before any work.
    public var settingError: SettingError? {
        if let lineWidth, !(lineWidth > 0 && lineWidth <= widestLine) {
            return SettingError(.lineWidth, of: "Seagull", value: GeneratorError.format(lineWidth), problem: .outOfRange(.above(0, atMost: widestLine)),
                                reason: "the bird is inset by its pen on every side, so the pen is at most half the frame's smaller side")
        }
        for (setting, value) in [(SettingError.Setting.lowWing, lowWing), (.highWing, highWing)] where !Self.wingRange.contains(value) {
            return SettingError(setting, of: "Seagull", value: GeneratorError.format(value), problem: .outOfRange(.interval(Self.wingRange)),
                                reason: "0 is the top of the frame inside the pen, 1 its bottom")
        }
        return nil
    }

    /// The bird at frame `index`'s wing height.
    /// - Throws: ``GeneratorError/setting(_:)`` for the first setting out of range
    ///   (``settingError``); ``GeneratorError/limit(_:)`` for `pixels` when the frame's size is not
    ///   finite and positive, or over ``limits``.
    public func frame(_ index: Int) throws(GeneratorError) -> Bitmap {
        if let error = settingError { throw .setting(error) }
        try limits.checkFrame(width: self.width, height: height, scale: scale, of: "Seagull")
        let width = lineWidth ?? height / 30
        // Inset by the pen so the round wing tips stay inside the frame.
        let inset = width
        var canvas = Canvas(trustedWidth: self.width, height: height, scale: scale)
        let transform = AffineTransform(translationX: inset, y: inset)
            .scaledBy(x: self.width - 2 * inset, y: height - 2 * inset)
        let path = Self.unitPath(wingHeight: wingHeight(frame: index)).applying(transform)
        canvas.stroke(path, color: color, style: StrokeStyle(width: width, cap: .round, join: .round))
        return canvas.makeBitmap()
    }
}
