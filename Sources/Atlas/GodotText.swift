import Basics

/// A reader for Godot's text resource format (`.tres`), enough for ``GodotSpriteFrames``: section
/// headers `[tag key=value …]` followed by `key = value` properties, where a value is a string,
/// `&"string name"`, number, `true`/`false`/`null`, `[array]`, `{dictionary}` or a constructor such
/// as `Rect2( 0, 0, 8, 8 )` or `SubResource("id")`. Nesting is limited (``maximumDepth``), and
/// numbers must be finite and under 10⁹ in magnitude, so hostile files fail with an error.
struct GodotText {
    indirect enum Value: Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case array([Value])
        case dictionary([String: Value])
        case call(String, [Value])

        /// The value described for "found …" in messages.
        var summary: String {
            switch self {
            case .string(let text): "a string (\(InputPath.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text)))"
            case .number(let value): "the number \(InputValue.format(value))"
            case .bool(let flag): flag ? "true" : "false"
            case .null: "null"
            case .array: "an array"
            case .dictionary: "a dictionary"
            case .call(let name, _): "\(name)(…)"
            }
        }

        /// A string, or a string name's text.
        var text: String? { if case .string(let text) = self { text } else { nil } }

        /// An id as written: `id=1` (Godot 3) or `id="1_abc"` (Godot 4).
        var idText: String? {
            switch self {
            case .string(let text): text
            case .number(let value) where value == value.rounded(): String(Int(value))
            default: nil
            }
        }

        /// The id inside `ExtResource( 1 )` / `SubResource("x")` when this is a call of `name`.
        func reference(to name: String) -> String? {
            guard case .call(name, let arguments) = self, arguments.count == 1 else { return nil }
            return arguments[0].idText
        }

