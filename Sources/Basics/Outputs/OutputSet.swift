import Foundation

/// Several files that replace their destinations as a whole or not at all: a sprite sheet's
/// pages and data, a folder of numbered frames and its `sequence.json`.
///
/// Each file is written to a temporary file beside its destination (``AtomicFileWriter``). On
/// ``commit()`` a journal (`.flipbook-PID-….journal`) listing every temporary file and its
/// destination — by names relative to the journal's folder, never absolute paths — is written and
/// flushed into every folder of the set, under each folder's lock; then the files (and each
/// folder's record, part of the same commit) are renamed into place and the journals removed. If
/// the process dies before its journals are complete, nothing has been renamed: the old set
/// stands, and the temporary files are removed once their process is gone. If it dies while
/// renaming, the next Flipbook command that touches any folder of the set — a write there, or a
/// reader through ``OutputRecovery/recover(folder:)`` (folder discovery, the validator) — finishes
/// the renames from the journal before it looks at the folder. So nobody reads a set that is half
/// one run and half another, and the next write is never refused over a file the killed run
/// wrote (its record is renamed with its files). A folder where the commit cannot be finished (no
/// longer writable) is refused with ``OutputError/interruptedWrite(folder:journal:reason:)``
/// rather than read.
///
/// **The output contract.** No file of the set may be one of the `inputs` (``InputFiles``), nor a
/// folder or special file. A set with an `owner` (the path that names it: a sequence's folder and
/// prefix, a sheet's file) is recorded in each of its folders (`.flipbook-outputs.json`) with each
/// file's size and CRC-32, and replaces the owner's previous set *as a whole*: files of the old
/// set that the new one does not write again are removed in the same commit — also in a folder it
/// no longer writes into (a sheet's data moved: each folder's record names the set's others). It replaces or
/// removes only files it recorded and that are unchanged since; a file that is the user's own, was
/// edited since, or belongs to another set (other than a scale variant of the same owner: `walk`
/// and `walk@2x` share a `sequence.json`) is refused with an ``OutputError`` (unless the caller
/// names it outright, `named:`, as a user names the file given to `-o`). Refusals of a file come
/// when it is added, refusals of an old file to remove come at ``commit()``, before anything is
/// renamed. Files may be added from several threads at once.
///
/// Every throwing function here throws ``Error``: ``Error/refused(_:)`` with the contract's
/// ``OutputError``, or ``Error/write(_:)`` with Basics' `FileIO.Error` when the file system fails.
public final class OutputSet: @unchecked Sendable {
    private var files: [AtomicFileWriter] = []
    private let owner: String?
    private let inputs: InputFiles
    private var ledgers: [String: OutputLedger] = [:]
    private var keys: [String: String] = [:]
    /// Each folder's names by their case-folded form, listed once (``twin(of:)``).
    var foldedNames: [String: [String: [String]]] = [:]
    let lock = NSLock()
    /// The folders whose interrupted writes this set has finished (``OutputRecovery``), and the
    /// lock that makes every other thread wait until the first has.
    private var recovered = Swift.Set<String>()
    private let recovery = NSLock()
    /// A test's stand-in for `kill -9`: the commit stops after this many renames, leaving its
    /// journals and temporary files as a killed process would.
    package var simulatedKillAfterRenames: Int?
    /// Whether this set replaces its owner's previous set when one is a single file named as the
    /// owner and the other several files (refused by default as ``OutputError/heldByAnotherSet(path:owner:)``):
    /// for an output whose name means either by the frame count (`generate -o g.png`:
    /// one frame, or a sheet `g.png` + `g.json`), so a rerun with another count is its own rerun.
    /// The folder's record marks such a set: only a set so marked is replaced by the other shape
    /// (a sheet or an APNG another command wrote there is refused, as without this flag).
    public var replacesOtherShape = false
    /// What the set is made from, apart from its scale — a digest of a scene and the files it
    /// reads, with the run's settings — recorded with it in its folders' records; `nil` records
    /// none. A sequence written at @1x and @2x by runs of their own reads the other scales' with
    /// ``origins(ofOtherScalesOf:in:)``: frames left from another version of the source are told
    /// apart from the same source's, though their count and size agree.
    public var origin: String?
    /// Folders an earlier writing under this owner may have used although no record of the folders
    /// written now says so: a sheet `S.png`'s `S.atlasc` folder (SpriteKit's shape of it) and the
    /// owner's own folder (every other engine's). This set's files in such a folder go as in any
    /// folder it no longer writes into, so a sheet that changes engine leaves no old page behind.
    package var formerFolders: [String] = []
    /// The build's scope where the set was made (its files may be claimed on other threads, where
    /// the task-local is not bound).
    let buildScope: Scope?
    /// The files of the owner's earlier set that the last ``commit()`` removed (not written again: a
    /// rerun with fewer pages, a sheet in another engine's shape), as opened; empty before one.
    public var removed: [String] { lock.withLock { removedPaths } }
    private var removedPaths: [String] = []
    /// An empty set. With an `owner`, the set replaces the files that owner's previous set wrote
    /// (see the type's discussion); without one, each file simply replaces its destination. No
    /// file may be one of `inputs`.
    public init(owner: String? = nil, protecting inputs: InputFiles = InputFiles()) {
        self.owner = owner
        self.inputs = inputs
        buildScope = Self.scope
    }

