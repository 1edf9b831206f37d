import Foundation

/// Several files that replace their destinations as a whole or not at all: a sprite sheet's
/// pages and data, a folder of numbered frames and its `sequence.json`.
///
/// Each file is written to a temporary file beside its destination (``AtomicFileWriter``). On
/// ``commit()`` a journal listing every temporary file and its destination is written and flushed
/// next to the first one, then the files are renamed into place and the journal is removed. If the
/// process dies before the journal is complete, the next write into that folder removes the
/// temporary files and the old outputs stand; if it dies while renaming, the next write finishes
/// the renames from the journal. Either way a reader never sees part of a set once a later run
/// (of any command) has touched the folder, and no temporary file outlives it. A set spread over
/// several folders keeps its journal in the first file's folder: its recovery is complete when the
/// next write goes there first.
/// Files may be added from several threads at once.
public final class OutputSet: @unchecked Sendable {
    private var files: [AtomicFileWriter] = []
    private let lock = NSLock()

    /// An empty set.
    public init() {}

    /// The paths added so far, in order.
    public var paths: [String] { lock.withLock { files.map(\.path) } }

    /// Adds `bytes` as the next file of the set, written now to its temporary file.
    public func write(_ bytes: [UInt8], to path: String) throws(FileIO.Error) {
        let file = try AtomicFileWriter(path: path)
        try file.write(bytes)
        try file.finish()
        lock.withLock { files.append(file) }
    }

    /// Renames every file into place, through a journal (see the type's discussion).
    public func commit() throws(FileIO.Error) {
        let files = lock.withLock { self.files }
        guard let first = files.first else { return }
        if files.count == 1 { return try first.commit() }
        let directory = FileIO.parentDirectory(of: first.path)
        let journal = "\(directory)/\(InterruptedWrites.prefix)\(System.processID)-\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).journal"
        // Each line: the temporary file's absolute path, a tab, the destination's name (always in
        // the temporary file's folder), so the journal is read the same from any working directory.
        var text = ""
        for file in files {
            let folder = FileIO.parentDirectory(of: file.temporaryPath)
            guard let absolute = System.resolvedPath(folder) else { throw FileIO.systemError(folder, .write) }
            text += "\(absolute)/\(FileIO.lastComponent(of: file.temporaryPath))\t\(FileIO.lastComponent(of: file.path))\n"
        }
        let writer = try AtomicFileWriter(path: journal)
        try writer.write(Array(text.utf8))
        try writer.commit()
        for file in files {
            guard System.rename(file.temporaryPath, to: file.path) else { throw FileIO.systemError(file.path, .write) }
            file.disown()
        }
        System.remove(journal)
    }
}

/// Cleans up after writes a killed process left behind: temporary files (`.flipbook-PID-….tmp`)
/// are removed and interrupted ``OutputSet`` commits (`.flipbook-PID-….journal`) are finished, for
/// every process ID that is no longer running. Done once per folder per process, before the first
/// file is written there.
enum InterruptedWrites {
    static let prefix = ".flipbook-"
    nonisolated(unsafe) private static var done = Set<String>()
    private static let lock = NSLock()

    static func recover(in directory: String) {
        let first = lock.withLock { done.insert(directory).inserted }
        guard first, let names = System.entries(of: directory) else { return }
        let ours = names.filter { $0.hasPrefix(prefix) }
        // Journals first: their temporary files are renamed into place, not removed.
        for name in ours where name.hasSuffix(".journal") && !isAlive(name) {
            let path = "\(directory)/\(name)"
            if let text = try? FileIO.readAll(path) {
                for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
                    let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
                    // Only our own temporary files, each onto a name in its own folder: a journal
                    // cannot move anything else.
                    guard parts.count == 2, FileIO.lastComponent(of: parts[0]).hasPrefix(prefix), !parts[1].contains("/"),
                          parts[1] != ".", parts[1] != ".." else { continue }
                    _ = System.rename(parts[0], to: FileIO.parentDirectory(of: parts[0]) + "/" + parts[1])
                }
            }
            System.remove(path)
        }
        for name in ours where name.hasSuffix(".tmp") && !isAlive(name) {
            System.remove("\(directory)/\(name)")
        }
    }

    /// Whether the process whose ID is in `name` (`.flipbook-PID-…`) still runs (or the name has none).
    private static func isAlive(_ name: String) -> Bool {
        let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
        guard let pid = Int32(digits), pid > 0 else { return true }
        if pid == System.processID { return true }
        return System.isRunning(pid)
    }
}
