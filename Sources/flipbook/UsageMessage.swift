import ArgumentParser
import Basics
import Foundation

/// An argument mistake in Flipbook's one style, whoever found it: ArgumentParser (an unknown
/// option, a missing value or argument, a value that does not parse) or a command's `validate()`.
/// ArgumentParser alone would print `Error: The value '-1' is invalid for '--seed <seed>'` and the
/// whole usage text; Flipbook prints `error: ` and one sentence naming the option, the value and
/// what it takes, then one line pointing at the command's `--help` (exit 2).
struct UsageMessage {
    /// The sentence after `error: `.
    var message: String
    /// The line after it: `hint: flipbook assemble --help lists its options`.
    var hint: String

    /// The message for `error`, thrown while parsing `arguments` (the command line without the
    /// executable's name).
    init(for error: any Error, arguments: [String]) {
        hint = Self.hint(for: arguments)
        let brief = Flipbook.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        // ArgumentParser's "Help:" line: the option's synopsis and abstract (what it takes).
        let full = Flipbook.fullMessage(for: error, columns: 10_000)
        let abstract = full.split(separator: "\n").first { $0.hasPrefix("Help:") }.flatMap { line in
            line.range(of: "  ", range: line.index(line.startIndex, offsetBy: 6)..<line.endIndex).map {
                String(line[$0.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
        }
        let reworded = Self.reworded(brief, abstract: abstract)
        message = reworded + Self.doubleDashAdvice(reworded, arguments: arguments)
    }

    /// How to give a text that starts with `-` (a note's "-50% off"), added to `message` when the
    /// mistake looks like one: an "unknown option" that is no option's shape (a space, a `%`), or a
    /// missing option given after `--`, where every word is text. Empty otherwise.
    static func doubleDashAdvice(_ message: String, arguments: [String]) -> String {
        if let name = message.captures(#"^unknown option '(.+)'$"#)?[0], name.captures(#"^--?[A-Za-z][A-Za-z0-9-]*(=.*)?$"#) == nil {
            return "; a text starting with '-' goes after '--', at the end, once every option is given (… -o OUT.png -- '\(name)')"
        }
        if message.hasPrefix("missing "), let dash = arguments.firstIndex(of: "--"),
           let option = arguments[(dash + 1)...].first(where: { $0.captures(#"^--?[A-Za-z][A-Za-z0-9-]*(=.*)?$"#) != nil }) {
            return "; every word after '--' is an argument (a file, a folder, a text), so \(option) after it was not read as an option: "
                + "give the options first, then '--', then the arguments"
        }
        if message.hasPrefix("unexpected argument"), commandNames(arguments).last == "note" {
            return "; a note's text is one argument: quote it ('Tap to explode'), or give its words last, after '--'"
        }
        return ""
    }

    /// `hint: flipbook assemble --help lists its options`: the `--help` of the command `arguments` run.
    static func hint(for arguments: [String]) -> String {
        let command = commandNames(arguments)
        return "hint: \(command.joined(separator: " ")) --help lists \(command.count == 1 ? "the commands" : "its options")"
    }

    /// `flipbook`, then the command and generator words `arguments` starts with (`flipbook generate
    /// explosion`): the command whose `--help` the hint names.
    static func commandNames(_ arguments: [String]) -> [String] {
        var names = [Flipbook._commandName]
        var command: any ParsableCommand.Type = Flipbook.self
        for word in arguments {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            names.append(word)
            command = next
        }
        return names
    }

    /// ArgumentParser's sentence in Flipbook's words; a sentence of Flipbook's own (a `validate()`
    /// error) as it is.
    static func reworded(_ text: String, abstract: String?) -> String {
        let takes = abstract.map { "; it takes: \(Self.sentence($0))" } ?? ""
        if let parts = text.captures(#"^Unknown option '([^']+)'(?:\. Did you mean '([^']+)'\?)?$"#) {
            return "unknown option '\(parts[0])'" + (parts[1].isEmpty ? "" : "; did you mean '\(parts[1])'?")
        }
        if let parts = text.captures(#"^Missing value for '(\S+)(?: <[^>]*>)?'$"#) {
            return "\(parts[0]) needs a value after it\(takes)"
        }
        if let parts = text.captures(#"^The value '(.*)' is invalid for '(\S+)(?: <[^>]*>)?'(?:[:.] ?(.*))?$"#) {
            var fix = takes
            // An enumeration's values: "Please provide one of 'a', 'b' or 'c'." → "one of a, b or c".
            if let values = parts[2].captures(#"Please provide one of (.*)\.$"#)?[0] {
                fix = "; it takes one of \(values.replacingOccurrences(of: "'", with: ""))"
                // A near value (`centre`) gets its "did you mean", as an unknown option does.
                if let near = Suggestion.nearest(to: parts[0], among: Self.quoted(in: values)) { fix += "; did you mean '\(near)'?" }
            } else if parts[2].isEmpty || parts[2] == DecimalNumber.refusal(parts[0]), let form = OptionRefusal.misWritten(parts[0]) {
                // A number with a space before or after it (`' 5'`, a shell variable's padding), other digits, separators.
                fix = "; it takes " + form + (abstract.map { ": " + Self.sentence($0) } ?? "")
            } else if !parts[2].isEmpty, fix.isEmpty {
                fix = " (\(parts[2]))"
            } else if parts[2].isEmpty, Double(parts[0]) != nil, !parts[0].hasPrefix("-") {
                // A number the option refused as it parsed (a negative one says the option's own range):
                // it takes a whole number, in digits, that an Int holds.
                let digits = parts[0].allSatisfy { $0.isASCII && $0.isNumber }
                let whole = digits ? "a whole number of at most \(Int.max)" : "a whole number written in digits"
                fix = "; it takes " + whole + (abstract.map { ": " + Self.sentence($0) } ?? "")
            }
            return "\(parts[1]) does not take '\(parts[0])'\(fix)"
        }
        if let parts = text.captures(#"^Missing expected argument '([^' ]+)(?: \.\.\.)?'$"#) {
            return "missing \(parts[0])\(takes)"
        }
        if let parts = text.captures(#"^(?:Unexpected arguments?:?|[0-9]+ unexpected arguments:) (.*)$"#) {
            // Several files of one folder: a shell expanded `frames/*.png` into them (round 68t).
            let names = parts[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " '")) }
            if names.count >= 1, names.allSatisfy({ FileIO.isRegularFile($0) }), Set(names.map(FileIO.parentDirectory(of:))).count == 1 {
                return "unexpected argument \(parts[0]): this command takes one input, not a list of files (did the shell expand a `*`?); "
                    + "give their folder or their prefix (`frames/walk`), or quote the pattern"
            }
            return "unexpected argument \(parts[0]) (a command takes its inputs before or after its options, not in place of an option's value)"
        }
        if let parts = text.captures(#"^The option '([^']+)' does not take any value, but '(.*)' was specified\.$"#) {
            return "\(parts[0]) is a flag and takes no value (got '\(parts[1])'); give it alone"
        }
        // Any other sentence of ArgumentParser's starts in upper case; Flipbook's own start with
        // a flag or a lower-case word (an acronym keeps its case).
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// The values between single quotes in `text` (`'a', 'b' or 'c'` → a, b, c).
    private static func quoted(in text: String) -> [String] {
        text.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// An abstract as part of a sentence: no full stop at its end, its first letter lower case.
    static func sentence(_ abstract: String) -> String {
        // The first sentence only: what the option takes, not the help's explanation after it.
        var first = abstract[...]
        if let end = abstract.firstRange(of: /\. \p{Lu}/) { first = abstract[..<end.lowerBound] }
        var text = first.hasSuffix(".") ? String(first.dropLast()) : String(first)
        // `The …`, and `A …` (a word of one letter); an acronym (`PNG …`) keeps its case.
        if let first = text.first, first.isUppercase, let second = text.dropFirst().first, second.isLowercase || second == " " {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }
}

private extension String {
    /// The groups of `pattern`'s first match over the whole string ("" for a group that took
    /// no part), or `nil` when it does not match.
    func captures(_ pattern: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]),
              let match = regex.firstMatch(in: self, range: NSRange(startIndex..., in: self)) else { return nil }
        return (1..<max(match.numberOfRanges, 1)).map { index in
            Range(match.range(at: index), in: self).map { String(self[$0]) } ?? ""
        }
    }
}