    /// The paths added so far, in order.
    public var paths: [String] { lock.withLock { files.map(\.path) } }

    /// Adds `bytes` as the next file of the set, written now to its temporary file. Throws
    /// ``Error/refused(_:)`` when the contract refuses `path` (`named`: the caller named this file
    /// outright, so a file of the user's there may be replaced, never one of another set;
    /// `settings`: the file is a folder's settings, ``OutputName/settingsNames``, written as such —
    /// a sequence's `sequence.json`), or ``Error/write(_:)`` when the temporary file cannot be written.
    public func write(_ bytes: [UInt8], to path: String, named: Bool = false, settings: Bool = false) throws(Error) {
        let file = try open(path, named: named, settings: settings)
        try Self.io { () throws(FileIO.Error) in
            try file.write(bytes)
            try file.finish()
        }
    }

    /// Opens `path` as the next file of the set, for the caller to write in pieces (a GIF encoded
    /// straight into its file); the set flushes and renames it on ``commit()``. Refusals as for
    /// ``write(_:to:named:settings:)``.
    public func open(_ path: String, named: Bool = false, settings: Bool = false) throws(Error) -> AtomicFileWriter {
        do { try claim(path, named: named, settings: settings) } catch { throw .refused(error) }
        let file = try Self.io { () throws(FileIO.Error) in try AtomicFileWriter(path: path, recovering: false) }
        lock.withLock { files.append(file) }
        return file
    }

    /// Refuses `path` as ``write(_:to:named:settings:)`` would, writing nothing: a job's plan
    /// checks the names it will write before any work (`FramesJob.plan`).
    package func check(_ path: String, named: Bool = false, settings: Bool = false) throws(OutputError) {
        try claim(path, named: named, settings: settings)
    }

    /// Refuses `path` when the contract does (see ``write(_:to:named:)``).
    func claim(_ path: String, named: Bool, settings: Bool) throws(OutputError) {
        // What a killed run left in this folder is finished or cleaned first, so the checks below
        // see the folder as that run's commit left it.
        try recover(FileIO.parentDirectory(of: path))
        try inputs.check(output: path, settings: settings)
        guard let owner else { return }
        guard System.kind(of: path, followingLinks: false) != nil else {
            // `NOTES.png` beside the user's `notes.png`: one file on macOS and Windows.
            if !named, let twin = twin(of: path) { throw .twinOfUsersFile(path: path, existing: twin) }
            return
        }
        // In a build, a file the target's earlier build wrote is its own to replace, even if edited
        // since (the build's outputs are the build's); any other file only when named outright.
        let named = named || buildScope?.replaces(path) == true
        let folder = FileIO.parentDirectory(of: path)
        let name = FileIO.lastComponent(of: path)
        var ledger = self.ledger(folder)
        var matches = named || ledger.holder(of: name).map { OutputLedger.matches($0.entry, path: path) } ?? false
        // Another run's commit into the folder since its record was read (two runs writing one
        // folder at once): the file is checked against the record as that commit left it.
        if !matches {
            ledger = freshLedger(folder)
            matches = ledger.holder(of: name).map { OutputLedger.matches($0.entry, path: path) } ?? false
        }
        // The file the set is named after (a single output, a sheet's -o): the user may let it go.
        let isOwnName = owner == path
        guard let (holder, _) = ledger.holder(of: name) else {
            // In a build, the user's file another target reads is an input of the build: never replaced.
            if buildScope?.protects(path) == true { throw .overwritesInput(output: path, input: path) }
            // The user's own file: replaced only when named outright.
            if named { return }
            throw isOwnName ? .replacesUsersFile(path: path) : .notWrittenByFlipbook(path: path)
        }
        // Another set's file is never taken, named or not: that set would be broken.
        guard Self.family(holder) == Self.family(ownerKey(in: folder) ?? owner) else {
            throw .heldByAnotherSet(path: path, owner: OutputLedger.display(owner: holder, in: folder))
        }
        guard matches else {
            throw isOwnName ? .replacesUsersFile(path: path) : .changedSinceWritten(path: path)
        }
    }

