import Foundation

/// The Swift examples of a document and the test code that compiles them, side by side, so a test
/// can check that the document shows exactly what compiles (README.md, docs/Library.md).
public enum DocExamples {
    /// The ```swift blocks of the document at `relative` (to the repository), import lines and
    /// blank lines left out.
    public static func blocks(of relative: String) throws -> [[String]] {
        let text = try String(contentsOfFile: Fixtures.repository + "/" + relative, encoding: .utf8)
        var blocks: [[String]] = [], current: [String]? = nil
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" { current = [] } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil, !line.hasPrefix("import "), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The lines of `file` between `    // MARKER begin` and `        // MARKER end` (the line after
    /// the begin marker left out too), unindented by 8, blank lines left out; empty without them.
    public static func source(_ marker: String, in file: String) throws -> [String] {
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        guard let begin = lines.firstIndex(of: "    // \(marker) begin"),
              let end = lines.firstIndex(of: "        // \(marker) end") else { return [] }
        return lines[(begin + 2)..<end].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { String($0.dropFirst(8)) }
    }
}
