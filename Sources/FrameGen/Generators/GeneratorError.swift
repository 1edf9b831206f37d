import Basics

/// Why a ``FrameGenerator`` drew no frame: a setting out of range (which one, the value given and
/// the values allowed), or a frame that asks for more than the generator's `limits`. Both are
/// found before any pixel is drawn.
///
/// ```swift
/// do throws(GeneratorError) {
///     let frame = try Seagull(lineWidth: width).frame(0)
/// } catch .setting(let error) {
///     show(error.description)          // Seagull.lineWidth must be above 0, at most 16 (got 40)…
/// } catch .limit(let limit) {
///     raise(limit)
/// }
/// ```
public enum GeneratorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setting of the generator is out of range (`Seagull.lineWidth` NaN, `Scatter.count`
    /// negative, a `Freehand` sample that is not finite): Basics' `SettingError` names it (a value
    /// to switch over: `.lineWidth`, `.lowWing`, `.sparks`…), the value given and the values allowed.
    case setting(SettingError)
    /// The frame asks for more than the generator's Basics' `ResourceLimits` allow (its pixels, its
    /// sparks as path segments, the images drawn, the edges the strokes flatten to).
    case limit(LimitError)

    /// What is wrong, naming the setting as Swift spells it or the limit and the property that raises it.
    public var description: String {
        switch self {
        case .setting(let error): error.description
        case .limit(let error): error.description
        }
    }

    /// The resource limit this error reports, if it is one (``limit(_:)``): a caller may raise that limit and retry.
    public var limitError: LimitError? {
        if case .limit(let error) = self { error } else { nil }
    }

    /// The setting this error reports, if it is one (``setting(_:)``): a caller may show it beside
    /// the control that sets it.
    public var settingError: SettingError? {
        if case .setting(let error) = self { error } else { nil }
    }

    /// `value` as a setting error writes it: a whole number without a fraction, NaN and ∞ by name.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
