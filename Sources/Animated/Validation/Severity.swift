/// How much a finding matters. Only errors make `flipbook validate` exit 1.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case notice
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .notice: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// One problem found by a rule.
public struct Finding: Sendable, Equatable, Codable {
    /// The stable rule ID, e.g. `seq.gap`.
    public var rule: String
    public var severity: Severity
    public var message: String
    /// The file the finding is about, when there is one.
    public var file: String?
    /// The sequence it belongs to (`folder/prefix`).
    public var sequence: String

    public init(rule: String, severity: Severity, message: String, file: String?, sequence: String) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.sequence = sequence
    }
}
