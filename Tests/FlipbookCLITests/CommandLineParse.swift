import ArgumentParser
@testable import flipbook

/// Parses a command line in this process as `flipbook` does (``Flipbook/main()``: the same
/// commands, options, transforms and `validate()`s, and ``UsageMessage`` for the words), without
/// running the command: a refusal found while parsing costs microseconds instead of a process.
enum CommandLineParse {
    /// The argument mistake `arguments` (without the executable's name) makes while parsing —
    /// what `flipbook` prints as `error: message` and `hint` with exit 2 — or `nil` when the
    /// command line parses (the command would run).
    static func refusal(_ arguments: [String]) -> (message: String, hint: String)? {
        if let problem = Flipbook.misplacedCommand(arguments) { return problem }
        do {
            _ = try Flipbook.parseAsRoot(arguments)
            return nil
        } catch {
            // --help and the like are no mistake; every other parse error is exit 2 in `main`.
            guard Flipbook.exitCode(for: error) == .validationFailure else { return nil }
            let usage = UsageMessage(for: error, arguments: arguments)
            return (usage.message, usage.hint)
        }
    }

    /// ``refusal(_:)``'s sentence without what the option takes (no help text is rendered to find
    /// it: a third of the time of a refusal in a debug build), or `nil` when `arguments` parse.
    static func briefRefusal(_ arguments: [String]) -> String? {
        do {
            _ = try Flipbook.parseAsRoot(arguments)
            return nil
        } catch {
            guard Flipbook.exitCode(for: error) == .validationFailure else { return nil }
            return UsageMessage.reworded(Flipbook.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines), abstract: nil)
        }
    }
}
