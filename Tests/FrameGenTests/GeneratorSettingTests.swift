import Basics
import FrameGen
import Raster
import Testing

/// Issue 43 "nothing wrong without a word", issue 44 "settings errors name the setting": each
/// generator refused no setting, so `Seagull(lineWidth: .nan)`, a wing height of ∞, a negative
/// count of sparks or images, a NaN radius or a NaN sample drew an empty or broken frame and said
/// nothing (and `frame(_:)` threw only `LimitError`, which cannot name a setting). Each is now
/// `GeneratorError.setting` naming the setting, from `settingError` and from `frame(_:)`, before
/// any work: even a frame the limits refuse says the setting first.
@Suite struct GeneratorSettingTests {
    /// A generator with one hostile setting, and the setting its error must name.
    struct Hostile: CustomTestStringConvertible, Sendable {
        var name: String
        var generator: any FrameGenerator
        var setting: SettingError.Setting
        var testDescription: String { name }
    }

    static let nan = Double.nan, inf = Double.infinity
    static let freehandStroke = [Point(4, 4), Point(20, 30), Point(40, 8)]

    static let hostile: [Hostile] = {
        var cases: [Hostile] = []
        for width in [nan, inf, -inf, -1, 0, 16.01, 1e300] {
            cases.append(Hostile(name: "Seagull lineWidth \(width)", generator: Seagull(lineWidth: width), setting: .lineWidth))
        }
        for wing in [nan, inf, -inf, -0.01, 1.01, 1e300] {
            cases.append(Hostile(name: "Seagull lowWing \(wing)", generator: Seagull(lowWing: wing), setting: .lowWing))
            cases.append(Hostile(name: "Seagull highWing \(wing)", generator: Seagull(highWing: wing), setting: .highWing))
        }
        for sparks in [-1, Int.min, 100_001, Int.max] {
            cases.append(Hostile(name: "Explosion sparks \(sparks)", generator: Explosion(width: 8, height: 8, sparks: sparks), setting: .sparks))
        }
        for radius in [nan, inf, -1, 0, 1e7] {
            cases.append(Hostile(name: "Scatter circleRadius \(radius)", generator: Scatter(circleRadius: radius), setting: .circleRadius))
        }
        for width in [nan, inf, -1, 1e7] {
            cases.append(Hostile(name: "Scatter circleStrokeWidth \(width)", generator: Scatter(circleStrokeWidth: width), setting: .circleStrokeWidth))
        }
        for spread in [nan, inf, -1, 1e7] {
            cases.append(Hostile(name: "Scatter spread \(spread)", generator: Scatter(spread: spread), setting: .spread))
        }
        for count in [-1, Int.min, 100_001, Int.max] {
            cases.append(Hostile(name: "Scatter count \(count)", generator: Scatter(count: count), setting: .count))
        }
        for width in [nan, inf, -1, 0, 90.6] {   // the canvas's diagonal is 90.50 points
            cases.append(Hostile(name: "Freehand lineWidth \(width)", generator: Freehand(strokes: [freehandStroke], width: 64, height: 64, lineWidth: width),
                                 setting: .lineWidth))
        }
        for point in [Point(nan, 1), Point(1, inf), Point(-inf, -inf)] {
            cases.append(Hostile(name: "Freehand sample \(point)", generator: Freehand(strokes: [freehandStroke, [Point(1, 1), point]], width: 64, height: 64),
                                 setting: .strokes(stroke: 1, sample: 1)))
        }
        return cases
    }()

    @Test func everyHostileSettingIsCovered() {
        #expect(Self.hostile.count == 48)
    }

    @Test(arguments: hostile)
    func aSettingOutOfRangeIsRefusedNamingIt(_ hostile: Hostile) throws {
        let expected = try #require(hostile.generator.settingError, "\(hostile.name)")
        #expect(expected.setting == hostile.setting)
        #expect(throws: GeneratorError.setting(expected)) { try hostile.generator.frame(0) }
    }

