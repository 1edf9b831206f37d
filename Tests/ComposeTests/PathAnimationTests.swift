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
        #expect(throws: TimingError.emptyPath) { try PathAnimation(path: Path(), timing: Self.second) }
        #expect(throws: TimingError.emptyPath) { try PathAnimation(path: moves, timing: Self.second) }
        #expect(throws: TimingError.self) { try PathAnimation(path: Self.corner, calculationMode: .cubic, timing: Self.second) }
        #expect(throws: TimingError.self) { try PathAnimation(path: Self.corner, keyTimes: [0, 1], timing: Self.second) }
        var bad = Path(); bad.move(to: Point(0, 0)); bad.line(to: Point(.infinity, 0))
        #expect(throws: TimingError.self) { try PathAnimation(path: bad, timing: Self.second) }
    }

    /// A paced animation walked every piece of its path at every frame (and summed the lengths
    /// again): the piece a distance falls in is found by halving the lengths summed once, the same
    /// piece as the walk, at piece ends too.
    @Test func aPacedDistanceFindsThePieceTheWalkFound() throws {
        let path = try Path(svg: "M0 0 L10 0 L10 0 Q20 0 20 10 C20 20 30 20 30 30 Z")
        let segments = PathSegments(path)
        func walked(_ distance: Double) -> Int {
            var left = distance
            for (position, piece) in segments.segments.enumerated() {
                if left <= piece.length || position == segments.segments.count - 1 { return position }
                left -= piece.length
            }
            return 0
        }
        let distances = (0...400).map { Double($0) / 400 * segments.totalLength } + [-1, segments.totalLength + 1]
        for distance in distances where !segments.ends.contains(distance) {
            let (index, along) = segments.piece(atDistance: distance)
            #expect(index == walked(distance), "\(distance)")
            #expect(abs(along - (distance - segments.segments.prefix(index).reduce(0) { $0 + $1.length })) < 1e-9)
        }
        // Exactly at a piece's end: that piece, at its end (the walk's subtractions rounded either way there).
        for (position, end) in segments.ends.enumerated() where segments.ends.firstIndex(of: end) == position {
            let (index, along) = segments.piece(atDistance: end)
            #expect(index == position && abs(along - segments.segments[position].length) < 1e-9, "\(end)")
        }
    }
}
