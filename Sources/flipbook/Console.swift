import Basics
import Foundation

/// Printing for commands: results to stdout, diagnostics to stderr, JSON with stable key order.
/// A failed write (a full disk, `ulimit -f`, a pipe whose reader is gone, a closed stream) drops
/// the text and never ends the process (``ProcessPolicy``'s `keepPrintingSafe()`).
enum Console {
    /// Writes a line to standard error, libraries' settings named as the CLI's flags (``CLIWording``),
    /// control characters from the names it quotes escaped (Basics' `TerminalText`).
    static func error(_ message: String) {
        FileIO.writeToStandardError(TerminalText.escaped(CLIWording.inCLIWords(message), keepingNewlines: true) + "\n")
    }

    /// Prints a result line to standard output, control characters from the names it quotes
    /// escaped (a file named with an ESC cannot repaint the terminal; JSON escapes its own).
    static func line(_ text: String) {
        print(TerminalText.escaped(text, keepingNewlines: true))
    }

    /// Writes `text` to standard error as it is (progress lines).
    static func standardError(_ text: String) {
        FileIO.writeToStandardError(text)
    }

    /// Prints `value` as pretty JSON with sorted keys, so output is byte-stable across runs.
    static func printJSON<T: Encodable>(_ value: T) throws {
        print(try jsonString(value))
        printedJSON.set()
    }

    /// Whether a command printed its JSON already (a failure then adds no second object).
    static let printedJSON = Once()

    /// Every string in it in the CLI's words, as ``error(_:)`` says them: a note or warning the
    /// library words (`SheetJob.png8: …`) read in `--json` as on standard error (`--png8: …`). The
    /// value is encoded, read back as plain JSON, its strings translated and encoded again by the
    /// same encoder, so keys, numbers and layout are what the first encoding wrote.
    static func jsonString<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let plain = try JSONDecoder().decode(PlainJSON.self, from: try encoder.encode(value))
        return String(decoding: try encoder.encode(plain.mappingStrings(CLIWording.inCLIWords)), as: UTF8.self)
    }

    /// `1 frame`, `3 frames`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `out/a.png, out/b.png` — sorted, three at most, the rest counted (`out/a.png, out/b.png and 7 more`).
    static func listed(_ paths: [String]) -> String {
        let sorted = paths.sorted()
        return sorted.count <= 3 ? sorted.joined(separator: ", ") : "\(sorted.prefix(2).joined(separator: ", ")) and \(sorted.count - 2) more"
    }

    /// `12`, `12.5`, `33.33`: a number of points without trailing zeros.
    static func formatPoints(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        // Whole numbers without ".0"; beyond Int's range (a value being refused) as Double writes them.
        guard rounded.isFinite, abs(rounded) < 1e15 else { return String(value) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A flag set once, read at exit.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}

/// Any JSON value, read back from what a command encoded, so its strings can be put in the CLI's
/// words (``Console/jsonString(_:)``). Integers stay integers: a count is written as it was.
private enum PlainJSON: Codable {
    case null, bool(Bool), integer(Int), number(Double), string(String), array([PlainJSON]), object([String: PlainJSON])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let bool = try? single.decode(Bool.self) { self = .bool(bool) }
        else if let integer = try? single.decode(Int.self) { self = .integer(integer) }
        else if let number = try? single.decode(Double.self) { self = .number(number) }
        else if let string = try? single.decode(String.self) { self = .string(string) }
        else if let array = try? single.decode([PlainJSON].self) { self = .array(array) }
        else { self = .object(try single.decode([String: PlainJSON].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case .bool(let value): try single.encode(value)
        case .integer(let value): try single.encode(value)
        case .number(let value): try single.encode(value)
        case .string(let value): try single.encode(value)
        case .array(let value): try single.encode(value)
        case .object(let value): try single.encode(value)
        }
    }

    /// The same value with every string (not the keys) passed through `transform`.
    func mappingStrings(_ transform: (String) -> String) -> PlainJSON {
        switch self {
        case .string(let value): .string(transform(value))
        case .array(let values): .array(values.map { $0.mappingStrings(transform) })
        case .object(let members): .object(members.mapValues { $0.mappingStrings(transform) })
        default: self
        }
    }
}
