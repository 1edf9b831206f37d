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
        case .text: TextReport.render(ReportPaths.relative(report, to: base))
        case .json: JSONReport.render(report, base: base)
        case .github: GitHubReport.render(report, base: base)
        case .sarif: SARIFReport.render(report, base: base)
        case .junit: JUnitReport.render(report, base: base)
        }
    }
}

enum ReportPaths {
    /// `path` relative to `base` when it lies inside it (both absolute, or both as opened from
    /// the working directory: a project's `p/Seq/a.png` from its folder `p` is `Seq/a.png`);
    /// without a leading `./`.
    static func relative(_ path: String, to base: String) -> String {
        var path = path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if !base.isEmpty && base != "." && path.hasPrefix("/") == base.hasPrefix("/") && path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// `finding` with its file and sequence relative to `base` (a folder given as an absolute
    /// path reports `Assets/clash/fire`, as its files, not `/home/…/Assets/clash/fire`).
    static func relative(_ finding: Finding, to base: String) -> Finding {
        var relative = finding
        relative.file = finding.file.map { Self.relative($0, to: base) }
        relative.sequence = Self.relative(finding.sequence, to: base)
        return relative
    }

    /// `sequence` with its name and folder relative to `base`.
    static func relative(_ sequence: SequenceSummary, to base: String) -> SequenceSummary {
        var relative = sequence
        relative.name = Self.relative(sequence.name, to: base)
        relative.directory = Self.relative(sequence.directory, to: base)
        return relative
    }

    /// `report` with every sequence and finding relative to `base` (the JUnit cases' names).
    static func relative(_ report: ValidationReport, to base: String) -> ValidationReport {
        var relative = report
        relative.sequences = report.sequences.map { Self.relative($0, to: base) }
        relative.findings = report.findings.map { Self.relative($0, to: base) }
        return relative
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
