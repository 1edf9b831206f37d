import Basics
import Raster
import Testing
@testable import Compose

/// Round 61b: a text layer keeps its glyphs' ink past its layout's box (a J's hook left of it)
/// under `normal`, but under the modes that replace what lies below within the layer's area
/// (`copy`, `sourceIn`, `clear`, …) that area was the box alone, and the hook was lost. The area
/// now holds the ink too.
@Suite struct TextLayerBlendTests {
    static let layer = ##"{"text": {"string": "Jj", "fontSize": 60, "foregroundColor": "#000000"}, "anchorPoint": [0, 0], "position": [40, 40], "blendMode": "MODE"}"##

    static func frame(mode: String, scale: Int, background: String? = nil) throws -> Bitmap {
        let json = TextLayerTests.scene(layer.replacingOccurrences(of: "MODE", with: mode), size: "[200, 150]", scale: scale, background: background)
        return try TextLayerTests.read(json).renderer().render(at: 0)
    }

    @Test(arguments: [1, 2])
    func copyDrawsTheHookAsNormalDoes(scale: Int) throws {
        let (raster, left, top) = try TextLayerTests.textRaster("Jj", size: 60, color: Color(r: 0, g: 0, b: 0, a: 255), scale: scale)
        // The hook reaches left of the box: there is ink to lose.
        #expect(left > 0)
        for mode in ["normal", "copy"] {
            let result = TextLayerTests.holds(try Self.frame(mode: mode, scale: scale), raster, atX: 40 * scale - left, y: 40 * scale - top)
            #expect(result.matches, "\(mode): \(result.differing) pixels differ at @\(scale)x")
        }
    }

    /// `clear` over white clears the whole raster's rectangle, the hook's pixels too.
    @Test func clearClearsWhereTheHookIs() throws {
        let (raster, left, top) = try TextLayerTests.textRaster("Jj", size: 60, color: Color(r: 0, g: 0, b: 0, a: 255), scale: 1)
        let frame = try Self.frame(mode: "clear", scale: 1, background: "#FFFFFF")
        let clear = TextLayerTests.holds(frame, try Bitmap(width: raster.width, height: raster.height), atX: 40 - left, y: 40 - top)
        // Inside the rectangle, every pixel clear; outside, the white background.
        #expect(frame[40 - left, 40 - top + raster.height / 2].a == 0)
        #expect(frame[0, 0] == Color(r: 255, g: 255, b: 255, a: 255))
        #expect(clear.differing == 200 * 150 - raster.width * raster.height)
    }
}
