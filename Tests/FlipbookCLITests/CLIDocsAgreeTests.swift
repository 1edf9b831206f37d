import Foundation
import Testing
import TestSupport

/// `docs/CLI.md` and each command's `--help` name the same options (issue 33): a flag a command
/// takes that its section does not mention, or a section naming a flag the command does not take,
/// fails here. Resource limits are in the rules' table, whose last column names the commands that
/// apply each one; `--help` must list exactly those.
@Suite("docs/CLI.md and --help agree")
struct CLIDocsAgreeTests {
    static let commands = ["info", "validate", "assemble", "frames", "generate", "draw", "render", "blur", "slice", "resize", "note", "sheet", "build", "preview"]
    static let generators = ["seagull", "explosion", "scatter", "stroke"]

    static var manual: String { (try? String(contentsOfFile: CLI.repository + "/docs/CLI.md", encoding: .utf8)) ?? "" }

    /// The `--flags` of the option column of a help text.
    static func helpFlags(_ help: String) -> Set<String> {
        var flags = Set<String>()
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            let column = String(line.drop { $0 == " " }).components(separatedBy: "  ").first ?? ""
            for match in column.matches(of: /--[a-z0-9][a-z0-9-]*/) { flags.insert(String(match.output)) }
        }
        return flags.subtracting(["--help", "--version"])
    }

    /// The `--flags` a section of the manual names (`-o` is `--output`).
    static func documentedFlags(_ section: String) -> Set<String> {
        var flags = Set(section.matches(of: /--[a-z0-9][a-z0-9-]*/).map { String($0.output) })
        if section.contains(" -o ") || section.contains("`-o") { flags.insert("--output") }
        return flags.subtracting(["--help", "--version"])
    }

    /// The manual's section for `command`, from its heading to the next.
    static func section(_ command: String) -> String {
        let parts = manual.components(separatedBy: "\n## ")
        return parts.first { $0.hasPrefix("`\(command)`") } ?? ""
    }

    /// Limit flag → the commands the rules' table says apply it.
    static func limitRows() -> [String: Set<String>] {
        var rows: [String: Set<String>] = [:]
        for line in manual.split(separator: "\n") where line.hasPrefix("  | `--max-") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard let flag = cells.first?.matches(of: /--[a-z-]+/).first.map({ String($0.output) }), let applies = cells.last else { continue }
            rows[flag] = Set(applies.matches(of: /`([a-z]+)`/).map { String($0.output.1) })
        }
        return rows
    }

    @Test func everyCommandIsCovered() throws {
        let top = try CLI.run(["--help"])
        // The block under SUBCOMMANDS:, up to its blank line.
        let block = top.stdout.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let listed = block.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        #expect(listed == Self.commands)
        #expect(listed.count == 14)
        #expect(Self.limitRows().count == 7, "\(Self.limitRows())")
    }

    @Test(arguments: commands)
    func theSectionNamesEveryFlagAndNoOther(command: String) throws {
        let helps = command == "generate" ? try Self.generators.map { try CLI.run(["generate", $0, "--help"]).stdout }
                                          : [try CLI.run([command, "--help"]).stdout]
        let offered = helps.map(Self.helpFlags).reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(!offered.isEmpty)
        let limits = Self.limitRows()
        let section = Self.section(command)
        #expect(!section.isEmpty, "no `## \\`\(command)\\`` section in docs/CLI.md")
        let documented = Self.documentedFlags(section).subtracting(limits.keys)
            .union(limits.filter { $0.value.contains(command) }.keys)
        #expect(offered.subtracting(documented).sorted() == [], "in `\(command) --help`, not in docs/CLI.md")
        #expect(documented.subtracting(offered).sorted() == [], "in docs/CLI.md's `\(command)` section, not in --help")
    }
}
