/// The whole report as JSON, keys sorted.
enum JSONReport {
    struct Document: Encodable {
        struct Summary: Encodable {
            var sequences, files, errors, warnings, notices: Int
            var deep: Bool
            var passed: Bool
        }
        var summary: Summary
        var sequences: [SequenceSummary]
        var findings: [Finding]
        /// A shard's record (``ShardRecord``); absent from a whole run's report.
        var shard: ShardRecord?
    }

    static func render(_ report: ValidationReport, base: String) -> String {
        let findings = report.findings.map { ReportPaths.relative($0, to: base) }
        let summary = Document.Summary(sequences: report.sequences.count, files: report.fileCount,
                                       errors: report.count(.error), warnings: report.count(.warning),
                                       notices: report.count(.notice), deep: report.deep, passed: !report.hasErrors)
        return ReportPaths.json(Document(summary: summary, sequences: report.sequences.map { ReportPaths.relative($0, to: base) }, findings: findings,
                                        shard: ShardRecord(report, format: .json, base: base)))
    }
}
