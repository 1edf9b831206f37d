import Foundation
import FrameGen

/// A path as the pieces a keyframe animation moves along: each line, curve or close is one cubic
/// Bézier (moves start the next piece and are not pieces), with arc lengths to 1e-9.
struct PathSegments: Sendable, Equatable {
    /// One piece, as a cubic Bézier (lines and quadratics raised to cubics with the same parameter).
    struct Segment: Sendable, Equatable {
        let p0: Point, c1: Point, c2: Point, p3: Point
        /// Its arc length.
        private(set) var length: Double

        init(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) {
            self.p0 = p0; self.c1 = c1; self.c2 = c2; self.p3 = p3
            length = 0
            length = arcLength(to: 1)
        }

        /// A straight line, moving at an even rate in its parameter.
        init(line from: Point, to: Point) {
            let step = (to - from).scaled(by: 1.0 / 3)
            self.init(from, from + step, from + step + step, to)
        }

        func point(at t: Double) -> Point {
            if t <= 0 { return p0 }
            if t >= 1 { return p3 }
            let u = 1 - t
            return p0.scaled(by: u * u * u) + c1.scaled(by: 3 * u * u * t) + c2.scaled(by: 3 * u * t * t) + p3.scaled(by: t * t * t)
        }

        func derivative(at t: Double) -> Point {
            let u = 1 - t
            return (c1 - p0).scaled(by: 3 * u * u) + (c2 - c1).scaled(by: 6 * u * t) + (p3 - c2).scaled(by: 3 * t * t)
        }

        /// The direction of travel at `t` in radians (`atan2(dy, dx)`): where the curve stops there
        /// (a cusp, a point), the direction towards the next distinct control point.
        func angle(at t: Double) -> Double {
            let d = derivative(at: t)
            if d.length > 1e-12 { return atan2(d.y, d.x) }
            let chord = t < 0.5 ? [c1, c2, p3].first { $0 != p0 }.map { $0 - p0 } : [c2, c1, p0].first { $0 != p3 }.map { p3 - $0 }
            guard let chord else { return 0 }
            return atan2(chord.y, chord.x)
        }

        /// The arc length from 0 to `t`: 5-point Gauss–Legendre on 16 equal pieces.
        func arcLength(to t: Double) -> Double {
            guard t > 0 else { return 0 }
            let pieces = 16
            let width = min(t, 1) / Double(pieces)
            var sum = 0.0
            for piece in 0..<pieces {
                let start = Double(piece) * width
                for (node, weight) in Self.gauss {
                    sum += weight * derivative(at: start + width * (node + 1) / 2).length
                }
            }
            return sum * width / 2
        }

        /// The parameter at which the arc length reaches `distance` (0…``length``).
        func parameter(atLength distance: Double) -> Double {
            guard length > 0 else { return 0 }
            guard distance > 0 else { return 0 }
            guard distance < length else { return 1 }
            var low = 0.0, high = 1.0, t = distance / length
            for _ in 0..<60 {
                let error = arcLength(to: t) - distance
                if abs(error) < 1e-11 { return t }
                if error < 0 { low = t } else { high = t }
                let speed = derivative(at: t).length
                let next = speed > 1e-12 ? t - error / speed : (low + high) / 2
                t = next > low && next < high ? next : (low + high) / 2
            }
            return t
        }

        private static let gauss: [(Double, Double)] = [
            (0, 128.0 / 225),
            (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5), (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
            (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1), (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
        ]
    }

    /// The pieces in order.
    let segments: [Segment]
    /// Where the path starts (the first move, or the origin).
    let start: Point

    init(_ path: Path) {
        var segments: [Segment] = []
        var current = Point.zero, subpathStart = Point.zero
        var start: Point?
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p; subpathStart = p
            case .line(let p):
                segments.append(Segment(line: current, to: p)); current = p
            case .quad(let p, let control):
                let c1 = current + (control - current).scaled(by: 2.0 / 3)
                let c2 = p + (control - p).scaled(by: 2.0 / 3)
                segments.append(Segment(current, c1, c2, p)); current = p
            case .cubic(let p, let control1, let control2):
                segments.append(Segment(current, control1, control2, p)); current = p
            case .close:
                segments.append(Segment(line: current, to: subpathStart)); current = subpathStart
            }
            if start == nil { start = segments.first?.p0 ?? current }
        }
        self.segments = segments
        self.start = start ?? .zero
        var run = 0.0
        ends = segments.map { run += $0.length; return run }
    }

    /// How far along the path each piece ends, summed once: a paced animation finds its piece by
    /// halving these, where walking the pieces cost the whole path at every frame.
    let ends: [Double]

    /// The whole length (moves add none).
    var totalLength: Double { ends.last ?? 0 }

    /// The piece `distance` along the path falls in (the first whose end reaches it; the last when
    /// none does) and how far into that piece it is.
    func piece(atDistance distance: Double) -> (index: Int, along: Double) {
        guard !ends.isEmpty else { return (0, distance) }
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if distance <= ends[middle] { high = middle } else { low = middle + 1 }
        }
        return (low, distance - (low == 0 ? 0 : ends[low - 1]))
    }
}
