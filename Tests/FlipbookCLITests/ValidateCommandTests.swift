import Foundation
import Testing
import Raster

@Suite("flipbook validate")
struct ValidateCommandTests {
    static let repositoryRoot = CLI.repository

    /// A folder with a gap (no frame 3), a size mismatch (frame 4) and a bad @2x (frame 1).
    static func brokenFolder() throws -> String {
        let root = NSTemporaryDirectory() + "flipbook-validate-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/walk", withIntermediateDirectories: true)
        func frame(_ name: String, _ width: Int, _ height: Int) throws {
            var bitmap = Bitmap(clearWidth: width, height: height)
            bitmap[0, 0] = Color(r: UInt8(name.count * 20), g: 1, b: 2)
            try PNG.Encoder().write(bitmap, to: "\(root)/walk/\(name).png")
        }
        try frame("walk1", 4, 4); try frame("walk2", 4, 4); try frame("walk4", 6, 4)
        try frame("walk1@2x", 7, 8); try frame("walk2@2x", 8, 8); try frame("walk4@2x", 12, 8)
        return root
    }

    @Test func theShippedSequencesPass() throws {
        for arguments in [["validate", "Sequences"], ["validate", "Sequences", "--deep", "--format", "sarif"]] {
            let result = try CLI.run(arguments, in: Self.repositoryRoot)
            #expect(result.status == 0, "\(arguments): \(result.stdout) \(result.stderr)")
        }
    }

    @Test(arguments: ["text", "json", "github", "sarif", "junit"])
    func aBrokenFolderFailsListingEveryProblem(format: String) throws {
        let root = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["validate", root, "--format", format])
        #expect(result.status == 1)
        for rule in ["seq.gap", "size.mismatch", "scale.not-multiple"] {
            #expect(result.stdout.contains(rule), "\(format) output names \(rule)")
        }
    }

    @Test func writesTheReportAtomicallyWithOutput() throws {
        let root = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = root + "/report.sarif"
        let result = try CLI.run(["validate", root + "/walk", "--format", "sarif", "--output", report])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty && result.stderr.contains("errors"))
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
    }

    /// `.sarif.json` is SARIF's other name (SARIF 2.1.0 §3.2): it promises SARIF without --format
    /// (a plain `.json` with --format sarif is refused, exit 2: CLIMessageTests).
    @Test func aSarifJSONNameWritesSARIF() throws {
        let root = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = root + "/report.sarif.json"
        let result = try CLI.run(["validate", root + "/walk", "--output", report])
        #expect(result.status == 1, "\(result.stderr)")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
    }

    @Test func exitCodesForBadInputAndConfig() throws {
        #expect(try CLI.run(["validate", "/nonexistent/assets"]).status == 3)
        let root = try Self.brokenFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(#"{"severities": {"no.such.rule": "off"}}"#.utf8).write(to: URL(fileURLWithPath: root + "/bad.json"))
        let bad = try CLI.run(["validate", root, "--config", root + "/bad.json"])
        #expect(bad.status == 2 && bad.stderr.contains("no.such.rule"))

        // A .flipbook.json at the root that lowers every error found here makes the run pass.
        try Data(#"{"severities": {"seq.gap": "warning", "size.mismatch": "off", "scale.not-multiple": "notice"}}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/.flipbook.json"))
        let relaxed = try CLI.run(["validate", root, "--json"])
        #expect(relaxed.status == 0, "\(relaxed.stdout)")
        #expect(relaxed.stdout.contains("\"passed\" : true"))
    }
}
