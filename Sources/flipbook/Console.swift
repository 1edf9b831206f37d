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

    static func jsonString<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
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
