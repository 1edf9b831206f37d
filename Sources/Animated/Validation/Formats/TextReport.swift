import Basics

/// The report for people: each sequence with its findings, then a summary line.
///
/// Findings of one rule that say the same thing about different files are one line, whichever rule
/// found them (`each of 60 files (walk0.png, walk1.png … walk59.png) is an Apple CgBI PNG…`), as
/// the rules that name frame ranges themselves (`seq.gap`) already read; the JSON, GitHub, SARIF and
/// JUnit reports keep one finding per file. Control characters in names (a newline in a file name)
/// are written escaped (`\n`), so each finding stays one line.
enum TextReport {
    static func render(_ report: ValidationReport) -> String {
        var lines: [String] = []
        for sequence in report.sequences {
            var header = "\(sequence.name): \(sequence.frameCount) frame\(sequence.frameCount == 1 ? "" : "s")"
            if let first = sequence.firstNumber, let last = sequence.lastNumber { header += first == last ? " (numbered \(first))" : " (\(first)–\(last))" }
            header += ", " + sequence.scales.map { "@\($0)x" }.joined(separator: " ")
            if let width = sequence.width, let height = sequence.height { header += ", \(width)×\(height) px" }
            let entries = grouped(report.findings(in: sequence))
            lines.append(escape(header) + (entries.isEmpty ? " — ok" : ""))
            let ruleWidth = entries.map(\.rule.count).max() ?? 0
            for entry in entries {
                let severity = entry.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let rule = entry.rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
                lines.append("  \(severity) \(escape(rule))  \(escape(entry.message))")
            }
        }
        // Findings of no sequence (a folder that could not be validated, a link out of a folder),
        // under the folder's name, once for all of its findings, in the order first found.
        let names = Set(report.sequences.map { NameSpelling.Exact($0.name) })
        var folders: [NameSpelling.Exact] = [], byFolder: [NameSpelling.Exact: [Finding]] = [:]
        for finding in report.findings where !names.contains(NameSpelling.Exact(finding.sequence)) {
            let folder = NameSpelling.Exact(finding.sequence)
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(finding)
        }
        for folder in folders {
            let findings = byFolder[folder] ?? []
            lines.append(escape(findings[0].sequence) + ":")
            for finding in findings {
                lines.append("  \(finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(finding.rule)  \(escape(finding.message))")
            }
        }
        if report.sequences.isEmpty && report.findings.isEmpty { lines.append("no frame sequences found") }
        lines.append(report.summaryLine + (report.deep ? " (deep: every frame decoded)" : " (chunks and CRCs checked; a deep check decodes every frame)"))
        return lines.joined(separator: "\n")
    }

    /// One line of the text report.
    struct Entry: Equatable {
        var rule: String
        var severity: Severity
        var message: String
    }

    /// `findings` (one sequence's, in report order) with those of one rule and severity whose
    /// messages differ only in the file they start with made one entry, at the place of the first.
    static func grouped(_ findings: [Finding]) -> [Entry] {
        struct Key: Hashable { var rule: String, severity: Severity, rest: String }
        var order: [Key?] = []
        var single: [Int: Finding] = [:]
        var names: [Key: [String]] = [:]
        for finding in findings {
            guard let file = finding.file, let name = file.split(separator: "/", omittingEmptySubsequences: false).last,
                  !name.isEmpty, finding.message.hasPrefix(name), finding.message.count > name.count else {
                single[order.count] = finding
                order.append(nil)
                continue
            }
            let key = Key(rule: finding.rule.rawValue, severity: finding.severity, rest: String(finding.message.dropFirst(name.count)))
            if names[key] == nil {
                order.append(key)
                single[order.count - 1] = finding
            }
            names[key, default: []].append(String(name))
        }
        return order.enumerated().map { index, key in
            let finding = single[index]!
            guard let key, let files = names[key], files.count > 1 else {
                return Entry(rule: finding.rule.rawValue, severity: finding.severity, message: finding.message)
            }
            return Entry(rule: key.rule, severity: key.severity, message: "each of \(files.count) files (\(list(files)))\(key.rest)")
        }
    }

    /// `a.png, b.png and c.png`; past four names the first two and the last (`walk0.png, walk1.png
    /// … walk59.png`): the count beside it says how many, the JSON report names each.
    static func list(_ names: [String]) -> String {
        if names.count <= 4 { return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] }
        return "\(names[0]), \(names[1]) … \(names[names.count - 1])"
    }

    /// `text` with every control character escaped (Basics' `TerminalText`).
    static func escape(_ text: String) -> String { TerminalText.escaped(text) }
}
