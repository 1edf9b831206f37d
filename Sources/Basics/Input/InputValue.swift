import Foundation

/// One value of a parsed JSON or property-list file (from `JSONSerialization` or
/// `PropertyListSerialization`), with where it sits: its readers check the type and throw a
/// ``SchemaError`` that names the file and the key path.
///
/// `true`/`false` are never numbers and numbers are never booleans, whatever Foundation's bridging
/// would allow; whole numbers must be whole, and every number finite.
public struct InputValue {
    /// The kinds of value the parsers produce.
    public enum Kind: Sendable, Hashable {
        /// A JSON object or property-list dictionary.
        case object
        /// An array.
        case array
        /// A string.
        case string
        /// A number (never `true` or `false`).
        case number
        /// `true` or `false`.
        case bool
        /// JSON `null` (or anything else no parser should give).
        case null
        /// A property-list date.
        case date
        /// Property-list data.
        case data
    }

    /// The parsed value.
    public let value: Any
    /// Where it sits.
    public let path: InputPath
    /// The file it came from, for messages.
    public let file: String

    /// `value`, found at `path` of `file`.
    public init(_ value: Any, path: InputPath = .root, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    /// The root of the JSON text `bytes`; invalid JSON is ``SchemaError/Problem/invalid(reason:)``
    /// at the root.
    ///
    /// A key that appears twice in one object is refused too (``SchemaError/Problem/invalid(reason:)``
    /// naming the key and its line): JSON readers keep one of the two, and which one varies, so a
    /// frame, a setting or a size would be lost without a word.
    public static func json(_ bytes: [UInt8], file: String) throws(SchemaError) -> InputValue {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            // Foundation says only "Number 1e400 is not representable in Swift.": the line is said.
            if let (number, line) = numberOutOfRange(in: bytes) {
                throw SchemaError(file: file, path: .root, problem: .invalid(
                    reason: "not JSON that can be read: the number \(number) is beyond ±1.8e308, the largest a number may be"), line: line)
            }
            throw SchemaError(file: file, path: .root, problem: .invalid(reason: "not JSON (\(Self.reason(error)))"))
        }
        switch strictProblem(in: bytes) {
        case .repeatedKey(let key, let line, let spelledApart):
            let spelling = spelledApart
                ? " (spelt two ways — in two Unicode normalisations, or with escapes — it is the same text)" : ""
            throw SchemaError(file: file, path: .root, problem: .invalid(
                reason: "the key \"\(key)\" appears twice in one object\(spelling); readers keep only one of them: remove the other"),
                line: line)
        case .trailingComma(let line):
            throw SchemaError(file: file, path: .root, problem: .invalid(
                reason: "not JSON (a comma before the end of an object or array: JSON allows none; remove it)"), line: line)
        case nil:
            return InputValue(root, file: file)
        }
    }

    /// What valid-looking JSON text holds that a strict reader refuses.
    enum StrictProblem: Equatable {
        /// A key written twice in one object, the line of its second appearance, and whether the
        /// two are spelt apart.
        case repeatedKey(String, line: Int, spelledApart: Bool)
        /// A comma right before a `}` or `]` (`{"fps": 10,}`), which Foundation's reader accepts and
        /// JSON (and every other reader: Python's, browsers') does not.
        case trailingComma(line: Int)
    }

