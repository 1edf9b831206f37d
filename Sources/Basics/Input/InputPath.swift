/// Where a value sits in a structured input file (JSON, property list, text resource): the keys and
/// indices from the root, written as `ops[3].colour` or `frames["walk1.png"].spriteSourceSize.q`.
///
/// Keys that are identifiers are joined with dots; any other key is quoted in brackets, so a path
/// can always be read back unambiguously.
public struct InputPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step from a container to a value in it.
    public enum Component: Sendable, Hashable {
        /// A key of an object or dictionary.
        case key(String)
        /// A position in an array, from 0.
        case index(Int)
    }

    /// The steps from the root; empty for the root itself.
    public var components: [Component]

    /// The path through `components`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of a top-level key: `"fps"` is the key `fps` of the root.
    public init(stringLiteral key: String) {
        self.components = key.isEmpty ? [] : [.key(key)]
    }

    /// The root of the file.
    public static let root = InputPath()

    /// `true` for the root of the file.
    public var isRoot: Bool { components.isEmpty }

    /// The path of the value under `key` in the object at this path.
    public func appending(_ key: String) -> InputPath { InputPath(components + [.key(key)]) }

    /// The path of the value at `index` in the array at this path.
    public func appending(index: Int) -> InputPath { InputPath(components + [.index(index)]) }

    /// The path of the container holding this value (the root holds itself).
    public var parent: InputPath { InputPath(Array(components.dropLast())) }

    /// The last key of the path, when the path ends in a key.
    public var lastKey: String? {
        if case .key(let key)? = components.last { key } else { nil }
    }

    /// `ops[3].colour`, `frames["walk1.png"].spriteSourceSize.q`; empty for the root.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key): text += text.isEmpty ? key : "." + key
            case .key(let key): text += "[" + Self.quote(key) + "]"
            }
        }
        return text
    }

    /// A name as a JSON string literal: in double quotes, with quotes, backslashes and control
    /// characters escaped.
    public static func quote(_ name: String) -> String {
        var text = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: text += "\\u" + Self.hex4(scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Four lowercase hexadecimal digits.
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return key.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}

