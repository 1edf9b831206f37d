import ArgumentParser
import Basics
import Foundation
import Synchronization

/// The first long option on a command line that its command does not have (`blur DIR -o x
/// --sigm 2`), looked for before anything else is reported. ArgumentParser reports a missing
/// required option or a failed `validate()` first, so a misspelt required option read "give
/// --sigma or --preset." or "missing expected argument '--chrome'"; the misspelling is the mistake
/// to name: "unknown option '--sigm'; did you mean '--sigma'?".
struct UnknownOption {
    /// The option as given, without any `=value`.
    var name: String
    /// The command's option nearest to it, if one is near.
    var suggestion: String?

    /// The sentence after `error: `, in the words ``UsageMessage`` gives ArgumentParser's own.
    var message: String {
        if let now = Self.renamed[name] { return "unknown option '\(name)': it is now \(now)" }
        return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// Options renamed, with what they are now: a script written for the old name is told the new one.
    static let renamed = ["--max-drawn-segments": "--max-drawing-work (counted in pixels' worth of drawing, no longer path segments)"]

    /// The first unknown long option in `arguments` (the command line without the executable's
    /// name), or `nil`. The words after an option that takes a value are its value, and nothing
    /// after `--` is an option.
    static func first(in arguments: [String]) -> UnknownOption? { scan(arguments).long }

    /// The first word of `arguments` that starts with one `-` and is longer than an option of one
    /// letter (`-dash`, `-hx.gif`), or is a one-letter option the command does not have (`-x`:
    /// ArgumentParser said "missing <directories>"), where no option's value is expected and
    /// before `--`; `nil` when there is none. ArgumentParser reads such a word as short flags run together — `-dash`
    /// as `-d -a -s -h`, so as `--help`, exit 0, nothing checked — while Flipbook's only short
    /// options are `-o` and `-h`: it is a name starting with `-`, or a mistake.
    static func dashedWord(in arguments: [String]) -> UnknownOption? { scan(arguments).dashed }

    /// One walk over the words of `arguments` that may be options: the first unknown long option,
    /// and the first word of one dash that is no option of the command and no negative number.
    private static func scan(_ arguments: [String]) -> (long: UnknownOption?, dashed: UnknownOption?) {
        guard let (rest, shapes) = commandShapes(of: arguments) else { return (nil, nil) }
        var long: UnknownOption?, dashed: UnknownOption?
        for option in optionWords(rest, shapes: shapes) where option.shape == nil {
            if option.word.hasPrefix("--"), option.word.count > 2 {
                if long == nil {
                    long = UnknownOption(name: option.name,
                                         suggestion: Suggestion.nearest(to: option.name, among: shapes.keys.filter { $0.hasPrefix("--") }.sorted()))
                }
            } else if !option.word.hasPrefix("--"), dashed == nil, Double(option.word) == nil {
                // `validate -x`: ArgumentParser said "missing <directories>", not what was wrong;
                // a negative number is a value (`--fps -5` is refused by its option, with its range).
                dashed = UnknownOption(name: option.word, suggestion: nil)
            }
        }
        return (long, dashed)
    }

    /// A word of a command line that may be an option: as given, its name (`--fps` of
    /// `--fps=12`), its ``Shape`` (`nil`: the command has no such option) and the value it took.
    struct OptionWord {
        var word: String
        var name: String
        var shape: Shape?
        var value: String?
    }

    /// The words of `rest` that start with `-`, in order: a value after an option that takes one
    /// is its value, not a word of its own; nothing after `--` is looked at. A word of one dash
    /// and several letters (`-dash`) is its own name.
    static func optionWords(_ rest: ArraySlice<String>, shapes: [String: Shape]) -> [OptionWord] {
        var words: [OptionWord] = []
        var index = rest.startIndex
        while index < rest.endIndex {
            let word = rest[index]
            index += 1
            if word == "--" { break }
            guard word.hasPrefix("-"), word.count > 1 else { continue }
            let parts = word.hasPrefix("--") || word.count == 2 ? word.split(separator: "=", maxSplits: 1).map(String.init) : [word]
            let shape = shapes[parts[0]]
            var value: String?
            if shape?.takesValue == true {
                if parts.count == 2 {
                    value = parts[1]
                } else if index < rest.endIndex {
                    value = rest[index]
                    index += 1
                }
            }
            words.append(OptionWord(word: word, name: parts[0], shape: shape, value: value))
        }
        return words
    }

    /// The advice after ``message`` for a ``dashedWord(in:)``: how to name a file or folder
    /// (or, for `note`, a text) that starts with `-`.
    func dashedAdvice(command: String) -> String {
        command.hasSuffix(" note")
            ? "; a text starting with '-' goes after '--', at the end, once every option is given (… -o OUT.png -- '\(name)')"
            : "; a file or folder whose name starts with '-' is written ./\(name) (Flipbook's short options are -o and -h)"
    }

    /// The command `arguments` run (`generate seagull`'s `SeagullCommand`; `Flipbook` when the
    /// first word names none) and the words after its name.
    private static func command(of arguments: [String]) -> (any ParsableCommand.Type, ArraySlice<String>) {
        var command: any ParsableCommand.Type = Flipbook.self
        var rest = arguments[...]
        while let word = rest.first, let next = command.configuration.subcommands.first(where: { $0._commandName == word }) {
            command = next
            rest = rest.dropFirst()
        }
        return (command, rest)
    }

    /// The command `arguments` run, as typed (`info`, `generate seagull`), and the long names of
    /// its options (`--max-pixels`); `nil` when the first word names no command.
    static func commandAndOptions(in arguments: [String]) -> (name: String, options: Set<String>)? {
        let (command, rest) = Self.command(of: arguments)
        guard command != Flipbook.self, let options = Self.options(of: command) else { return nil }
        return (arguments[..<rest.startIndex].joined(separator: " "), Set(options.keys))
    }

    /// The long names of `command`'s options and flags (`--sigma`), each with whether it takes a
    /// value, from ArgumentParser's own description of the command.
    private static func options(of command: any ParsableCommand.Type) -> [String: Bool]? {
        shapes(of: command)?.mapValues(\.takesValue)
    }

    /// What one option or flag of a command is, as ArgumentParser describes it.
    struct Shape {
        /// Which of the command's arguments it is: `-o` and `--output` are one.
        var argument: Int
        /// Whether a value follows it.
        var takesValue: Bool
        /// Whether it may be given more than once (an array option).
        var repeats: Bool
    }

    /// The command `arguments` run and the words after its name, with every name (`--sigma`,
    /// `-o`) of its options and flags; `nil` when the first word names no command.
    static func commandShapes(of arguments: [String]) -> (rest: ArraySlice<String>, shapes: [String: Shape])? {
        let (command, rest) = Self.command(of: arguments)
        guard command != Flipbook.self, let shapes = Self.shapes(of: command) else { return nil }
        return (rest, shapes)
    }

    /// Every name of `command`'s options and flags with its ``Shape``, from ArgumentParser's own
    /// description of the command.
    private static func shapes(of command: any ParsableCommand.Type) -> [String: Shape]? {
        // Read once a run: ArgumentParser's description of a command is JSON written and read
        // again, 2 % of a short run's instructions when done for each check (speed helper, #48).
        let key = ObjectIdentifier(command)
        if let known = shapesRead.withLock({ $0[key] }) { return known }
        let shapes = readShapes(of: command)
        shapesRead.withLock { $0[key] = shapes }
        return shapes
    }

    /// The shapes read so far this run, by command.
    private static let shapesRead = Mutex<[ObjectIdentifier: [String: Shape]?]>([:])

    private static func readShapes(of command: any ParsableCommand.Type) -> [String: Shape]? {
        struct Dump: Decodable {
            struct Command: Decodable { var arguments: [Argument]? }
            struct Argument: Decodable { var kind: String; var names: [Name]?; var isRepeating: Bool? }
            struct Name: Decodable { var kind: String; var name: String }
            var command: Command
        }
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return nil }
        var shapes: [String: Shape] = ["--help": Shape(argument: -1, takesValue: false, repeats: true),
                                       "-h": Shape(argument: -1, takesValue: false, repeats: true)]
        for (index, argument) in (dump.command.arguments ?? []).enumerated() where argument.kind != "positional" {
            let shape = Shape(argument: index, takesValue: argument.kind == "option", repeats: argument.isRepeating ?? false)
            for name in argument.names ?? [] {
                if name.kind == "long" { shapes["--" + name.name] = shape }
                if name.kind == "short" { shapes["-" + name.name] = shape }
            }
        }
        return shapes
    }
}
