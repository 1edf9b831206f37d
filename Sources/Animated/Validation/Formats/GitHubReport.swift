import Basics

/// GitHub Actions workflow commands, one line per finding:
/// `::error file=Assets/walk3.png,title=seq.gap::missing frame 2 of walk1…3`.
enum GitHubReport {
    static func render(_ report: ValidationReport, base: String) -> String {
        var lines = report.findings.map { finding in
            var properties: [String] = []
            if let file = finding.file { properties.append("file=" + escapeProperty(ReportPaths.relative(file, to: base))) }
            properties.append("title=" + escapeProperty(finding.rule.rawValue))
            return "::\(command(for: finding.severity)) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n")
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .notice: "notice"
        }
    }

    /// Message text: `%`, CR and LF are percent-encoded (as @actions/core's `escapeData`); every
    /// other control character is written as the text report writes it (`\t`, `\u{1B}`), so a file
    /// name holding an escape sequence cannot reach the log's terminal or end the command early.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where TerminalText.isControl(scalar): out += TerminalText.escaped(String(scalar))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Property values additionally encode `:` and `,` (as @actions/core's `escapeProperty`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
