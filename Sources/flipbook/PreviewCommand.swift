import ArgumentParser
import Basics
import Foundation
import Pipeline
import Preview

/// `flipbook preview [SOURCE]`: one HTML page playing a folder's or a project's sequences and outputs.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write (or serve) an HTML page that plays every sequence and output, with sheets and validation.",
        discussion: """
            SOURCE is a folder (searched below) or a project file; by default flipbook.json in the \
            current folder when there is one, else the current folder. The page plays each sequence \
            as UIImageView plays it (its sequence.json's duration or fps, frame durations, repeat \
            count, direction; the highlighted frames on a toggle) at 1x, 2x or 3x, shows each GIF, \
            APNG and WebP, each sprite sheet's pages with every region outlined (its name on hover), \
            and the validator's findings.

            The page is one self-contained HTML file (no network, no script from elsewhere); it \
            references the frames by relative URLs, so it stays beside them (default: preview.html \
            in the folder, or beside the project file). --serve writes nothing: it serves the page \
            on 127.0.0.1 and reloads it when a file it shows changes (a rebuild); Ctrl-C stops it.

            Examples:
              flipbook preview Sequences
              flipbook preview flipbook.json -o build/preview.html
              flipbook preview --serve --port 8080
            """
    )

    @Argument(help: "A folder or a project file (default: flipbook.json when present, else the current folder).")
    var source: String?

    @Option(name: [.short, .long], help: "The page to write (default: preview.html in the folder, or beside the project file).")
    var output: String?

    @Flag(help: "Serve the page on 127.0.0.1 instead of writing it, reloading it when what it shows changes.")
    var serve = false

    @Option(help: "The port to serve on with --serve (default: 0, a free port; the URL is printed).")
    var port: UInt16 = 0

    @Flag(name: .customLong("no-validate"), help: "Do not run the validator (its findings are listed by default).")
    var noValidate = false

    @OptionGroup var overwriteFlag: OverwriteFlag

    @Flag(help: "Print machine-readable JSON: what the page shows (with --serve, one line with its URL).") var json = false

    /// `--json`: the page written and what it shows.
    struct Written: Encodable {
        var output: String, files: [String], sequences: Int, animations: Int, sheets: Int, findings: Int, warnings: [String]
    }

    /// `value` as JSON on one line (a script reading the URL reads one line).
    static func oneLine(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// `--json --serve`: where the page is served, printed once the server listens.
    struct Serving: Encodable {
        var url: String, warnings: [String] = []
    }

    func validate() throws {
        if serve, output != nil { throw ValidationError("--serve writes no page: give --output or --serve, not both") }
        if !serve, port != 0 { throw ValidationError("--port is where --serve listens: give --serve with it, or leave --port out") }
        if let source, source.isEmpty { throw OptionRefusal.error("SOURCE", source, takes: "a folder or a project file") }
    }

    func run() throws {
        let source = self.source ?? (FileManager.default.fileExists(atPath: Project.fileName) ? Project.fileName : ".")
        var job = PreviewJob(source: source, output: output ?? PreviewJob.defaultOutput(for: source))
        job.overwrite = overwriteFlag.overwrite
        job.validate = !noValidate
        if serve {
            // A server ends by Ctrl-C: its JSON is the one line below, with no object for the interrupt.
            ProcessPolicy.printOnInterrupt { _ in nil }
            try PreviewServer(job: job, port: port).run { url, problems in
                // Unbuffered: a script waiting for the URL reads it now; what is not shown is said, as for a page written.
                if !json { for problem in problems { FileIO.writeToStandardError("note: \(problem)\n") } }
                let line = json ? Self.oneLine(Serving(url: "\(url)", warnings: problems)) : "serving the preview of \(source) at \(url) (Ctrl-C stops)"
                try? FileIO.writeStandardOutput(Array((line + "\n").utf8))
            }
        }
        let progress = Progress.forTerminal(label: "preview")
        defer { progress?.finish() }
        let page = try job.run(progress: progress?.update, cancellation: nil)
        progress?.finish()
        for problem in page.problems { Console.error("note: \(problem)") }
        if json {
            try Console.printJSON(Written(output: job.output, files: [job.output], sequences: page.sequences.count,
                                          animations: page.animatedFiles.count, sheets: page.sheets.count,
                                          findings: page.findings.count, warnings: page.problems))
        } else {
            Console.line("wrote \(job.output): \(Console.count(page.sequences.count, "sequence")), \(Console.count(page.animatedFiles.count, "animation")), "
                  + "\(Console.count(page.sheets.count, "sheet")), \(Console.count(page.findings.count, "finding"))")
        }
        // A page that plays nothing (every item was refused, each said in a note above) is written,
        // since it lists why, but the run is "nothing to preview" (exit 3), not a success.
        if page.sequences.isEmpty, page.animatedFiles.isEmpty, page.sheets.isEmpty {
            if !json { Console.error("error: \(source): nothing could be shown; the page lists why") }
            throw UnreadableInputs(count: page.problems.count)
        }
    }
}