    /// Finishes what killed runs left in `folder` (``OutputRecovery``), once per set and folder.
    /// Files are added from several threads: the others wait until it is done, so that none reads
    /// the folder's record before the replay has brought it up to date.
    private func recover(_ folder: String) throws(OutputError) {
        recovery.lock()
        defer { recovery.unlock() }
        guard !recovered.contains(folder) else { return }
        try OutputRecovery.recover(folder: folder)
        recovered.insert(folder)
    }

    /// The record of `folder`, read once.
    func ledger(_ folder: String) -> OutputLedger {
        lock.withLock {
            if let ledger = ledgers[folder] { return ledger }
            let ledger = OutputLedger.read(folder: folder)
            ledgers[folder] = ledger
            return ledger
        }
    }

    /// The record of `folder` read again under its shared lock (no commit under way), for good.
    private func freshLedger(_ folder: String) -> OutputLedger {
        let lock = System.lock(directory: System.resolvedPath(folder) ?? folder, shared: true)
        defer { if let lock { System.unlock(lock) } }
        let ledger = OutputLedger.read(folder: folder)
        self.lock.withLock { ledgers[folder] = ledger }
        return ledger
    }

    /// This set's owner as the record in `folder` names it, worked out once per folder (it
    /// resolves two paths: not again for every frame).
    func ownerKey(in folder: String) -> String? {
        guard let owner else { return nil }
        return lock.withLock {
            if let key = keys[folder] { return key }
            let key = Self.key(of: owner, in: folder)
            keys[folder] = key
            return key
        }
    }

    /// The bytes of the file added at `path` (read back from its temporary file), or `nil` when the
    /// set has none there or it cannot be read.
    package func pendingBytes(at path: String) -> [UInt8]? {
        guard let file = lock.withLock({ files.first { $0.path == path } }) else { return nil }
        return try? FileIO.readAll(file.temporaryPath)
    }

    /// Writes `bytes` as the file added at `path` in place of what was added there (already
    /// claimed: the contract's checks are not made again); it keeps its place in the set.
    package func rewrite(_ bytes: [UInt8], at path: String) throws(FileIO.Error) {
        let file = try AtomicFileWriter(path: path, recovering: false)
        try file.write(bytes)
        try file.finish()
        let old = lock.withLock { () -> AtomicFileWriter? in
            guard let index = files.firstIndex(where: { $0.path == path }) else { files.append(file); return nil }
            defer { files[index] = file }
            return files[index]
        }
        old?.discard()
    }

    /// Removes every temporary file now, leaving the destinations as they were: a set given up.
    public func discard() {
        let files = lock.withLock { () -> [AtomicFileWriter] in
            defer { self.files = [] }
            return self.files
        }
        for file in files { file.discard() }
    }

    /// Renames every file into place, through a journal (see the type's discussion), and with an
    /// owner removes the files of its previous set that this one did not write again and updates
    /// each folder's record. Throws ``Error/refused(_:)`` when such an old file has been changed
    /// since it was written (nothing is renamed then), or ``Error/write(_:)``.
    public func commit() throws(Error) {
        try Self.commit([self])
    }

