/// An object (JSON object, property-list dictionary) of a parsed input file, with where it sits:
/// its keys can be checked against ``KnownKeys`` and its values read as ``InputValue``s, whose
/// errors name the file and the key path.
public struct InputObject {
    /// The object's fields as parsed.
    public let fields: [String: Any]
    /// Where the object sits.
    public let path: InputPath
    /// The file it came from, for messages.
    public let file: String
    /// Where keys that were merged in from elsewhere in the file sit (a project's `defaults`
    /// under a target): their values' errors name that path, not the object's.
    public let keyPaths: [String: InputPath]

    /// `fields`, found at `path` of `file`; `keyPaths` for keys that sit elsewhere in it.
    public init(_ fields: [String: Any], path: InputPath = .root, file: String, keyPaths: [String: InputPath] = [:]) {
        self.fields = fields
        self.path = path
        self.file = file
        self.keyPaths = keyPaths
    }

    /// The keys present, sorted.
    public var keys: [String] { fields.keys.sorted() }

    /// `true` when `key` is present (even as `null`).
    public func has(_ key: String) -> Bool { fields[key] != nil }

    /// The value under `key`, or `nil` when the key is absent.
    public subscript(key: String) -> InputValue? {
        fields[key].map { InputValue($0, path: keyPaths[key] ?? path.appending(key), file: file) }
    }

    /// The value under `key`, or a missing-key error.
    public func required(_ key: String) throws(SchemaError) -> InputValue {
        guard let value = self[key] else { throw SchemaError(file: file, path: path.appending(key), problem: .missingKey) }
        return value
    }

    /// Checks the keys against `known` (see ``KnownKeys/check(_:at:file:policy:noun:warnings:)``).
    public func check(_ known: KnownKeys, policy: KnownKeys.Policy, warnings: inout [SchemaError]) throws(SchemaError) {
        try known.check(fields.keys, at: path, file: file, policy: policy, warnings: &warnings)
    }

    /// Checks the keys against `known`: any other key is an error.
    public func check(_ known: KnownKeys) throws(SchemaError) {
        try known.check(fields.keys, at: path, file: file)
    }
}