    /// The first problem of `bytes`, JSON text Foundation parsed, in text order; `nil` when there is
    /// none. Keys are compared as the text they are, as a reader's dictionary compares them:
    /// `"a"` and `"\u0061"`, or `Café` in NFC and NFD, are one key written twice.
    static func strictProblem(in bytes: [UInt8]) -> StrictProblem? {
        // One entry per open container: an object's keys so far (as text, to how each was written)
        // and whether a key comes next.
        var objects: [(keys: [String: ArraySlice<UInt8>], expectingKey: Bool)?] = []
        var index = 0, line = 1
        // The last byte outside strings and white space: a `,` right before a closing bracket is a trailing comma.
        var last: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"), last == UInt8(ascii: ",") { return .trailingComma(line: line) }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != UInt8(ascii: "\t") { last = byte }
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "{"): objects.append((keys: [:], expectingKey: true))
            case UInt8(ascii: "["): objects.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = objects.popLast()
            case UInt8(ascii: ","): if objects.last??.keys != nil { objects[objects.count - 1]!.expectingKey = true }
            case UInt8(ascii: ":"): if objects.last??.keys != nil { objects[objects.count - 1]!.expectingKey = false }
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                var escaped = false
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { escaped = true; index += 2 } else { index += 1 }
                }
                let raw = bytes[start..<min(index, bytes.count)]
                last = UInt8(ascii: "\"")
                if let object = objects.last ?? nil, object.expectingKey {
                    let key = escaped ? unescaped(raw) : String(decoding: raw, as: UTF8.self)
                    if let first = object.keys[key] { return .repeatedKey(key, line: line, spelledApart: first != raw) }
                    objects[objects.count - 1]!.keys[key] = raw
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The first number of `bytes` (outside strings) too large for a `Double` (`1e400`), with its
    /// line; `nil` when there is none.
    static func numberOutOfRange(in bytes: [UInt8]) -> (text: String, line: Int)? {
        var index = 0, line = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let start = index
                while index < bytes.count, "0123456789+-.eE".utf8.contains(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                if let value = Double(text), !value.isFinite { return (text, line) }
                continue
            }
            index += 1
        }
        return nil
    }

    /// The text of a JSON string's body written with escapes (`\u00e9`, `\"`).
    private static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed])) as? String
            ?? String(decoding: raw, as: UTF8.self)
    }

    /// The root of the property list `bytes` (XML, binary or OpenStep).
    ///
    /// Binary lists (`bplist…`) are read by Flipbook's own bounded reader, never Foundation's (which
    /// crashed on a few changed bytes): a file whose offsets, counts or references do not hold, an
    /// object that contains itself or nesting past 128 levels is ``SchemaError/Problem/invalid(reason:)``
    /// at the root, saying what is wrong. A key written twice in one dictionary of an XML or binary
    /// list is refused (``SchemaError/Problem/invalid(reason:)`` naming the key, and its line in
    /// XML): Foundation's XML reader would keep the last one without a word. (OpenStep text lists,
    /// which no sheet format writes, are read as Foundation reads them.)
    public static func propertyList(_ bytes: [UInt8], file: String) throws(SchemaError) -> InputValue {
        if BinaryPropertyList.isBinary(bytes) { return InputValue(try BinaryPropertyList.read(bytes, file: file), file: file) }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw SchemaError(file: file, path: .root, problem: .invalid(reason: "not a property list (\(Self.reason(error)))"))
        }
        // Foundation keeps the last of a key written twice in one XML <dict>; the binary reader refuses it, so this does too.
        if format == .xml, let repeated = XMLPropertyListKeys.repeatedKey(in: bytes) {
            let spelling = repeated.spelledApart ? " (spelt in two Unicode normalisations, it is the same text)" : ""
            throw SchemaError(file: file, path: .root, problem: .invalid(
                reason: "the key \"\(repeated.key)\" appears twice in one <dict>\(spelling); readers keep only one of them: remove the other"),
                line: repeated.line)
        }
        return InputValue(root, file: file)
    }

    /// What kind of value `value` is.
    public static func kind(of value: Any) -> Kind {
        // Swift's own collections and strings first: asking whether a Swift dictionary or array is an
        // `NSNull` or an `NSNumber` bridges its whole subtree to Foundation objects, once for every
        // level a reader descends (most of the time of reading a sheet's JSON went there).
        if value is [String: Any] { return .object }
        if value is [Any] { return .array }
        if value is String { return .string }
        if type(of: value) == Bool.self { return .bool }
        if value is NSNull { return .null }
        if let number = value as? NSNumber {
            // JSONSerialization gives booleans as NSNumbers of type "c" (char); it never gives a char otherwise.
            return String(cString: number.objCType) == "c" ? .bool : .number
        }
        if value is Date { return .date }
        if value is Data { return .data }
        return .null
    }

    /// The kind of this value.
    public var kind: Kind { Self.kind(of: value) }

    /// This value described for "found …" in messages: `a string ("3")`, `the number 1.5`, `an object`.
    public var summary: String { Self.summary(of: value) }

    /// `value` described for messages.
    public static func summary(of value: Any) -> String {
        switch kind(of: value) {
        case .string:
            let text = value as? String ?? ""
            return "a string (\(InputPath.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text)))"
        case .number: return "the number \(Self.format((value as? NSNumber)?.doubleValue ?? 0))"
        case .bool: return (value as? Bool ?? false) ? "true" : "false"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        case .date: return "a date"
        case .data: return "data"
        }
    }

    /// A number as written: whole numbers without `.0`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "-∞") }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A wrong-type error at this value: `expected` describes what belongs here (`a number`).
    public func wrongType(_ expected: String) -> SchemaError {
        SchemaError(file: file, path: path, problem: .wrongType(expected: expected, found: summary))
    }

    /// An out-of-range error at this value: `requirement` says what the field allows.
    public func outOfRange(_ requirement: String) -> SchemaError {
        let found: String
        switch kind {
        case .number: found = Self.format((value as? NSNumber)?.doubleValue ?? 0)
        case .string: found = InputPath.quote(value as? String ?? "")
        default: found = summary
        }
        return SchemaError(file: file, path: path, problem: .outOfRange(requirement: requirement), found: found)
    }

    /// An error at this value, described by `reason`.
    public func invalid(_ reason: String) -> SchemaError {
        SchemaError(file: file, path: path, problem: .invalid(reason: reason))
    }

    /// The string, or a wrong-type error.
    public func string() throws(SchemaError) -> String {
        guard kind == .string, let text = value as? String else { throw wrongType("a string") }
        return text
    }

    /// The string, which must be one of `known` (suggesting the nearest otherwise).
    public func string(oneOf known: [String]) throws(SchemaError) -> String {
        let text = try string()
        guard known.contains(text) else {
            throw SchemaError(file: file, path: path, problem: .unknownValue(known: known), found: text,
                              suggestion: Suggestion.nearest(to: text, among: known))
        }
        return text
    }

    /// The number (finite), or a wrong-type error.
    public func number() throws(SchemaError) -> Double {
        guard kind == .number, let number = value as? NSNumber else { throw wrongType("a number") }
        let double = number.doubleValue
        guard double.isFinite else { throw outOfRange("must be a finite number") }
        return double
    }

    /// The whole number, or an error: a wrong type, or a number with a fraction or beyond ±2⁵³.
    public func integer() throws(SchemaError) -> Int {
        guard kind == .number else { throw wrongType("a whole number") }
        let double = try number()
        guard double == double.rounded() else { throw wrongType("a whole number") }
        // A whole number too large to hold exactly is out of range, not of the wrong type.
        guard abs(double) <= 9_007_199_254_740_992 else { throw outOfRange("must be a whole number within ±9007199254740992 (2^53)") }
        return Int(double)
    }

    /// `true` or `false`, or a wrong-type error.
    public func bool() throws(SchemaError) -> Bool {
        guard kind == .bool, let flag = value as? Bool else { throw wrongType("true or false") }
        return flag
    }

    /// The object, or a wrong-type error.
    public func object() throws(SchemaError) -> InputObject {
        guard kind == .object, let fields = value as? [String: Any] else { throw wrongType("an object") }
        return InputObject(fields, path: path, file: file)
    }

    /// The array's elements, each with its index in its path, or a wrong-type error.
    public func array() throws(SchemaError) -> [InputValue] {
        guard kind == .array, let items = value as? [Any] else { throw wrongType("an array") }
        return items.enumerated().map { InputValue($1, path: path.appending(index: $0), file: file) }
    }

    /// An array of numbers (each finite), or an error at the array or at the element at fault.
    public func numbers() throws(SchemaError) -> [Double] {
        var out: [Double] = []
        for item in try array() { out.append(try item.number()) }
        return out
    }

    private static func reason(_ error: any Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        return text.isEmpty ? "\(error)" : text
    }
}
