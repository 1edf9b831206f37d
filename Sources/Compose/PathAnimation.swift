import FrameGen

/// A point moving along a path, as `CAKeyframeAnimation` with a `path` has it: each line, curve or
/// close of the path is one keyframe segment (moves jump and are not segments), optionally turning
/// the layer to face its direction of travel (`rotationMode`).
///
/// - `linear`: each segment takes the time between its key times (even without key times) and is
///   walked by its curve parameter, as Core Animation does.
/// - `paced`: constant speed along the whole path's length; no key times or per-segment timing
///   functions.
/// - `discrete`: jumps from segment end to segment end.
///
/// ```swift
/// var arc = Path(); arc.move(to: Point(-40, 200)); arc.curve(to: Point(560, 120),
///     control1: Point(150, 60), control2: Point(350, 60))
/// let flight = try PathAnimation(path: arc, calculationMode: .paced, rotationMode: .auto,
///     timing: MediaTiming(duration: 6, repeatCount: .infinity))
/// flight.placement(atParentTime: 3)?.position
/// ```
public struct PathAnimation: Sendable, Equatable {
    /// Whether the layer turns to face along the path, as `CAAnimationRotationMode` has it.
    public enum RotationMode: String, Sendable, Hashable, CaseIterable, Codable {
        /// The layer keeps its own rotation.
        case none
        /// The layer turns to the direction of travel (`kCAAnimationRotateAuto`).
        case auto
        /// The layer turns to face against the direction of travel (`kCAAnimationRotateAutoReverse`).
        case autoReverse
    }

    /// Where the animated layer is and how it is turned at one moment.
    public struct Placement: Sendable, Hashable {
        /// The point on the path.
        public let position: Point
        /// The turn in radians (positive turns clockwise on a y-down canvas), 0 with rotation mode none.
        public let rotation: Double
    }

    /// The path followed.
    public let path: Path
    /// When each segment end is reached (one more than the segments), or nil.
    public let keyTimes: [Double]?
    /// The easing of each segment, or nil.
    public let timingFunctions: [TimingFunction]?
    /// How it moves along the path: `linear`, `paced` or `discrete`.
    public let calculationMode: CalculationMode
    /// Whether the layer turns with the path.
    public let rotationMode: RotationMode
    /// When it plays.
    public internal(set) var timing: MediaTiming
    /// The easing of the whole animation's time.
    public let timingFunction: TimingFunction
    /// The key times in use.
    public let resolvedKeyTimes: [Double]
    private let segments: PathSegments

    /// An animation along `path`.
    /// - Parameters:
    ///   - path: A path with at least one line or curve; every coordinate finite.
    ///   - keyTimes: One per segment end plus the start, or nil (not with `paced`).
    ///   - timingFunctions: One per segment, or nil (not with `paced` or `discrete`).
    ///   - calculationMode: `linear`, `paced` or `discrete` (`cubic` has no meaning on a path, whose
    ///     curves already are the curve).
    ///   - rotationMode: Whether the layer turns with the path.
    ///   - timing: When it plays.
    ///   - timingFunction: The easing of the whole animation.
    /// - Throws: ``TimingError`` for an empty or non-finite path or lists that break the rules.
    public init(path: Path, keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, rotationMode: RotationMode = .none,
                timing: MediaTiming, timingFunction: TimingFunction = .linear) throws(TimingError) {
        if let index = path.elements.firstIndex(where: { !$0.isFinite }) {
            throw .notFinite(property: "PathAnimation.path.elements[\(index)]", value: .nan)
        }
        if calculationMode == .cubic {
            throw .ignored(property: "calculationMode cubic", because: "on a path (its curves are the curve); use linear or paced")
        }
        segments = PathSegments(path)
        guard !segments.segments.isEmpty else { throw .emptyPath }
        resolvedKeyTimes = try KeyTimes.resolve(keyTimes, timingFunctions: timingFunctions, mode: calculationMode,
                                                segmentLengths: segments.segments.map(\.length))
        self.path = path
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.rotationMode = rotationMode
        self.timing = timing
        self.timingFunction = timingFunction
    }

    /// Where the layer is at the parent's time, or nil when the animation has no effect then.
    public func placement(atParentTime parent: Double) -> Placement? {
        guard let fraction = timing.progress(atParentTime: parent).fraction else { return nil }
        return placement(atFraction: timingFunction.value(at: fraction))
    }

    /// Where the layer is at a fraction (0…1) of the simple time, after the whole animation's easing.
    public func placement(atFraction fraction: Double) -> Placement {
        let pieces = segments.segments
        let index: Int, t: Double
        switch calculationMode {
        case .discrete:
            let held = KeyTimes.heldIndex(at: fraction, in: resolvedKeyTimes, valueCount: pieces.count + 1)
            // Value 0 is the start; value i the end of segment i − 1.
            (index, t) = held == 0 ? (0, 0) : (held - 1, 1)
        case .paced:
            let (found, along) = segments.piece(atDistance: min(max(fraction, 0), 1) * segments.totalLength)
            (index, t) = (found, pieces[found].parameter(atLength: along))
        case .linear, .cubic:
            let (segment, local) = KeyTimes.segment(at: fraction, in: resolvedKeyTimes)
            (index, t) = (segment, timingFunctions?[segment].value(at: local) ?? local)
        }
        let piece = pieces[index]
        let rotation: Double = switch rotationMode {
        case .none: 0
        case .auto: piece.angle(at: t)
        case .autoReverse: piece.angle(at: t) + .pi
        }
        return Placement(position: piece.point(at: t), rotation: rotation)
    }
}
