import Testing
import Animated
import FrameGen
import Raster
@testable import Compose

/// The seagull example at the library level: the generator's 12 frames played once a second by a
/// sequence layer (`UIImageView` semantics) while a basic animation on `position` flies it across
/// the sky, repeating forever.
@Suite struct SeagullFlightTests {
    static func flight() throws -> LayerRenderer {
        let gull = Seagull(width: 64, height: 32)
        let frames = try (0..<gull.frameCount).map { FrameSource.bitmap(try gull.frame($0)) }
        let flapping = try Animation(frames: frames, duration: 1)
        // 100 points a second from off the left edge to off the right, then again.
        let across = try BasicAnimation<Point>(from: Point(-40, 60), to: Point(360, 60),
                                               timing: MediaTiming(duration: 4, repeatCount: .infinity))
        let bird = Layer(name: "gull", content: .sequence(try SequenceContent(animation: flapping)),
                         bounds: Rect(width: 64, height: 32), animations: [.position(.basic(across))])
        let sky = Layer(name: "sky", bounds: Rect(width: 320, height: 120), position: Point(160, 60), sublayers: [bird])
        return try LayerRenderer(root: sky, width: 320, height: 120, background: Color(r: 135, g: 206, b: 235))
    }

    /// The bird's pixels (those not sky) as a box and its pixels relative to the box.
    static func bird(_ frame: Bitmap) -> (x: Int, pixels: [Color])? {
        let sky = Color(r: 135, g: 206, b: 235)
        var columns: [Int] = []
        for x in 0..<frame.width { for y in 0..<frame.height where frame[x, y] != sky { columns.append(x); break } }
        guard let left = columns.min(), let right = columns.max() else { return nil }
        var pixels: [Color] = []
        for y in 0..<frame.height { for x in left...right { pixels.append(frame[x, y]) } }
        return (left, pixels)
    }

    @Test func theBirdCrossesWhileFlappingOnceASecond() throws {
        let renderer = try Self.flight()
        // It moves right 100 points a second…
        let positions = try [0.75, 1.75, 2.75].map { try #require(Self.bird(try renderer.render(at: $0))).x }
        #expect(positions[1] - positions[0] == 100 && positions[2] - positions[1] == 100, "\(positions)")
        // …and a second later it has the same wings (the same frame of the flap), moved 100 points.
        let now = try #require(Self.bird(try renderer.render(at: 0.75)))
        let later = try #require(Self.bird(try renderer.render(at: 1.75)))
        #expect(now.pixels == later.pixels)
        // Within the second the wings differ.
        let half = try #require(Self.bird(try renderer.render(at: 1.5)))
        #expect(half.pixels != later.pixels)
        // The flight repeats every 4 seconds: at 4.75 s the bird is where it was at 0.75 s.
        #expect(try Self.bird(try renderer.render(at: 4.75))?.x == positions[0])
    }

    @Test func aSequenceStartsAtItsBeginTimeAndCanHideWhenDone() throws {
        let frames = [FrameSource.bitmap(LayerRendererTests.solid(.black, 2, 2))]
        let once = try Animation(frames: frames, duration: 2, repeatCount: 1)
        let content = try SequenceContent(animation: once, beginTime: 1, hidesWhenFinished: true)
        #expect(content.frameIndex(at: 0.5) == nil)
        #expect(content.frameIndex(at: 1) == 0)
        #expect(content.frameIndex(at: 2.9) == 0)
        #expect(content.frameIndex(at: 3) == nil)
        #expect(try SequenceContent(animation: once, beginTime: 1).frameIndex(at: 30) == 0)
    }
}
