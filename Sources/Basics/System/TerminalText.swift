/// Text from files and users (file names, sprite names, a prefix) made safe to print on a
/// terminal or in a one-line report: every control character — C0, DEL, C1 (an ESC that would
/// start a colour or cursor sequence), and Unicode's line and paragraph separators — is written as
/// an escape (`\n`, `\r`, `\t`, else `\u{1B}`), so a name cannot repaint the screen, end a line early
/// or hide what follows it. The one rule of every message that quotes a name: the validation
/// reports and the command line's results and diagnostics.
package enum TerminalText {
    /// `text` with its control characters escaped; with `keepingNewlines`, a `\n` stays a line
    /// break (a message of several lines whose names are already escaped).
    package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: out.unicodeScalars.append(scalar)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is a control character or a Unicode line or paragraph separator.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Whether `name` holds a control character: no file Flipbook writes is named so.
    package static func hasControl(_ name: String) -> Bool { name.unicodeScalars.contains(where: isControl) }
}
