import Basics
import Foundation

/// A one-line progress counter on stderr, shown only when stderr is a terminal.
final class Progress: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var lastPercent = -1
    private var lastLine = ""

    private init(label: String) { self.label = label }

    /// A progress line, or `nil` when stderr is not a terminal (CI logs, pipes).
    static func forTerminal(label: String) -> Progress? {
        FileIO.standardErrorIsTerminal ? Progress(label: label) : nil
    }

    func update(_ done: Int, _ total: Int) {
        let percent = total == 0 ? 100 : done * 100 / total
        lock.lock()
        defer { lock.unlock() }
        guard percent != lastPercent else { return }
        lastPercent = percent
        Console.standardError("\r\(label): \(done)/\(total) (\(percent)%)")
    }

    /// A job's report: its phase, the attempt of a byte-budget search (`attempt 2 of at most 6`),
    /// and the whole job's share done, which never goes backwards.
    func update(_ progress: JobProgress) {
        let percent = progress.percent
        let attempt = progress.maxAttempts > 1 ? ", attempt \(progress.attempt) of at most \(progress.maxAttempts)" : ""
        let count = progress.total > 0 ? " \(progress.done)/\(progress.total)" : ""
        let line = "\(label): \(progress.phase.rawValue)\(count)\(attempt) (\(percent)%)"
        lock.lock()
        defer { lock.unlock() }
        guard line != lastLine else { return }
        lastLine = line
        Console.standardError("\r\(line)\u{1B}[K")
    }

    func finish() {
        Console.standardError("\r\u{1B}[K")
    }
}
