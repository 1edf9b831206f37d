import Basics

extension SheetExport {
    /// Whether `path` is a name the sheet written as `output` gives one of its pages or page data
    /// files when it takes several pages: `s-3.png`, `s-3.json` or `s-3@2x.png` beside `s.png`, as
    /// ``files(for:format:output:data:)`` names them. A build refuses another target's output of
    /// such a name (the two would write one file).
    public static func isPageName(_ path: String, of output: String) -> Bool {
        guard FileIO.parentDirectory(of: path) == FileIO.parentDirectory(of: output) else { return false }
        let name = FileIO.lastComponent(of: path), sheetName = FileIO.lastComponent(of: output)
        var stem = sheetName.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        // `s@2x.png` stands for a set of scales, each page named `s-0@2x.png`.
        if let scale = ImageFileName(path: sheetName).scale, stem.hasSuffix("@\(scale)x") { stem = String(stem.dropLast("@\(scale)x".count)) }
        guard !stem.isEmpty, name.hasPrefix(stem + "-") else { return false }
        let rest = name.dropFirst(stem.count + 1)
        let page = rest.prefix { $0.isASCII && $0.isNumber }
        guard !page.isEmpty else { return false }
        var after = rest.dropFirst(page.count)
        if after.hasPrefix("@"), let x = after.firstIndex(of: "x") {
            let digits = after[after.index(after: after.startIndex)..<x]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            after = after[after.index(after: x)...]
        }
        return after.hasPrefix(".") && after.count > 1
    }
}