        /// The whole-number arguments of a call of `name` (`Rect2( 1, 2, 3, 4 )`).
        func integers(of name: String) -> [Int]? {
            guard case .call(name, let arguments) = self else { return nil }
            var out: [Int] = []
            for argument in arguments {
                guard case .number(let value) = argument, value == value.rounded() else { return nil }
                out.append(Int(value))
            }
            return out
        }
    }

    struct Section {
        var tag: String
        var line: Int
        var attributes: [String: Value]
        var properties: [String: Value]
        /// The line each property starts on.
        var propertyLines: [String: Int] = [:]
        /// The line each value of the properties starts on, by its path from the property's key
        /// (`animations[0].frames[2].duration`), so an error names the value's own line.
        var valueLines: [InputPath: Int] = [:]

        /// The line of the value at `path` (from the property's key), or of the nearest value
        /// holding it (a missing key: the dictionary it is missing from).
        func line(of path: InputPath) -> Int? {
            var components = path.components
            while !components.isEmpty {
                if let line = valueLines[InputPath(components)] { return line }
                components.removeLast()
            }
            return nil
        }
    }

    /// How deep arrays, dictionaries and calls may nest.
    static let maximumDepth = 32

    var sections: [Section] = []

    static func parse(_ text: String) throws(SheetDataError) -> GodotText {
        var scanner = Scanner(characters: Array(text.unicodeScalars))
        var document = GodotText()
        while true {
            scanner.skipSpace()
            guard let next = scanner.peek else { break }
            if next == ";" { scanner.skipLine(); continue }   // a comment
            if next == "[" {
                let line = scanner.line
                scanner.index += 1
                scanner.skipSpace()
                let tag = scanner.word()
                guard !tag.isEmpty else { throw scanner.error("a section header without a name") }
                var attributes: [String: Value] = [:]
                while true {
                    scanner.skipSpace()
                    if scanner.peek == "]" { scanner.index += 1; break }
                    let key = scanner.word()
                    guard !key.isEmpty, scanner.take("=") else { throw scanner.error("expected key=value or ] in [\(tag) …]") }
                    attributes[key] = try scanner.value(depth: 0, at: InputPath([.key(key)]))
                }
                document.sections.append(Section(tag: tag, line: line, attributes: attributes, properties: [:]))
                continue
            }
            guard !document.sections.isEmpty else { throw scanner.error("a property before any section") }
            let line = scanner.line
            let key = scanner.word()
            guard !key.isEmpty, scanner.take("=") else { throw scanner.error("expected key = value") }
            scanner.lines = [:]
            document.sections[document.sections.count - 1].properties[key] = try scanner.value(depth: 0, at: InputPath([.key(key)]))
            document.sections[document.sections.count - 1].propertyLines[key] = line
            document.sections[document.sections.count - 1].valueLines.merge(scanner.lines) { $1 }
        }
        return document
    }

    private struct Scanner {
        let characters: [Unicode.Scalar]
        var index = 0
        var line = 1
        /// The line each value read since this was emptied starts on, by its path.
        var lines: [InputPath: Int] = [:]

        var peek: Unicode.Scalar? { index < characters.count ? characters[index] : nil }

        func error(_ reason: String) -> SheetDataError { SheetDataError(format: "Godot SpriteFrames", line: line, reason: reason) }

        mutating func skipSpace() {
            while let c = peek, c == " " || c == "\t" || c == "\r" || c == "\n" {
                if c == "\n" { line += 1 }
                index += 1
            }
        }

        mutating func skipLine() {
            while let c = peek, c != "\n" { index += 1 }
        }

        /// Skips spaces, then takes `c` if it is next.
        mutating func take(_ c: Unicode.Scalar) -> Bool {
            skipSpace()
            guard peek == c else { return false }
            index += 1
            return true
        }

        /// A run of letters, digits, `_`, `/`, `.` and `-` (keys, identifiers, numbers).
        mutating func word() -> String {
            var out = String.UnicodeScalarView()
            while let c = peek, c.properties.isAlphabetic || ("0"..."9").contains(c) || "_/.-+".unicodeScalars.contains(c) {
                out.append(c)
                index += 1
            }
            return String(out)
        }

        mutating func string() throws(SheetDataError) -> String {
            index += 1   // the opening quote
            var out = String.UnicodeScalarView()
            while let c = peek {
                index += 1
                switch c {
                case "\"": return String(out)
                case "\\":
                    guard let escaped = peek else { break }
                    index += 1
                    switch escaped {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    default: out.append(escaped)
                    }
                default:
                    if c == "\n" { line += 1 }
                    out.append(c)
                }
            }
            throw error("a string is not closed")
        }

        /// The value at `path`, its line recorded in ``lines`` (with every value inside it).
        mutating func value(depth: Int, at path: InputPath) throws(SheetDataError) -> Value {
            guard depth < GodotText.maximumDepth else { throw error("values nest deeper than \(GodotText.maximumDepth)") }
            skipSpace()
            guard let c = peek else { throw error("a value is missing at the end of the file") }
            lines[path] = line
            switch c {
            case "\"":
                return .string(try string())
            case "&":
                index += 1
                guard peek == "\"" else { throw error("& must start a string name") }
                return .string(try string())
            case "[":
                index += 1
                var items: [Value] = []
                while !take("]") {
                    items.append(try value(depth: depth + 1, at: path.appending(index: items.count)))
                    guard take(",") || peek == "]" else { throw error("expected , or ] in an array") }
                }
                return .array(items)
            case "{":
                index += 1
                var fields: [String: Value] = [:]
                while !take("}") {
                    skipSpace()
                    if peek == "&" { index += 1 }
                    guard peek == "\"" else { throw error("expected \"key\": value in a dictionary") }
                    let key = try string()
                    guard take(":") else { throw error("expected \"key\": value in a dictionary") }
                    fields[key] = try value(depth: depth + 1, at: path.appending(key))
                    guard take(",") || peek == "}" else { throw error("expected , or } in a dictionary") }
                }
                return .dictionary(fields)
            default:
                let word = word()
                guard !word.isEmpty else { throw error("unexpected character '\(c)'") }
                switch word {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null": return .null
                default: break
                }
                if let number = Double(word) {
                    guard number.isFinite, abs(number) < 1e9 else { throw error("\(path): number \(word) is out of range") }
                    return .number(number)
                }
                guard take("(") else { throw error("unexpected word '\(word)'") }
                var arguments: [Value] = []
                while !take(")") {
                    arguments.append(try value(depth: depth + 1, at: path.appending(index: arguments.count)))
                    guard take(",") || peek == ")" else { throw error("expected , or ) in \(word)(…)") }
                }
                return .call(word, arguments)
            }
        }
    }
}
