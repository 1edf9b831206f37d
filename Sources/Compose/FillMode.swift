/// What an animation shows outside its active time, as `CAMediaTimingFillMode` has it.
public enum FillMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Nothing: before it begins and after it ends the animation has no effect (Core Animation's default).
    case removed
    /// After it ends, its final value stays.
    case forwards
    /// Before it begins, its first value shows.
    case backwards
    /// Both: the first value before, the final value after.
    case both

    /// Whether the first value shows before the active time.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the final value stays after the active time.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}
