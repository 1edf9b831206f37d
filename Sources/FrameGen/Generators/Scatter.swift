import Basics
import Foundation
import Raster

/// The seed's rock scatter: a filled circle with a stroked outline on a background, then
/// ``count`` images chosen from a set and drawn centred at random points inside ``spread`` of the
/// centre. Seeded: the same options give the same picture, byte for byte.
///
/// Give ``images`` already loaded at the canvas scale (``ImageLoader`` picks `@2x` art for scale 2);
/// with none, procedural rocks are drawn as vectors, sharp at any scale.
public struct Scatter: FrameGenerator {
    /// Canvas width in points; 240 by default.
    public var width: Double
    /// Canvas height in points; 240 by default.
    public var height: Double
    /// Pixels per point of the picture.
    public var scale: Int
    /// The colour filling the canvas (a sea blue by default).
    public var background: Color
    /// The radius of the central circle, in points: above 0, at most ``longestLength``; 100 by default.
    public var circleRadius: Double
    /// The circle's fill (a sand colour by default).
    public var circleFill: Color
    /// The colour of the circle's outline.
    public var circleStroke: Color
    /// The width of the circle's outline, in points: 0 (none) … ``longestLength``; 4 by default.
    public var circleStrokeWidth: Double
    /// How many images are drawn, in ``countRange``; 14 by default.
    public var count: Int
    /// Images land within this distance of the centre, 0 … ``longestLength`` points; `nil` for
    /// 80 % of ``circleRadius``.
    public var spread: Double?
    /// The random seed of the positions and the choice of images (and of the procedural rocks).
    public var seed: UInt64
    /// The images to scatter, each drawn at its point size; empty (the default) for procedural rocks.
    public var images: [Bitmap]
    /// What the picture may cost: ``render()`` checks the canvas's size (and the procedural
    /// rocks') against `ResourceLimits.maxPixels` before allocating it.
    public var limits: ResourceLimits

    /// A scatter with the given picture; every default is the CLI's but the radius (the CLI uses 40 %
    /// of the smaller side).
    public init(width: Double = 240, height: Double = 240, scale: Int = 1, background: Color = Color(r: 0x2E, g: 0x5A, b: 0x88),
                circleRadius: Double = 100, circleFill: Color = Color(r: 0xE8, g: 0xD3, b: 0x9C),
                circleStroke: Color = Color(r: 0x7A, g: 0x5C, b: 0x2E), circleStrokeWidth: Double = 4,
                count: Int = 14, spread: Double? = nil, seed: UInt64 = 1, images: [Bitmap] = [], limits: ResourceLimits = .default) {
        self.limits = limits
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.circleRadius = circleRadius
        self.circleFill = circleFill
        self.circleStroke = circleStroke
        self.circleStrokeWidth = circleStrokeWidth
        self.count = count
        self.spread = spread
        self.seed = seed
        self.images = images
    }

    /// One picture: 1.
    public var frameCount: Int { 1 }

    /// The images allowed: 0…100 000.
    public static let countRange = 0...100_000
    /// The longest radius, outline width or spread, in points: a million (a circle that size still
    /// flattens to a few thousand edges at scale 3).
    public static let longestLength = 1_000_000.0

    /// The first setting out of range, or `nil`: ``circleRadius`` above 0, ``circleStrokeWidth``
    /// and ``spread`` 0 or more, each at most ``longestLength``; ``count`` in ``countRange``.
    /// ``render()`` throws it before any work.
    public var settingError: SettingError? {
        if !(circleRadius > 0 && circleRadius <= Self.longestLength) {
            return SettingError(.circleRadius, of: "Scatter", value: GeneratorError.format(circleRadius),
                                problem: .outOfRange(.above(0, atMost: Self.longestLength)))
        }
        if !(0...Self.longestLength).contains(circleStrokeWidth) {
            return SettingError(.circleStrokeWidth, of: "Scatter", value: GeneratorError.format(circleStrokeWidth),
                                problem: .outOfRange(.interval(0...Self.longestLength)), reason: "0 draws no outline")
        }
        if let spread, !(0...Self.longestLength).contains(spread) {
            return SettingError(.spread, of: "Scatter", value: GeneratorError.format(spread), problem: .outOfRange(.interval(0...Self.longestLength)))
        }
        if !Self.countRange.contains(count) { return SettingError(.count, of: "Scatter", value: count, allowed: .range(Self.countRange)) }
        return nil
    }

