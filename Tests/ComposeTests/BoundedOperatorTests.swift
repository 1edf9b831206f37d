import Testing
import Basics
import Raster
@testable import Compose

/// The Porter-Duff operators that change the backdrop under a clear source (`clear`, `copy`,
/// `sourceIn`, `sourceOut`, `destinationIn`, `destinationAtop`) act on the layer's own area only,
/// as Core Animation composites a layer: the background outside it survives (Cairo's unbounded
/// operators would clear the whole frame).
@Suite struct BoundedOperatorTests {
    static let modes: [BlendMode] = [.clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop]

    /// A 32 × 24 blue frame; a 10 × 8 layer at (16, 12) whose half-transparent red square covers
    /// its left half, composited with `mode`; a sublayer of it reaching out to the right adds to its area.
    static func scene(_ mode: BlendMode) -> String {
        """
        {"size": [32, 24], "background": "#0000FF", "frames": 1,
         "layers": [{"bounds": [10, 8], "position": [16, 12], "blendMode": "\(mode.rawValue)",
                     "shape": {"path": "M0 0h5v8h-5z", "fillColor": "#FF000080"},
                     "sublayers": [{"bounds": [4, 4], "position": [14, 4], "backgroundColor": "#00FF00"}]}]}
        """
    }

    @Test(arguments: modes)
    func theBackgroundOutsideTheLayerSurvives(_ mode: BlendMode) throws {
        let scene = try SceneFile(json: Array(Self.scene(mode).utf8), files: [])
        let frame = try scene.renderer().render(at: 0)
        let blue = Color(r: 0, g: 0, b: 255)
        // Outside the layer and its sublayer: the corners, above and below it.
        for (x, y) in [(0, 0), (31, 23), (16, 2), (16, 20), (2, 12), (30, 12)] {
            #expect(frame[x, y] == blue, "\(mode) at (\(x), \(y)): \(frame[x, y])")
        }
        // Inside: the operator's own result of the layer's pixel over blue (the layer spans 11…21 × 8…16,
        // its sublayer 23…27 × 10…14).
        func expected(_ source: SIMD4<Float>) -> Color {
            let out = mode.blend(source, onto: SIMD4(0, 0, 1, 1))
            guard out.w > 0 else { return .clear }
            func level(_ value: Float) -> UInt8 { UInt8(min(max((value / out.w * 255).rounded(), 0), 255)) }
            return Color(r: level(out.x), g: level(out.y), b: level(out.z), a: UInt8((out.w * 255).rounded()))
        }
        let red = Float(128) / 255
        for (x, y, source) in [(13, 12, SIMD4<Float>(red, 0, 0, red)), (18, 13, SIMD4<Float>(0, 0, 0, 0)), (25, 12, SIMD4<Float>(0, 1, 0, 1))] {
            let want = expected(source), got = frame[x, y]
            #expect(abs(Int(got.a) - Int(want.a)) <= 1 && (want.a == 0 || abs(Int(got.r) - Int(want.r)) <= 2 && abs(Int(got.b) - Int(want.b)) <= 2),
                    "\(mode) at (\(x), \(y)): \(got), expected \(want)")
        }
    }
}
