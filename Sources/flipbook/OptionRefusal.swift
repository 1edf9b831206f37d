import ArgumentParser
import Foundation

/// A value a command's own check refuses, in the one style of every argument mistake
/// (docs/CLI.md, ``UsageMessage``): `--scale does not take '4'; it takes: 1…3, the @Nx files to
/// pick`. ArgumentParser's own refusals are reworded into the same sentence; a command's
/// `validate()` builds it here, so the option, the value as given and what the option takes are
/// always named, and `main` adds the `hint:` line (exit 2).
enum OptionRefusal {
    /// `flag` does not take `value`; it takes `takes` (a phrase: `1…3, the @Nx files to pick`).
    static func error(_ flag: String, _ value: String, takes: String) -> ValidationError {
        ValidationError(sentence(flag, value, takes: takes))
    }

    /// ``error(_:_:takes:)`` for a number, as the user wrote it on the command line (`0.00001`,
    /// not `1e-05`), else written as the user would write it (`4`, `0.5`).
    static func error(_ flag: String, _ value: Double, takes: String) -> ValidationError {
        let given = CLIWording.value(of: flag, in: Array(CommandLine.arguments.dropFirst())).flatMap { text in
            Double(text.trimmingCharacters(in: .whitespaces)) == value ? text : nil
        }
        return error(flag, given ?? number(value), takes: takes)
    }

    /// ``error(_:_:takes:)`` saying what the option takes in the words of its `help`, as
    /// ArgumentParser's own refusal of it is reworded (``UsageMessage``): `--downsample 0.5` and
    /// `--downsample nan` get one sentence (they got two wordings of one range).
    static func error(_ flag: String, _ value: Double, help: String) -> ValidationError {
        error(flag, value, takes: UsageMessage.sentence(help))
    }

    /// ``error(_:_:takes:)`` for a whole number, as the user wrote it (`-0`, `007`) when it was.
    static func error(_ flag: String, _ value: Int, takes: String) -> ValidationError {
        let given = CLIWording.value(of: flag, in: Array(CommandLine.arguments.dropFirst())).flatMap { text in
            Int(text.trimmingCharacters(in: .whitespaces)) == value ? text : nil
        }
        return error(flag, given ?? String(value), takes: takes)
    }

    /// One item of a list or size refused: `--insets does not take '0x10' (in '4,0x10,4,4'); it
    /// takes: …` names the item and the whole value it was found in.
    static func error(_ flag: String, item: some StringProtocol, in whole: String, takes: String) -> ValidationError {
        let item = String(item)
        // `--size 10x`: a part left out is said so (it was "does not take ''").
        if item.trimmingCharacters(in: .whitespaces).isEmpty, !whole.isEmpty {
            return ValidationError("\(flag) does not take '\(whole)': a part of it is missing; it takes: \(takes)")
        }
        return ValidationError(item == whole ? sentence(flag, whole, takes: takes)
                                             : "\(flag) does not take '\(item)' (in '\(whole)'); it takes: \(takes)")
    }

    /// The sentence.
    static func sentence(_ flag: String, _ value: String, takes: String) -> String {
        "\(flag) does not take '\(value)'; it takes: \(takes)"
    }

    /// How a number is to be written when `value`, refused by an option that takes one number
    /// (ArgumentParser's refusals, ``UsageMessage``; never a list), is one written another way — spaces around it,
    /// digits other than 0–9 (`５`, `١٢`), separators between its digits (`5,000`, `1_000`) — else nil.
    static func misWritten(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed != value, !trimmed.isEmpty, Double(trimmed) != nil { return "a number written without spaces" }
        if value.contains(where: { $0.isNumber && !$0.isASCII }) { return "a number written in the digits 0–9" }
        // A decimal comma (`1,5`; `1,500` is read as thousands).
        if value.range(of: #"^[+-]?[0-9]+,([0-9]{1,2}|[0-9]{4,})$"#, options: .regularExpression) != nil {
            return "a number written with a decimal point (\(value.replacingOccurrences(of: ",", with: ".")))"
        }
        // Thousands set apart by a comma, an underscore, an apostrophe or a space (`1 000`, and the
        // no-break and thin spaces a word processor puts there).
        if value.range(of: #"^[+-]?[0-9]+([,_' \x{A0}\x{202F}\x{2009}][0-9]+)+(\.[0-9]+)?$"#, options: .regularExpression) != nil {
            return "a number written without separators (\(value.filter { !",_' \u{A0}\u{202F}\u{2009}".contains($0) }))"
        }
        // The minus sign U+2212 (and dashes) a text editor or a document gives for a hyphen.
        if let first = value.first, "\u{2212}\u{2013}\u{2014}\u{FE63}\u{FF0D}".contains(first), Double(value.dropFirst()) != nil {
            return "a number whose minus is the hyphen - (\("-" + value.dropFirst()))"
        }
        return nil
    }

    /// `4`, `0.5`, `1e-09`: a whole number without `.0`.
    static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
