import Animated
import Basics
import Foundation

/// A preview page, planned: what `PreviewJob.plan()` found in a folder or a project — every
/// sequence (with its timing table, computed by `Animation`), every GIF, APNG or WebP, every sprite
/// sheet and the validator's findings — ready to be written as HTML (`PreviewJob.write(_:)`) or
/// served (`PreviewServer`).
///
/// The page is one HTML file with its style, script and data inside: no network, no script from
/// elsewhere. Frames, sheet pages and animated files are referenced by relative URLs rather than
/// embedded, so a page of thousands of frames stays a few hundred kilobytes and the browser loads
/// only the frames it shows; the page therefore stays beside the files it shows (the default is the
/// previewed folder's `preview.html`).
public struct PreviewPage: Sendable {
    /// The folder or project file previewed, as given.
    public var source: String
    /// The folder relative URLs of a served page start from (the previewed folder, or the
    /// project's folder).
    public var root: String
    /// The names of the sequences played (`folder/prefix`).
    public var sequences: [String] { content.sequences.map(\.name) }
    /// The GIF, APNG and WebP files shown.
    public var animatedFiles: [String] { content.animatedFiles.map(\.file) }
    /// The data files of the sprite sheets shown.
    public var sheets: [String] { content.sheets.map(\.data) }
    /// The validator's findings over the previewed folders (empty when validation was not asked).
    public var findings: [Finding]
    /// What could not be shown, each naming its file and the reason (a sequence whose
    /// `sequence.json` does not fit it, a project's output not built yet).
    public var problems: [String] { content.problems + validationProblems }
    /// Every file the page references: frames, sheet pages, animated files.
    public var files: [String] { content.files }
    /// Every file and folder whose change changes the page (what `PreviewServer` watches).
    public var watched: [String] { content.watched.sorted() }

    var content: PreviewContent
    var validationProblems: [String]

    init(source: String, root: String, content: PreviewContent, findings: [Finding], validationProblems: [String]) {
        self.source = source
        self.root = root
        self.content = content
        self.findings = findings
        self.validationProblems = validationProblems
    }

    /// The page's HTML for a page file in `folder`: every frame, page and animated file referenced
    /// relative to it.
    public func html(pageFolder folder: String) -> String {
        let base = FileIO.resolvedPath(folder) ?? folder
        return html(live: nil) { file in
            // The file's folder resolved, not the file: a frame that is a link stays its own name.
            let parent = FileIO.resolvedPath(FileIO.parentDirectory(of: file)) ?? FileIO.parentDirectory(of: file)
            let absolute = PreviewContent.join(parent, FileIO.lastComponent(of: file))
            return Self.encode(FileIO.relativePath(of: absolute, from: base))
        }
    }

    /// The page's HTML as `PreviewServer` serves it: each file at its path under ``root`` and, when
    /// `live` is given, the script asking the server for a change past that version.
    func html(live: String?, url: (String) -> String) -> String {
        PreviewHTML.page(title: "Flipbook preview: \(source)", data: data(live: live, url: url).text)
    }

    /// A path's components percent-encoded for a relative URL (`a b/c#1.png` → `a%20b/c%231.png`).
    static func encode(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@")
        return path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
        }.joined(separator: "/")
    }

    func data(live: String?, url: (String) -> String) -> PreviewJSON {
        func scaled(_ lists: [(scale: Int, files: [String])]) -> PreviewJSON {
            .array(lists.map { .object([("scale", .int($0.scale)), ("urls", .array($0.files.map { .string(url($0)) }))]) })
        }
        let sequences: [PreviewJSON] = content.sequences.enumerated().map { index, sequence in
            .object([("id", .int(index)), ("name", .string(sequence.name)), ("scale", .int(sequence.scale)),
                     ("width", .double(sequence.width)), ("height", .double(sequence.height)),
                     ("frames", scaled(sequence.frames)), ("highlightedFrames", scaled(sequence.highlighted)),
                     ("normal", sequence.normal.json), ("highlighted", sequence.highlightedTiming?.json ?? .null),
                     ("summary", .string(sequence.summary))])
        }
        let animated: [PreviewJSON] = content.animatedFiles.map {
            .object([("name", .string($0.file)), ("url", .string(url($0.file))), ("summary", .string($0.summary))])
        }
        let sheets: [PreviewJSON] = content.sheets.map { sheet in
            .object([("name", .string(sheet.data)), ("summary", .string(sheet.summary)),
                     ("pages", .array(sheet.pages.map { .object([("url", .string(url($0.file))), ("width", .int($0.width)),
                                                                  ("height", .int($0.height)), ("scale", .int($0.scale))]) })),
                     ("regions", .array(sheet.regions.map { .array([.string($0.name), .int($0.page), .int($0.x), .int($0.y),
                                                                    .int($0.width), .int($0.height)]) }))])
        }
        let findings: [PreviewJSON] = findings.map {
            .object([("severity", .string($0.severity.rawValue)), ("rule", .string($0.rule.rawValue)),
                     ("file", .string($0.file ?? $0.sequence)), ("message", .string($0.message))])
        }
        return .object([("source", .string(source)), ("sequences", .array(sequences)), ("animated", .array(animated)),
                        ("sheets", .array(sheets)), ("findings", .array(findings)), ("problems", .array(problems.map { .string($0) })),
                        ("live", live.map { .string($0) } ?? .null)])
    }
}
