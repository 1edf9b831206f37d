import Foundation
import Testing
import TestSupport

/// What users of a CLI expect: shell completions generated from the argument parser that name
/// every command (Scripts/cli-docs writes them with the man page), and `--version` naming the build.
@Suite("Shell completions, the manual's source and --version")
struct CompletionAndVersionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommand(shell: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.count > 1000)
        for command in CLIDocsAgreeTests.commands {
            #expect(result.stdout.contains(command), "\(shell) completes \(command)")
        }
        // Options of a command, and the generators under generate.
        for word in ["shard", "merge", "deep", "engine", "seagull"] {
            #expect(result.stdout.contains(word), "\(shell) completes \(word)")
        }
    }

    /// The bash script completes in bash: a command from its first letters, an option of it.
    @Test func bashCompletesACommandAndItsOptions() throws {
        let folder = try Fixtures.temporaryFolder("completion")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = try CLI.run(["--generate-completion-script", "bash"]).stdout
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.bash"))
        func complete(_ words: [String]) throws -> String {
            let line = words.joined(separator: " ")
            let bash = Process()
            bash.executableURL = URL(fileURLWithPath: "/bin/bash")
            bash.arguments = ["-c", """
                source "$0"; COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'; COMP_POINT=\(line.count); _flipbook flipbook '\(words.last!)' '\(words[words.count - 2])'
                printf '%s\\n' "${COMPREPLY[@]}"
                """, folder + "/flipbook.bash"]
            let pipe = Pipe()
            bash.standardOutput = pipe
            try bash.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            bash.waitUntilExit()
            return output
        }
        #expect(try complete(["flipbook", "va"]).split(separator: "\n") == ["validate"])
        #expect(try complete(["flipbook", "validate", "--sh"]).split(separator: "\n").contains("--shard"))
        #expect(try complete(["flipbook", "build", "--"]).split(separator: "\n").contains("--shard"))
    }

    /// The man page's source: the parser's description of every command (GenerateManual reads it).
    @Test func theManualsSourceDescribesEveryCommand() throws {
        let result = try CLI.run(["--experimental-dump-help"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let command = object?["command"] as? [String: Any]
        let names = (command?["subcommands"] as? [[String: Any]])?.compactMap { $0["commandName"] as? String } ?? []
        #expect(names.filter { $0 != "help" } == CLIDocsAgreeTests.commands)
    }

    /// `--version` names the build: the version and the SHA-256 of this executable, the tool a
    /// build records in `.flipbook-build/state.json`.
    @Test func versionNamesTheBuild() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        let match = line.wholeMatch(of: /0\.1\.0 \(executable sha256 ([0-9a-f]{64})\)/)
        #expect(match != nil, "\(line)")
        let digest = Process()
        digest.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        digest.arguments = [CLI.executable.resolvingSymlinksInPath().path]
        let pipe = Pipe()
        digest.standardOutput = pipe
        try digest.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        digest.waitUntilExit()
        #expect(output.hasPrefix(match.map { String($0.output.1) } ?? "-"))
        // After a command's name the same line (it printed "0.1.0" alone there).
        for command in [["build"], ["generate", "seagull"], ["assemble"]] {
            let after = try CLI.run(command + ["--version"])
            #expect(after.status == 0 && after.stdout.trimmingCharacters(in: .newlines) == line, "\(command): \(after.stdout)")
        }
    }
}
