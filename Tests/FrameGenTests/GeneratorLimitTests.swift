import Basics
import FrameGen
import Raster
import Testing

/// Generators check a frame's size against their `limits` before allocating it: `Seagull(width:
/// 1e6, height: 1e6).frame(0)` and `Explosion(width: 1e5, height: 1e5).frame(0)` (and Scatter's and
/// Freehand's) died allocating; each now throws the `LimitError` a canvas of that size throws.
@Suite struct GeneratorLimitTests {
    static let tooBig: [(Double, Double, Int)] = [(1e6, 1e6, 1), (1e5, 1e5, 1), (8, 8, 1 << 20), (.nan, 8, 1), (8, -1, 1), (.infinity, 8, 1)]

    static func generators(width: Double, height: Double, scale: Int, limits: ResourceLimits = .default) -> [(String, any FrameGenerator)] {
        [("Seagull", Seagull(width: width, height: height, scale: scale, limits: limits)),
         ("Explosion", Explosion(width: width, height: height, scale: scale, frameCount: 2, sparks: 1, limits: limits)),
         ("Scatter", Scatter(width: width, height: height, scale: scale, count: 1, limits: limits)),
         ("Freehand", Freehand(strokes: [[Point(0, 0), Point(1, 1)]], width: width, height: height, scale: scale, limits: limits))]
    }

    @Test(arguments: tooBig)
    func framesOverTheLimitAreALimitError(width: Double, height: Double, scale: Int) {
        for (name, generator) in Self.generators(width: width, height: height, scale: scale) {
            #expect(throws: LimitError.self, "\(name)") { try generator.frame(0) }
            do {
                _ = try generator.frame(0)
            } catch {
                #expect(error.limit == .pixels && error.subject == "\(name) frame" && error.maximum == ResourceLimits.default.maxPixels, "\(name)")
            }
        }
    }

    @Test func framesAreCheckedAgainstTheirOwnLimits() throws {
        let limits = ResourceLimits(maxPixels: 64 * 32 - 1)
        for (name, generator) in Self.generators(width: 64, height: 32, scale: 1, limits: limits) {
            #expect(throws: LimitError(limit: .pixels, subject: "\(name) frame", amount: 64 * 32, maximum: 64 * 32 - 1, detail: "64×32"), "\(name)") {
                try generator.frame(0)
            }
        }
        for (_, generator) in Self.generators(width: 64, height: 32, scale: 1, limits: ResourceLimits(maxPixels: 64 * 32)) {
            #expect(try generator.frame(0).width == 64)
        }
    }

    /// The canvas is small enough, the procedural rocks (28 × 22 points at the same scale) are not.
    @Test func scatterChecksItsRocksToo() {
        #expect(throws: LimitError.self) { try Scatter(width: 0.01, height: 0.01, scale: 1 << 17, count: 1).frame(0) }
        #expect {
            try Scatter.rock(seed: 1, scale: 1 << 20)
        } throws: { error in
            (error as? LimitError)?.subject == "Scatter rock frame"
        }
    }

    /// `Scatter(count: Int.max)` drew rocks for ever: the images drawn are bounded by
    /// `maxOutputPixels`, and a count within it still draws.
    @Test func scatterCountIsBounded() throws {
        #expect {
            try Scatter(width: 8, height: 8, count: Int.max).frame(0)
        } throws: { error in
            (error as? LimitError).map { $0.limit == .outputPixels && $0.subject == "Scatter.count" && $0.amount == nil } ?? false
        }
        let limits = ResourceLimits(maxOutputPixels: 100 * 28 * 22)
        #expect(throws: LimitError.self) { try Scatter(width: 8, height: 8, count: 101, images: [Bitmap(width: 28, height: 22)], limits: limits).frame(0) }
        #expect(try Scatter(width: 8, height: 8, count: 100, images: [Bitmap(width: 28, height: 22)], limits: limits).frame(0).width == 8)
    }

    /// `sparks: Int.max` looped for ever on the first frames: the sparks are path segments.
    @Test func explosionSparksAreBounded() throws {
        #expect(throws: LimitError(limit: .pathSegments, subject: "Explosion sparks", amount: Int.max, maximum: 1_000_000)) {
            try Explosion(width: 8, height: 8, sparks: Int.max).frame(0)
        }
        #expect(try Explosion(width: 8, height: 8, sparks: 1_000, limits: ResourceLimits(maxPathSegments: 1_000)).frame(0).width == 8)
    }

    /// `(index % frameCount) + frameCount` overflowed for a positive index with `Int.max` frames.
    @Test func wingHeightTakesAnyFrameCount() {
        let gull = Seagull(frameCount: Int.max)
        #expect(gull.wingHeight(frame: 0) == gull.lowWing)
        #expect(gull.wingHeight(frame: 5) == gull.wingHeight(frame: Int.max - 5))
        #expect(Seagull(frameCount: 12).wingHeight(frame: -1) == Seagull(frameCount: 12).wingHeight(frame: 11))
    }
}
