import Foundation
import Testing
@testable import Compose

/// The timing functions against the cubic Bézier's closed form: for a parameter `t`, the curve's
/// point is (x(t), y(t)); `value(at: x(t))` must give y(t) to 1e-6.
@Suite struct TimingFunctionTests {
    static let curves: [(String, TimingFunction)] = TimingFunction.named.map { ($0.name, $0.function) } + [
        ("overshoot", try! TimingFunction(0.3, -0.4, 0.2, 1.4)),
        ("flat-ends", try! TimingFunction(0, 1, 1, 0)),
        ("steep", try! TimingFunction(1, 0, 0, 1)),
    ]

    @Test(arguments: curves)
    func matchesTheClosedForm(_ name: String, _ curve: TimingFunction) {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var worst = 0.0
        for step in 1..<1000 {
            let t = Double(step) / 1000
            let x = bezier(t, curve.x1, curve.x2), y = bezier(t, curve.y1, curve.y2)
            worst = max(worst, abs(curve.value(at: x) - y))
        }
        #expect(worst <= 1e-6, "\(name): off by \(worst)")
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1)
    }

    @Test func applesControlPoints() {
        #expect([TimingFunction.default.x1, TimingFunction.default.y1, TimingFunction.default.x2, TimingFunction.default.y2] == [0.25, 0.1, 0.25, 1.0])
        #expect([TimingFunction.easeIn.x1, TimingFunction.easeIn.y1, TimingFunction.easeIn.x2, TimingFunction.easeIn.y2] == [0.42, 0, 1, 1])
        #expect([TimingFunction.easeOut.x1, TimingFunction.easeOut.y1, TimingFunction.easeOut.x2, TimingFunction.easeOut.y2] == [0, 0, 0.58, 1])
        #expect([TimingFunction.easeInEaseOut.x1, TimingFunction.easeInEaseOut.y1, TimingFunction.easeInEaseOut.x2, TimingFunction.easeInEaseOut.y2] == [0.42, 0, 0.58, 1])
        // Symmetric curves pass through the middle; linear is the identity.
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(TimingFunction.linear.value(at: 0.3) == 0.3)
        #expect(TimingFunction.easeIn.value(at: 0.5) < 0.5 && TimingFunction.easeOut.value(at: 0.5) > 0.5)
        #expect(TimingFunction.easeIn.description == "easeIn")
    }

    @Test(arguments: [
        (Double.nan, 0.0, 1.0, 1.0), (0, .infinity, 1, 1), (-0.1, 0, 1, 1), (0, 0, 1.5, 1),
    ])
    func refusesCurvesThatGoBackInTime(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        #expect(throws: TimingError.self) { try TimingFunction(x1, y1, x2, y2) }
    }

    /// Curves whose x(t) is flat somewhere (dx/dt = 0) against their closed forms by cube roots:
    /// the solver stopped once x was within 1e-12, which near a flat point left t (and so y) off
    /// by up to 3e-4 (swiftdev22, T2b); it now settles t itself. [0,1,0,1]: x = t³;
    /// [1,0,1,0]: x = 1 − (1 − t)³, y = t³; [1,0,0,1]: x = 4(t − ½)³ + ½, y = 3t² − 2t³.
    @Test(arguments: ["0101", "1010", "1001"])
    func flatPointsMatchTheirClosedForms(_ which: String) throws {
        let f: TimingFunction
        let closed: (Double) -> Double
        switch which {
        case "0101":
            f = try TimingFunction(0, 1, 0, 1)
            closed = { x in let t = cbrt(x); return 3 * t - 3 * t * t + t * t * t }
        case "1010":
            f = try TimingFunction(1, 0, 1, 0)
            closed = { x in let t = 1 - cbrt(1 - x); return t * t * t }
        default:
            f = try TimingFunction(1, 0, 0, 1)
            closed = { x in let t = 0.5 + cbrt((x - 0.5) / 4); return 3 * t * t - 2 * t * t * t }
        }
        var xs = (0...2_000).map { Double($0) / 2_000 }
        for e in [1e-12, 1e-10, 1e-8, 1e-6, 1e-4] { xs += [e, 1 - e, 0.5 - e, 0.5 + e] }
        for x in xs {
            #expect(abs(f.value(at: x) - closed(x)) <= 1e-6, "[\(which)] x = \(x): \(f.value(at: x)) against \(closed(x))")
        }
    }
}
