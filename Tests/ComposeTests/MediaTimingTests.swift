import Testing
@testable import Compose

/// Core Animation's timing, each case worked out by hand from Apple's `CAMediaTiming`
/// documentation: `local = (parent − beginTime) × speed`, active while `0 ≤ local < activeDuration`,
/// `timeOffset` wrapping inside the active time, `autoreverses` doubling a cycle, fractional repeats
/// and the four fill modes.
@Suite struct MediaTimingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let timing: MediaTiming
        /// Parent time → expected fraction of a cycle (nil: removed) and iteration.
        let expected: [(Double, Double?, Int)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain, begins at 1 s, removed outside", timing: try! MediaTiming(beginTime: 1, duration: 2),
             expected: [(0, nil, 0), (1, 0, 0), (2, 0.5, 0), (2.999, 0.9995, 0), (3, nil, 0), (10, nil, 0)]),
        Case(name: "fill forwards holds the end", timing: try! MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards),
             expected: [(0, nil, 0), (3, 1, 0), (100, 1, 0)]),
        Case(name: "fill backwards shows the start early", timing: try! MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards),
             expected: [(0, 0, 0), (-50, 0, 0), (3, nil, 0)]),
        Case(name: "fill both", timing: try! MediaTiming(beginTime: 1, duration: 2, fillMode: .both),
             expected: [(0, 0, 0), (2, 0.5, 0), (4, 1, 0)]),
        Case(name: "repeatCount 2.5 ends half way through the third cycle",
             timing: try! MediaTiming(duration: 2, repeatCount: 2.5, fillMode: .forwards),
             expected: [(1, 0.5, 0), (2, 0, 1), (4.5, 0.25, 2), (5, 0.5, 2), (9, 0.5, 2)]),
        Case(name: "repeatCount 2 ends at a cycle's end, not the next start",
             timing: try! MediaTiming(duration: 2, repeatCount: 2, fillMode: .forwards),
             expected: [(3.5, 0.75, 1), (4, 1, 1)]),
        Case(name: "autoreverses: forward then back, twice as long",
             timing: try! MediaTiming(duration: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards),
             expected: [(0.5, 0.5, 0), (1, 1, 0), (1.25, 0.75, 0), (1.5, 0.5, 0), (2, 0, 0), (5, 0, 0)]),
        Case(name: "autoreverses with 1.5 cycles ends at the far end",
             timing: try! MediaTiming(duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards),
             expected: [(2.5, 0.5, 1), (3, 1, 1)]),
        Case(name: "speed 2 runs twice as fast from its begin time",
             timing: try! MediaTiming(beginTime: 1, duration: 2, speed: 2),
             expected: [(1.5, 0.5, 0), (1.999, 0.999, 0), (2, nil, 0)]),
        Case(name: "speed 0 with an offset is frozen there (scrubbing)",
             timing: try! MediaTiming(duration: 2, speed: 0, timeOffset: 0.5),
             expected: [(0, 0.25, 0), (7, 0.25, 0), (1000, 0.25, 0)]),
        Case(name: "Apple's example: 3 s with a 1 s offset starts 1 s in, wraps, plays the first second",
             timing: try! MediaTiming(duration: 3, timeOffset: 1),
             expected: [(0, 1.0 / 3, 0), (1.5, 2.5 / 3, 0), (2, 0, 0), (2.5, 0.5 / 3, 0), (3, nil, 0)]),
        Case(name: "an offset run held forwards ends where it wrapped to",
             timing: try! MediaTiming(duration: 3, timeOffset: 1, fillMode: .forwards),
             expected: [(3, 1.0 / 3, 0), (8, 1.0 / 3, 0)]),
        Case(name: "repeatDuration 2.5 of 1 s cycles",
             timing: try! MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards),
             expected: [(2.25, 0.25, 2), (2.5, 0.5, 2)]),
        Case(name: "repeatCount infinity never ends",
             timing: try! MediaTiming(duration: 1, repeatCount: .infinity),
             expected: [(1_000_000.5, 0.5, 1_000_000), (3, 0, 3)]),
        Case(name: "negative speed runs backwards before its begin time",
             timing: try! MediaTiming(duration: 2, speed: -1, fillMode: .both),
             expected: [(-0.5, 0.25, 0), (0, 0, 0), (0.5, 0, 0), (-3, 1, 0)]),
        Case(name: "duration 0 is an instant change",
             timing: try! MediaTiming(beginTime: 1, duration: 0, fillMode: .both),
             expected: [(0.5, 0, 0), (1, 1, 0), (2, 1, 0)]),
    ]

    @Test(arguments: cases)
    func progressAsAppleDocumentsIt(_ c: Case) {
        for (time, fraction, iteration) in c.expected {
            let progress = c.timing.progress(atParentTime: time)
            if let fraction {
                guard case .at(let got, let gotIteration) = progress else {
                    Issue.record("\(c.name) at \(time): removed, expected \(fraction)"); continue
                }
                #expect(abs(got - fraction) < 1e-9 && gotIteration == iteration,
                        "\(c.name) at \(time): \(got) in cycle \(gotIteration), expected \(fraction) in \(iteration)")
            } else {
                #expect(progress == .removed, "\(c.name) at \(time): \(progress), expected removed")
            }
        }
    }

    @Test func layersConvertTimeWithoutEnd() throws {
        #expect(LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.5).localTime(5) == 8.5)
        #expect(try MediaTiming(duration: 2, repeatCount: 3, autoreverses: true).activeDuration == 12)
        #expect(try MediaTiming(duration: 2, repeatCount: .infinity).activeDuration == .infinity)
    }

    @Test func aTimeThatIsNoNumberIsNoMoment() throws {
        #expect(try MediaTiming(duration: 1, fillMode: .both).progress(atParentTime: .nan) == .removed)
    }

    static let refused: [(String, @Sendable () throws(TimingError) -> MediaTiming)] = [
        ("NaN duration", { () throws(TimingError) in try MediaTiming(duration: .nan) }),
        ("negative duration", { () throws(TimingError) in try MediaTiming(duration: -1) }),
        ("infinite duration", { () throws(TimingError) in try MediaTiming(duration: .infinity) }),
        ("infinite begin", { () throws(TimingError) in try MediaTiming(beginTime: .infinity, duration: 1) }),
        ("NaN speed", { () throws(TimingError) in try MediaTiming(duration: 1, speed: .nan) }),
        ("negative repeatCount", { () throws(TimingError) in try MediaTiming(duration: 1, repeatCount: -2) }),
        ("NaN repeatDuration", { () throws(TimingError) in try MediaTiming(duration: 1, repeatDuration: .nan) }),
        ("repeatCount with repeatDuration", { () throws(TimingError) in try MediaTiming(duration: 1, repeatCount: 2, repeatDuration: 3) }),
    ]

    @Test(arguments: refused.indices)
    func refusesWhatCoreAnimationLeavesUndefined(_ index: Int) {
        let (name, make) = Self.refused[index]
        #expect(throws: TimingError.self, "\(name)") { try make() }
    }
}
