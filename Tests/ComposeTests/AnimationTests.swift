import Testing
import FrameGen
@testable import Compose

/// `CABasicAnimation`'s from/to/by table and `CAKeyframeAnimation`'s key times, calculation modes
/// and per-segment timing functions, against values worked out by hand.
@Suite struct AnimationTests {
    static let second = try! MediaTiming(duration: 1, fillMode: .both)

    @Test(arguments: [
        // from, to, by → ends for base 100
        (Double?.some(1), Double?.some(5), Double?.none, 1.0, 5.0),
        (1, nil, 4, 1, 5),
        (nil, 5, 4, 1, 5),
        (1, nil, nil, 1, 100),
        (nil, 5, nil, 100, 5),
        (nil, nil, 4, 100, 104),
        (nil, nil, nil, 100, 100),
    ])
    func basicEndsFollowApplesTable(_ from: Double?, _ to: Double?, _ by: Double?, _ start: Double, _ end: Double) throws {
        let animation = try BasicAnimation(from: from, to: to, by: by, timing: Self.second)
        #expect(animation.ends(base: 100) == (start, end))
        #expect(animation.value(atParentTime: 0.25, base: 100) == start + (end - start) * 0.25)
    }

    @Test func basicEasesEachCycle() throws {
        let animation = try BasicAnimation<Double>(from: 0, to: 200, timing: try MediaTiming(duration: 2, repeatCount: 2),
                                                   timingFunction: .easeIn)
        let eased = TimingFunction.easeIn.value(at: 0.25)
        #expect(animation.value(atParentTime: 0.5, base: 0) == 200 * eased)
        #expect(animation.value(atParentTime: 2.5, base: 0) == 200 * eased)
        #expect(animation.value(atParentTime: 4, base: 7) == nil)
        let point = try BasicAnimation<Point>(from: Point(0, 0), to: Point(10, 20), timing: Self.second)
        #expect(point.value(atParentTime: 0.5, base: .zero) == Point(5, 10))
    }

