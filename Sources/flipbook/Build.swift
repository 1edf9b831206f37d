import ArgumentParser
import Basics
import Foundation
import Pipeline

/// `flipbook build [TARGET…]`: a project file's targets, each only when something it reads changed.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a project file's targets (sheets, GIF/APNG/WebP, frames, scenes, reports), only what changed.",
        discussion: """
            A project file (flipbook.json in the current folder, or --project FILE) names targets; each \
            makes one thing from its source with the job of the command of the same name, so a build \
            writes the same bytes as the command would (docs/Pipelines.md has every key):

              { "defaults": { "assemble": { "fps": 24 } },
                "targets": {
                  "boom": { "assemble": "Sequences/explosion", "output": "build/boom.gif" },
                  "boom-frames": { "frames": "build/boom.gif", "output": "build/boom" },
                  "fx": { "sheet": ["build/boom", "Sequences/fire"], "output": "build/fx.png",
                          "engine": "phaser3" },
                  "flight": { "render": "Examples/seagull-flight.json", "output": "build/flight.gif" },
                  "check": { "validate": "Sequences", "output": "build/validation.sarif" } } }

            Kinds: assemble, sheet, frames, render, validate; the other keys are that command's flags \
            in camelCase (maxBytes, powerOfTwo, …). A target waits for the targets whose outputs it \
            reads, and for those it names in "after". Paths are relative to the project file and stay \
            inside its folder.

            A target is built when it never was, when a file it reads changed (by content: SHA-256 \
            digests in .flipbook-build/state.json; a file only touched is not a change), when its \
            settings or the tool changed, or when an output was deleted or edited; each line says \
            why. A failed target does not stop the others; those that read its output are skipped. \
            Targets run side by side on all cores.

            A target that must be built is first looked for in the cache (--cache: a folder, by \
            default .flipbook-build/cache, or the http:// URL of a Bazel remote cache such as \
            bazel-remote or nginx with WebDAV; --no-cache for none): when the same tool built it \
            from the same settings and input contents, its files are written from there, each \
            checked against its SHA-256, and the line says "from cache". A cache that is down, \
            slow or damaged makes the build local, with a warning.

            --watch builds, then watches every file and folder the targets read (and the project \
            file) and builds again within a second of a save, one line per build (one JSON object \
            per line with --json); a burst of saves makes one build, the build's own outputs none. \
            A project file that stops reading is reported and watched until it reads again. Ctrl-C \
            stops it (exit 130).

            Exit codes: 0 every target built or up to date, 1 a validation found errors or a byte \
            budget was not met, 2 a project file against the schema or a wrong target name, 3 a \
            project file missing or unreadable (as any missing input), 3 or 4 as the failing \
            target's command would exit.

            Examples:
              flipbook build boom fx
              flipbook build fx check --project assets/flipbook.json
              flipbook build --force --json
              flipbook build --watch
            """
    )

    @Argument(help: "Targets to build (with what they depend on); all when none is named.") var targets: [String] = []
    @Option(help: "The project file.") var project = Project.fileName
    @Flag(help: "Build the targets even when they are up to date.") var force = false
    @Flag(help: "Let a target replace an output file that this project's builds did not write (never an input).") var overwrite = false
    @Flag(help: "Print machine-readable JSON.") var json = false
    @Option(parsing: .unconditional, help: ArgumentHelp("The part K of N to build (one job of a CI matrix); targets connected by dependencies stay together.", valueName: "K/N"))
    var shard: String?
    @Option(help: ArgumentHelp("The place built outputs are kept and found: a folder, or the http:// URL of a Bazel remote cache.",
                               valueName: "DIR|URL")) var cache: String?
    @Flag(help: "Use no cache (the default is .flipbook-build/cache beside the project file).") var noCache = false
    @Option(parsing: .unconditional, help: ArgumentHelp("The most MiB a cache folder keeps: past it, the targets used least recently are removed after a build (default 1024).",
                               valueName: "MiB")) var cacheSize: Int?
    @Flag(help: "After building, watch what the targets read and build again after each save, until Ctrl-C.") var watch = false
    @OptionGroup var threadsOption: ThreadsOption

    func validate() throws {
        if project.isEmpty { throw OptionRefusal.error("--project", project, takes: "a project file (flipbook.json)") }
        if let cache, noCache { throw ValidationError("--cache \(cache) and --no-cache contradict each other: give one.") }
        if let cacheSize {
            guard cacheSize > 0, cacheSize <= Int.max >> 20 else { throw OptionRefusal.error("--cache-size", cacheSize, takes: "a positive number of MiB") }
            if noCache { throw ValidationError("--cache-size \(cacheSize) and --no-cache contradict each other: give one.") }
            if let cache, case .server? = BuildCache(location: cache)?.location {
                throw ValidationError("--cache-size limits a cache folder; the server at \(cache) keeps its own limits (bazel-remote's --max_size).")
            }
        }
        if watch, let shard {
            throw ValidationError("--watch builds every target asked for as you save; --shard \(shard) builds one part of a CI matrix: give one.")
        }
        if let cache, let meant = BuildCache.mistakenAddress(cache) {
            let folder = cache.hasPrefix("/") ? "/" + cache.drop { $0 == "/" } : "./" + cache
            throw ValidationError("--cache \(cache) looks like a server's address: write \(meant) (or \(folder) for a folder so named).")
        }
        if let cache, BuildCache(location: cache) == nil {
            throw OptionRefusal.error("--cache", cache, takes: "a folder, or an http:// or https:// URL of a Bazel remote cache (its port 1 to 65535, no ?query or #fragment)")
        }
    }

    func run() throws {
        if watch { return try runWatch() }
        let part = try shard.map { text throws(Shard.Error) in try Shard(parsing: text) }
        var job = BuildJob(project: try Project.read(file: project), targets: targets, force: force, overwrite: overwrite)
        job.threads = threadsOption.threads
        job.shard = part
        // A validation target's report in the words `flipbook validate --output` writes: the command's bytes.
        job.reportWording = CLIWording.inReportWords
        if noCache { job.cache = nil } else if let cache { job.cache = BuildCache(location: cache) }
        if let cacheSize { job.cache?.maxBytes = cacheSize << 20 }
        let terminal = FileIO.standardErrorIsTerminal && !json
        let tally = BuildTally(asked: targets.isEmpty ? job.project.targets.count : Set(targets).count)
        ProcessPolicy.sayOnInterrupt { tally.interruptedLine() }
        if json { ProcessPolicy.printOnInterrupt { tally.interruptedJSON(exitCode: $0) } }
        let report = try job.run(progress: { event in
            tally.record(event)
            if event.event == .waiting { Console.error("waiting for another build of \(event.target) to finish…") }
            guard terminal, event.event == .building else { return }
            Console.error("building \(event.target) (\(tally.place(of: event.target))/\(event.total))…")
        }, cancellation: nil)
        if json {
            try Console.printJSON(BuildSummary(report))
        } else {
            for entry in report.entries {
                let (line, said) = Self.lines(for: entry)
                if let line { Console.line(line) }
                for text in said { Console.error(text) }
            }
            for warning in report.warnings { Console.error("warning: \(warning)") }
            for note in report.notes { Console.error("note: \(note)") }
            Console.line("\(report.built.count) built, " + (report.restored.isEmpty ? "" : "\(report.restored.count) from cache, ") + "\(report.upToDate.count) up to date"
                  + (report.failures.isEmpty ? "" : ", \(report.failures.count) failed")
                  + (report.entries.count > report.built.count + report.restored.count + report.upToDate.count + report.failures.count
                     ? ", \(report.entries.count - report.built.count - report.restored.count - report.upToDate.count - report.failures.count) skipped" : "")
                  + (part.map { ", \(report.otherShards.count) left to the other parts of \($0.count)" } ?? ""))
        }
        if json { Console.printedJSON.set() }
        // The build's status is its worst target's: the first failure's, as its command would exit.
        if let first = report.failures.max(by: { ExitStatus(for: $0.failure).rawValue < ExitStatus(for: $1.failure).rawValue }) {
            throw BuildFailed(failure: first.failure, count: report.failures.count)
        }
    }

    /// What the build prints of one target: its line for standard output (up to date, built,
    /// from cache) and its lines for standard error (a failure, a skip, its warnings and notes).
    static func lines(for entry: BuildReport.Entry) -> (output: String?, error: [String]) {
        var output: String?, error: [String] = []
        switch entry.status {
        case .upToDate: output = "\(entry.target): up to date"
        case .built(let reasons, let files):
            let written = Self.said(files)
            output = "\(entry.target): built (\(reasons.joined(separator: "; "))): \(written)"
        case .restored(let reasons, let files):
            let written = Self.said(files)
            output = "\(entry.target): from cache (\(reasons.joined(separator: "; "))): \(written)"
        case .failed(let failure, _): error.append("\(entry.target): failed: \(CLIWording.message(for: failure))")
        case .skipped(let dependency): error.append("\(entry.target): skipped: \(dependency) failed")
        }
        error += entry.warnings.map { "warning: \(entry.target): \($0)" } + entry.notes.map { "note: \(entry.target): \($0)" }
        return (output, error)
    }

    /// The deepest folder holding all of `files`; when that is the project's folder itself but
    /// the files lie in folders of it, those folders (`pages and data`: a sheet's pages and data
    /// written apart said "8 files in .").
    /// The files a target wrote, for its line: up to three by name; more by their folder, or, in
    /// the project's own folder (`4 files in .` said nothing), by the first and last.
    static func said(_ files: [String]) -> String {
        guard files.count > 3 else { return files.joined(separator: ", ") }
        let folder = commonFolder(files)
        return folder == "." ? "\(files.count) files (\(files[0]) … \(files[files.count - 1]))" : "\(files.count) files in \(folder)"
    }

    static func commonFolder(_ files: [String]) -> String {
        let folders = files.map { $0.split(separator: "/").dropLast() }
        guard var common = folders.first else { return "." }
        for folder in folders.dropFirst() { common = common.prefix(zip(common, folder).prefix { $0 == $1 }.count) }
        guard common.isEmpty else { return common.joined(separator: "/") }
        var seen: [String] = []
        for folder in folders.map({ $0.isEmpty ? "." : $0.joined(separator: "/") }) where !seen.contains(folder) { seen.append(folder) }
        return seen.count == 1 ? seen[0] : seen.dropLast().joined(separator: ", ") + " and " + seen.last!
    }
}

