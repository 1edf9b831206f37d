import Foundation
import Pipeline

/// What a build has decided so far, from its progress reports, for the line an interrupt prints
/// (`interrupted: 2 of 5 targets built (walk, coin), 1 up to date; … the next flipbook build checks the other 2`):
/// `build` ended without a word on Ctrl-C, and a user could not tell what was done.
final class BuildTally: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String] = [], restored: [String] = [], upToDate = 0, failed = 0, total: Int
    /// Whether a report has given the build's size (the targets in its order, dependencies in,
    /// another shard's out): until then `total` counts the targets asked for.
    private var sized = false
    /// Each decided target's report entry, in the order decided.
    private var decided: [BuildReport.Entry] = []
    /// Each target's place in the order the build began checking them, from 1.
    private var places: [String: Int] = [:]

    /// A tally of a build of `asked` targets (those named, or every target of the project): what
    /// an interrupt before its first report says is left for the next build (`0 of 3 targets built`).
    init(asked: Int) {
        total = asked
    }

    /// Counts a report's decided target (and the build's size).
    func record(_ progress: BuildProgress) {
        lock.withLock {
            total = sized ? max(total, progress.total) : progress.total
            sized = true
            switch progress.event {
            case .built: built.append(progress.target)
            case .restored: restored.append(progress.target)
            case .upToDate: upToDate += 1
            case .failed: failed += 1
            case .checking:
                if places[progress.target] == nil { places[progress.target] = places.count + 1 }
                return
            case .waiting, .building: return
            }
            if let entry = progress.entry { decided.append(entry) }
        }
    }

    /// `target`'s place in the build (`3` of `building fx (3/5)…`): the order it began being checked
    /// in — targets built side by side are two places, not one count of those decided.
    func place(of target: String) -> Int {
        lock.withLock { places[target] ?? decided.count + 1 }
    }

    /// What an interrupt prints: the lines of each target written or failed before it (`walk:
    /// built (never built): build/walk.gif`, its warnings and notes, as the build would have listed
    /// them: the next build finds it up to date and says nothing of them), then what was decided,
    /// and that the next run goes on from there (each target's state is recorded as it is decided).
    func interruptedLine() -> String {
        lock.withLock {
            let decided = built.count + restored.count + upToDate + failed
            let written = self.decided.flatMap { entry -> [String] in
                if case .upToDate = entry.status { return [] }
                let (line, said) = Build.lines(for: entry)
                return ([line].compactMap { $0 } + said).map { $0 + "\n" }
            }
            var parts = ["\(built.count) of \(total) target\(total == 1 ? "" : "s") built"
                         + (built.isEmpty ? "" : " (\(built.prefix(3).joined(separator: ", "))\(built.count > 3 ? ", …" : ""))")]
            if !restored.isEmpty { parts.append("\(restored.count) from cache") }
            if upToDate > 0 { parts.append("\(upToDate) up to date") }
            if failed > 0 { parts.append("\(failed) failed") }
            let rest = total - decided
            return written.joined() + "interrupted: " + parts.joined(separator: ", ")
                // A target interrupted while its files were renamed into place finishes that first
                // (the renames are never left half done), so "left as it was" is not always true.
                + (rest > 0 ? "; a target being built keeps its earlier files, or its new ones when the interrupt came while they were "
                    + "put in place, and the next flipbook build checks the other \(rest)" : "")
        }
    }

    /// What an interrupt prints on standard output for `build --json`: one object of the targets
    /// decided, the counts, `"interrupted": true` and the exit code, where the build would have
    /// printed its summary (a script reading the output gets JSON either way).
    func interruptedJSON(exitCode: Int32) -> String? {
        let summary = lock.withLock {
            Interrupted(targets: decided.map(BuildSummary.Entry.init), built: built.count, fromCache: restored.count, upToDate: upToDate,
                        failed: failed, notDecided: total - decided.count, exitCode: exitCode)
        }
        return try? Console.jsonString(summary)
    }

    /// `build --json` cut short by an interrupt: each decided target as the whole build lists it.
    struct Interrupted: Encodable {
        var targets: [BuildSummary.Entry]
        var built: Int, fromCache: Int, upToDate: Int, failed: Int
        /// The targets the build had not decided when it was interrupted (the next build checks them).
        var notDecided: Int
        var interrupted = true
        var exitCode: Int32
    }
}
