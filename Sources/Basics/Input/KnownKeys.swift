/// The keys an object of a structured input may have, and how to treat the others: the one
/// known-key check every Flipbook parser uses (directly, or through ``StrictDecoder``).
///
/// Flipbook's own files (`sequence.json`, `.flipbook.json`, scenes) are ``Policy/strict``: any
/// other key is an error. Data that other tools write can be ``Policy/lenient``: a key that looks
/// like a misspelling of a known key the object lacks is still an error (its value would be lost),
/// but any other key is a warning, because those formats let their producers add keys of their own.
public struct KnownKeys: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// What an unknown key is.
    public enum Policy: Sendable, Hashable {
        /// Every unknown key is an error.
        case strict
        /// An unknown key within ``Suggestion/threshold(for:)`` of a known key the object lacks is
        /// an error that suggests it; any other unknown key is a warning.
        case lenient
    }

    /// The known keys, in the order the format documents them (suggestions prefer earlier ones).
    public var keys: [String]
    /// Keys that start with one of these are known too (Godot's `metadata/…` properties).
    public var prefixes: [String]
    /// Keys of a sibling format mapped to this one's for the same thing (a draw scene's `color` is
    /// a render scene's `foregroundColor`): an unknown key found here suggests its mapping, however
    /// far its spelling is.
    public var aliases: [String: String] = [:]

    /// Known `keys`, and any key starting with one of `prefixes`.
    public init(_ keys: [String], prefixes: [String] = []) {
        self.keys = keys
        self.prefixes = prefixes
    }

    /// Known `elements`.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// These keys, with `aliases` (another format's key → this one's) suggested for the keys of
    /// the other format.
    public func aliasing(_ aliases: [String: String]) -> KnownKeys {
        var copy = self
        copy.aliases.merge(aliases) { $1 }
        return copy
    }

    /// These keys and `other`'s.
    public func union(_ other: KnownKeys) -> KnownKeys {
        KnownKeys(keys + other.keys.filter { !keys.contains($0) }, prefixes: prefixes + other.prefixes).aliasing(other.aliases.merging(aliases) { $1 })
    }

    /// `true` when `key` is known.
    public func contains(_ key: String) -> Bool {
        keys.contains(key) || prefixes.contains { key.hasPrefix($0) }
    }

    /// Checks the keys `present` of the object at `path` of `file`. Under `policy` ``Policy/strict``
    /// the first unknown key (in sorted order) is thrown; under ``Policy/lenient`` a near-miss of a
    /// missing known key is thrown and other unknown keys are appended to `warnings`. `noun` names
    /// what the keys stand for in messages.
    public func check(_ present: some Sequence<String>, at path: InputPath, file: String, policy: Policy = .strict,
                      noun: String = "key", warnings: inout [SchemaError]) throws(SchemaError) {
        let present = Set(present)
        for key in present.sorted() where !contains(key) {
            let missing = keys.filter { !present.contains($0) }
            switch policy {
            case .strict:
                if let meant = aliases[key], contains(meant) {
                    throw SchemaError(file: file, path: path.appending(key), problem: .unknownKey(noun: noun), found: key, suggestion: meant)
                }
                throw SchemaError.unknownKey(key, in: path, file: file, known: keys, present: present, noun: noun)
            case .lenient:
                if let meant = Suggestion.nearest(to: key, among: missing) {
                    throw SchemaError(file: file, path: path.appending(key), problem: .unknownKey(noun: noun), found: key, suggestion: meant)
                }
                warnings.append(SchemaError(file: file, path: path.appending(key), problem: .unknownKey(noun: noun), found: key))
            }
        }
    }

    /// ``check(_:at:file:policy:noun:warnings:)`` under ``Policy/strict``, where there are no warnings.
    public func check(_ present: some Sequence<String>, at path: InputPath, file: String, noun: String = "key") throws(SchemaError) {
        var ignored: [SchemaError] = []
        try check(present, at: path, file: file, policy: .strict, noun: noun, warnings: &ignored)
    }
}