/// A build in which targets failed, each already printed; exits as its worst failure's command would.
struct BuildFailed: Error, CustomStringConvertible {
    var failure: TargetFailure
    var count: Int
    var description: String { "" }
}

/// `build --json`.
struct BuildSummary: Encodable {
    struct Entry: Encodable {
        var target: String
        var status: String
        var reasons: [String]?
        var files: [String]?
        var error: String?
        var dependency: String?
        var warnings: [String]
        var notes: [String]

        init(_ entry: BuildReport.Entry) {
            // In the CLI's words, as the text output prints them (`give --overwrite`, not `overwrite: true`).
            (target, status, warnings, notes) = (entry.target, "", entry.warnings.map(CLIWording.inCLIWords), entry.notes.map(CLIWording.inCLIWords))
            switch entry.status {
            case .upToDate: status = "up-to-date"
            case .built(let reasons, let files): (status, self.reasons, self.files) = ("built", reasons, files)
            case .restored(let reasons, let files): (status, self.reasons, self.files) = ("from-cache", reasons, files)
            case .failed(let failure, let reasons): (status, self.reasons, error) = ("failed", reasons, CLIWording.inCLIWords(CLIWording.message(for: failure)))
            case .skipped(let dependency): (status, self.dependency) = ("skipped", dependency)
            }
        }
    }

    var targets: [Entry]
    var built: Int, fromCache: Int, upToDate: Int, failed: Int
    var warnings: [String]
    /// What the build did beyond its targets (the outputs of removed targets, removed).
    var notes: [String]
    /// With --shard: the targets the other parts build.
    var otherShards: [String]?

    init(_ report: BuildReport) {
        targets = report.entries.map(Entry.init)
        built = report.built.count
        fromCache = report.restored.count
        warnings = report.warnings
        notes = report.notes
        upToDate = report.upToDate.count
        failed = report.failures.count
        otherShards = report.otherShards.isEmpty ? nil : report.otherShards
    }
}
