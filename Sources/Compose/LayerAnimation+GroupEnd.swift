/// A group's animations at the group's turn or end: the group is still in effect there (its
/// time stands at its duration), so an animation ending exactly then shows its end value, as it
/// does at that instant ungrouped, rather than the layer's own value for that one frame.
extension LayerAnimation {
    /// This animation with its active interval closed at its end (``MediaTiming``'s `closesAtEnd`).
    func closingAtEnd() -> LayerAnimation {
        switch self {
        case .position(let a): .position(a.closingAtEnd())
        case .translation(let a): .translation(a.closingAtEnd())
        case .opacity(let a): .opacity(a.closingAtEnd())
        case .rotation(let a): .rotation(a.closingAtEnd())
        case .scale(let a): .scale(a.closingAtEnd())
        case .bounds(let a): .bounds(a.closingAtEnd())
        case .backgroundColor(let a): .backgroundColor(a.closingAtEnd())
        case .gradientColors(let a): .gradientColors(a.closingAtEnd())
        case .frame(let a): .frame(a.closingAtEnd())
        case .group(let group): .group(group.closingAtEnd())
        }
    }
}

extension LayerAnimation.ScalarAnimation {
    func closingAtEnd() -> Self {
        switch self {
        case .basic(var a): a.timing.closesAtEnd = true; return .basic(a)
        case .keyframe(var a): a.timing.closesAtEnd = true; return .keyframe(a)
        }
    }
}

extension LayerAnimation.PointAnimation {
    func closingAtEnd() -> Self {
        switch self {
        case .basic(var a): a.timing.closesAtEnd = true; return .basic(a)
        case .keyframe(var a): a.timing.closesAtEnd = true; return .keyframe(a)
        case .path(var a): a.timing.closesAtEnd = true; return .path(a)
        }
    }
}

extension PropertyAnimation {
    func closingAtEnd() -> Self {
        switch self {
        case .basic(var a): a.timing.closesAtEnd = true; return .basic(a)
        case .keyframe(var a): a.timing.closesAtEnd = true; return .keyframe(a)
        }
    }
}

extension AnimationGroup {
    func closingAtEnd() -> Self {
        var group = self
        group.timing.closesAtEnd = true
        return group
    }
}
