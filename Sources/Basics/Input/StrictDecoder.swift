import Foundation

/// Decodes a `Decodable` type from JSON (or any parsed JSON or property-list tree) strictly, with
/// errors that name the file and the key path (``SchemaError``):
///
/// - Every object's keys must be ones the type asked for while decoding it — through
///   `decode`, `decodeIfPresent` or `contains` — so the known keys are the type's own coding keys
///   and a property added to the type is known at once. Dictionaries (`[String: T]`) take any key.
///   Under ``KnownKeys/Policy/lenient`` an unknown key is an error only when it looks like a
///   misspelling of a key the object lacks, and a warning otherwise.
/// - Types are exact: `"3"` is not a number, `1` is not `true`, `1.5` is not an `Int`.
/// - A string-backed value whose type is ``KnownValues`` must be one of its names.
/// - A missing key is reported as the near-miss that is present instead, when there is one.
///
/// Declare a property as ``UncheckedInput`` to allow a key whose contents are not used.
public struct StrictDecoder {
    /// The file named in errors.
    public var file: String
    /// How unknown keys are treated.
    public var policy: KnownKeys.Policy

    /// A decoder for data from `file` (a path or a label), treating unknown keys by `policy`.
    public init(file: String, policy: KnownKeys.Policy = .strict) {
        self.file = file
        self.policy = policy
    }

    /// Decodes `type` from the JSON text `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, fromJSON bytes: [UInt8]) throws(SchemaError) -> T {
        var warnings: [SchemaError] = []
        return try decode(type, from: InputValue.json(bytes, file: file).value, warnings: &warnings)
    }

    /// Decodes `type` from the JSON text `bytes`, appending unknown keys that are only warnings
    /// (under ``KnownKeys/Policy/lenient``) to `warnings`.
    public func decode<T: Decodable>(_ type: T.Type, fromJSON bytes: [UInt8], warnings: inout [SchemaError]) throws(SchemaError) -> T {
        try decode(type, from: InputValue.json(bytes, file: file).value, warnings: &warnings)
    }

    /// Decodes `type` from a parsed tree (`JSONSerialization` or `PropertyListSerialization`
    /// output), appending warnings to `warnings`.
    public func decode<T: Decodable>(_ type: T.Type, from tree: Any, at path: InputPath = .root,
                                     warnings: inout [SchemaError]) throws(SchemaError) -> T {
        let session = DecodingSession(file: file)
        let value: T
        do {
            value = try session.unbox(type, tree, path: path)
        } catch let error as SchemaError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw SchemaError(file: file, path: Self.path(context.codingPath), problem: .invalid(reason: context.debugDescription))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw SchemaError(file: file, path: Self.path(context.codingPath), problem: .invalid(reason: context.debugDescription))
        } catch let DecodingError.keyNotFound(key, context) {
            throw SchemaError(file: file, path: Self.path(context.codingPath).appending(key.stringValue), problem: .missingKey)
        } catch {
            throw SchemaError(file: file, path: path, problem: .invalid(reason: "\(error)"))
        }
        try session.checkKeys(policy: policy, warnings: &warnings)
        return value
    }

    static func path(_ codingPath: [any CodingKey]) -> InputPath {
        InputPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}

// MARK: - Implementation

/// The objects met while decoding and the keys asked of each.
private final class ObjectRecord {
    let path: InputPath
    let keys: Set<String>
    var requested: [String] = []
    var requestedSet: Set<String> = []
    /// Read as a dictionary: any key is allowed.
    var open = false

    init(path: InputPath, keys: Set<String>) {
        self.path = path
        self.keys = keys
    }

    func request(_ key: String) {
        if requestedSet.insert(key).inserted { requested.append(key) }
    }
}

private final class DecodingSession {
    let file: String
    var records: [ObjectRecord] = []

    init(file: String) {
        self.file = file
    }

    /// The unknown keys of every object read, as errors or warnings by `policy`.
    func checkKeys(policy: KnownKeys.Policy, warnings: inout [SchemaError]) throws(SchemaError) {
        for record in records where !record.open {
            try KnownKeys(record.requested).check(record.keys, at: record.path, file: file, policy: policy, warnings: &warnings)
        }
    }

    func wrongType(_ value: Any, _ expected: String, path: InputPath) -> SchemaError {
        InputValue(value, path: path, file: file).wrongType(expected)
    }

    private static func exactly<I: FixedWidthInteger>(_ type: I.Type, _ value: Int) -> I? { I(exactly: value) }

