import Foundation
import Testing
import TestSupport
@testable import Text

/// Line breaking against Unicode's own test file (`LineBreakTest.txt`, Unicode 15.0, the version
/// of ICU 72): every line of it gives a text and where a line may break (÷) or may not (×).
@Suite struct LineBreakConformanceTests {
    struct Case {
        var line: Int
        var units: [UInt16]
        var breaks: [Int]
    }

    static func cases() throws -> [Case] {
        let text = try String(contentsOfFile: Fixtures.path("text/unicode/LineBreakTest.txt"), encoding: .utf8)
        var cases: [Case] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = line.prefix { $0 != "#" }
            guard !data.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var units: [UInt16] = []
            var breaks: [Int] = []
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" {
                    if !units.isEmpty { breaks.append(units.count) }
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    units += Array(String(Character(scalar)).utf16)
                }
            }
            cases.append(Case(line: index + 1, units: units, breaks: breaks))
        }
        return cases
    }

    /// The 22 lines where ICU 72's line-break rules (the root locale's, tailored by CLDR) differ
    /// from the file's untailored UAX #14, each where ICU keeps together what the file breaks:
    /// - a hyphen-minus before a letter, `-#`, `-§`, `-ก` (2265–2431): CLDR tailors LB20/LB21 so
    ///   that "-" before a word starts it (a negative quantity, "-x"), not a break;
    /// - a full stop or comma before a digit, `,0`, `a.2` (2873–7587): ICU's numeric expressions
    ///   (LB25 as a regular expression, CLDR's tailoring) take ".2" as one number.
    /// Both keep a word or a number whole where plain UAX #14 would allow a break: never a
    /// break where a reader would not expect one.
    static let knownDifferences: Set<Int> = [2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431, 2873, 2875, 7477,
                                             7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587]

    @Test func unicodeLineBreakTestPasses() throws {
        let cases = try Self.cases()
        #expect(cases.count == 7654)
        var failures: [Int] = []
        for item in cases {
            let ours = try ICU.lineBreaks(item.units).map(\.offset)
            if ours != item.breaks { failures.append(item.line) }
        }
        let unexpected = failures.filter { !Self.knownDifferences.contains($0) }
        #expect(unexpected.isEmpty, "\(unexpected.count) lines differ: \(unexpected.prefix(40))")
        #expect(Set(failures) == Self.knownDifferences, "known differences that now pass: \(Self.knownDifferences.subtracting(failures).sorted())")
    }
}