    /// Commits `sets` as one: every file of every set is renamed into place through one journal a
    /// folder, and each set with an owner replaces its own previous set, as ``commit()`` does for
    /// one — or nothing is renamed at all. One run that writes several sets (a sequence's frames
    /// at @1x, @2x and @3x, each scale a set of its own; `spin.gif` and `spin@2x.gif`) commits them
    /// together, so a failure on the last leaves every file of the previous run as it was. A file
    /// that two of the sets write (the `sequence.json` the scales of a folder share) is written
    /// once, as the later set has it. Throws as ``commit()``.
    public static func commit(_ sets: [OutputSet]) throws(Error) {
        // Each destination once: a later set's file replaces an earlier set's at the same path.
        var files: [AtomicFileWriter] = []
        var index: [String: Int] = [:]
        for set in sets {
            for file in set.lock.withLock({ set.files }) {
                if let earlier = index[file.path] {
                    files[earlier].discard()
                    files[earlier] = file
                } else {
                    index[file.path] = files.count
                    files.append(file)
                }
            }
        }
        guard let first = files.first else { return }
        for file in files { try io { () throws(FileIO.Error) in try file.finish() } }
        let kept = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let keptBytes = Swift.Set(files.map { Array($0.path.utf8) })
        let entryOf = { (file: AtomicFileWriter) in OutputLedger.Entry(name: FileIO.lastComponent(of: file.path), size: file.size, crc32: file.crc32) }
        var removals: [(path: String, entry: OutputLedger.Entry)] = [], removedBy: [ObjectIdentifier: [String]] = [:]
        var folders: [String] = []
        for file in files where !folders.contains(FileIO.parentDirectory(of: file.path)) {
            folders.append(FileIO.parentDirectory(of: file.path))
        }
        let owned = sets.filter { $0.owner != nil }
        // Each owned set's folders this time, and the folders its earlier run also wrote into,
        // where it now writes nothing (``foldersLeft(writingInto:)``): its files there go too.
        var written: [ObjectIdentifier: [String]] = [:], left: [ObjectIdentifier: [String]] = [:]
        for set in owned {
            let mine = folders.filter { folder in set.lock.withLock { set.files }.contains { FileIO.parentDirectory(of: $0.path) == folder } }
            written[ObjectIdentifier(set)] = mine
            left[ObjectIdentifier(set)] = set.foldersLeft(writingInto: mine)
        }
        // Each folder's record is read again under a lock and updated by these sets only, so sets
        // committed into one folder at the same time keep each other's entries; the locks are held
        // until the journals are gone, so a reader that finds a journal under the lock knows its
        // commit died (``OutputRecovery``).
        var locks: [Int32] = []
        defer { for lock in locks { System.unlock(lock) } }
        var leftFolders = left.values.flatMap { $0 }.filter { !folders.contains($0) }
        if !owned.isEmpty || files.count > 1 {
            FolderReads.releaseCurrent()   // read by now: its own read of a folder it writes would wait on itself
            locks = try Self.lockFolders(folders, leftFolders: &leftFolders, required: !owned.isEmpty)
        }
        folders += Array(Swift.Set(leftFolders)).sorted()
        var emptied: [String] = []
        for folder in folders {
            let writers = owned.filter { set in
                written[ObjectIdentifier(set), default: []].contains(folder) || left[ObjectIdentifier(set), default: []].contains(folder)
            }
            guard !writers.isEmpty else { continue }
            var ledger = OutputLedger.read(folder: folder)
            let record = OutputLedger.path(in: folder)
            if let kind = System.kind(of: record, followingLinks: false), kind != .regular { throw .refused(.notRegularFile(path: record)) }
            // Every file this commit puts in the folder: an earlier set's entries stay in the record
            // although they are not in place yet.
            let pending = Swift.Set(kept.keys.filter { FileIO.parentDirectory(of: $0) == folder }.map { FileIO.lastComponent(of: $0) })
            for set in writers {
                guard let owner = set.owner else { continue }
                let key = set.ownerKey(in: folder) ?? owner
                // The set's names, each entry as the file kept for it is.
                let paths = set.lock.withLock { set.files }.map(\.path).filter { FileIO.parentDirectory(of: $0) == folder }
                let entries = paths.compactMap { kept[$0] }.map(entryOf)
                let names = Swift.Set(entries.map(\.name))
                let mine = written[ObjectIdentifier(set), default: []]
                let others = mine.filter { $0 != folder }.compactMap { other in
                    System.resolvedPath(other).flatMap { absolute in System.resolvedPath(folder).map { FileIO.relativePath(of: absolute, from: $0) } }
                }
                // `generate -o g.png` replaces its own earlier set of the other shape, never another command's.
                if !(set.replacesOtherShape && ledger.sets.first(where: { $0.owner == key })?.eitherShape == true), !names.isEmpty,
                   let refusal = Self.otherKind(key: key, writing: names, spans: mine.count > 1, earlier: ledger.files(of: key).map(\.name),
                                                spanned: ledger.isSeveral(key), in: folder) {
                    throw .refused(refusal)
                }
                // A folder the set no longer writes into: its files there go while unchanged and no
                // input; an input is left, and in a build a changed file too, the user's now (the record forgets the set there).
                let leaving = !mine.contains(folder)
                // Files another writer writes now stay, recorded as before: Flipbook's, so that writer
                // takes them over (as a user's file it would be refused).
                var forOthers: [OutputLedger.Entry] = []
                // Names compared as the file system does, byte for byte: `café_1.png` composed and
                // decomposed are two files on Linux, and one String (fresh eyes 54: a rerun with the
                // prefix in the other normalisation kept the old set beside the new).
                let nameBytes = Swift.Set(names.map { Array($0.utf8) })
                for old in ledger.files(of: key) where !nameBytes.contains(Array(old.name.utf8)) {
                    let path = folder == "." ? old.name : "\(folder)/\(old.name)"
                    guard System.kind(of: path, followingLinks: false) != nil, !keptBytes.contains(Array(path.utf8)),
                          !removals.contains(where: { $0.path == path }) else { continue }
                    if Self.scope?.writtenByOthers(path) == true {
                        if OutputLedger.matches(old, path: path) { forOthers.append(old) }
                        continue
                    }
                    if let input = set.inputs.input(sameAs: path) {
                        if leaving { continue }
                        throw .refused(.overwritesInput(output: path, input: input))
                    }
                    guard OutputLedger.matches(old, path: path) else {
                        // A build keeps it and says so; a command refuses, as for a file where it writes now
                        // (kept without a word, the edited page of a sheet that changed engine later shipped inside its new folder).
                        if leaving && Self.scope != nil { continue }
                        throw .refused(.changedAndLeft(path: path))
                    }
                    removals.append((path, old))
                    removedBy[ObjectIdentifier(set), default: []].append(path)
                }
                ledger = ledger.replacing(key, with: entries + forOthers, folder: folder, pending: pending, eitherShape: set.replacesOtherShape,
                                          otherFolders: others, origin: set.origin)
            }
            // A folder left with no set: its record goes after the renames (a replay finds the files gone).
            if ledger.sets.isEmpty, !files.contains(where: { FileIO.parentDirectory(of: $0.path) == folder }) {
                emptied.append(folder)
                continue
            }
            // The record is one more file of the set, renamed with it: a replay leaves the
            // record and the files it describes in step.
            let encoded = ledger.encoded()
            let writer = try io { () throws(FileIO.Error) in
                let writer = try AtomicFileWriter(path: record, recovering: false)
                try writer.write(encoded)
                try writer.finish()
                return writer
            }
            files.append(writer)
        }
        if files.count == 1 && removals.isEmpty { return try io { () throws(FileIO.Error) in try first.commit() } }
        let killAfter = sets.lazy.compactMap(\.simulatedKillAfterRenames).first
        // An interrupt from the first journal to the last rename takes effect once they are done
        // (``InterruptCleanup`` never removes a temporary file a journal names).
        try InterruptCleanup.uninterrupted { () throws(Error) in
            let journals = try io { () throws(FileIO.Error) in try OutputJournal.write(files: files, removals: removals, folders: folders) }
            // Ctrl-C (or a TERM) during the renames takes effect once they are done: the set is never
            // left half renamed by a user's interrupt.
            let deferred = System.deferTerminationSignals()
            defer { System.restoreTerminationSignals(deferred) }
            for (index, file) in files.enumerated() {
                if index == killAfter {
                    for file in files { file.disown() }
                    throw Error.simulatedKill
                }
                guard System.rename(file.temporaryPath, to: file.path) else { throw .write(FileIO.systemError(file.path, .write)) }
                file.disown()
            }
            for (path, _) in removals { System.remove(path) }
            for set in owned { set.lock.withLock { set.removedPaths = removedBy[ObjectIdentifier(set)] ?? [] } }
            Self.scope?.didRemove(removals.map(\.path))
            for folder in emptied { System.remove(OutputLedger.path(in: folder)) }
            for journal in journals { System.remove(journal) }
            // …and the folder, when that left it empty (rmdir: a file put there meanwhile keeps it).
            for folder in emptied { _ = System.removeDirectory(folder) }
        }
    }
}
