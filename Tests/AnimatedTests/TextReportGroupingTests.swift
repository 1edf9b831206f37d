import Basics
import Foundation
import Testing
import Raster
@testable import Animated

/// The text report groups a rule's findings about several files into one line, for every rule
/// alike, while the machine formats keep one finding per file; names with control characters stay
/// on their line (issue 44).
@Suite("Text report grouping")
struct TextReportGroupingTests {
    /// The smallest file a reader takes for Apple CgBI: a signature and a `CgBI` chunk.
    static let cgbi = PNG.signature + [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x02, 0, 0, 0, 0]

    /// A finding per file of one rule, one case per rule that reports files one by one.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var files: Int
        var make: @Sendable (FixtureTree) throws -> Void
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(rule: "png.cgbi", files: 60) { tree in
            try FileManager.default.createDirectory(atPath: tree.path("fx"), withIntermediateDirectories: true)
            for number in 0..<60 { try FileIO.writeAtomically(cgbi, to: tree.path("fx/walk\(number).png")) }
        },
        Case(rule: "size.mismatch", files: 3) { tree in
            for number in 1...5 { try tree.png("fx/walk\(number).png", 4, 4) }
            for number in 6...8 { try tree.png("fx/walk\(number).png", 5, 4) }
        },
        Case(rule: "seq.padding-mixed", files: 2) { tree in
            for name in ["walk0008", "walk0009", "walk00010", "walk00011"] { try tree.png("fx/\(name).png", 4, 4) }
        },
    ]

    @Test(arguments: cases)
    func oneLinePerRuleInTextOneFindingPerFileElsewhere(_ testCase: Case) throws {
        let tree = try FixtureTree()
        try testCase.make(tree)
        let report = try Validator().validate([tree.path("fx")], cancellation: nil)
        let findings = report.findings.filter { $0.rule.rawValue == testCase.rule }
        #expect(findings.count == testCase.files)
        let text = ReportFormat.text.render(report, base: tree.root)
        let lines = text.split(separator: "\n").filter { $0.contains(" \(testCase.rule) ") }
        #expect(lines.count == 1, "\(text)")
        #expect(lines.first?.contains("each of \(testCase.files) files (") == true, "\(text)")
        for finding in [findings.first, findings.last] {
            let name = try #require(finding?.file.map { ($0 as NSString).lastPathComponent })
            #expect(lines.first?.contains(name) == true, "names the first and the last file: \(text)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report, base: tree.root).utf8)) as? [String: Any])
        let listed = try #require(json["findings"] as? [[String: Any]])
        #expect(listed.filter { $0["rule"] as? String == testCase.rule }.count == testCase.files)
        let sarif = ReportFormat.sarif.render(report, base: tree.root)
        #expect(sarif.components(separatedBy: "\"ruleId\" : \"\(testCase.rule)\"").count - 1 == testCase.files)
        #expect(ReportFormat.github.render(report, base: tree.root).split(separator: "\n").filter { $0.contains("title=\(testCase.rule)::") }.count
                == testCase.files)
    }

    @Test func differentFactsStayOnLinesOfTheirOwn() {
        let findings = [
            Finding(rule: .sizeMismatch, severity: .error, message: "a3.png is 5×4 px; the other @1x frames are 4×4 px", file: "/x/a3.png", sequence: "x/a"),
            Finding(rule: .sizeMismatch, severity: .error, message: "a4.png is 6×4 px; the other @1x frames are 4×4 px", file: "/x/a4.png", sequence: "x/a"),
            Finding(rule: .sizeMismatch, severity: .error, message: "a5.png is 5×4 px; the other @1x frames are 4×4 px", file: "/x/a5.png", sequence: "x/a"),
        ]
        #expect(TextReport.grouped(findings).map(\.message) == [
            "each of 2 files (a3.png and a5.png) is 5×4 px; the other @1x frames are 4×4 px",
            "a4.png is 6×4 px; the other @1x frames are 4×4 px",
        ])
    }

    /// Round 63 #7: two links out of one folder were written under two headings of that folder.
    /// A folder's findings of no sequence come under one heading.
    @Test func aFoldersLinksOutComeUnderOneHeading() throws {
        let tree = try FixtureTree()
        for number in 1...2 { try tree.png("a/b/f\(number).png", 4, 4) }
        try FileManager.default.createDirectory(atPath: tree.path("outside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.path("a/b/out1"), withDestinationPath: "../../outside")
        try FileManager.default.createSymbolicLink(atPath: tree.path("a/b/up"), withDestinationPath: "../..")
        let report = try Validator().validate([tree.path("a/b")], cancellation: nil)
        #expect(report.findings.map(\.rule) == [.folderLinkOutside, .folderLinkOutside])
        let lines = ReportFormat.text.render(report, base: tree.root).split(whereSeparator: \.isNewline)
        #expect(lines.filter { $0.hasSuffix(":") }.count == 1, "\(lines)")
        #expect(lines.count == 5, "the sequence, the folder, its two links, the summary: \(lines)")
    }

    /// A newline or an escape character in a file name is written escaped: one finding, one line.
    @Test(arguments: ["walk\n", "walk\r", "wa\u{1B}[2Jlk", "walk\u{2028}"])
    func controlCharactersInNamesAreEscaped(prefix: String) throws {
        let tree = try FixtureTree()
        for number in [1, 2, 4] { try tree.png("fx/\(prefix)\(number).png", 4, 4) }
        let report = try Validator().validate([tree.path("fx")], cancellation: nil)
        #expect(report.findings.map(\.rule) == [.seqGap])
        let text = ReportFormat.text.render(report, base: tree.root)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        #expect(lines.count == 3, "header, the gap, the summary: \(lines)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x2028 })
        #expect(lines.first?.contains(TextReport.escape(prefix)) == true)
    }
}