    /// `value` as `type`: primitives checked exactly, ``KnownValues`` checked against their names,
    /// everything else through its `init(from:)`.
    func unbox<T: Decodable>(_ type: T.Type, _ value: Any, path: InputPath) throws -> T {
        let input = InputValue(value, path: path, file: file)
        if T.self == UncheckedInput.self { return UncheckedInput() as! T }
        if T.self == String.self { return try input.string() as! T }
        if T.self == Bool.self { return try input.bool() as! T }
        if T.self == Double.self { return try input.number() as! T }
        if T.self == Float.self { return Float(try input.number()) as! T }
        if T.self == Int.self { return try input.integer() as! T }
        if let fixed = T.self as? any FixedWidthInteger.Type {
            guard let converted = Self.exactly(fixed, try input.integer()) else { throw input.outOfRange("must fit in \(fixed)") }
            return converted as! T
        }
        if let named = T.self as? any KnownValues.Type {
            let text = try input.string()
            if !named.knownValues.contains(text) {
                throw SchemaError(file: file, path: path, problem: .unknownValue(known: named.knownValues), found: text,
                                  suggestion: Suggestion.nearest(to: text, among: named.knownValues))
            }
        }
        return try T(from: TreeDecoder(value: value, path: path, session: self))
    }
}

/// A coding key made from an input path component.
private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
    init(_ component: InputPath.Component) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(intValue: index)
        }
    }
}

private struct TreeDecoder: Decoder {
    let value: Any
    let path: InputPath
    let session: DecodingSession

    var codingPath: [any CodingKey] { path.components.map(PathKey.init) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard InputValue.kind(of: value) == .object, let fields = value as? [String: Any] else {
            throw session.wrongType(value, "an object", path: path)
        }
        let record = ObjectRecord(path: path, keys: Set(fields.keys))
        session.records.append(record)
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, record: record, path: path, session: session))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard InputValue.kind(of: value) == .array, let items = value as? [Any] else {
            throw session.wrongType(value, "an array", path: path)
        }
        return UnkeyedContainer(items: items, path: path, session: session)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, path: path, session: session)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: Any]
    let record: ObjectRecord
    let path: InputPath
    let session: DecodingSession

    var codingPath: [any CodingKey] { path.components.map(PathKey.init) }

    var allKeys: [Key] {
        record.open = true
        return fields.keys.sorted().compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        record.request(key.stringValue)
        return fields[key.stringValue] != nil
    }

    /// The value under `key`, or the best error for its absence: a near-miss key present instead,
    /// else the missing key.
    private func value(for key: Key) throws -> Any {
        record.request(key.stringValue)
        if let value = fields[key.stringValue] { return value }
        let unasked = fields.keys.filter { !record.requestedSet.contains($0) }.sorted()
        if let nearMiss = unasked.first(where: { Suggestion.nearest(to: $0, among: [key.stringValue]) != nil }) {
            throw SchemaError(file: session.file, path: path.appending(nearMiss), problem: .unknownKey(noun: "key"),
                              found: nearMiss, suggestion: key.stringValue)
        }
        throw SchemaError(file: session.file, path: path.appending(key.stringValue), problem: .missingKey)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        InputValue.kind(of: try value(for: key)) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try session.unbox(type, try value(for: key), path: path.appending(key.stringValue))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        record.request(key.stringValue)
        guard let value = fields[key.stringValue], InputValue.kind(of: value) != .null else { return nil }
        return try session.unbox(type, value, path: path.appending(key.stringValue))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try session.unbox(type, try value(for: key), path: path.appending(key.stringValue))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try value(for: key), path: path.appending(key.stringValue), session: session).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try value(for: key), path: path.appending(key.stringValue), session: session).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: try value(for: Key(stringValue: "super")!), path: path.appending("super"), session: session)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: try value(for: key), path: path.appending(key.stringValue), session: session)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [Any]
    let path: InputPath
    let session: DecodingSession
    var currentIndex = 0

    init(items: [Any], path: InputPath, session: DecodingSession) {
        self.items = items
        self.path = path
        self.session = session
    }

    var codingPath: [any CodingKey] { path.components.map(PathKey.init) }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (Any, InputPath) {
        guard !isAtEnd else {
            throw SchemaError(file: session.file, path: path, problem: .invalid(reason: "has too few entries"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], path.appending(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if InputValue.kind(of: items[currentIndex]) == .null {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, at) = try next()
        return try session.unbox(type, value, path: at)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }

    private mutating func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, at) = try next()
        return try session.unbox(type, value, path: at)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, at) = try next()
        return try TreeDecoder(value: value, path: at, session: session).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, at) = try next()
        return try TreeDecoder(value: value, path: at, session: session).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, at) = try next()
        return TreeDecoder(value: value, path: at, session: session)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: Any
    let path: InputPath
    let session: DecodingSession

    var codingPath: [any CodingKey] { path.components.map(PathKey.init) }

    func decodeNil() -> Bool { InputValue.kind(of: value) == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try session.unbox(type, value, path: path) }
    func decode(_ type: Bool.Type) throws -> Bool { try session.unbox(type, value, path: path) }
    func decode(_ type: String.Type) throws -> String { try session.unbox(type, value, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try session.unbox(type, value, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try session.unbox(type, value, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try session.unbox(type, value, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try session.unbox(type, value, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try session.unbox(type, value, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try session.unbox(type, value, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try session.unbox(type, value, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try session.unbox(type, value, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try session.unbox(type, value, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try session.unbox(type, value, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try session.unbox(type, value, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try session.unbox(type, value, path: path) }
}
