import ArgumentParser
import Basics
import Pipeline

/// `flipbook`: the command-line front of the Flipbook libraries.
///
/// Exit codes (``ExitStatus``): 0 success; 1 the work ran and found problems; 2 usage error;
/// 3 input unreadable or corrupt; 4 output could not be written.
@main
struct Flipbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Sprite animation and frame-sequence toolkit.",
        discussion: """
            Exit codes: 0 success, 1 problems found, 2 usage error, 3 input unreadable or corrupt, \
            4 output could not be written.
            """,
        version: BuildJob.version,
        subcommands: [Info.self, Validate.self, Assemble.self, Frames.self, Generate.self, Draw.self, Render.self, BlurCommand.self, SliceCommand.self, ResizeCommand.self, NoteCommand.self, Sheet.self, Build.self, PreviewCommand.self]
    )

    /// Runs like `ParsableCommand.main()`, with the contract's exit codes: argument errors are 2
    /// (ArgumentParser's own would be 64), and every error a command throws is printed once and
    /// mapped by ``ExitStatus/init(for:)``.
    static func main() {
        ProcessPolicy.apply()
        // A folder another run is committing into, held for long (that run stopped): said, not a silent hang.
        FolderWait.onWait { Console.error("note: \($0)") }
        // Ctrl-C ended a sequence's blur with 130 and not a word (`build` says more, in its own line).
        ProcessPolicy.sayOnInterrupt {
            "interrupted: its temporary files are removed, and every output is whole: as it was, or as this run "
                + "wrote it when the interrupt came while it was putting its files in place"
        }
        // With --json an interrupt still prints one object, as a failure does (`build` says more),
        // from the moment the interrupt is taken.
        if wantsJSON {
            ProcessPolicy.printOnInterrupt { status in
                Console.printedJSON.value ? nil : try? Console.jsonString(JSONFailure(error: "interrupted", exitCode: status))
            }
        }
        // The build, not only the version: the executable's digest, which builds record as their
        // tool — after a command's name too (`flipbook build --version`), where ArgumentParser
        // printed the version alone.
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.last == "--version", arguments.dropLast().allSatisfy({ !$0.hasPrefix("-") }) {
            let tool = BuildJob.runningTool.split(separator: " ")
            print(tool.count == 3 ? "\(tool[1]) (executable sha256 \(tool[2]))" : BuildJob.version)
            ProcessPolicy.exit(ExitStatus.success.rawValue)
        }
        if let invalid = ArgumentEncoding.firstInvalid() {
            Console.error("error: \(invalid)")
            failInJSON(invalid, status: .usage)
            ProcessPolicy.exit(ExitStatus.usage.rawValue)
        }
        if let problem = misplacedCommand(Array(CommandLine.arguments.dropFirst())) {
            Console.error("error: \(problem.message)\n\(problem.hint)")
            failInJSON(problem.message, status: .usage)
            ProcessPolicy.exit(ExitStatus.usage.rawValue)
        }
        // `validate -dash` would be `-d -a -s -h`, so `--help`, exit 0, nothing checked: refused first.
        let given = Array(CommandLine.arguments.dropFirst())
        if let dashed = UnknownOption.dashedWord(in: given) {
            let message = dashed.message + dashed.dashedAdvice(command: UsageMessage.commandNames(given).joined(separator: " "))
            Console.error("error: \(message)\n\(UsageMessage.hint(for: given))")
            failInJSON(message, status: .usage)
            ProcessPolicy.exit(ExitStatus.usage.rawValue)
        }
        // `--fps 12 … --fps 24` would keep the last without a word.
        if let repeated = RepeatedOption.first(in: given) {
            Console.error("error: \(repeated.message)\n\(UsageMessage.hint(for: given))")
            failInJSON(repeated.message, status: .usage)
            ProcessPolicy.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot()
            // The folders a command reads are held until it has read them (a commit into one waits).
            try FolderReads.reading { try command.run() }
        } catch let code as ExitCode {
            if code.rawValue != 0 { ProcessPolicy.removeEmptyFoldersMadeForOutputs() }
            ProcessPolicy.exit(code.rawValue)
        } catch {
            switch exitCode(for: error) {
            case .success:
                // --help, --version, and `flipbook help`, which throws its text from run().
                let message = fullMessage(for: error)
                if !message.isEmpty { print(message) }
                ProcessPolicy.exit(ExitStatus.success.rawValue)
            case .validationFailure:
                // One style for every argument mistake: `error: …` and a hint, not the usage text.
                // A misspelt option is the mistake to name, before a required option it leaves missing.
                let arguments = Array(CommandLine.arguments.dropFirst())
                var usage = UsageMessage(for: error, arguments: arguments)
                if let unknown = UnknownOption.first(in: arguments) { usage.message = unknown.message }
                Console.error("error: \(usage.message)\n\(usage.hint)")
                failInJSON(usage.message, status: .usage)
                ProcessPolicy.exit(ExitStatus.usage.rawValue)
            default:
                // A command that failed leaves no empty folder it made for its output (never one
                // that was there before: only the folders this process made, only when empty).
                ProcessPolicy.removeEmptyFoldersMadeForOutputs()
                // ArgumentParser's own wrapper (an error from a `validate()`) speaks through it.
                let message = String(describing: type(of: error)) == "CommandError" ? fullMessage(for: error) : "error: \(CLIWording.message(for: error))"
                // A value found wrong only once the work began (2 delays for 4 frames, a size over
                // --max-pixels) is an argument mistake like the others: the same hint line.
                let hint = CLIWording.isArgumentMistake(error)
                    ? "\n" + UsageMessage(for: error, arguments: Array(CommandLine.arguments.dropFirst())).hint : ""
                if message != "error: " { Console.error(message + hint) }
                failInJSON(message, status: ExitStatus(for: error))
                ProcessPolicy.exit(ExitStatus(for: error).rawValue)
            }
        }
    }

    /// What is wrong when the first word is not a command (`flipbook assmble x -o y`, which
    /// ArgumentParser reports as "Unknown option '-o'"), or `generate` is given an option before
    /// its generator, with the `hint:` line of every argument mistake; `nil` otherwise.
    static func misplacedCommand(_ arguments: [String]) -> (message: String, hint: String)? {
        guard let problem = misplacedCommandSentence(arguments) else { return nil }
        let generate = arguments.first == Generate._commandName
        return (problem, generate ? "hint: flipbook generate --help lists the generators" : "hint: flipbook --help lists the commands")
    }

    /// `unknown command 'assmble'; did you mean 'assemble'?`, or with no command near the word,
    /// the commands there are.
    static func unknownCommand(_ word: String, among commands: [String]) -> String {
        let guess = Suggestion.nearest(to: word, among: commands).map { "did you mean '\($0)'?" }
            ?? "the commands are \(commands.filter { $0 != "help" }.joined(separator: ", "))"
        return "unknown command '\(word)'; \(guess)"
    }

    /// The sentence of ``misplacedCommand(_:)``.
    private static func misplacedCommandSentence(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        guard commands.contains(first) else { return unknownCommand(first, among: commands) }
        if first == Generate._commandName, let second = arguments.dropFirst().first, second != "-h", second != "--help" {
            let generators = Generate.configuration.subcommands.map { $0._commandName }
            if second.hasPrefix("-") {
                return "generate takes a generator first: \(generators.joined(separator: ", ")) (e.g. flipbook generate \(generators[0]) \(arguments.dropFirst().joined(separator: " ")))"
            }
            if !generators.contains(second) && second != "help" {
                let guess = Suggestion.nearest(to: second, among: generators).map { "; did you mean '\($0)'?" } ?? ""
                return "unknown generator '\(second)'\(guess) (generators: \(generators.joined(separator: ", ")))"
            }
        }
        if first == "help", let second = arguments.dropFirst().first, !second.hasPrefix("-"), !commands.contains(second) {
            return unknownCommand(second, among: commands)
        }
        return nil
    }

    /// Whether the command line asks for JSON (`--json`, or `--format json`).
    static var wantsJSON: Bool {
        let arguments = CommandLine.arguments
        return arguments.contains("--json") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }

    /// A failure as `--json` prints it.
    private struct JSONFailure: Encodable { var error: String, exitCode: Int32 }

    /// With `--json` (or `--format json`), a failure is also a JSON object on standard output —
    /// `{"error": "…", "exitCode": 3}` — so a script reading the output gets JSON either way.
    /// Nothing when the command printed its JSON already (validate's problems, info's unreadable
    /// inputs).
    static func failInJSON(_ message: String, status: ExitStatus) {
        guard wantsJSON, !Console.printedJSON.value else { return }
        var text = CLIWording.inCLIWords(message.hasPrefix("error: ") ? String(message.dropFirst(7)) : message)
        if text.hasPrefix("Error: ") { text = String(text.dropFirst(7)) }
        // ArgumentParser's usage lines belong to the terminal, not to the JSON.
        if let usage = text.range(of: "\nUsage:") { text = String(text[..<usage.lowerBound]) }
        // An empty message: the command reported its failures already (info's JSON lists them).
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        if let json = try? Console.jsonString(JSONFailure(error: text.trimmingCharacters(in: .whitespacesAndNewlines), exitCode: status.rawValue)) {
            print(json)
        }
    }
}
