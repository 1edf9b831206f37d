import Foundation

/// The output formats of `flipbook validate`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// For people: grouped by sequence, with a summary line.
    case text
    /// The whole report as JSON.
    case json
    /// GitHub Actions workflow commands: `::error file=…,title=RULE::message`.
    case github
    /// SARIF 2.1.0, for code-scanning dashboards.
    case sarif
    /// JUnit XML: one test case per sequence.
    case junit

    /// Renders `report`. File paths are written relative to `base` (normally the working directory);
    /// an empty `base` writes them as they are (a ``MergedReport``'s, relative already).
    ///
    /// A shard's report (``ValidationReport/shard``) in JSON, SARIF or JUnit also carries the
    /// record ``MergedReport`` reads back; text and GitHub annotations carry none.
    public func render(_ report: ValidationReport, base: String) -> String {
        switch self {
        case .text: TextReport.render(report)
        case .json: JSONReport.render(report, base: base)
        case .github: GitHubReport.render(report, base: base)
        case .sarif: SARIFReport.render(report, base: base)
        case .junit: JUnitReport.render(report, base: base)
        }
    }
}

enum ReportPaths {
    /// `path` relative to `base` when it lies inside it; without a leading `./`.
    static func relative(_ path: String, to base: String) -> String {
        var path = path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if !base.isEmpty && path.hasPrefix("/") && path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// Pretty JSON with sorted keys: byte-stable across runs.
    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
