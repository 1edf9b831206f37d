/// JUnit XML: one `<testcase>` per sequence; its errors become one `<failure>`, warnings and
/// notices go to `<system-out>`.
enum JUnitReport {
    static func render(_ report: ValidationReport) -> String {
        let failing = report.sequences.filter { sequence in report.findings(in: sequence).contains { $0.severity == .error } }.count
        var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        xml.append(#"<testsuites name="flipbook validate" tests="\#(report.sequences.count)" failures="\#(failing)" errors="0">"#)
        xml.append(#"  <testsuite name="flipbook validate" tests="\#(report.sequences.count)" failures="\#(failing)" errors="0" skipped="0">"#)
        for sequence in report.sequences {
            let findings = report.findings(in: sequence)
            let errors = findings.filter { $0.severity == .error }
            let others = findings.filter { $0.severity != .error }
            let open = #"    <testcase classname="flipbook.validate" name="\#(escape(sequence.name))""#
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
