import Basics
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Animated

@Suite("Report formats")
struct ReportFormatTests {
    /// A report with a gap, a size mismatch, a bad @2x and a warning, on awkward file names.
    static func sampleReport() throws -> (ValidationReport, FixtureTree) {
        let tree = try FixtureTree()
        try tree.png("Assets/hero run/walk1.png", 4, 4)
        try tree.png("Assets/hero run/walk2.png", 4, 4)
        try tree.png("Assets/hero run/walk4.png", 5, 4)
        try tree.png("Assets/hero run/walk1@2x.png", 7, 8)
        try tree.png("Assets/hero run/walk2@2x.png", 8, 8)
        try tree.png("Assets/hero run/walk4@2x.png", 10, 8)
        try tree.png("Assets/x_0009.png", 4, 4)
        try tree.png("Assets/x_00010.png", 4, 4)
        return (try Validator().validate([tree.path("Assets")], cancellation: nil), tree)
    }

    /// A finding's rule is a case of the closed set `RuleID`, one per rule in report order; its raw
    /// value is the ID every report writes (and decoding a finding keeps it).
    @Test func ruleIDsAreAClosedSetInReportOrder() throws {
        #expect(RuleID.allCases == Rules.all.map { $0.id })
        #expect(RuleID.allCases.count == 41)
        #expect(Set(RuleID.allCases.map(\.rawValue)).count == RuleID.allCases.count)
        let finding = Finding(rule: .seqGap, severity: .error, message: "m", file: nil, sequence: "s")
        let json = String(decoding: try JSONEncoder().encode(finding), as: UTF8.self)
        #expect(json.contains(#""rule":"seq.gap""#))
        #expect(try JSONDecoder().decode(Finding.self, from: Data(json.utf8)).rule == .seqGap)
        let unknown = json.replacingOccurrences(of: "seq.gap", with: "seq.gapp")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Finding.self, from: Data(unknown.utf8)) }
    }

    @Test func githubEscapesDataAndProperties() {
        let finding = Finding(rule: .seqGap, severity: .error, message: "100% done\r\nnext: a,b",
                              file: "/repo/Art/a,b:c%.png", sequence: "Art/a")
        let report = ValidationReport(sequences: [], findings: [finding], fileCount: 1, deep: false)
        let first = ReportFormat.github.render(report, base: "/repo").split(separator: "\n")[0]
        #expect(first == "::error file=Art/a%2Cb%3Ac%25.png,title=seq.gap::100%25 done%0D%0Anext: a,b")
        let warning = Finding(rule: .pngColorTypeMixed, severity: .warning, message: "m", file: nil, sequence: "s")
        let notice = Finding(rule: .frameDuplicate, severity: .notice, message: "m", file: nil, sequence: "s")
        let lines = ReportFormat.github.render(ValidationReport(sequences: [], findings: [warning, notice], fileCount: 1, deep: true),
                                               base: "/").split(separator: "\n")
        #expect(lines[0] == "::warning title=png.colortype-mixed::m" && lines[1] == "::notice title=frame.duplicate::m")
    }

    /// A file name holding a terminal escape (`ESC ] 0 ; … BEL` sets a terminal's title), a tab or a
    /// line separator reached the CI log raw in `--format github` (only `%`, CR and LF were encoded);
    /// they are written as the text report writes them, on a real folder.
    @Test func githubWritesNoRawControlCharacters() throws {
        let tree = try FixtureTree()
        for name in ["walk\u{1B}]0;x\u{07}1.png", "walk\u{1B}]0;x\u{07}3.png", "tab\t1.png", "tab\t3.png", "line\u{2028}1.png", "line\u{2028}3.png"] {
            try tree.png("Art/" + name, 4, 4)
        }
        let text = ReportFormat.github.render(try Validator().validate([tree.path("Art")], cancellation: nil), base: tree.root)
        #expect(!text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" })
        #expect(text.contains(#"walk\u{1B}]0;x\u{7}3.png"#) && text.contains(#"tab\t3.png"#) && text.contains(#"line\u{2028}3.png"#))
    }

    /// The fields SARIF 2.1.0 requires (sarifLog.version/runs, run.tool.driver.name, result.message)
    /// and the ones code-scanning uploads rely on (ruleId ↔ rules[ruleIndex], levels, relative URIs).
    @Test func sarifHasTheRequiredFields() throws {
        let (report, tree) = try Self.sampleReport()
        let text = ReportFormat.sarif.render(report, base: tree.root)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "flipbook")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Rules.all.map { $0.id.rawValue })
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count && !results.isEmpty)
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleId)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let artifact = try #require((locations[0]["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(uri.hasPrefix("Assets/") && !uri.contains(" "), "relative, percent-encoded: \(uri)")
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        }
        #expect(text.contains("Assets/hero%20run/walk4.png"))
    }

    @Test func junitIsWellFormedWithOneCasePerSequence() throws {
        let (report, _) = try Self.sampleReport()
        let xml = ReportFormat.junit.render(report, base: "/")
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "well-formed XML")
        #expect(collector.elements.filter { $0 == "testcase" }.count == report.sequences.count)
        #expect(collector.elements.filter { $0 == "failure" }.count == 1, "only the walk sequence has errors")
        #expect(collector.elements.filter { $0 == "system-out" }.count == 1, "the x_ sequence has a warning")
        #expect(JUnitReport.escape("a<b>&\"'\u{1}") == "a&lt;b&gt;&amp;&quot;&apos; ")
    }

    @Test func textAndJSONCarryEveryFinding() throws {
        let (report, tree) = try Self.sampleReport()
        let rules = Set(report.findings.map(\.rule))
        #expect(rules.isSuperset(of: [.seqGap, .sizeMismatch, .scaleNotMultiple, .seqPaddingMixed]))
        let text = ReportFormat.text.render(report, base: tree.root)
        for finding in report.findings { #expect(text.contains(finding.message)) }
        #expect(text.hasSuffix("(chunks and CRCs checked; a deep check decodes every frame)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report, base: tree.root).utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["passed"] as? Bool == false && summary["errors"] as? Int == report.count(.error))
        #expect((json["findings"] as? [Any])?.count == report.findings.count)
    }

    @Test func outputIsDeterministic() throws {
        let (report, tree) = try Self.sampleReport()
        let again = try Validator().validate([tree.path("Assets")], cancellation: nil)
        for format in ReportFormat.allCases {
            #expect(format.render(report, base: tree.root) == format.render(again, base: tree.root))
        }
    }
}

private final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(name)
    }
}
