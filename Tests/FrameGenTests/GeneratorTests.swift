import Foundation
import Raster
import Testing
import TestSupport
@testable import FrameGen

/// Seagull frames against committed goldens (decoded and compared pixel for pixel). Re-record on
/// purpose with `FLIPBOOK_RECORD=1 swift test --filter GeneratorTests`.
@Suite("Generators")
struct GeneratorTests {
    static let bird = Seagull(width: 64, height: 32, frameCount: 12)

    @Test("seagull frame matches its golden", arguments: 0..<12)
    func seagullGolden(_ index: Int) throws {
        let frame = try Self.bird.frame(index)
        let path = Fixtures.path("framegen/seagull/seagull\(index + 1).png")
        if Fixtures.recording {
            try PNG.Encoder().write(frame, to: path)
            Issue.record(Comment(rawValue: Fixtures.recorded(path)))
        }
        let golden = try PNG.Decoder().decodeBitmap(file: path)
        let same = golden == frame
        #expect(same, "frame \(index + 1) differs from its golden")
    }

    @Test("the flap is low → high → low and symmetric: frame i equals frame n − i")
    func seagullSymmetry() throws {
        let n = Self.bird.frameCount
        #expect(Self.bird.wingHeight(frame: 0) == Self.bird.lowWing)
        #expect(Self.bird.wingHeight(frame: n / 2) == Self.bird.highWing)
        for i in 1..<(n / 2) {
            #expect(Self.bird.wingHeight(frame: i) < Self.bird.wingHeight(frame: i - 1), "wings rise in the first half")
            let same = try Self.bird.frame(i) == Self.bird.frame(n - i)
            #expect(same, "frame \(i) and frame \(n - i)")
        }
    }

    @Test("the seagull path is the seed's: two quadratics in unit space")
    func seagullPath() {
        let path = Seagull.unitPath(wingHeight: 0.3)
        #expect(path.elements == [.move(Point(0, 0.3)), .quad(Point(0.5, 0.5), control: Point(0.25, 0.25)),
                                  .quad(Point(1, 0.3), control: Point(0.75, 0.25))])
    }

    @Test("same options, same bytes; another seed, another picture")
    func determinism() throws {
        let a = Explosion(width: 48, height: 48, frameCount: 9, seed: 3)
        let b = Explosion(width: 48, height: 48, frameCount: 9, seed: 3)
        let c = Explosion(width: 48, height: 48, frameCount: 9, seed: 4)
        for i in [0, 4, 8] {
            let equal = try PNG.Encoder().encode(a.frame(i)) == (try PNG.Encoder().encode(b.frame(i)))
            #expect(equal)
        }
        let different = try a.frame(4) != c.frame(4)
        #expect(different)
        let scatter = Scatter(seed: 9)
        let same = try scatter.render() == Scatter(seed: 9).render()
        #expect(same)
        let other = try scatter.render() != Scatter(seed: 10).render()
        #expect(other)
    }

    @Test("explosion: starts as a small hot core, grows, and has thinned to faint smoke by the last frame")
    func explosionShape() throws {
        let boom = Explosion(width: 64, height: 64, frameCount: 30)
        func coverage(_ bitmap: Bitmap) -> Int { stride(from: 3, to: bitmap.pixels.count, by: 4).filter { bitmap.pixels[$0] > 32 }.count }
        let first = try boom.frame(0), middle = try boom.frame(12), last = try boom.frame(29)
        #expect(coverage(first) > 0 && coverage(middle) > 3 * coverage(first))
        let strongest = stride(from: 3, to: last.pixels.count, by: 4).map { last.pixels[$0] }.max() ?? 0
        #expect(!last.isFullyTransparent && strongest < 80, "last frame alpha peaks at \(strongest)")
        // The first frame's centre is white-hot; the middle is reddish-orange with smoke around.
        let centre = first[32, 32]
        #expect(centre.r > 240 && centre.g > 200 && centre.a > 200)
    }

    @Test("scatter at scale 2 is the same picture with twice the pixels")
    func scatterScale() throws {
        let one = try Scatter(width: 100, height: 100, scale: 1, circleRadius: 40, count: 6).render()
        let two = try Scatter(width: 100, height: 100, scale: 2, circleRadius: 40, count: 6).render()
        #expect(one.width == 100 && two.width == 200 && two.scale == 2)
        // Compare a 2×2 block average of the @2x picture with the @1x one.
        var total = 0
        for y in 0..<100 {
            for x in 0..<100 {
                var sum = 0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] { sum += Int(two[2 * x + dx, 2 * y + dy].g) }
                total += abs(sum / 4 - Int(one[x, y].g))
            }
        }
        #expect(Double(total) / 10_000 < 4, "mean difference \(Double(total) / 10_000)")
    }

    @Test("scatter uses @2x art at scale 2", .enabled(if: true))
    func scatterArt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scatter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var red = Bitmap(clearWidth: 4, height: 4)
        var blue = Bitmap(clearWidth: 8, height: 8, scale: 2)
        for y in 0..<4 { for x in 0..<4 { red[x, y] = Color(r: 255, g: 0, b: 0) } }
        for y in 0..<8 { for x in 0..<8 { blue[x, y] = Color(r: 0, g: 0, b: 255) } }
        try PNG.Encoder().write(red, to: folder + "/rock.png")
        try PNG.Encoder().write(blue, to: folder + "/rock@2x.png")
        #expect(try ImageLoader.loadFolder(folder, scale: 1).bitmaps.map(\.scale) == [1])
        let art = try ImageLoader.loadFolder(folder, scale: 2).bitmaps
        #expect(art.map(\.scale) == [2] && art[0][0, 0] == Color(r: 0, g: 0, b: 255))
        let picture = try Scatter(width: 40, height: 40, scale: 2, background: .white, circleRadius: 1, circleStrokeWidth: 0.1,
                              count: 1, spread: 0, images: art).render()
        // Drawn centred: 4×4 points = 8×8 pixels around the centre.
        #expect(picture[40, 40] == Color(r: 0, g: 0, b: 255))
        #expect(picture[36, 36] == Color(r: 0, g: 0, b: 255) && picture[35, 35] == .white)
    }
}

