import FrameGen
import Raster
import Testing
@testable import Compose

/// The animatable properties issue 45 lists beyond position, transform and opacity — bounds
/// (origin and size), background colour, a gradient's colours and a mask's own geometry — against
/// values worked out by hand. Every animation here is linear over 1 s from time 0.
@Suite struct AnimatedPropertiesTests {
    static let red = Color(r: 255, g: 0, b: 0)
    static let second = try! MediaTiming(duration: 1, fillMode: .both)

    /// The straight RGBA of pixel (`x`, `y`).
    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[offset..<(offset + 4)])
    }

    /// Bounds' size grows about the anchor point: 10 → 30 wide at position x 20, so at 0.5 s it
    /// is 20 wide and covers x 10…30 (pixels 10 to 29).
    @Test func boundsSizeGrowsAboutTheAnchor() throws {
        let grow = try BasicAnimation(from: Rect(width: 10, height: 10), to: Rect(width: 30, height: 10), timing: Self.second)
        let layer = Layer(bounds: Rect(width: 10, height: 10), position: Point(20, 5), backgroundColor: Self.red,
                          animations: [.bounds(.basic(grow))])
        #expect(layer.presentation(at: 0.5).bounds == Rect(width: 20, height: 10))
        #expect(layer.presentation(at: 0.25).bounds == Rect(width: 15, height: 10))
        let frame = try LayerRenderer(root: layer, width: 40, height: 10).render(at: 0.5)
        #expect(Self.pixel(frame, 9, 5)[3] == 0)
        #expect(Self.pixel(frame, 10, 5) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 29, 5) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 30, 5)[3] == 0)
    }

    /// Bounds' origin scrolls the sublayers (a scroll view's `bounds.origin`): from 0 to 10 by a
    /// keyframe animation, a sublayer at position (15, 5) of a 40 × 10 layer moves 10 left.
    @Test func boundsOriginMovesTheSublayers() throws {
        let scroll = try KeyframeAnimation(values: [Rect(width: 40, height: 10), Rect(x: 10, width: 40, height: 10)],
                                           timing: Self.second)
        let dot = Layer(bounds: Rect(width: 2, height: 2), position: Point(15, 5), backgroundColor: Self.red)
        let layer = Layer(bounds: Rect(width: 40, height: 10), position: Point(20, 5),
                          animations: [.bounds(.keyframe(scroll))], sublayers: [dot])
        #expect(layer.presentation(at: 0.3).bounds == Rect(x: 3, width: 40, height: 10))
        let start = try LayerRenderer(root: layer, width: 40, height: 10).render(at: 0)
        let end = try LayerRenderer(root: layer, width: 40, height: 10).render(at: 1)
        #expect(Self.pixel(start, 14, 4) == [255, 0, 0, 255] && Self.pixel(start, 4, 4)[3] == 0)
        #expect(Self.pixel(end, 4, 4) == [255, 0, 0, 255] && Self.pixel(end, 14, 4)[3] == 0)
    }

    /// Background colour, straight components: opaque red → transparent blue, a quarter of the
    /// way is (0.75, 0, 0.25, 0.75) → bytes (191, 0, 64, 191) (191.25 and 63.75 rounded).
    @Test func backgroundColorInterpolatesStraightComponents() throws {
        let fade = try BasicAnimation(from: ColorComponents(Self.red), to: ColorComponents(red: 0, green: 0, blue: 1, alpha: 0),
                                      timing: Self.second)
        let layer = Layer(bounds: Rect(width: 4, height: 4), position: Point(2, 2), animations: [.backgroundColor(.basic(fade))])
        #expect(layer.presentation(at: 0.25).backgroundColor == Color(r: 191, g: 0, b: 64, a: 191))
        #expect(layer.presentation(at: 1).backgroundColor == Color(r: 0, g: 0, b: 255, a: 0))
        let frame = try LayerRenderer(root: layer, width: 4, height: 4).render(at: 0.25)
        #expect(Self.pixel(frame, 1, 1) == [191, 0, 64, 191])
    }

    /// No background colour animates from transparent black (Core Animation's nil): `to` opaque
    /// white at 0.5 s is (0.5, 0.5, 0.5, 0.5) → (128, 128, 128, 128).
    @Test func backgroundColorFromNoneStartsClear() throws {
        let appear = try BasicAnimation(to: ColorComponents(.white), timing: Self.second)
        let layer = Layer(bounds: Rect(width: 4, height: 4), animations: [.backgroundColor(.basic(appear))])
        #expect(layer.backgroundColor == nil)
        #expect(layer.presentation(at: 0.5).backgroundColor == Color(r: 128, g: 128, b: 128, a: 128))
    }

    /// A gradient's colours, colour by colour: black → white and white → black swap over 1 s;
    /// at 0.5 s both ends are mid grey 127.5 → 128, so the layer is one flat grey.
    @Test func gradientColorsAnimateColourByColour() throws {
        let black = ColorComponents(.black), white = ColorComponents(.white)
        let swap = try BasicAnimation(from: [black, white], to: [white, black], timing: Self.second)
        let layer = Layer(content: .gradient(Gradient(colors: [.black, .white], startPoint: Point(0, 0.5), endPoint: Point(1, 0.5))),
                          bounds: Rect(width: 20, height: 2), position: Point(10, 1),
                          animations: [.gradientColors(.basic(swap))])
        guard case .gradient(let shown) = layer.presentation(at: 0.5).content else { Issue.record("not a gradient"); return }
        #expect(shown.colors == [Color(r: 128, g: 128, b: 128), Color(r: 128, g: 128, b: 128)])
        guard case .gradient(let quarter) = layer.presentation(at: 0.25).content else { return }
        #expect(quarter.colors == [Color(r: 64, g: 64, b: 64), Color(r: 191, g: 191, b: 191)])   // 63.75, 191.25
        let frame = try LayerRenderer(root: layer, width: 20, height: 2).render(at: 0.5)
        #expect(Self.pixel(frame, 0, 0) == [128, 128, 128, 255] && Self.pixel(frame, 19, 1) == [128, 128, 128, 255])
        let end = try LayerRenderer(root: layer, width: 20, height: 2).render(at: 1)
        #expect(Self.pixel(end, 0, 0)[0] > 240 && Self.pixel(end, 19, 0)[0] < 15)
    }

    /// A colour list `by` adds colour by colour, the shorter list counting as transparent black;
    /// a list of another length than the locations spreads its colours evenly.
    @Test func colourListsAddAndPad() throws {
        let a = [ColorComponents(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)]
        let b = [ColorComponents(red: 0.5, green: 0, blue: 0, alpha: 0.5), ColorComponents(red: 0, green: 1, blue: 0, alpha: 1)]
        #expect(a + b == [ColorComponents(red: 0.6, green: 0.2, blue: 0.3, alpha: 0.9), b[1]])
        #expect((b - a)[1] == b[1])
        let more = try BasicAnimation(from: [ColorComponents(.black), ColorComponents(.white), ColorComponents(.black)],
                                      timing: Self.second)
        let layer = Layer(content: .gradient(Gradient(colors: [.black, .white], locations: [0.2, 0.8])),
                          bounds: Rect(width: 4, height: 4), animations: [.gradientColors(.basic(more))])
        guard case .gradient(let shown) = layer.presentation(at: 0).content else { Issue.record("not a gradient"); return }
        #expect(shown.colors.count == 3 && shown.locations == nil)
    }

    /// A mask's own position animation runs in the masked layer's time: a 10 × 10 mask moving
    /// from x 5 to x 35 over a 40-wide red layer shows x 0…10 at 0 s and x 15…25 at 0.5 s.
    @Test func maskPositionAnimates() throws {
        let slide = try BasicAnimation(from: Point(5, 5), to: Point(35, 5), timing: Self.second)
        let mask = Layer(bounds: Rect(width: 10, height: 10), position: Point(5, 5), backgroundColor: .black,
                         animations: [.position(.basic(slide))])
        let layer = Layer(bounds: Rect(width: 40, height: 10), position: Point(20, 5), backgroundColor: Self.red, mask: mask)
        let renderer = try LayerRenderer(root: layer, width: 40, height: 10)
        let start = try renderer.render(at: 0), middle = try renderer.render(at: 0.5)
        #expect(Self.pixel(start, 9, 5)[3] == 255 && Self.pixel(start, 10, 5)[3] == 0)
        #expect(Self.pixel(middle, 14, 5)[3] == 0 && Self.pixel(middle, 15, 5)[3] == 255)
        #expect(Self.pixel(middle, 24, 5)[3] == 255 && Self.pixel(middle, 25, 5)[3] == 0)
    }

    /// A mask's bounds animation: 10 → 30 wide about its position x 20, 20 wide at 0.5 s (x 10…30).
    /// The masked layer's own beginTime shifts the mask's time too (the mask lives in its time).
    @Test func maskBoundsAnimateInTheMaskedLayersTime() throws {
        let grow = try BasicAnimation(from: Rect(width: 10, height: 10), to: Rect(width: 30, height: 10), timing: Self.second)
        let mask = Layer(bounds: Rect(width: 10, height: 10), position: Point(20, 5), backgroundColor: .black,
                         animations: [.bounds(.basic(grow))])
        let layer = Layer(bounds: Rect(width: 40, height: 10), position: Point(20, 5), backgroundColor: Self.red,
                          timing: LayerTiming(beginTime: 1), mask: mask)
        let renderer = try LayerRenderer(root: layer, width: 40, height: 10)
        let middle = try renderer.render(at: 1.5)   // the layer's local time 0.5
        #expect(Self.pixel(middle, 9, 5)[3] == 0 && Self.pixel(middle, 10, 5)[3] == 255)
        #expect(Self.pixel(middle, 29, 5)[3] == 255 && Self.pixel(middle, 30, 5)[3] == 0)
        let before = try renderer.render(at: 0.5)   // local time −0.5: backwards fill, 10 wide (x 15…25)
        #expect(Self.pixel(before, 14, 5)[3] == 0 && Self.pixel(before, 15, 5)[3] == 255)
    }
}
