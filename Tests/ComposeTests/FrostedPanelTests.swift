import Testing
import FrameGen
import Raster
@testable import Compose

/// The frosted panel at the library level: a panel with a backdrop blur (UIImageEffects' light
/// effect), rounded corners, slides up over striped content that shows through it blurred.
@Suite struct FrostedPanelTests {
    /// Vertical stripes of four colours, 8 points wide, over 160 × 120.
    static let stripes: Bitmap = {
        let colors: [[UInt8]] = [[230, 60, 50, 255], [250, 200, 40, 255], [40, 160, 90, 255], [40, 90, 220, 255]]
        var pixels: [UInt8] = []
        for _ in 0..<120 { for x in 0..<160 { pixels += colors[(x / 8) % 4] } }
        return Bitmap(width: 160, height: 120, straight: pixels)!
    }()

    static let light = Blur(preset: .light)

    static func scene() throws -> LayerRenderer {
        let content = Layer(name: "content", content: .image(stripes), bounds: Rect(width: 160, height: 120), position: Point(80, 60))
        let slide = try BasicAnimation<Point>(from: Point(80, 170), to: Point(80, 80),
                                              timing: MediaTiming(beginTime: 0.5, duration: 0.5, fillMode: .both),
                                              timingFunction: .easeOut)
        let panel = Layer(name: "panel", bounds: Rect(width: 120, height: 60), position: Point(80, 80), cornerRadius: 12,
                          backdrop: light, animations: [.position(.basic(slide))])
        let root = Layer(name: "root", bounds: Rect(width: 160, height: 120), position: Point(80, 60), sublayers: [content, panel])
        return try LayerRenderer(root: root, width: 160, height: 120)
    }

    @Test func thePanelSlidesUpAndShowsTheContentBlurred() throws {
        let renderer = try Self.scene()
        // Before it starts, the panel waits below the frame: the stripes alone.
        #expect(try renderer.render(at: 0) == Self.stripes)
        let end = try renderer.render(at: 2)
        let blurred = try Self.light.apply(to: Self.stripes)
        // Inside the panel (20…140 × 50…110), away from its corners: the blurred stripes.
        for (x, y) in [(80, 80), (40, 60), (121, 100)] {
            let got = end[x, y], want = blurred[x, y]
            #expect(abs(Int(got.r) - Int(want.r)) <= 1 && abs(Int(got.g) - Int(want.g)) <= 1 && abs(Int(got.b) - Int(want.b)) <= 1,
                    "(\(x), \(y)): \(got) vs \(want)")
            #expect(got != Self.stripes[x, y])
        }
        // Outside it, and in its rounded-off corner, the stripes are untouched.
        for (x, y) in [(80, 30), (5, 100), (21, 51)] { #expect(end[x, y] == Self.stripes[x, y], "(\(x), \(y))") }
        // Half way through the slide (eased), its top edge is between where it started and ended.
        let mid = try renderer.render(at: 0.75)
        let top = (0..<120).first { mid[80, $0] != Self.stripes[80, $0] }
        #expect(top.map { (51...139).contains($0) } == true, "top edge at \(String(describing: top))")
    }
}

/// A frosted panel drawn offscreen (half opacity, as when it fades in) still blurs what lies below
/// it in its parent, not its own clear surface.
@Suite struct FrostedPanelOffscreenTests {
    @Test func aHalfOpaquePanelShowsHalfTheBlurredContent() throws {
        let content = Layer(name: "content", content: .image(FrostedPanelTests.stripes), bounds: Rect(width: 160, height: 120),
                            position: Point(80, 60))
        let panel = Layer(name: "panel", bounds: Rect(width: 120, height: 60), position: Point(80, 80), opacity: 0.5,
                          cornerRadius: 12, backdrop: FrostedPanelTests.light)
        let root = Layer(name: "root", bounds: Rect(width: 160, height: 120), position: Point(80, 60), sublayers: [content, panel])
        let frame = try LayerRenderer(root: root, width: 160, height: 120).render(at: 0)
        let blurred = try FrostedPanelTests.light.apply(to: FrostedPanelTests.stripes)
        // Opaque content under an opaque blurred patch at opacity 0.5: each channel halfway between.
        for (x, y) in [(80, 80), (40, 60), (121, 100)] {
            let got = frame[x, y], under = FrostedPanelTests.stripes[x, y], frost = blurred[x, y]
            for (g, u, f) in [(got.r, under.r, frost.r), (got.g, under.g, frost.g), (got.b, under.b, frost.b)] {
                let want = (Double(u) + Double(f)) / 2
                #expect(abs(Double(g) - want) <= 1.5, "(\(x), \(y)): \(got), under \(under), frost \(frost)")
            }
        }
    }
}