@Suite("Freehand strokes")
struct FreehandTests {
    let samples = (0..<11).map { Point(Double($0) * 10, $0 % 2 == 0 ? 10 : 30) }

    @Test("a tap draws a dot")
    func tap() throws {
        let stroke = Freehand(strokes: [[Point(20, 20)]], width: 40, height: 40, lineWidth: 10)
        let frame = try stroke.frame(0)
        #expect(frame[20, 20].a == 255 && frame[23, 20].a == 255 && frame[27, 20].a == 0)
    }

    @Test("every smoothing reaches the last sample, whatever the leftover count", arguments: Freehand.Smoothing.allCases, 1...9)
    func reachesTheEnd(_ smoothing: Freehand.Smoothing, _ count: Int) {
        let points = Array(samples.prefix(count))
        let path = Freehand.path(through: points, smoothing: smoothing)
        #expect(path.currentPoint == points.last)
        #expect(path.elements.first == .move(points[0]))
    }

    @Test("midpoint smoothing: each cubic ends halfway between its second control and the next sample, with a shared tangent")
    func midpoint() {
        let path = Freehand.path(through: samples, smoothing: .midpoint)
        guard case .cubic(let end, _, let c2) = path.elements[1], case .cubic(_, let next, _) = path.elements[2] else {
            Issue.record("expected cubics, got \(path.elements)")
            return
        }
        #expect(end == samples[2].midpoint(samples[4]))
        #expect(c2 == samples[2] && next == samples[4])
        // end − c2 and next − end point the same way: no kink at the joint.
        let a = end - c2, b = next - end
        #expect(abs(a.x * b.y - a.y * b.x) < 1e-9 && a.x * b.x + a.y * b.y > 0)
    }

    @Test("plain Bézier: cubics through every third sample (kinked joints)")
    func plainBezier() {
        let path = Freehand.path(through: samples, smoothing: .bezier)
        #expect(path.elements[1] == .cubic(samples[3], control1: samples[1], control2: samples[2]))
    }

    @Test("draw-on: frames reveal more and more, the last shows the whole stroke")
    func drawOn() throws {
        let stroke = Freehand(strokes: [samples], width: 120, height: 40, lineWidth: 4, frameCount: 6)
        func inked(_ bitmap: Bitmap) -> Int { stride(from: 3, to: bitmap.pixels.count, by: 4).reduce(0) { $0 + Int(bitmap.pixels[$1]) } }
        let amounts = try (0..<6).map { inked(try stroke.frame($0)) }
        for i in 1..<6 { #expect(amounts[i] > amounts[i - 1], "\(amounts)") }
        let whole = try Freehand(strokes: [samples], width: 120, height: 40, lineWidth: 4).frame(0)
        let same = try stroke.frame(5) == whole
        #expect(same)
    }

    @Test("JSON: a bare array of samples, or an object with strokes; bad input is a typed error")
    func json() throws {
        let bare = try Freehand(json: Array("[[1,2],[3,4]]".utf8))
        #expect(bare.strokes == [[Point(1, 2), Point(3, 4)]])
        let object = try Freehand(json: Array(##"{"size":[50,60],"width":3,"color":"#FF0000","strokes":[[[1,1]],[[2,2],[3,3]]]}"##.utf8))
        #expect(object.strokes.count == 2 && object.width == 50 && object.height == 60 && object.lineWidth == 3)
        for bad in ["{", "[[1]]", #"{"strokes":3}"#, #"{"strokes":[],"color":"red"}"#] {
            #expect(throws: SceneError.self) { try Freehand(json: Array(bad.utf8)) }
        }
    }
}

/// Generated frames leave nothing under full transparency: a pixel that rounds to alpha 0 is
/// transparent black (no stray colour for `validate`'s frame.hidden-color or an engine's filter).
@Suite("Generators leave no hidden colour")
struct GeneratorHiddenColorTests {
    static func hiddenColor(_ bitmap: Bitmap) -> Int {
        var count = 0
        let pixels = bitmap.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 0 {
            let colour: UInt8 = pixels[i] | pixels[i + 1] | pixels[i + 2]
            if colour != 0 { count += 1 }
        }
        return count
    }

    @Test(arguments: [0, 20, 45, 60, 80])
    func explosionFrames(index: Int) throws {
        #expect(try Self.hiddenColor(Explosion().frame(index)) == 0)
    }

    @Test(arguments: 0..<12)
    func seagullFrames(index: Int) throws {
        #expect(try Self.hiddenColor(Seagull(width: 64, height: 32, scale: 2, frameCount: 12).frame(index)) == 0)
    }
}
