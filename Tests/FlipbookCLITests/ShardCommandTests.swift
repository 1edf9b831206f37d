import Foundation
import Testing
import TestSupport

/// `validate --shard K/N`, `validate --merge`, `build --shard K/N`: the CLI parses and makes one
/// library call; the split and the merge are the library's (ValidationShardTests, BuildShardTests).
@Suite("flipbook validate --shard/--merge, build --shard")
struct ShardCommandTests {
    @Test(arguments: [("0/3", "1/3 … 3/3"), ("4/3", "1/3 … 3/3"), ("1/0", "the number of parts is 1 to"), ("a/b", "is not K/N"),
                      ("-1/3", "is not K/N")])
    func aPartOutsideKOfNIsAUsageError(value: String, expected: String) throws {
        for command in [["validate", "Sequences"], ["build"]] {
            let result = try CLI.run(command + ["--shard", value], in: CLI.repository)
            #expect(result.status == 2, "\(command) --shard \(value): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        }
    }

    /// Three matrix jobs, then the merge job: the merged report is the one run's, byte for byte.
    @Test(arguments: ["json", "sarif", "xml"])
    func threePartsMergeToTheWholeReport(suffix: String) throws {
        let folder = try Fixtures.temporaryFolder("cli-shards")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = try CLI.run(["validate", "Tests/Fixtures/sequences", "-o", "\(folder)/whole.\(suffix)"], in: CLI.repository)
        // The real sequences hold 4 errors (exit 1): each part exits on its own findings, the merge as the whole run.
        #expect(whole.status == 1, "\(whole.stderr)")
        var parts: [String] = []
        for index in 1...3 {
            parts.append("\(folder)/part-\(index).\(suffix)")
            let part = try CLI.run(["validate", "Tests/Fixtures/sequences", "--shard", "\(index)/3", "-o", parts.last!], in: CLI.repository)
            #expect(part.status == 0 || part.status == 1, "\(part.stderr)")
        }
        let merged = try CLI.run(["validate", "--merge"] + parts.reversed() + ["-o", "\(folder)/merged.\(suffix)"], in: CLI.repository)
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stderr.contains("8 sequences, 67 files: 4 errors"), "\(merged.stderr)")
        let expected = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/whole.\(suffix)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/merged.\(suffix)")) == expected)
        // Printed in another format: the parts' record turned into text.
        let text = try CLI.run(["validate", "--merge"] + parts + ["--format", "text"], in: CLI.repository)
        let direct = try CLI.run(["validate", "Tests/Fixtures/sequences"], in: CLI.repository)
        #expect(text.status == 1 && direct.status == 1 && text.stdout == direct.stdout)
    }

    @Test func refusesAMixOfFormatsAndMissingParts() throws {
        let folder = try Fixtures.temporaryFolder("cli-shards-mix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (index, suffix) in [(1, "json"), (2, "sarif")] {
            _ = try CLI.run(["validate", "Tests/Fixtures/sequences", "--shard", "\(index)/2", "-o", "\(folder)/p\(index).\(suffix)"], in: CLI.repository)
        }
        let mixed = try CLI.run(["validate", "--merge", "\(folder)/p1.json", "\(folder)/p2.sarif"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("p2.sarif is a sarif report but \(folder)/p1.json is json"), "\(mixed.stderr)")
        let missing = try CLI.run(["validate", "--merge", "\(folder)/p1.json"])
        #expect(missing.status == 2 && missing.stderr.contains("part 2/2 missing"), "\(missing.stderr)")
        let deep = try CLI.run(["validate", "--merge", "\(folder)/p1.json", "--deep"])
        #expect(deep.status == 2 && deep.stderr.contains("--deep belongs to the runs"), "\(deep.stderr)")
        let text = try CLI.run(["validate", "Tests/Fixtures/sequences", "--shard", "1/1", "-o", "\(folder)/p.txt"], in: CLI.repository)
        #expect(text.status == 1)
        let fromText = try CLI.run(["validate", "--merge", "\(folder)/p.txt"])
        #expect(fromText.status == 2 && fromText.stderr.contains("(--shard K/N with --format json, sarif or junit)"), "\(fromText.stderr)")
    }

    /// docs/ci-shards.yml's commands parse as flipbook parses them (the YAML itself is checked with
    /// Python's yaml at dev time): a flag renamed would leave the sample broken.
    @Test func theSampleWorkflowsCommandsParse() throws {
        let workflow = try String(contentsOfFile: CLI.repository + "/docs/ci-shards.yml", encoding: .utf8)
        let commands = workflow.split(separator: "\n").compactMap { line -> [String]? in
            guard let start = line.range(of: "run: flipbook ") else { return nil }
            var command = String(line[start.upperBound...])
            for end in [" ||", " #"] { if let cut = command.range(of: end) { command = String(command[..<cut.lowerBound]) } }
            return command.replacingOccurrences(of: "${{ matrix.shard }}", with: "2").split(separator: " ").map(String.init)
        }
        #expect(commands.count == 3)
        #expect(commands.contains { $0.contains("--shard") } && commands.contains { $0.contains("--merge") })
        for command in commands { #expect(CommandLineParse.refusal(command) == nil, "\(command)") }
    }

    @Test func buildShardsSayWhatTheOtherPartsBuild() throws {
        let folder = try Fixtures.temporaryFolder("cli-build-shards")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/coin", withIntermediateDirectories: true)
        for name in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/\(name)"), toPath: "\(folder)/coin/\(name)")
        }
        try Data(#"{"targets": {"a": {"validate": "coin", "output": "a.json"}, "b": {"validate": "coin", "output": "b.json"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        var built: [String] = []
        for index in 1...2 {
            let result = try CLI.run(["build", "--shard", "\(index)/2"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("1 built, 0 up to date, 1 left to the other parts of 2"), "\(result.stdout)")
            built += result.stdout.split(separator: "\n").filter { $0.contains(": built") }.map { String($0.prefix(1)) }
        }
        #expect(built.sorted() == ["a", "b"])
        let json = try CLI.run(["build", "--shard", "1/2", "--json", "--force"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["otherShards"] as? [String])?.count == 1, "\(json.stdout)")
    }
}
