/// A value that a format allows but Flipbook does not use (a layer's user data, a polygon's
/// vertices): ``StrictDecoder`` accepts anything under it without looking inside, so the keys below
/// it are neither checked nor reported. Declare a property of this type to make a key known.
public struct UncheckedInput: Codable, Sendable, Hashable {
    /// An unchecked value.
    public init() {}

    /// Accepts any value and keeps nothing of it.
    public init(from decoder: any Decoder) throws {}

    /// Writes `null` (such properties are optional and written only when set).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
