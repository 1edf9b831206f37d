/// Finishes what a killed Flipbook process left in a folder, so that nobody reads a set of files
/// that is half old and half new: call ``recover(folder:)`` before reading a folder Flipbook may
/// write into (folder discovery and the validator do, and every ``OutputSet`` does before it writes).
///
/// **Interrupted commits are finished.** An ``OutputSet`` commit writes a journal
/// (`.flipbook-PID-….journal`) into every folder of its set before it renames anything, and removes
/// it once every file is in place; it holds each folder's lock (`flock`) the whole time. So a
/// journal found while holding that lock belongs to a commit that died mid-way (killed, or the
/// machine stopped), whatever process ID it names: its renames and removals are done now from the
/// journal (rolled forward: the journal is written only once all the new files are complete), and
/// the journal is removed. A reader that meets a commit still running waits for it (a few renames).
///
/// **Temporary files are removed only when their writer is dead.** A `.flipbook-PID-….tmp` file
/// with no journal is a file being written, or one a run killed before its commit left. It is
/// removed only when no process with that ID runs on this machine; a live writer's file is never
/// touched (a process ID reused since only leaves a hidden file until that process ends). A file a
/// dead build set aside (`FileIO.setAside`) is put back instead, while the folder's record
/// still names it. A folder shared by several machines should not be written by two at once.
///
/// Recovery writes into the folder. When it cannot (a read-only folder or disk, no permission) and
/// a journal is left, the folder is half-replaced and ``recover(folder:)`` throws
/// ``OutputError/interruptedWrite(folder:journal:reason:)``: the caller must not read the folder.
/// Leftover temporary files that cannot be removed are no error: they are hidden, and nothing reads them.
public enum OutputRecovery {
    /// Finishes every interrupted ``OutputSet`` commit in `folder` and removes the temporary files
    /// of writers no longer running (see the type's discussion). A folder that is missing or
    /// cannot be listed is left to the caller's own listing to report. Throws
    /// ``OutputError/interruptedWrite(folder:journal:reason:)`` when a commit cannot be finished
    /// here (the folder cannot be written): its files are a mix of two runs.
    public static func recover(folder: String) throws(OutputError) {
        guard let names = System.entries(of: folder) else { return }
        let ours = names.filter { $0.hasPrefix(OutputJournal.prefix) }
        if ours.contains(where: { $0.hasSuffix(".journal") }) { try finishCommits(in: folder) }
        for name in ours where name.hasSuffix(".tmp") && !isAlive(name) {
            let path = folder == "." ? name : "\(folder)/\(name)"
            if let original = asideOriginal(name) {
                putBack(aside: path, at: folder == "." ? original : "\(folder)/\(original)")
            } else {
                System.remove(path)
            }
        }
    }

    /// ``recover(folder:)`` for a reader of `folder`: within a ``FolderReads`` scope the folder is
    /// then held, so no commit changes it until the scope's job has read it (a commit killed
    /// between the two is finished first).
    package static func recover(reading folder: String) throws(OutputError) {
        if FolderReads.holds(folder) { return }
        for attempt in 0..<3 {
            try recover(folder: folder)
            if !FolderReads.hold(folder, checking: attempt < 2) { return }
        }
    }

    /// Whether `folder` holds the journal of a commit not finished (a process killed mid-way, or
    /// one committing now): its files are a mix of two runs until ``recover(folder:)``.
    package static func hasUnfinishedCommit(in folder: String) -> Bool {
        (System.entries(of: folder) ?? []).contains { $0.hasPrefix(OutputJournal.prefix) && $0.hasSuffix(".journal") }
    }

    /// What sits between a set-aside file's process ID and its own name (``FileIO/setAside(_:)``).
    static let asideMark = "-aside-"

    /// The name of the file set aside as `name` (`.flipbook-PID-aside-walk1.png.tmp` → `walk1.png`);
    /// `nil` for any other temporary file.
    static func asideOriginal(_ name: String) -> String? {
        let rest = name.dropFirst(OutputJournal.prefix.count).drop { $0.isNumber }
        guard rest.hasPrefix(asideMark), name.hasSuffix(".tmp") else { return nil }
        let original = String(rest.dropFirst(asideMark.count).dropLast(4))
        return OutputLedger.isPlainName(original) ? original : nil
    }

    /// Puts the file set aside as `aside` back at `path` when nothing is there and the folder's
    /// record still names it (the set it belongs to was not replaced since: a commit's record
    /// forgets the files gone from the folder); removes it otherwise. Whether it was put back.
    @discardableResult
    static func putBack(aside: String, at path: String) -> Bool {
        let folder = FileIO.parentDirectory(of: path)
        if System.kind(of: path, followingLinks: false) == nil,
           OutputLedger.read(folder: folder).holder(of: FileIO.lastComponent(of: path)) != nil,
           System.rename(aside, to: path) {
            return true
        }
        System.remove(aside)
        return false
    }

    /// Replays the journals in `folder` under its lock: a commit still running finishes first.
    private static func finishCommits(in folder: String) throws(OutputError) {
        guard let base = System.resolvedPath(folder) else { return }
        let lock = System.lock(directory: folder)
        defer { if let lock { System.unlock(lock) } }
        for name in (System.entries(of: folder) ?? []).sorted() where name.hasPrefix(OutputJournal.prefix) && name.hasSuffix(".journal") {
            let path = "\(base)/\(name)"
            guard let bytes = try? FileIO.readAll(path) else {
                // Gone meanwhile (a commit of a Flipbook that did not lock, or another recovery): done.
                if System.kind(of: path, followingLinks: false) == nil { continue }
                throw .interruptedWrite(folder: folder, journal: name, reason: "its journal cannot be read: \(System.errorText)")
            }
            let journal = OutputJournal.parse(String(decoding: bytes, as: UTF8.self))
            // Journals of earlier Flipbook versions were not always written under the lock: a live
            // process's is its own.
            if journal.isLegacy && isAlive(name) { continue }
            if let reason = journal.replay(in: base, name: name) { throw .interruptedWrite(folder: folder, journal: name, reason: reason) }
            System.remove(path)
        }
    }

    /// Whether the process whose ID is in `name` (`.flipbook-PID-…`) still runs (or the name has none).
    static func isAlive(_ name: String) -> Bool {
        let digits = name.dropFirst(OutputJournal.prefix.count).prefix { $0.isNumber }
        guard let pid = Int32(digits), pid > 0 else { return true }
        // This process's ID on a file it did not make: a dead process's, whose ID was the same.
        if pid == System.processID { return InterruptCleanup.isOwn(name) }
        return System.isRunning(pid)
    }
}
