import Testing
import FrameGen
import Raster
@testable import Compose

/// The layer tree drawn as Core Animation places it: anchor point and position, animated
/// properties at the layer's local time, path rotation, group opacity, blend modes, z order,
/// hidden layers, masks to bounds and layer speed — each checked on pixels worked out by hand.
@Suite struct LayerRendererTests {
    static let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255)

    static func solid(_ color: Color, _ width: Int, _ height: Int) -> Bitmap {
        Bitmap(width: width, height: height, straight: [UInt8]((0..<width * height).flatMap { _ in [color.r, color.g, color.b, color.a] }))!
    }

    /// A 20 × 20 root whose bounds coincide with the output, holding `sublayers`.
    static func scene(_ sublayers: [Layer], timing: LayerTiming = LayerTiming()) throws -> LayerRenderer {
        try LayerRenderer(root: Layer(name: "root", bounds: Rect(width: 20, height: 20), position: Point(10, 10),
                                      timing: timing, sublayers: sublayers), width: 20, height: 20)
    }

    /// The columns and rows holding any alpha.
    static func extent(_ bitmap: Bitmap) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap[x, y].a > 0 { xs.append(x); ys.append(y) } }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0...x1, y0...y1)
    }

    @Test func anchorPointLandsOnPosition() throws {
        let image = Layer(name: "bar", content: .image(Self.solid(Self.red, 4, 2)), bounds: Rect(width: 4, height: 2),
                          position: Point(5, 5))
        let frame = try Self.scene([image]).render(at: 0)
        let extent = try #require(Self.extent(frame))
        #expect(extent.x == 3...6 && extent.y == 4...5)
        #expect(frame[3, 4] == Self.red)
        var corner = image; corner.anchorPoint = Point(0, 0)
        #expect(Self.extent(try Self.scene([corner]).render(at: 0))! == (5...8, 5...6))
    }

    @Test func animationsMoveThePresentationNotTheModel() throws {
        var dot = Layer(name: "dot", content: .image(Self.solid(Self.red, 2, 2)), bounds: Rect(width: 2, height: 2),
                        position: Point(2, 2), anchorPoint: Point(0, 0))
        dot.animations = [.position(.basic(try BasicAnimation(from: Point(2, 2), to: Point(12, 2), timing: MediaTiming(duration: 1))))]
        let renderer = try Self.scene([dot])
        #expect(Self.extent(try renderer.render(at: 0.5))! == (7...8, 2...3))
        // Removed after its end: the model position shows again.
        #expect(Self.extent(try renderer.render(at: 1))! == (2...3, 2...3))
        // A layer running twice as fast reaches the same place at half the time.
        #expect(Self.extent(try Self.scene([dot], timing: LayerTiming(speed: 2)).render(at: 0.25))! == (7...8, 2...3))
    }

    @Test func pathAnimationTurnsTheLayer() throws {
        var path = Path(); path.move(to: Point(10, 2)); path.line(to: Point(10, 18))
        var bar = Layer(name: "bar", content: .image(Self.solid(Self.red, 6, 2)), bounds: Rect(width: 6, height: 2))
        bar.animations = [.position(.path(try PathAnimation(path: path, rotationMode: .auto, timing: MediaTiming(duration: 1))))]
        // Half way down, turned a quarter: 2 wide, 6 tall, centred on (10, 10).
        #expect(Self.extent(try Self.scene([bar]).render(at: 0.5))! == (9...10, 7...12))
    }

    @Test func groupOpacityCompositesTheGroupOnce() throws {
        let a = Layer(name: "a", content: .image(Self.solid(Self.red, 8, 8)), bounds: Rect(width: 8, height: 8), position: Point(8, 8))
        var b = a; b.name = "b"; b.position = Point(12, 12)
        let group = Layer(name: "group", bounds: Rect(width: 20, height: 20), position: Point(10, 10), opacity: 0.5, sublayers: [a, b])
        let frame = try Self.scene([group]).render(at: 0)
        #expect(frame[10, 10] == Color(r: 255, g: 0, b: 0, a: 128))
        #expect(frame[5, 5] == Color(r: 255, g: 0, b: 0, a: 128))
    }

    @Test func blendModesMixWithTheBackdrop() throws {
        let backdrop = Layer(name: "backdrop", content: .image(Self.solid(Color(r: 200, g: 100, b: 50), 20, 20)),
                             bounds: Rect(width: 20, height: 20), position: Point(10, 10))
        var top = Layer(name: "top", content: .image(Self.solid(Color(r: 128, g: 255, b: 64), 20, 20)),
                        bounds: Rect(width: 20, height: 20), position: Point(10, 10))
        for mode in [BlendMode.multiply, .screen, .difference, .hue] {
            top.blendMode = mode
            let pixel = try Self.scene([backdrop, top]).render(at: 0)[4, 4]
            let expected = mode.blend(SIMD4(128, 255, 64, 255) / 255, onto: SIMD4(200, 100, 50, 255) / 255) * 255
            #expect(abs(Float(pixel.r) - expected.x) <= 1 && abs(Float(pixel.g) - expected.y) <= 1
                    && abs(Float(pixel.b) - expected.z) <= 1 && pixel.a == 255, "\(mode): \(pixel) vs \(expected)")
        }
    }

    @Test func zPositionOrdersSiblings() throws {
        let front = Layer(name: "front", content: .image(Self.solid(Self.red, 10, 10)), bounds: Rect(width: 10, height: 10),
                          position: Point(10, 10), zPosition: 1)
        var back = front; back.name = "back"; back.content = .image(Self.solid(Self.blue, 10, 10)); back.zPosition = 0
        #expect(try Self.scene([front, back]).render(at: 0)[10, 10] == Self.red)
        back.zPosition = 1
        #expect(try Self.scene([front, back]).render(at: 0)[10, 10] == Self.blue)
    }

    @Test func hiddenLayersAndMasksToBounds() throws {
        var child = Layer(name: "child", content: .image(Self.solid(Self.red, 20, 4)), bounds: Rect(width: 20, height: 4),
                          position: Point(5, 5))
        var window = Layer(name: "window", bounds: Rect(width: 10, height: 10), position: Point(10, 10), masksToBounds: true,
                           sublayers: [child])
        #expect(Self.extent(try Self.scene([window]).render(at: 0))! == (5...14, 8...11))
        window.masksToBounds = false
        #expect(Self.extent(try Self.scene([window]).render(at: 0))! == (0...19, 8...11))
        child.isHidden = true
        window.sublayers = [child]
        #expect(Self.extent(try Self.scene([window]).render(at: 0)) == nil)
    }

    @Test func opacityAnimatesAndRendersTheSameTwice() throws {
        var square = Layer(name: "square", content: .image(Self.solid(Self.red, 20, 20)), bounds: Rect(width: 20, height: 20),
                           position: Point(10, 10))
        square.animations = [.opacity(.keyframe(try KeyframeAnimation(values: [1, 0, 1], timing: MediaTiming(duration: 2))))]
        let renderer = try Self.scene([square])
        #expect(try renderer.render(at: 0.5)[3, 3].a == 128)
        #expect(try renderer.render(at: 1)[3, 3].a == 0)
        #expect(try renderer.render(at: 0.7) == renderer.render(at: 0.7))
    }

    @Test func refusesNumbersItCannotDraw() {
        var child = Layer(name: "child", bounds: Rect(width: .nan, height: 2))
        do {
            _ = try Self.scene([child])
            Issue.record("a NaN width was accepted")
        } catch {
            #expect(String(describing: error) == "layer root/child: bounds.width must be a finite number, sizes 0 or more (got nan)")
        }
        child.bounds = Rect(width: 2, height: 2); child.opacity = 1.5
        #expect(throws: CompositionError.self) { try Self.scene([child]) }
        #expect(throws: CompositionError.self) { try LayerRenderer(root: Layer(), width: 1e9, height: 1e9) }
    }
}
