import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `flipbook`: the command-line front of the Flipbook libraries.
///
/// Exit codes (DESIGN.md §3): 0 success; 1 the work ran and found problems; 2 usage error;
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
        version: "0.1.0",
        subcommands: [Info.self, Validate.self, Assemble.self, Frames.self, Generate.self, Draw.self, BlurCommand.self, SliceCommand.self, ResizeCommand.self, Sheet.self]
    )

    /// Runs like `ParsableCommand.main()`, but maps argument errors to exit code 2 (the contract's
    /// usage error) instead of ArgumentParser's 64.
    static func main() {
        ProcessPolicy.apply()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Glibc.exit(0)
            }
            if !message.isEmpty { Console.error(message) }
            Glibc.exit(code == .validationFailure ? ExitStatus.usage : code.rawValue)
        }
    }
}

/// The exit codes of the CLI contract.
enum ExitStatus {
    static let problemsFound: Int32 = 1
    static let usage: Int32 = 2
    static let inputUnreadable: Int32 = 3
    static let outputUnwritable: Int32 = 4
}
