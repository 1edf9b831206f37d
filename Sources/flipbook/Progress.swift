import Basics
import Foundation

/// A one-line progress counter on stderr, shown only when stderr is a terminal.
final class Progress: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var lastPercent = -1

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
        FileHandle.standardError.write(Data("\r\(label): \(done)/\(total) (\(percent)%)".utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
