import Basics
import Foundation
import Pipeline

/// `flipbook build --watch`: one call of the library's `BuildWatch`, each build printed as one
/// line (or one JSON object per line with `--json`), flushed at once so a reader of the pipe sees
/// it. Ctrl-C ends the process as it ends every command (exit 130, temporary files removed).
extension Build {
    func runWatch() throws {
        // A watch ends by Ctrl-C: its JSON is a line per build, with no object for the interrupt.
        ProcessPolicy.printOnInterrupt { _ in nil }
        var watch = BuildWatch(projectFile: project, targets: targets, overwrite: overwrite)
        watch.threads = threadsOption.threads
        watch.force = force
        watch.reportWording = CLIWording.inReportWords
        // The same cache as a build without --watch (it used the project's folder whatever was given).
        watch.withoutCache = noCache
        watch.cache = cache.flatMap { BuildCache(location: $0) }
        if let cacheSize {
            if watch.cache == nil { watch.projectCacheMaxBytes = cacheSize << 20 } else { watch.cache?.maxBytes = cacheSize << 20 }
        }
        // Its own report, redirected into a folder a target reads (`> watch.log`), is no change.
        watch.ignoredFiles = FileIO.standardStreamFiles
        let json = self.json
        let terminal = FileIO.standardErrorIsTerminal && !json
        let failing = BuildWatchOutput.Failing()
        try watch.run(onEvent: { event in
            switch event {
            case .built(let report, let changes):
                BuildWatchOutput.print(report, changes: changes, json: json, failing: failing)
            case .projectUnreadable(let error):
                failing.projectUnreadable()
                BuildWatchOutput.problem(CLIWording.inCLIWords(error.description) + "; watching it until it reads again", json: json)
            case .buildFailed(let error):
                BuildWatchOutput.problem(CLIWording.inCLIWords(error.description), json: json)
            case .warning(let message):
                BuildWatchOutput.problem("warning: " + message, json: json)
            case .progress(let progress):
                if terminal, progress.event == .building { Console.error("building \(progress.target)…") }
            }
        }, cancellation: CancellationFlag())
    }
}

/// The lines `build --watch` prints.
enum BuildWatchOutput {
    /// One build: `coin/gold_3.png changed: built coin, coin-sheet; 2 up to date` on standard
    /// output (`from cache coin` for a target whose outputs came from the cache); failures, warnings and notes on standard error as `build` prints them. A build that
    /// built nothing and failed nothing (a file saved unchanged) prints nothing after the first,
    /// unless a target `failing` before does not fail now (the project file mended, its output
    /// up to date): that is said (`coin failed before, not now`), or the last line would still
    /// read as a failure; so are outputs removed (a target taken out of the project).
    static func print(_ report: BuildReport, changes: [String], json: Bool, failing: Failing) {
        var failed: [String] = [], skipped: [String] = []
        for entry in report.entries {
            switch entry.status {
            case .failed: failed.append(entry.target)
            case .skipped: skipped.append(entry.target)
            default: break
            }
        }
        // A target only skipped (another failed) never failed itself: it is not said to fail no more.
        let mended = failing.replace(with: failed).filter { name in report.entries.contains { $0.target == name } }
        let first = changes.isEmpty
        // A target taken from the cache rewrote its outputs as a build would (a change undone, a branch switched back).
        // Outputs of a target the project no longer has were removed: said, as `build` says it.
        guard first || !report.built.isEmpty || !report.restored.isEmpty || !failed.isEmpty || !skipped.isEmpty || !mended.isEmpty
            || !report.notes.isEmpty || !report.warnings.isEmpty || failing.readsAgain() else { return }
        if json {
            line(jsonLine(WatchLine(event: "build", changes: changes, built: report.built, fromCache: report.restored, upToDate: report.upToDate,
                                    failed: failed, skipped: skipped, mended: mended.isEmpty ? nil : mended, errors: errors(report),
                                    warnings: byTarget(report, \.warnings), targetNotes: byTarget(report, \.notes),
                                    notes: report.notes.isEmpty ? nil : report.notes.map(CLIWording.inCLIWords),
                                    buildWarnings: report.warnings.isEmpty ? nil : report.warnings.map(CLIWording.inCLIWords))))
            return
        }
        let cause = first ? "first build" : changes.count <= 3 ? changes.joined(separator: ", ") + " changed" : "\(changes.count) files changed"
        var parts = [report.built.isEmpty && report.restored.isEmpty ? "nothing built" : report.built.isEmpty ? nil : "built " + report.built.joined(separator: ", ")]
        if !report.restored.isEmpty { parts.append("from cache " + report.restored.joined(separator: ", ")) }
        parts.append("\(report.upToDate.count) up to date")
        if !failed.isEmpty { parts.append("\(failed.count) failed") }
        if !skipped.isEmpty { parts.append("\(skipped.count) skipped") }
        if !mended.isEmpty { parts.append("\(mended.joined(separator: ", ")) failed before, not now") }
        line("\(cause): " + parts.compactMap { $0 }.joined(separator: "; "))
        for entry in report.entries {
            switch entry.status {
            case .failed(let failure, _): Console.error("\(entry.target): failed: \(CLIWording.message(for: failure))")
            case .skipped(let dependency): Console.error("\(entry.target): skipped: \(dependency) failed")
            default: break
            }
            for warning in entry.warnings { Console.error("warning: \(entry.target): \(warning)") }
            for note in entry.notes { Console.error("note: \(entry.target): \(note)") }
        }
        for note in report.notes { Console.error("note: \(note)") }
        // The build's own warnings (a cache it went on without), as `build` prints them: the watch said none.
        for warning in report.warnings { Console.error("warning: \(CLIWording.inCLIWords(warning))") }
    }

