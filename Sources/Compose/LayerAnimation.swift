import FrameGen

/// An animation attached to a layer, by the property it drives (Core Animation's key path).
/// Several on one property apply in order, the later replacing the earlier where both are in effect.
public enum LayerAnimation: Sendable, Equatable {
    /// `position`: a basic or keyframe animation of the point, or movement along a path (which
    /// also turns the layer when its rotation mode says so).
    case position(PointAnimation)
    /// `transform.translation`: the point the layer moves by from its ``Layer/position`` (a basic
    /// or keyframe animation; along a path, the path's point, the layer turned as its rotation mode says).
    case translation(PointAnimation)
    /// `opacity`, 0…1.
    case opacity(ScalarAnimation)
    /// `transform.rotation.z`, in radians.
    case rotation(ScalarAnimation)
    /// `transform.scale`: both factors.
    case scale(ScalarAnimation)
    /// `bounds`: origin and size, interpolated number by number (the anchor point stays at
    /// ``Layer/position`` while the size changes about it).
    case bounds(PropertyAnimation<Rect>)
    /// `backgroundColor`, interpolated as straight components (``ColorComponents``); a layer with
    /// no background colour starts from transparent black, as Core Animation's nil does.
    case backgroundColor(PropertyAnimation<ColorComponents>)
    /// `colors` of a gradient layer (``Gradient``), colour by colour as straight components; no
    /// effect on other content. A list of another length than the gradient's locations spreads
    /// its colours evenly.
    case gradientColors(PropertyAnimation<[ColorComponents]>)
    /// The frame a sequence layer shows (Core Animation's keyframed `contents`): the value rounded
    /// down to a frame index, clamped to the frames, in place of the sequence's own play while the
    /// animation is in effect; no effect on other content.
    case frame(ScalarAnimation)
    /// Animations played together on a timeline of their own (`CAAnimationGroup`).
    case group(AnimationGroup)

    /// Whether it animates `opacity`, itself or in a group.
    var animatesOpacity: Bool {
        switch self {
        case .opacity: true
        case .group(let group): group.animations.contains { $0.animatesOpacity }
        default: false
        }
    }

    /// A number animated by a basic or keyframe animation.
    public enum ScalarAnimation: Sendable, Equatable {
        /// From, to or by.
        case basic(BasicAnimation<Double>)
        /// Through values.
        case keyframe(KeyframeAnimation<Double>)

        /// The value at the layer's local time, or nil when not in effect.
        public func value(at time: Double, base: Double) -> Double? {
            switch self {
            case .basic(let animation): animation.value(atParentTime: time, base: base)
            case .keyframe(let animation): animation.value(atParentTime: time)
            }
        }
    }

    /// A point animated by a basic or keyframe animation or along a path.
    public enum PointAnimation: Sendable, Equatable {
        /// From, to or by.
        case basic(BasicAnimation<Point>)
        /// Through values.
        case keyframe(KeyframeAnimation<Point>)
        /// Along a path.
        case path(PathAnimation)
    }
}
