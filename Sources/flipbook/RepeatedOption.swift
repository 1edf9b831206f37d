/// An option that takes one value given twice (`assemble … --fps 12 --fps 24`): ArgumentParser
/// keeps the last value without a word, so a CI line that sets a value and a later default
/// line sets it again builds with one of them silently. Found before anything runs, as
/// ``UnknownOption`` is; options that take a list (`--scales`) may repeat.
struct RepeatedOption {
    /// The option as first given (`--fps`, or `-o` for `--output`).
    var name: String
    /// The option as given the second time.
    var again: String
    /// The two values, in the order given.
    var values: (first: String, second: String)

    /// The sentence after `error: `.
    var message: String {
        let spelled = name == again ? "\(name) is given twice" : "\(name) and \(again) both set one option"
        return "\(spelled) ('\(values.first)', then '\(values.second)'): give it once"
    }

    /// The first option of `arguments` (the command line without the executable's name) given a
    /// second value, or `nil`. Nothing after `--` is an option.
    static func first(in arguments: [String]) -> RepeatedOption? {
        guard let (rest, shapes) = UnknownOption.commandShapes(of: arguments) else { return nil }
        var given: [Int: (name: String, value: String)] = [:]
        for option in UnknownOption.optionWords(rest, shapes: shapes) {
            guard let shape = option.shape, shape.takesValue, !shape.repeats, let value = option.value else { continue }
            if let first = given[shape.argument] {
                return RepeatedOption(name: first.name, again: option.name, values: (first.value, value))
            }
            given[shape.argument] = (option.name, value)
        }
        return nil
    }
}
