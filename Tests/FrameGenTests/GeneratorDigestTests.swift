import FrameGen
import Raster
import Testing

/// The generators' frames at their default (valid) settings, pinned by digest: checking the
/// settings first must not change one byte of what they draw. The digests were taken on main
/// before the settings checks came in (commit a90aa97), with this same file, and taken again
/// when the canvas came to draw as Cairo does to the level (issue 45: vertices on Cairo's 1/256
/// grid, its full-row arithmetic, its stroke outlines; the drawing is otherwise unchanged), and
/// for `Freehand 1` once more when a dash came to be outlined as one contour as Cairo's is (its
/// partial stroke is a dash: at most 3 levels moved, mean |Δ| from Cairo 0.0015 → 0.0013/255).
@Suite struct GeneratorDigestTests {
    /// FNV-1a, 64 bits, over the frame's size, scale and straight RGBA bytes.
    static func digest(_ bitmap: Bitmap) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for value in [bitmap.width, bitmap.height, bitmap.scale] { withUnsafeBytes(of: UInt64(value).littleEndian) { $0.forEach(add) } }
        bitmap.pixels.forEach(add)
        return String(hash, radix: 16)
    }

    static func frames() throws -> [(String, Bitmap)] {
        let drawing = Freehand(strokes: [[Point(4, 4), Point(20, 40), Point(40, 8), Point(60, 50), Point(30, 60), Point(10, 30)], [Point(50, 10)]],
                               width: 64, height: 64, frameCount: 4)
        return [("Seagull 0", try Seagull().frame(0)), ("Seagull 6", try Seagull(scale: 2).frame(6)),
                ("Seagull wide", try Seagull(lineWidth: 16).frame(3)),
                ("Explosion 0", try Explosion(width: 48, height: 48).frame(0)), ("Explosion 20", try Explosion(width: 48, height: 48).frame(20)),
                ("Scatter", try Scatter().frame(0)), ("Scatter spread", try Scatter(width: 96, height: 64, circleRadius: 30, count: 20, spread: 40).frame(0)),
                ("Freehand 1", try drawing.frame(1)), ("Freehand 3", try drawing.frame(3))]
    }

    static let expected: [String: String] = [
        "Seagull 0": "d4d9be7ea0415ae6", "Seagull 6": "11ef5166bd1e74cb", "Seagull wide": "b39e3e01792a9af",
        "Explosion 0": "12aae48f31fbb2cb", "Explosion 20": "ac54a1002b38ef02", "Scatter": "41609caa853757bc",
        "Scatter spread": "dca5435ced8a6b8", "Freehand 1": "e668f769b588cbad", "Freehand 3": "2f7c3d4f921852fd",
    ]

    @Test func defaultFramesAreTheSameBytes() throws {
        let frames = try Self.frames()
        #expect(frames.count == 9)
        for (name, frame) in frames {
            #expect(Self.expected[name] == Self.digest(frame), "\(name)")
        }
    }
}
