import Foundation
import Pipeline

/// What a build has decided so far, from its progress reports, for the line an interrupt prints
/// (`interrupted: 2 of 5 targets built (walk, coin), 1 up to date; … the next flipbook build checks the other 2`):
/// `build` ended without a word on Ctrl-C, and a user could not tell what was done.
final class BuildTally: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String] = [], restored: [String] = [], upToDate = 0, failed = 0, total = 0
    /// Each decided target with its status as `build --json` spells it, in the order decided.
    private var decided: [Interrupted.Entry] = []

    /// Counts a report's decided target (and the build's size).
    func record(_ progress: BuildProgress) {
        lock.withLock {
            total = max(total, progress.total)
            let status: String
            switch progress.event {
            case .built: built.append(progress.target); status = "built"
            case .restored: restored.append(progress.target); status = "from-cache"
            case .upToDate: upToDate += 1; status = "up-to-date"
            case .failed: failed += 1; status = "failed"
            case .waiting, .checking, .building: return
            }
            decided.append(Interrupted.Entry(target: progress.target, status: status))
        }
    }

    /// What an interrupt prints: a line for each target written before it (`walk: built`, as the
    /// build would have listed it), then what was decided, and that the next run goes on from
    /// there (each target's state is recorded as it is decided).
    func interruptedLine() -> String {
        lock.withLock {
            let decided = built.count + restored.count + upToDate + failed
            let written = built.map { "\($0): built\n" } + restored.map { "\($0): from cache\n" }
            var parts = ["\(built.count) of \(total) target\(total == 1 ? "" : "s") built"
                         + (built.isEmpty ? "" : " (\(built.prefix(3).joined(separator: ", "))\(built.count > 3 ? ", …" : ""))")]
            if !restored.isEmpty { parts.append("\(restored.count) from cache") }
            if upToDate > 0 { parts.append("\(upToDate) up to date") }
            if failed > 0 { parts.append("\(failed) failed") }
            let rest = total - decided
            return written.joined() + "interrupted: " + parts.joined(separator: ", ")
                + (rest > 0 ? "; what was being built was left as it was, and the next flipbook build checks the other \(rest)" : "")
        }
    }

    /// What an interrupt prints on standard output for `build --json`: one object of the targets
    /// decided, the counts, `"interrupted": true` and the exit code, where the build would have
    /// printed its summary (a script reading the output gets JSON either way).
    func interruptedJSON(exitCode: Int32) -> String? {
        let summary = lock.withLock {
            Interrupted(targets: decided, built: built.count, fromCache: restored.count, upToDate: upToDate, failed: failed,
                        notDecided: total - decided.count, exitCode: exitCode)
        }
        return try? Console.jsonString(summary)
    }

    /// `build --json` cut short by an interrupt.
    struct Interrupted: Encodable {
        struct Entry: Encodable { var target: String, status: String }
        var targets: [Entry]
        var built: Int, fromCache: Int, upToDate: Int, failed: Int
        /// The targets the build had not decided when it was interrupted (the next build checks them).
        var notDecided: Int
        var interrupted = true
        var exitCode: Int32
    }
}