    /// A problem the watch went on after: standard error, or a JSON line.
    static func problem(_ message: String, json: Bool) {
        if json {
            // The event names the kind; the message is the same bare text either way.
            let warning = message.hasPrefix("warning: ")
            line(jsonLine(WatchLine(event: warning ? "warning" : "error", message: warning ? String(message.dropFirst("warning: ".count)) : message)))
        } else {
            // One style for every problem: `error: …`, as a command's (the project file's were bare).
            Console.error(message.hasPrefix("warning: ") ? message : "error: " + message)
        }
    }

    private static func errors(_ report: BuildReport) -> [String: String] {
        var errors: [String: String] = [:]
        for entry in report.entries {
            // In the words `build --json` says them (a project's keys, not the library's names).
            if case .failed(let failure, _) = entry.status { errors[entry.target] = CLIWording.inCLIWords(CLIWording.message(for: failure)) }
        }
        return errors
    }

    /// Each target's warnings or notes (`part`) in the words `build --json` says them; `nil` when none has any.
    private static func byTarget(_ report: BuildReport, _ part: KeyPath<BuildReport.Entry, [String]>) -> [String: [String]]? {
        var said: [String: [String]] = [:]
        for entry in report.entries where !entry[keyPath: part].isEmpty { said[entry.target] = entry[keyPath: part].map(CLIWording.inCLIWords) }
        return said.isEmpty ? nil : said
    }

    /// The targets the last build failed, across the watch's builds.
    final class Failing: @unchecked Sendable {
        private let lock = NSLock()
        private var names: Set<String> = []
        private var unreadable = false

        /// Notes that the project file did not read (the next build's line says it reads again).
        func projectUnreadable() { lock.withLock { unreadable = true } }

        /// Whether the project file did not read before this build (and forgets it).
        func readsAgain() -> Bool { lock.withLock { defer { unreadable = false }; return unreadable } }

        /// Records `now` as the failing targets; returns those that failed before and do not now, sorted.
        func replace(with now: [String]) -> [String] {
            lock.withLock {
                defer { names = Set(now) }
                return names.subtracting(now).sorted()
            }
        }
    }

    /// One JSON object per line.
    struct WatchLine: Encodable {
        var event: String
        var changes: [String]?
        var built: [String]?
        /// Targets whose outputs were taken from the cache (written, not built).
        var fromCache: [String]?
        var upToDate: [String]?
        var failed: [String]?
        var skipped: [String]?
        /// Targets the build before failed, and this one did not.
        var mended: [String]?
        var errors: [String: String]?
        /// Each target's warnings (`missing frame 3 of …`), as `build --json` lists them under `targets[].warnings`.
        var warnings: [String: [String]]?
        /// Each target's notes (files it removed or replaced), as `build --json`'s `targets[].notes`.
        var targetNotes: [String: [String]]?
        /// The build's own notes: outputs of targets no longer in the project, removed.
        var notes: [String]?
        /// The build's own warnings: a cache it went on without.
        var buildWarnings: [String]?
        var message: String?
    }

    private static func jsonLine(_ value: WatchLine) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? #"{"event":"error"}"#
    }

    /// Writes `text` and a newline to standard output unbuffered, so a pipe's reader sees each
    /// build as it happens (a failed write drops the line, as every printed line is dropped).
    private static func line(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((TerminalText.escaped(text, keepingNewlines: true) + "\n").utf8))
    }
}
