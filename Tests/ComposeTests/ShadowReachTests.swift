import Testing
import FrameGen
import Raster
@testable import Compose

/// A shadow is cast by the whole layer, as Core Animation casts it — the part past the output's
/// edges too — and is cut by the layer's mask and, when it masks to bounds, by its bounds.
@Suite struct ShadowReachTests {
    /// A layer placed across or past the left edge of a 40 × 30 output: its shadow must be the
    /// 40 × 30 window of the same scene drawn on an output 100 points wider to the left.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let x: Double, rotation: Double, scale: Int, offset: Point, radius: Double, hasArm: Bool
        var nested = false
        var backdrop = false
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "half off, sharp", x: 0, rotation: 0, scale: 1, offset: Point(20, 0), radius: 0, hasArm: false),
        Case(name: "half off, soft", x: 0, rotation: 0, scale: 1, offset: Point(20, 3), radius: 6, hasArm: false),
        Case(name: "wholly off, falling in", x: -12, rotation: 0, scale: 1, offset: Point(30, 0), radius: 2, hasArm: false),
        Case(name: "rotated at @2x", x: 2, rotation: 0.5, scale: 2, offset: Point(14, -2), radius: 3, hasArm: false),
        Case(name: "a sublayer reaching out", x: 10, rotation: 0, scale: 1, offset: Point(25, 0), radius: 1, hasArm: true),
        // Surfaces of their own drawn on the shadow's surface past the edge (fresh eyes 53: a kept
        // canvas of the output's size composited nothing there, and the sublayer cast no shadow).
        Case(name: "a sublayer of its own surface, across the edge", x: -2, rotation: 0, scale: 1, offset: Point(20, 6), radius: 0,
             hasArm: false, nested: true),
        Case(name: "a sublayer of its own surface, across the edge at @2x", x: -2, rotation: 0.2, scale: 2, offset: Point(20, 6),
             radius: 2, hasArm: false, nested: true),
        // A frosted layer (backdrop, translucent background) across the edge (fresh eyes 54: its
        // shadow was cast as if the layer were opaque past the edge).
        Case(name: "a frosted layer across the edge", x: 0, rotation: 0, scale: 1, offset: Point(6, -5), radius: 2.5,
             hasArm: false, backdrop: true),
        Case(name: "a frosted layer across the edge at @3x", x: 3, rotation: 0, scale: 3, offset: Point(12, 4), radius: 2,
             hasArm: false, backdrop: true),
    ]

    static func layer(_ c: Case, shiftedBy shift: Double) -> Layer {
        var layer = Layer(name: "box", content: .image(LayerRendererTests.solid(LayerRendererTests.red, 8, 12)),
                          bounds: Rect(width: 16, height: 12), position: Point(c.x + shift, 15),
                          shadow: Shadow(color: .black, opacity: 0.8, offset: c.offset, radius: c.radius))
        layer.transform.rotation = c.rotation
        if c.hasArm {
            // A sublayer 30 points left of its parent, all of it off the output.
            layer.sublayers = [Layer(name: "arm", content: .image(LayerRendererTests.solid(LayerRendererTests.blue, 6, 6)),
                                     bounds: Rect(width: 6, height: 6), position: Point(-24, 6))]
        }
        if c.backdrop {
            layer.content = .none
            layer.backdrop = Blur(sigma: 4, method: .box, tint: Color(r: 255, g: 255, b: 255, a: 77), saturation: 1.8)
            layer.backgroundColor = Color(r: 255, g: 255, b: 255, a: 48)
        }
        if c.nested {
            // Half transparent, with a shadow of its own: drawn through a surface of its own.
            layer.sublayers.append(Layer(name: "inner", content: .image(LayerRendererTests.solid(LayerRendererTests.blue, 4, 4)),
                                         bounds: Rect(width: 10, height: 4), position: Point(8, 6), opacity: 0.9,
                                         shadow: Shadow(color: .black, opacity: 0.6, offset: Point(0, 3), radius: 1)))
        }
        return layer
    }

    static func render(_ c: Case, width: Double, shift: Double) throws -> Bitmap {
        let root = Layer(name: "root", bounds: Rect(width: width, height: 30), position: Point(width / 2, 15),
                         sublayers: [layer(c, shiftedBy: shift)])
        return try LayerRenderer(root: root, width: width, height: 30, scale: c.scale).render(at: 0)
    }

    @Test(arguments: cases)
    func theShadowIsTheWholeLayers(_ c: Case) throws {
        let narrow = try Self.render(c, width: 40, shift: 0)
        let wide = try Self.render(c, width: 140, shift: 100)
        var worst = 0, shadowPixels = 0
        for y in 0..<narrow.height {
            for x in 0..<narrow.width {
                let a = narrow[x, y], b = wide[x + 100 * c.scale, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                if a.a > 0, a.r < 50, a.b < 50 { shadowPixels += 1 }
            }
        }
        #expect(worst <= 1, "max difference from the wider output's window: \(worst)")
        #expect(shadowPixels > 40 * c.scale * c.scale, "the shadow shows: \(shadowPixels) pixels")
    }

    /// Before, a layer half off the output cast half a shadow: the columns its off-output half
    /// casts onto were clear.
    @Test func theOffOutputHalfCastsToo() throws {
        let frame = try Self.render(Self.cases[0], width: 40, shift: 0)
        // The box spans −8…8; its shadow, 20 to the right, 12…28: dark at 80 % within its
        // (resampled, soft) edge columns.
        for x in 13..<27 { #expect(frame[x, 15] == Color(r: 0, g: 0, b: 0, a: 204), "column \(x)") }
        #expect(frame[29, 15].a == 0)
    }

    /// A shadow whose blur spreads it too thin for any pixel to reach half a level draws nothing,
    /// and so blurs nothing (a radius of 10 000 under a sprite cost a whole blur a frame).
    @Test func aShadowTooFaintToShowIsNotBlurred() throws {
        var square = Layer(name: "square", content: .image(LayerRendererTests.solid(LayerRendererTests.blue, 6, 6)),
                           bounds: Rect(width: 6, height: 6), position: Point(10, 10))
        let plain = try LayerRendererTests.scene([square]).render(at: 0)
        square.shadow = Shadow(opacity: 1, offset: Point(2, 2), radius: 10_000)
        let renderer = try LayerRendererTests.scene([square])
        #expect(try renderer.render(at: 0).pixels == plain.pixels)
        let canvas = try Canvas(width: 20, height: 20)
        #expect(LayerRenderer.shadowSource(square.shadow!, of: square, time: 0, matrix: square.matrixInParent, on: canvas) == .none)
        // A radius of 60 spreads the 6-point square to about 1 % at most — a few levels: still drawn.
        square.shadow?.radius = 60
        #expect(LayerRenderer.shadowSource(square.shadow!, of: square, time: 0, matrix: square.matrixInParent, on: canvas) != .none)
    }

    @Test func masksToBoundsCutsTheShadowToTheBounds() throws {
        // A clear 10 × 10 layer (5…15) holding a half-transparent 6 × 6 square (5…11), masking to
        // its bounds: the square's shadow, 6 points down and right (11…17), shows under the clear
        // part of the bounds and stops at their edges.
        let square = Layer(name: "square", content: .image(LayerRendererTests.solid(Color(r: 0, g: 0, b: 255, a: 128), 6, 6)),
                           bounds: Rect(width: 6, height: 6), position: Point(3, 3))
        var panel = Layer(name: "panel", bounds: Rect(width: 10, height: 10), position: Point(10, 10), masksToBounds: true,
                          shadow: Shadow(opacity: 1, offset: Point(6, 6), radius: 0), sublayers: [square])
        let frame = try LayerRendererTests.scene([panel]).render(at: 0)
        #expect(frame[13, 13] == Color(r: 0, g: 0, b: 0, a: 128))    // within the bounds, under their clear part
        #expect(frame[15, 15].a == 0 && frame[16, 12].a == 0)        // past the bounds: cut
        panel.masksToBounds = false
        let free = try LayerRendererTests.scene([panel]).render(at: 0)
        #expect(free[13, 13] == Color(r: 0, g: 0, b: 0, a: 128))
        #expect(free[15, 15] == Color(r: 0, g: 0, b: 0, a: 128) && free[16, 12] == Color(r: 0, g: 0, b: 0, a: 128))
    }

    @Test func theMaskCutsTheShadow() throws {
        // A square masked to its left half: its shadow, 3 points down, is the left half's alone,
        // and cut by the mask too (the mask is the layer's: the shadow outside it does not show).
        let half = Layer(name: "half", content: .image(LayerRendererTests.solid(LayerRendererTests.red, 5, 10)),
                         bounds: Rect(width: 5, height: 10), position: Point(2.5, 5))
        let square = Layer(name: "square", content: .image(LayerRendererTests.solid(LayerRendererTests.blue, 10, 10)),
                           bounds: Rect(width: 10, height: 10), position: Point(10, 10),
                           shadow: Shadow(opacity: 1, offset: Point(3, 3), radius: 0), mask: half)
        let frame = try LayerRendererTests.scene([square]).render(at: 0)
        #expect(frame[6, 6] == LayerRendererTests.blue)
        #expect(frame[12, 6].a == 0)                                  // the masked-off half
        #expect(frame[8, 8] == LayerRendererTests.blue)
        #expect(frame[8, 16].a == 0 && frame[6, 16].a == 0)           // its shadow below the mask: cut
    }
}
