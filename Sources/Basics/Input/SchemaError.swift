/// A structured input file (JSON, property list, text resource) that does not follow its format: an
/// unknown or missing key, a value of the wrong type, a number out of range, a count that does not
/// match. It names the file, the key path, what was found there and, when a known name is close,
/// what was probably meant:
///
/// ```
/// sequence.json: unknown key "sevreity"; did you mean "severity"?
/// scene.json: unknown key "colour" in ops[3]; did you mean "color"?
/// scene.json: ops[2].width: expected a number, found a string
/// sequence.json: frameDurations: has 3 entries; 5 expected (one per frame of "walk")
/// sheet.atlas:12: unknown key "bouns" in ["sheet.png"].walk; did you mean "bounds"?
/// ```
///
/// Each stage's own error wraps it (``LimitError`` is the model): `SequenceManifest.Error.schema`,
/// `ValidationConfig.Error`, `SceneError.schema`, `SheetImport.Error`. Readers of formats that other
/// tools write may also hand these back as warnings (see ``KnownKeys/Policy/lenient``).
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong at ``path``.
    public enum Problem: Sendable, Hashable {
        /// A key the format does not have; ``path`` ends in it and ``found`` is the key. `noun`
        /// names what the key stands for (`key`, or `rule` for the rule IDs of `.flipbook.json`).
        case unknownKey(noun: String)
        /// A value that is not one of the values the field takes (``found``), such as a direction;
        /// `known` lists them, said when no one of them is near enough to suggest.
        case unknownValue(known: [String])
        /// A key the format requires is absent; ``path`` ends in it.
        case missingKey
        /// A value of the wrong JSON (or property-list) type.
        case wrongType(expected: String, found: String)
        /// A number or size outside what the field allows; `requirement` says what it allows.
        case outOfRange(requirement: String)
        /// A list whose length does not match what it describes: `found` entries where `expected`
        /// are needed; `reason` says why.
        case countMismatch(expected: Int, found: Int, reason: String)
        /// Any other value the format cannot use, described.
        case invalid(reason: String)
    }

    /// The file (as the caller named it), or a label such as `scene` for data without one.
    public var file: String
    /// Where in the file.
    public var path: InputPath
    /// The key or value found there, as written; `nil` when there is nothing to quote.
    public var found: String?
    /// The known key or value closest to ``found`` (see ``Suggestion``), when one is close.
    public var suggestion: String?
    /// What is wrong.
    public var problem: Problem
    /// The line of a text format (libGDX `.atlas`, Godot `.tres`), from 1; written as `file:line`.
    public var line: Int?
    /// For an unknown key: the keys the object takes, said when none is near enough to suggest
    /// (`unknown key "foo" in targets.coin; the keys here are …`); empty when not known.
    public var knownKeys: [String] = []

    /// An error at `path` of `file` (at `line`, for text formats).
    public init(file: String, path: InputPath, problem: Problem, found: String? = nil, suggestion: String? = nil, line: Int? = nil) {
        self.file = file
        self.path = path
        self.problem = problem
        self.found = found
        self.suggestion = suggestion
        self.line = line
    }

    /// `key` under `parent` is not one of `known`; suggests the nearest known key, preferring the
    /// ones the object lacks (`present` holds the keys it has).
    public static func unknownKey(_ key: String, in parent: InputPath, file: String, known: some Sequence<String>,
                                  present: Set<String> = [], noun: String = "key") -> SchemaError {
        let known = Array(known)
        let missing = Set(known).subtracting(present)
        var error = SchemaError(file: file, path: parent.appending(key), problem: .unknownKey(noun: noun), found: key,
                                suggestion: Suggestion.nearest(to: key, among: known, preferring: missing))
        error.knownKeys = known.sorted()
        return error
    }

    /// The key path as written in messages (`ops[3].colour`); empty for the root.
    public var keyPath: String { path.description }

    /// `true` for an unknown key (as opposed to a bad value).
    public var isUnknownKey: Bool {
        if case .unknownKey = problem { true } else { false }
    }

    /// One line: the file, the key path and the problem, with the suggestion when there is one.
    public var description: String {
        let hint = suggestion.map { "; did you mean \(InputPath.quote($0))?" } ?? ""
        let at = path.isRoot ? "" : "\(path): "
        let file = line.map { "\(self.file):\($0)" } ?? self.file
        switch problem {
        case .unknownKey(let noun):
            let parent = path.parent
            let quoted = InputPath.quote(found ?? path.lastKey ?? "")
            let shown = knownKeys.prefix(16).map(InputPath.quote).joined(separator: ", ") + (knownKeys.count > 16 ? ", …" : "")
            let choices = suggestion == nil && !knownKeys.isEmpty ? "; the \(noun)s here are \(shown)" : ""
            return "\(file): unknown \(noun) \(quoted)" + (parent.isRoot ? "" : " in \(parent)") + hint + choices
        case .missingKey:
            let parent = path.parent
            return "\(file): missing key \(InputPath.quote(path.lastKey ?? ""))" + (parent.isRoot ? "" : " in \(parent)") + hint
        case .unknownValue(let known):
            let choices = suggestion == nil && !known.isEmpty ? "; expected \(known.map(InputPath.quote).joined(separator: ", "))" : ""
            return "\(file): \(at)unknown value \(InputPath.quote(found ?? ""))" + hint + choices
        case .wrongType(let expected, let foundType):
            return "\(file): \(at)expected \(expected), found \(foundType)" + hint
        case .outOfRange(let requirement):
            return "\(file): \(at)\(requirement)" + (found.map { " (found \($0))" } ?? "") + hint
        case .countMismatch(let expected, let count, let reason):
            return "\(file): \(at)has \(count) \(count == 1 ? "entry" : "entries"); \(expected) expected (\(reason))" + hint
        case .invalid(let reason):
            return "\(file): \(at)\(reason)" + hint
        }
    }
}