    /// The picture (``render()``): the same for every `index`.
    /// - Throws: ``GeneratorError``, as ``render()``.
    public func frame(_ index: Int) throws(GeneratorError) -> Bitmap { try render() }

    /// Draws the picture: background, the circle filled and stroked, then ``count`` images centred at
    /// seeded random points spread uniformly over a disc of ``spread`` around the centre.
    /// - Throws: ``GeneratorError/setting(_:)`` for the first setting out of range
    ///   (``settingError``); ``GeneratorError/limit(_:)`` for `pixels` when the canvas's size is
    ///   not finite and positive, or it or a procedural rock is over ``limits``; for `outputPixels`
    ///   when ``count`` images would draw more pixels than `limits.maxOutputPixels`.
    public func render() throws(GeneratorError) -> Bitmap {
        if let error = settingError { throw .setting(error) }
        try limits.checkFrame(width: width, height: height, scale: scale, of: "Scatter")
        let rocks: [Bitmap]
        do {
            rocks = images.isEmpty ? try (0..<4).map { index throws(LimitError) in
                try Self.rock(seed: seed &+ UInt64(index), scale: scale, limits: limits)
            } : images
            // The images drawn stay in proportion to the picture.
            let largest = rocks.max { $0.width * $0.height < $1.width * $1.height }
            // (An empty image is still a step of work: counted as one pixel.)
            try limits.checkOutput(count, "images", width: max(1, largest?.width ?? 0), height: max(1, largest?.height ?? 0), of: "Scatter.count")
        } catch {
            throw .limit(error)
        }
        var canvas = Canvas(trustedWidth: width, height: height, scale: scale, background: background)
        let center = Point(width / 2, height / 2)
        let circle = Path(circleAt: center, radius: circleRadius)
        canvas.fill(circle, color: circleFill)
        canvas.stroke(circle, color: circleStroke, style: StrokeStyle(width: circleStrokeWidth))
        var random = SeededRandom(seed: seed)
        let reach = spread ?? circleRadius * 0.8
        for _ in 0..<count {
            // Uniform in the disc: radius ∝ √u.
            let r = reach * random.unit().squareRoot(), angle = 2 * Double.pi * random.unit()
            let image = rocks[Int(random.next() % UInt64(rocks.count))]
            let size = image.pointSize
            let at = Point(center.x + r * cos(angle) - size.width / 2, center.y + r * sin(angle) - size.height / 2)
            canvas.draw(image, at: at)
        }
        return canvas.makeBitmap()
    }

    /// A procedural rock about 28 × 22 points: a lumpy closed outline (quadratics through the
    /// midpoints of a jittered polygon), shaded body, lit top and a dark rim.
    /// - Throws: `LimitError` for `pixels` when 28 × 22 points at `scale` is over `limits`.
    public static func rock(seed: UInt64, scale: Int, limits: ResourceLimits = .default) throws(LimitError) -> Bitmap {
        var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D)
        let width = 28.0, height = 22.0
        try limits.checkPixels(width: width, height: height, scale: max(1, scale), of: "Scatter rock frame")
        let center = Point(width / 2, height / 2 + 1)
        let corners = 9
        var points: [Point] = []
        for i in 0..<corners {
            let angle = 2 * Double.pi * (Double(i) + 0.3 * random.unit()) / Double(corners)
            let r = 0.75 + 0.25 * random.unit()
            points.append(Point(center.x + cos(angle) * r * (width / 2 - 2), center.y + sin(angle) * r * (height / 2 - 2.5)))
        }
        var outline = Path()
        outline.move(to: points[0].midpoint(points[1]))
        for i in 1...corners {
            outline.quad(to: points[i % corners].midpoint(points[(i + 1) % corners]), control: points[i % corners])
        }
        outline.close()
        let tone = UInt8(110 + random.next() % 40)
        var canvas = Canvas(trustedWidth: width, height: height, scale: scale)
        canvas.fill(outline, color: Color(r: tone, g: tone &- 6, b: tone &- 14))
        canvas.saveState()
        canvas.clip(to: outline)
        canvas.fill(Path(ellipseIn: center.x - width * 0.45, center.y - height * 0.75, width * 0.8, height * 0.7),
                    color: Color(r: 255, g: 250, b: 235, a: 70))
        canvas.restoreState()
        canvas.stroke(outline, color: Color(r: 50, g: 44, b: 38), style: StrokeStyle(width: 1.2, join: .round))
        return canvas.makeBitmap()
    }
}
