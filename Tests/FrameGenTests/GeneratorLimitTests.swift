import Basics
import FrameGen
import Raster
import Testing

/// Generators check a frame's size against their `limits` before allocating it: `Seagull(width:
/// 1e6, height: 1e6).frame(0)` and `Explosion(width: 1e5, height: 1e5).frame(0)` (and Scatter's and
/// Freehand's) died allocating; each now throws the `LimitError` a canvas of that size throws, as
/// `GeneratorError.limit`.
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
            #expect(throws: GeneratorError.self, "\(name)") { try generator.frame(0) }
            do {
                _ = try generator.frame(0)
            } catch {
                let limit = error.limitError
                #expect(limit?.limit == .pixels && limit?.subject == "\(name) frame" && limit?.maximum == ResourceLimits.default.maxPixels, "\(name)")
            }
        }
    }

    @Test func framesAreCheckedAgainstTheirOwnLimits() throws {
        let limits = ResourceLimits(maxPixels: 64 * 32 - 1)
        for (name, generator) in Self.generators(width: 64, height: 32, scale: 1, limits: limits) {
            #expect(throws: GeneratorError.limit(LimitError(limit: .pixels, subject: "\(name) frame", amount: 64 * 32, maximum: 64 * 32 - 1, detail: "64×32")),
                    "\(name)") {
                try generator.frame(0)
            }
        }
        for (_, generator) in Self.generators(width: 64, height: 32, scale: 1, limits: ResourceLimits(maxPixels: 64 * 32)) {
            #expect(try generator.frame(0).width == 64)
        }
    }

    /// The canvas is small enough, the procedural rocks (28 × 22 points at the same scale) are not.
    @Test func scatterChecksItsRocksToo() {
        #expect(throws: GeneratorError.self) { try Scatter(width: 0.01, height: 0.01, scale: 1 << 17, count: 1).frame(0) }
        #expect {
            try Scatter.rock(seed: 1, scale: 1 << 20)
        } throws: { error in
            (error as? LimitError)?.subject == "Scatter rock frame"
        }
    }

    /// `Scatter(count: Int.max)` drew rocks for ever: a count is 0…100 000 (a setting), and the
    /// images drawn are bounded by `maxOutputPixels` too; a count within both still draws.
    @Test func scatterCountIsBounded() throws {
        #expect {
            try Scatter(width: 8, height: 8, count: Int.max).frame(0)
        } throws: { error in
            (error as? GeneratorError)?.settingError?.setting == .count
        }
        #expect {
            try Scatter(width: 8, height: 8, count: 100_000, images: [Bitmap(width: 28, height: 22)], limits: ResourceLimits(maxOutputPixels: 1 << 20)).frame(0)
        } throws: { error in
            (error as? GeneratorError)?.limitError.map { $0.limit == .outputPixels && $0.subject == "Scatter.count" && $0.amount == 61_600_000 } ?? false
        }
        let limits = ResourceLimits(maxOutputPixels: 100 * 28 * 22)
        #expect(throws: GeneratorError.self) { try Scatter(width: 8, height: 8, count: 101, images: [Bitmap(width: 28, height: 22)], limits: limits).frame(0) }
        #expect(try Scatter(width: 8, height: 8, count: 100, images: [Bitmap(width: 28, height: 22)], limits: limits).frame(0).width == 8)
    }

    /// `sparks: Int.max` looped for ever on the first frames: sparks are 0…100 000 (a setting), and
    /// path segments under `maxPathSegments` too.
    @Test func explosionSparksAreBounded() throws {
        #expect(throws: GeneratorError.setting(SettingError(.sparks, of: "Explosion", value: Int.max, allowed: .range(0...100_000)))) {
            try Explosion(width: 8, height: 8, sparks: Int.max).frame(0)
        }
        #expect(throws: GeneratorError.limit(LimitError(limit: .pathSegments, subject: "Explosion sparks", amount: 1_001, maximum: 1_000))) {
            try Explosion(width: 8, height: 8, sparks: 1_001, limits: ResourceLimits(maxPathSegments: 1_000)).frame(0)
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
    /// The samples of the fuzzer's `fuzz-freehand/control-2e12-16M-vertices.json`: a control
    /// point 2·10¹² points away. Measuring the stroke flattened its cubics to 2²⁴ points (a 940 MB
    /// array, seconds of work) with no budget; the frame's flattening now stops at
    /// `maxFlattenedEdges` with a `LimitError` naming it.
    static let farSamples = [Point(555550.5555555555, 1), Point(72, 2055555555552), Point(72, 20), Point(48, 25),
                             Point(3555555555551, 1), Point(90, 20), Point(0, 5)]

    @Test(arguments: [1, 2])
    func freehandFlatteningStopsAtTheEdgeLimit(frameCount: Int) {
        let limits = ResourceLimits(maxFlattenedEdges: 40_000)
        let drawing = Freehand(strokes: [Self.farSamples], width: 64, height: 64, frameCount: frameCount, limits: limits)
        #expect(throws: GeneratorError.limit(LimitError(limit: .flattenedEdges, subject: "Freehand strokes", amount: nil, maximum: 40_000))) {
            try drawing.frame(0)
        }
        #expect(LimitError(limit: .flattenedEdges, subject: "Freehand strokes", amount: nil, maximum: 40_000).description
            == "Freehand strokes: needs more than 40 000 flattened edges, the limit; raise ResourceLimits.maxFlattenedEdges to allow it")
    }

    /// The same drawing at the default limits is refused too, not drawn after 16 million points.
    @Test func freehandFlatteningStopsAtTheDefaultLimit() {
        #expect(throws: GeneratorError.limit(LimitError(limit: .flattenedEdges, subject: "Freehand strokes", amount: nil,
                                                        maximum: ResourceLimits.default.maxFlattenedEdges))) {
            try Freehand(strokes: [Self.farSamples], width: 64, height: 64).frame(0)
        }
    }

    /// The budget is the frame's, for all its strokes together: the smallest limit that draws one
    /// stroke refuses the same stroke twice (before, each stroke had the default limit
    /// to itself, whatever the drawing's), and twice that limit draws both, the same pixels as
    /// without a limit.
    @Test func freehandStrokesShareOneBudget() throws {
        let stroke = [Point(4, 4), Point(20, 40), Point(40, 8), Point(60, 50), Point(30, 60), Point(10, 30)]
        func draws(_ strokes: [[Point]], limit: Int) -> Bool {
            (try? Freehand(strokes: strokes, width: 64, height: 64, limits: ResourceLimits(maxFlattenedEdges: limit)).frame(0)) != nil
        }
        var low = 1, high = 100_000
        #expect(draws([stroke], limit: high) && !draws([stroke], limit: low))
        while low + 1 < high {
            let mid = (low + high) / 2
            if draws([stroke], limit: mid) { high = mid } else { low = mid }
        }
        let one = high
        #expect(one > 100, "a curve flattens to more than a few points")
        #expect(!draws([stroke, stroke], limit: one))
        let both = try Freehand(strokes: [stroke, stroke], width: 64, height: 64, limits: ResourceLimits(maxFlattenedEdges: 2 * one)).frame(0)
        #expect(both == (try Freehand(strokes: [stroke, stroke], width: 64, height: 64).frame(0)))
    }

    /// Fresh eyes 55 #5: a 1 MB stroke file drawn on over 20 000 frames drew for more than an
    /// hour, each frame within every per-frame limit. The frames' samples together are bounded by
    /// `maxDrawingWork`, checked at every frame before any work; sparks over the frames too.
    @Test func framesOfAStrokeAreBoundedTogether() throws {
        let stroke = (0..<1_000).map { Point(Double($0 % 64), Double($0 / 16)) }
        let limits = ResourceLimits(maxDrawingWork: 20_000 * 232)
        // Within the samples × frames (232 each); what each frame draws is then metered as it draws
        // (``DrawingShareTests``): its share, 232 000, is less than this stroke's 1 000 segments cost.
        #expect { try Freehand(strokes: [stroke], width: 64, height: 64, frameCount: 20, limits: limits).frame(19) } throws: { error in
            guard case .limit(let limit) = error as? GeneratorError else { return false }
            return limit.limit == .drawingWork && limit.amount == nil && limit.subject == "Freehand strokes, frame 20"
        }
        #expect(throws: Never.self) { try Freehand(strokes: [stroke], width: 64, height: 64, frameCount: 20, limits: .default).frame(19) }
        for frame in [0, 20] {
            #expect(throws: GeneratorError.limit(LimitError(limit: .drawingWork, subject: "Freehand strokes", amount: 21_000 * 232, maximum: 20_000 * 232,
                                                            detail: "21 frames of 1 000 path segments, each drawn at 232 at the least: fewer frames or simpler paths draw less"))) {
                try Freehand(strokes: [stroke], width: 64, height: 64, frameCount: 21, limits: limits).frame(frame)
            }
        }
        // Past Int: refused, not trapped.
        #expect(throws: GeneratorError.self) {
            try Freehand(strokes: [stroke], width: 64, height: 64, frameCount: .max, limits: .default).frame(0)
        }
        // Sparks and the fireball's pixels of noise (400 each) over the frames, before any is drawn.
        var sparks = Explosion(width: 16, height: 16, frameCount: 81, sparks: 10_000)
        #expect(throws: Never.self) { try sparks.frame(0) }
        sparks.sparks = 100_000
        sparks.frameCount = 10_001
        #expect { try sparks.frame(0) } throws: { error in
            guard case .limit(let limit) = error as? GeneratorError else { return false }
            return limit.limit == .drawingWork && limit.amount == 10_001 * (256 * 400 + 100_000 * 232) && limit.subject == "Explosion"
        }
    }
}
