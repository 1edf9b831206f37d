import Foundation
import Testing
import FrameGen
@testable import Compose

/// Movement along a path against closed forms: straight segments by hand, and the parabola
/// (t, t²) — a quadratic Bézier — whose arc length is `t·√(1 + 4t²)/2 + asinh(2t)/4`.
@Suite struct PathAnimationTests {
    static let second = try! MediaTiming(duration: 1, fillMode: .both)

    static var corner: Path {
        var path = Path()
        path.move(to: Point(0, 0)); path.line(to: Point(100, 0)); path.line(to: Point(100, 50))
        return path
    }

    static var parabola: Path {
        var path = Path()
        path.move(to: Point(0, 0)); path.quad(to: Point(1, 1), control: Point(0.5, 0))
        return path
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func linearGivesEachSegmentItsKeyTime() throws {
        let animation = try PathAnimation(path: Self.corner, rotationMode: .auto, timing: Self.second)
        #expect(animation.resolvedKeyTimes == [0, 0.5, 1])
        let quarter = animation.placement(atFraction: 0.25), late = animation.placement(atFraction: 0.75)
        #expect(Self.close(quarter.position, Point(50, 0)) && abs(quarter.rotation) < 1e-12)
        #expect(Self.close(late.position, Point(100, 25)) && abs(late.rotation - .pi / 2) < 1e-12)
        #expect(Self.close(animation.placement(atParentTime: 1)!.position, Point(100, 50)))
    }

    @Test func pacedMovesAtOneSpeedAcrossSegments() throws {
        let animation = try PathAnimation(path: Self.corner, calculationMode: .paced, timing: Self.second)
        #expect(Self.close(animation.placement(atFraction: 0.5).position, Point(75, 0)))
        #expect(Self.close(animation.placement(atFraction: 0.9).position, Point(100, 35)))
        #expect(animation.placement(atFraction: 0.9).rotation == 0)
    }

    @Test func pacedOnACurveFollowsItsArcLength() throws {
        func length(_ t: Double) -> Double { t * (1 + 4 * t * t).squareRoot() / 2 + asinh(2 * t) / 4 }
        let animation = try PathAnimation(path: Self.parabola, calculationMode: .paced, rotationMode: .autoReverse,
                                          timing: Self.second)
        for fraction in stride(from: 0.05, through: 0.95, by: 0.05) {
            // The closed form's parameter for this share of the length, by bisection.
            let target = fraction * length(1)
            var low = 0.0, high = 1.0
            for _ in 0..<200 { let mid = (low + high) / 2; if length(mid) < target { low = mid } else { high = mid } }
            let t = (low + high) / 2
            let placement = animation.placement(atFraction: fraction)
            #expect(Self.close(placement.position, Point(t, t * t), 1e-6), "at \(fraction): \(placement.position) vs (\(t), \(t * t))")
            #expect(abs(placement.rotation - (atan2(2 * t, 1) + .pi)) < 1e-6)
        }
    }

    @Test func linearWalksACurveByItsParameter() throws {
        let animation = try PathAnimation(path: Self.parabola, timing: Self.second)
        #expect(Self.close(animation.placement(atFraction: 0.3).position, Point(0.3, 0.09)))
    }

    @Test func discreteJumpsBetweenSegmentEnds() throws {
        let animation = try PathAnimation(path: Self.corner, calculationMode: .discrete, timing: Self.second)
        #expect(animation.placement(atFraction: 0.1).position == Point(0, 0))
        #expect(animation.placement(atFraction: 0.5).position == Point(100, 0))
        #expect(animation.placement(atFraction: 1).position == Point(100, 50))
    }

    @Test func movesJumpAndClosesAreSegments() throws {
        var path = Path()
        path.move(to: Point(0, 0)); path.line(to: Point(10, 0))
        path.move(to: Point(100, 100)); path.line(to: Point(110, 100))
        let jump = try PathAnimation(path: path, calculationMode: .paced, timing: Self.second)
        #expect(Self.close(jump.placement(atFraction: 0.75).position, Point(105, 100)))
        let square = try PathAnimation(path: Path(rect: 0, 0, 10, 10), calculationMode: .paced, timing: Self.second)
        #expect(Self.close(square.placement(atFraction: 0.875).position, Point(0, 5)))
    }

    @Test func refusesPathsWithNothingToFollow() {
        var moves = Path(); moves.move(to: Point(1, 1))
        #expect(throws: TimingError.noKeyframes) { try PathAnimation(path: Path(), timing: Self.second) }
        #expect(throws: TimingError.noKeyframes) { try PathAnimation(path: moves, timing: Self.second) }
        #expect(throws: TimingError.self) { try PathAnimation(path: Self.corner, calculationMode: .cubic, timing: Self.second) }
        #expect(throws: TimingError.self) { try PathAnimation(path: Self.corner, keyTimes: [0, 1], timing: Self.second) }
        var bad = Path(); bad.move(to: Point(0, 0)); bad.line(to: Point(.infinity, 0))
        #expect(throws: TimingError.self) { try PathAnimation(path: bad, timing: Self.second) }
    }
}
