/// The report for people: each sequence with its findings, then a summary line.
enum TextReport {
    static func render(_ report: ValidationReport) -> String {
        var lines: [String] = []
        for sequence in report.sequences {
            var header = "\(sequence.name): \(sequence.frameCount) frame\(sequence.frameCount == 1 ? "" : "s")"
            if let first = sequence.firstNumber, let last = sequence.lastNumber { header += " (\(first)–\(last))" }
            header += ", " + sequence.scales.map { "@\($0)x" }.joined(separator: " ")
            if let width = sequence.width, let height = sequence.height { header += ", \(width)×\(height) px" }
            let findings = report.findings(in: sequence)
            lines.append(header + (findings.isEmpty ? " — ok" : ""))
            let ruleWidth = findings.map(\.rule.rawValue.count).max() ?? 0
            for finding in findings {
                let severity = finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let rule = finding.rule.rawValue.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
                lines.append("  \(severity) \(rule)  \(finding.message)")
            }
        }
        if report.sequences.isEmpty { lines.append("no frame sequences found") }
        lines.append(report.summaryLine + (report.deep ? " (deep: every frame decoded)" : " (chunks and CRCs checked; Validator.deep decodes every frame)"))
        return lines.joined(separator: "\n")
    }
}
