import Compose
import Foundation
import FrameGen
import Raster

/// The frosted panel of issue 45 at `size`² points: a picture (soft diagonal colour bands under
/// thin stripes and a grid of discs, so that the blur has detail to remove) and a panel with
/// UIImageEffects' light backdrop (σ 30 points, three boxes, white tint 30 %, saturation 1.8) and
/// rounded corners, 7/8 of the width and 7/16 of the height, that has slid up to the lower half.
/// `Benchmarks/cairo/frosted_panel.py` draws the same picture and panel with Cairo.
struct FrostedPanelScene {
    let size: Int
    let renderer: LayerRenderer

    init(size: Int) throws {
        self.size = size
        let s = Double(size)
        let picture = Self.picture(size: size)
        let content = Layer(name: "content", content: .image(picture), bounds: Rect(width: s, height: s), position: Point(s / 2, s / 2))
        let slide = try BasicAnimation<Point>(from: Point(s / 2, s * 1.3), to: Point(s / 2, s * 0.72),
                                              timing: MediaTiming(duration: 0.5, fillMode: .both), timingFunction: .easeOut)
        let panel = Layer(name: "panel", bounds: Rect(width: s * 7 / 8, height: s * 7 / 16), position: Point(s / 2, s * 0.72),
                          cornerRadius: s / 24, backdrop: Blur(preset: .light), animations: [.position(.basic(slide))])
        let root = Layer(name: "root", bounds: Rect(width: s, height: s), position: Point(s / 2, s / 2), sublayers: [content, panel])
        renderer = try LayerRenderer(root: root, width: s, height: s)
    }

    /// The picture under the panel, the same formula as the Cairo script's.
    static func picture(size: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        let n = Double(size)
        for y in 0..<size {
            for x in 0..<size {
                let u = Double(x) / n, v = Double(y) / n
                var r = 0.5 + 0.5 * sin(6.28 * (u + v)), g = 0.5 + 0.5 * sin(6.28 * (u - v) + 2), b = 0.5 + 0.5 * cos(9 * v)
                if (x / 6) % 2 == 0 { r *= 0.8; g *= 0.8; b *= 0.8 }
                let cx = Double(x % 64) - 32, cy = Double(y % 64) - 32
                if cx * cx + cy * cy < 144 { r = 1; g = 1; b = 0.9 }
                let o = (y * size + x) * 4
                pixels[o] = UInt8((r * 255).rounded()); pixels[o + 1] = UInt8((g * 255).rounded()); pixels[o + 2] = UInt8((b * 255).rounded())
            }
        }
        return Bitmap(width: size, height: size, straight: pixels)!
    }
}
