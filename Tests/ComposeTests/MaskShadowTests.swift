import Testing
import FrameGen
import Raster
@testable import Compose

/// A mask layer cuts its layer to the mask's alpha; a shadow falls under the layer from its alpha,
/// offset and blurred — checked on pixels worked out by hand.
@Suite struct MaskShadowTests {
    @Test func aMaskCutsTheLayerToItsAlpha() throws {
        let disc = Layer(name: "disc", content: .shape(ShapeContent(path: Path(circleAt: Point(10, 10), radius: 5))),
                         bounds: Rect(width: 20, height: 20), position: Point(10, 10))
        let square = Layer(name: "square", content: .image(LayerRendererTests.solid(LayerRendererTests.red, 20, 20)),
                           bounds: Rect(width: 20, height: 20), position: Point(10, 10), mask: disc)
        let frame = try LayerRendererTests.scene([square]).render(at: 0)
        #expect(frame[10, 10] == LayerRendererTests.red)
        #expect(frame[1, 1].a == 0 && frame[10, 2].a == 0)
        #expect(LayerRendererTests.extent(frame)! == (5...14, 5...14))
    }

    @Test func aShadowFallsUnderTheLayer() throws {
        let blue = LayerRendererTests.blue
        var square = Layer(name: "square", content: .image(LayerRendererTests.solid(blue, 6, 6)), bounds: Rect(width: 6, height: 6),
                           position: Point(10, 10), shadow: Shadow(opacity: 0.5, offset: Point(4, 4), radius: 0))
        let sharp = try LayerRendererTests.scene([square]).render(at: 0)
        #expect(sharp[9, 9] == blue)                                   // the square: 7…12
        #expect(sharp[14, 14] == Color(r: 0, g: 0, b: 0, a: 128))      // its shadow: 11…16
        #expect(sharp[17, 17].a == 0 && sharp[5, 5].a == 0)
        square.shadow?.radius = 4
        let soft = try LayerRendererTests.scene([square]).render(at: 0)
        #expect(soft[9, 9] == blue)
        #expect(soft[14, 14].a > 20 && soft[14, 14].a < 128)
        #expect(soft[18, 18].a > 0 && soft[18, 18].a < soft[14, 14].a)
        square.shadow?.opacity = 2
        #expect(throws: CompositionError.invalidValue(layer: "root/square", property: "shadow.opacity", value: 2)) {
            try LayerRendererTests.scene([square])
        }
    }
}
