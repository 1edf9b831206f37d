/// How much a finding matters. Only errors make `flipbook validate` exit 1.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Worth knowing, often deliberate (a repeated frame); never fails a run. SARIF calls it `note`,
    /// GitHub annotations `notice`; JUnit lists it in `<system-out>`.
    case notice
    /// Probably a mistake, but the animation still plays; never fails a run. JUnit lists it in
    /// `<system-out>`.
    case warning
    /// The animation is broken or plays wrongly somewhere; any error makes `flipbook validate` exit 1
    /// (``ValidationReport/hasErrors``) and is a JUnit `<failure>`.
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
    /// The rule that found it: a case of the closed set ``RuleID`` (`.seqGap`), whose raw value is
    /// the stable ID reports write (`seq.gap`).
    public var rule: RuleID
    /// How much it matters: the rule's ``ValidationRule/defaultSeverity``, or the level
    /// `.flipbook.json` sets for the rule (``ValidationConfig/severity(of:)``).
    public var severity: Severity
    /// One line for people, naming the frames or files at fault and what was expected
    /// (`missing frames 4–6 of walk1…9`); the rule's ``Problem/message``.
    public var message: String
    /// The file the finding is about, when there is one.
    public var file: String?
    /// The sequence it belongs to (`folder/prefix`).
    public var sequence: String

    /// A finding of the rule with ID `rule` at `severity`, about `file` (or the whole sequence when
    /// `nil`) in `sequence` (`folder/prefix`, ``FrameSequence/name``). ``Validator`` makes these from
    /// each rule's ``Problem``s.
    public init(rule: RuleID, severity: Severity, message: String, file: String?, sequence: String) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.sequence = sequence
    }
}
