import Foundation
import Testing
import TestSupport

/// `flipbook validate --uikit` on the real sequences of `Tests/Fixtures/sequences` and on modified
/// copies of them.
@Suite("flipbook validate --uikit")
struct ValidateUIKitCommandTests {
    /// The `uikit.*` rule IDs of a `--json` report, with their counts.
    static func uikitCounts(_ json: String) throws -> [String: Int] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rules = try #require(document["findings"] as? [[String: Any]]).compactMap { $0["rule"] as? String }
        return Dictionary(grouping: rules.filter { $0.hasPrefix("uikit.") }, by: { $0 }).mapValues(\.count)
    }

    /// The real gold coin copied without its frame 2.
    static func coinWithAGap() throws -> String {
        let folder = try Fixtures.temporaryFolder("cli-uikit")
        for n in [1, 3, 4] {
            try FileManager.default.copyItem(atPath: RealSequences.path("kenney-gold-coin") + "/gold_\(n).png",
                                             toPath: "\(folder)/gold_\(n).png")
        }
        return folder
    }

    @Test(arguments: RealSequences.names)
    func eachRealSequenceGivesItsFindings(name: String) throws {
        let expected = try #require(RealSequences.uikitFindings[name])
        let result = try CLI.run(["validate", RealSequences.path(name), "--uikit", "--json"])
        #expect(try Self.uikitCounts(result.stdout) == expected, "\(result.stdout)")
        // The padded and gap findings here are errors; the clean sequences pass.
        #expect(result.status == (expected.isEmpty ? 0 : 1), "\(result.stderr)")

        let plain = try CLI.run(["validate", RealSequences.path(name), "--json"])
        #expect(try Self.uikitCounts(plain.stdout).isEmpty, "uikit rules run only when asked for")
    }

    @Test func paddedRealFramesFailOnlyWithUIKit() throws {
        let folder = RealSequences.path("unity-wispy-smoke-03b-faint")
        #expect(try CLI.run(["validate", folder]).status == 0)
        let result = try CLI.run(["validate", folder, "--uikit"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("uikit.padded  UIKit never loads 8 zero-padded frames (frame-020.png…frame-027.png): "
                                       + "it asks for frame-20, never frame-020"), "\(result.stdout)")
    }

    @Test(arguments: ["text", "json", "github", "sarif", "junit"])
    func everyFormatReportsTheFramesUIKitDrops(format: String) throws {
        let folder = try Self.coinWithAGap()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["validate", folder, "--uikit", "--format", format])
        #expect(result.status == 1)
        #expect(result.stdout.contains("uikit.gap") && result.stdout.contains("seq.gap"), "\(result.stdout)")
        #expect(result.stdout.contains("UIKit stops at the missing gold_2 after 1 frame: frames 3–4 (2 frames) never load"))
        if format == "github" { #expect(result.stdout.contains("gold_3.png,title=uikit.gap::UIKit stops")) }
    }

    @Test func theFolderConfigTurnsItOn() throws {
        let folder = try Self.coinWithAGap()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"uikit": true, "severities": {"seq.gap": "off"}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/.flipbook.json"))
        let result = try CLI.run(["validate", folder, "--json"])
        #expect(result.status == 1)
        #expect(try Self.uikitCounts(result.stdout) == ["uikit.gap": 1] && !result.stdout.contains("seq.gap"))

        try Data(#"{"uikit": true, "severities": {"seq.gap": "off", "uikit.gap": "off"}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/.flipbook.json"))
        #expect(try CLI.run(["validate", folder]).status == 0)
    }

    @Test func theShippedSequencesPassWithUIKitRules() throws {
        let result = try CLI.run(["validate", "Sequences", "--uikit"], in: CLI.repository)
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func helpListsTheFlagAndTheRules() throws {
        let help = try CLI.run(["validate", "--help"]).stdout
        #expect(help.contains("--uikit"))
        for rule in ["uikit.padded", "uikit.gap", "uikit.past-1024", "uikit.mixed-scale", "uikit.missing-scale",
                     "uikit.mixed-size", "uikit.device-variant", "uikit.highlighted"] {
            #expect(help.contains(rule + " "), "\(rule)")
        }
    }
}
