/// A type whose values are spelt as one of a few names in input files (a direction, a line cap), so
/// that ``StrictDecoder`` can refuse any other name with the nearest one as its suggestion:
/// `direction: unknown value "pingpng"; did you mean "pingpong"?`.
///
/// String-backed `CaseIterable` enums get ``knownValues`` for free.
public protocol KnownValues {
    /// Every name a value may have, in documented order.
    static var knownValues: [String] { get }
}

extension KnownValues where Self: CaseIterable & RawRepresentable, RawValue == String {
    /// The raw values of all cases.
    public static var knownValues: [String] { allCases.map(\.rawValue) }
}