    /// `generator` with `limits`.
    static func limited(_ generator: any FrameGenerator, _ limits: ResourceLimits) -> any FrameGenerator {
        if var gull = generator as? Seagull { gull.limits = limits; return gull }
        if var explosion = generator as? Explosion { explosion.limits = limits; return explosion }
        if var scatter = generator as? Scatter { scatter.limits = limits; return scatter }
        if var drawing = generator as? Freehand { drawing.limits = limits; return drawing }
        return generator
    }

    /// The settings are checked before anything else: a frame whose size the limits also refuse
    /// (here any frame, with a limit of one pixel) says the setting.
    @Test(arguments: hostile)
    func theSettingIsSaidBeforeTheLimit(_ hostile: Hostile) {
        let generator = Self.limited(hostile.generator, ResourceLimits(maxPixels: 1))
        do {
            _ = try generator.frame(0)
            Issue.record("\(hostile.name): drew a frame")
        } catch {
            #expect(error.settingError?.setting == hostile.setting && error.limitError == nil, "\(hostile.name): \(error)")
        }
        // The same generator with valid settings is refused by that limit.
        #expect(throws: GeneratorError.self) { try Self.limited(Seagull(), ResourceLimits(maxPixels: 1)).frame(0) }
    }

    /// What the errors say: the setting as Swift spells it, the value, the values allowed and why.
    @Test func theMessagesNameTheSettingTheValueAndTheRange() {
        func message(_ generator: some FrameGenerator) -> String { generator.settingError?.description ?? "(none)" }
        #expect(message(Seagull(lineWidth: .nan))
            == "Seagull.lineWidth must be above 0, at most 16 (got NaN): the bird is inset by its pen on every side, so the pen is at most half the frame's smaller side")
        #expect(message(Seagull(lowWing: .infinity)) == "Seagull.lowWing must be between 0 and 1 (got ∞): 0 is the top of the frame inside the pen, 1 its bottom")
        #expect(message(Explosion(sparks: -5)) == "Explosion.sparks is 0…100000 (got -5)")
        #expect(message(Scatter(circleRadius: .nan)) == "Scatter.circleRadius must be above 0, at most 1000000 (got NaN)")
        #expect(message(Scatter(count: -3)) == "Scatter.count is 0…100000 (got -3)")
        #expect(message(Freehand(strokes: [[Point(0, 0), Point(.nan, 2)]], width: 8, height: 8))
            == "Freehand.strokes[0][1] must be finite (not NaN or infinite) (got [NaN, 2])")
        #expect(message(Freehand(strokes: [[Point(0, 0)]], width: 30, height: 40, lineWidth: 51)) == "Freehand.lineWidth must be above 0, at most 50 (got 51): the canvas's diagonal")
        #expect(GeneratorError.setting(Explosion(sparks: -5).settingError!).description == "Explosion.sparks is 0…100000 (got -5)")
    }

    /// The bounds themselves are settings that draw.
    @Test func theBoundsDraw() throws {
        let bounds: [any FrameGenerator] = [
            Seagull(lineWidth: 16), Seagull(lowWing: 0, highWing: 1), Seagull(lowWing: 1, highWing: 0),
            Explosion(width: 8, height: 8, sparks: 0), Scatter(width: 16, height: 16, circleStrokeWidth: 0, count: 0, spread: 0),
            Scatter(width: 16, height: 16, circleRadius: 1_000_000, circleStrokeWidth: 1_000_000, count: 1, spread: 1_000_000),
            Freehand(strokes: [Self.freehandStroke], width: 30, height: 40, lineWidth: 50), Freehand(strokes: [], width: 8, height: 8),
        ]
        for generator in bounds {
            #expect(generator.settingError == nil, "\(generator)")
            #expect(try generator.frame(0).width > 0, "\(generator)")
        }
    }

    /// A limit is still a limit, and the error says which it is.
    @Test func aLimitIsStillALimit() {
        let error = #expect(throws: GeneratorError.self) { try Seagull(limits: ResourceLimits(maxPixels: 10)).frame(0) }
        #expect(error?.limitError?.limit == .pixels && error?.settingError == nil)
        #expect(error?.description == error?.limitError?.description)
    }
}
