import Foundation
import Testing

/// Every command's `--help` prints each example whole on one line at 80 columns (the width help is
/// wrapped to when standard output is no terminal), so it can be copied: `assemble --help` wrapped
/// `… --quality` / `high`, `sheet --help` two examples and `generate --help` one (issue 44).
@Suite("--help examples are whole lines")
struct HelpExamplesTests {
    /// Each command (and generator) with the number of examples its help gives.
    static let commands: [(command: [String], examples: Int)] = [
        (["info"], 2), (["validate"], 5), (["assemble"], 5), (["frames"], 5), (["generate"], 5), (["draw"], 2), (["render"], 3),
        (["blur"], 4), (["slice"], 2), (["resize"], 2), (["note"], 3), (["sheet"], 7), (["build"], 4), (["preview"], 3),
        (["generate", "seagull"], 0), (["generate", "explosion"], 0), (["generate", "scatter"], 0), (["generate", "stroke"], 0),
    ]

    @Test func everyCommandIsListed() {
        #expect(Self.commands.filter { $0.command.count == 1 }.map(\.command[0]) == CLIDocsAgreeTests.commands)
        #expect(Self.commands.filter { $0.command.count == 2 }.map(\.command[1]) == CLIDocsAgreeTests.generators)
        #expect(Self.commands.count == 18)
    }

    @Test(arguments: commands)
    func examplesAreNotBrokenAcrossLines(command: [String], examples: Int) throws {
        let help = try CLI.run(command + ["--help"])
        #expect(help.status == 0)
        let lines = help.stdout.components(separatedBy: "\n")
        // The lines of the block under "Examples:" (or "Example:"), up to its blank line.
        var block: [String] = []
        if let start = lines.firstIndex(where: { $0 == "Examples:" || $0 == "Example:" }) {
            block = Array(lines[(start + 1)...].prefix { !$0.isEmpty })
        }
        #expect(block.count == examples, "\(block)")
        for line in block {
            #expect(line.hasPrefix("  flipbook \(command[0]) "), "a continuation of the example before: '\(line)'")
            #expect(line.count <= 80, "wraps on an 80-column terminal: '\(line)'")
        }
    }
}
