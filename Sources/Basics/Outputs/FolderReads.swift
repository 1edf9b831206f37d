import Foundation

/// The folders a job is reading, each held with a shared lock (`flock LOCK_SH` on the folder) from
/// the moment it is listed until the job has read it, so that no commit changes them meanwhile: an
/// ``OutputSet`` commit takes the folder's exclusive lock, so it waits until the readers are done,
/// and a folder is read as one run's set, never as a mix of two (`assemble out/walk` while
/// `blur … -o out/walk` runs again).
///
/// A job binds a scope around its reading (``reading(_:)``; the command-line tool binds one
/// around each command, a build one around each target), and every folder its listing finishes
/// (``OutputRecovery/recover(folder:)`` through ``hold(_:)``) is held in it until the scope ends,
/// or until the job commits its own outputs: a commit lets the scope's folders go first (a job has
/// read its inputs by then), so two runs that each read what the other writes
/// (`blur a -o b` and `blur b -o a`) never wait on each other. Without a scope nothing is held,
/// and a folder is read as before: finished, then listed.
package final class FolderReads: @unchecked Sendable {
    /// The scope of the job running on this task or thread, if any.
    @TaskLocal package static var current: FolderReads?

    /// The shared locks held, by the folder's resolved path.
    private var held: [String: Int32] = [:]
    private let lock = NSLock()

    private init() {}

    /// Runs `body` with a scope of its own: the folders it reads are held until it returns.
    package static func reading<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let scope = FolderReads()
        defer { scope.releaseAll() }
        return try $current.withValue(scope) { Result { () throws(E) -> T in try body() } }.get()
    }

    /// Runs `body` outside any scope: a watch or a server that runs until the process ends reads
    /// in scopes of its own (each build, each page), never in the command's, which would hold
    /// the folders it read for as long as it runs.
    package static func outsideScope<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try $current.withValue(nil) { Result { () throws(E) -> T in try body() } }.get()
    }

    /// Whether the current scope holds `folder` already (then it was finished when it was taken,
    /// and nothing has been committed into it since).
    package static func holds(_ folder: String) -> Bool {
        guard let scope = current, let key = System.resolvedPath(folder) else { return false }
        return scope.lock.withLock { scope.held[key] != nil }
    }

    /// Takes a shared lock on `folder` in the current scope (waiting while a commit holds the
    /// folder, which is said after ``FolderWait/patience``); nothing without a scope, or when the
    /// folder cannot be opened. Returns whether a commit left unfinished there is to be finished
    /// first: its journal is there under the lock (its process died mid-commit) — then nothing is
    /// held, and the caller finishes it and holds the folder again.
    /// `checking` false holds it whatever is there (a journal that cannot be finished from here).
    package static func hold(_ folder: String, checking: Bool = true) -> Bool {
        guard let scope = current, let key = System.resolvedPath(folder) else { return false }
        if scope.lock.withLock({ scope.held[key] != nil }) { return false }
        guard let descriptor = System.lock(directory: key, shared: true) else { return false }
        if checking, OutputRecovery.hasUnfinishedCommit(in: key) {
            System.unlock(descriptor)
            return true
        }
        scope.lock.withLock {
            if scope.held[key] == nil { scope.held[key] = descriptor } else { System.unlock(descriptor) }
        }
        return false
    }

    /// Lets every folder of the current scope go: before the job commits, which takes exclusive
    /// locks (its own shared one on a folder it writes would wait on itself).
    package static func releaseCurrent() {
        current?.releaseAll()
    }

    private func releaseAll() {
        let descriptors = lock.withLock {
            defer { held = [:] }
            return Array(held.values)
        }
        for descriptor in descriptors { System.unlock(descriptor) }
    }
}
