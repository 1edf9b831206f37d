import Basics

/// JUnit XML: one `<testcase>` per sequence and one per folder that could not be validated; its
/// errors become one `<failure>`, warnings and notices go to `<system-out>`.
enum JUnitReport {
    static func render(_ report: ValidationReport, base: String) -> String {
        let cases = testCases(ReportPaths.relative(report, to: base))
        let failing = cases.filter { $0.findings.contains { $0.severity == .error } }.count
        var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        xml.append(#"<testsuites name="flipbook validate" tests="\#(cases.count)" failures="\#(failing)" errors="0">"#)
        xml.append(#"  <testsuite name="flipbook validate" tests="\#(cases.count)" failures="\#(failing)" errors="0" skipped="0">"#)
        // A shard's record (``ShardRecord``); absent from a whole run's report.
        if let record = ShardRecord(report, format: .junit, base: base) {
            xml += ["    <properties>", #"      <property name="\#(ShardRecord.propertyName)" value="\#(escape(record.compactJSON))"/>"#, "    </properties>"]
        }
        for (name, findings) in cases {
            let errors = findings.filter { $0.severity == .error }
            let others = findings.filter { $0.severity != .error }
            let open = #"    <testcase classname="flipbook.validate" name="\#(escape(name))""#
            if findings.isEmpty {
                xml.append(open + "/>")
                continue
            }
            xml.append(open + ">")
            if !errors.isEmpty {
                let summary = errors.count == 1 ? errors[0].message : "\(errors.count) errors"
                let details = errors.map { "[\($0.rule)] \($0.message)" }.joined(separator: "\n")
                xml.append(#"      <failure message="\#(escape(summary))" type="\#(escape(errors[0].rule.rawValue))">\#(escape(details))</failure>"#)
            }
            if !others.isEmpty {
                let details = others.map { "\($0.severity.rawValue) [\($0.rule)] \($0.message)" }.joined(separator: "\n")
                xml.append("      <system-out>\(escape(details))</system-out>")
            }
            xml.append("    </testcase>")
        }
        xml.append("  </testsuite>")
        xml.append("</testsuites>")
        return xml.joined(separator: "\n")
    }

    /// One test case per sequence, then one per name of findings of no sequence (a folder that
    /// could not be validated, `folder.unreadable`), in report order: every finding is in a case.
    static func testCases(_ report: ValidationReport) -> [(name: String, findings: [Finding])] {
        var cases = report.sequences.map { (name: $0.name, findings: report.findings(in: $0)) }
        let names = Set(report.sequences.map { NameSpelling.Exact($0.name) })
        for finding in report.findings where !names.contains(NameSpelling.Exact(finding.sequence)) {
            if let index = cases.firstIndex(where: { $0.name.utf8.elementsEqual(finding.sequence.utf8) }), index >= report.sequences.count {
                cases[index].findings.append(finding)
            } else {
                cases.append((finding.sequence, [finding]))
            }
        }
        return cases
    }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold become spaces.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
            }
        }
        return out
    }
}
