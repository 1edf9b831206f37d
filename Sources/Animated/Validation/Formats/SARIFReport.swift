import Foundation

/// SARIF 2.1.0: one run of the `flipbook` driver with every rule's metadata and one result per
/// finding, locations as URIs relative to `%SRCROOT%` (the working directory).
enum SARIFReport {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
        /// A shard's record (``ShardRecord``) under `flipbook.shard`; absent from a whole run's report.
        var properties: Properties?
    }
    struct Properties: Codable {
        var shard: ShardRecord
        enum CodingKeys: String, CodingKey { case shard = "flipbook.shard" }
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "flipbook"
        var semanticVersion: String
        var rules: [Rule]
    }
    struct Text: Encodable { var text: String }
    struct Rule: Encodable {
        struct Configuration: Encodable { var level: String }
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]?
    }
    struct Location: Encodable {
        struct Physical: Encodable { var artifactLocation: Artifact }
        struct Artifact: Encodable {
            var uri: String
            var uriBaseId = "%SRCROOT%"
        }
        var physicalLocation: Physical
    }

    static let version = "0.1.0"

    static func render(_ report: ValidationReport, base: String) -> String {
        let rules = Rules.all.map { rule in
            Rule(id: rule.id.rawValue, name: ruleName(rule.id.rawValue), shortDescription: Text(text: rule.title),
                 fullDescription: Text(text: rule.explanation), help: Text(text: rule.explanation),
                 defaultConfiguration: .init(level: level(rule.defaultSeverity)))
        }
        let index = Dictionary(uniqueKeysWithValues: Rules.all.enumerated().map { ($1.id, $0) })
        let results = report.findings.map { finding in
            Result(ruleId: finding.rule.rawValue, ruleIndex: index[finding.rule] ?? 0, level: level(finding.severity),
                   message: Text(text: finding.message),
                   locations: finding.file.map { [Location(physicalLocation: .init(artifactLocation: .init(uri: uri(ReportPaths.relative($0, to: base)))))] })
        }
        let record = ShardRecord(report, format: .sarif, base: base).map { Properties(shard: $0) }
        let log = Log(runs: [Run(tool: Tool(driver: Driver(semanticVersion: version, rules: rules)), results: results, properties: record)])
        return ReportPaths.json(log)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .notice: "note"
        }
    }

    /// `seq.padding-mixed` → `SeqPaddingMixed`: SARIF's `name` is an identifier-like label.
    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference: each path segment percent-encoded.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        // Not `:`: in a relative reference's first segment it would read as a scheme (`c:d/f.png`).
        allowed.insert(charactersIn: "-._~!$&'()*+,;=@")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}
