/// Text from files and users (file names, sprite names, a prefix) made safe to print on a
/// terminal or in a one-line report: every control character — C0, DEL, C1 (an ESC that would
/// start a colour or cursor sequence), Unicode's line and paragraph separators, and its
/// bidirectional controls (U+202E turns `exe.gif` into what reads as `fig.exe`) — is written as an
/// escape (`\n`, `\r`, `\t`, else `\u{1B}`, `\u{202E}`), so a name cannot repaint the screen, end a
/// line early, reorder what follows it or hide it. The one rule of every message that quotes a name: the validation
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

    /// Whether `scalar` is a control character, a Unicode line or paragraph separator, or a
    /// bidirectional control (the marks U+061C, U+200E and U+200F, the embeddings and overrides
    /// U+202A…U+202E, the isolates U+2066…U+2069).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `name` holds a control character: no file Flipbook writes is named so.
    package static func hasControl(_ name: String) -> Bool { name.unicodeScalars.contains(where: isControl) }
}