    @Test func basicRefusesFromToAndBy() {
        #expect(throws: TimingError.conflicting("BasicAnimation.fromValue and toValue", "BasicAnimation.byValue")) {
            try BasicAnimation<Double>(from: 1, to: 2, by: 3, timing: Self.second)
        }
        #expect(throws: TimingError.self) { try BasicAnimation<Double>(to: .infinity, timing: Self.second) }
    }

    @Test func linearKeyframesMeetTheirKeyTimes() throws {
        let animation = try KeyframeAnimation<Double>(values: [0, 10, 20], keyTimes: [0, 0.25, 1], timing: Self.second)
        #expect(animation.value(atFraction: 0) == 0)
        #expect(animation.value(atFraction: 0.125) == 5)
        #expect(animation.value(atFraction: 0.25) == 10)
        #expect(animation.value(atFraction: 0.625) == 15)
        #expect(animation.value(atFraction: 1) == 20)
        #expect(animation.value(atParentTime: 0.625) == 15)
        let even = try KeyframeAnimation<Double>(values: [0, 10, 20], timing: Self.second)
        #expect(even.resolvedKeyTimes == [0, 0.5, 1])
        #expect(even.value(atFraction: 0.75) == 15)
    }

    @Test func segmentTimingFunctionsApplyWithinTheirSegment() throws {
        let animation = try KeyframeAnimation<Double>(values: [0, 10, 20], keyTimes: [0, 0.5, 1],
                                                      timingFunctions: [.easeIn, .linear], timing: Self.second)
        #expect(animation.value(atFraction: 0.25) == 10 * TimingFunction.easeIn.value(at: 0.5))
        #expect(animation.value(atFraction: 0.75) == 15)
        // The whole animation's function first, then the segment's.
        let both = try KeyframeAnimation<Double>(values: [0, 10], timingFunctions: [.easeOut], timing: Self.second,
                                                 timingFunction: .easeIn)
        #expect(both.value(atParentTime: 0.5) == 10 * TimingFunction.easeOut.value(at: TimingFunction.easeIn.value(at: 0.5)))
        #expect(both.value(atFraction: 0.5) == 10 * TimingFunction.easeOut.value(at: 0.5))
    }

    @Test func discreteHoldsEachValue() throws {
        let even = try KeyframeAnimation<Double>(values: [1, 2, 3], calculationMode: .discrete, timing: Self.second)
        #expect(even.resolvedKeyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect([0, 0.3, 0.34, 0.7, 1].map { even.value(atFraction: $0) } == [1, 1, 2, 3, 3])
        let apple = try KeyframeAnimation<Double>(values: [1, 2, 3], keyTimes: [0, 0.5, 0.9, 1],
                                                  calculationMode: .discrete, timing: Self.second)
        #expect([0.49, 0.5, 0.95, 1].map { apple.value(atFraction: $0) } == [1, 2, 3, 3])
        let asMany = try KeyframeAnimation<Double>(values: [1, 2, 3], keyTimes: [0, 0.2, 0.4],
                                                   calculationMode: .discrete, timing: Self.second)
        #expect([0.1, 0.3, 0.9].map { asMany.value(atFraction: $0) } == [1, 2, 3])
    }

    @Test func pacedMovesAtOneRate() throws {
        let animation = try KeyframeAnimation<Double>(values: [0, 10, 40], calculationMode: .paced, timing: Self.second)
        #expect(animation.resolvedKeyTimes == [0, 0.25, 1])
        #expect(animation.value(atFraction: 0.5) == 20)
        let still = try KeyframeAnimation<Point>(values: [Point(3, 3), Point(3, 3)], calculationMode: .paced, timing: Self.second)
        #expect(still.value(atFraction: 0.5) == Point(3, 3))
    }

    @Test func cubicIsCatmullRomThroughTheValues() throws {
        let animation = try KeyframeAnimation<Double>(values: [0, 10, 0, 10], calculationMode: .cubic, timing: Self.second)
        #expect(animation.value(atFraction: 1.0 / 3) == 10)
        // Segment 0 (0 → 10): tangents (10 − 0) / 2 = 5 and (0 − 0) / 2 = 0; Hermite at ½:
        // 0·½ + 5·⅛ + 10·½ + 0·(−⅛) = 5.625.
        #expect(abs(animation.value(atFraction: 1.0 / 6) - 5.625) < 1e-12)
        // Segment 1 (10 → 0): tangents (0 − 0)/2 = 0 and (10 − 10)/2 = 0 → 5 at its middle.
        #expect(abs(animation.value(atFraction: 0.5) - 5) < 1e-12)
    }

    static let refused: [(String, @Sendable () throws(TimingError) -> KeyframeAnimation<Double>)] = [
        ("no values", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [], timing: second) }),
        ("NaN value", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, .nan], timing: second) }),
        ("key times not from 0", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1], keyTimes: [0.1, 1], timing: second) }),
        ("key times not to 1", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1], keyTimes: [0, 0.9], timing: second) }),
        ("key times falling", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1, 2], keyTimes: [0, 0.6, 0.5], timing: second) }),
        ("key time NaN", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1, 2], keyTimes: [0, .nan, 1], timing: second) }),
        ("too few key times", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1, 2], keyTimes: [0, 1], timing: second) }),
        ("too many timing functions", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1], timingFunctions: [.linear, .easeIn], timing: second) }),
        ("discrete with two fewer key times", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1, 2], keyTimes: [0, 1], calculationMode: .discrete, timing: second) }),
        ("discrete with timing functions", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1], timingFunctions: [.easeIn], calculationMode: .discrete, timing: second) }),
        ("paced with key times", { () throws(TimingError) in try KeyframeAnimation<Double>(values: [0, 1], keyTimes: [0, 1], calculationMode: .paced, timing: second) }),
    ]

    @Test(arguments: refused.indices)
    func keyframeListsFollowCoreAnimationsRules(_ index: Int) {
        let (name, make) = Self.refused[index]
        #expect(throws: TimingError.self, "\(name)") { try make() }
    }
}
