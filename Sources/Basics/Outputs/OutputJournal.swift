/// The journal of one ``OutputSet`` commit (`.flipbook-PID-….journal`): what a commit killed while
/// renaming leaves, so that the next Flipbook command touching the folder finishes it
/// (``OutputRecovery``).
///
/// The first line is ``header``. Then one line per file, fields separated by tabs:
/// `R`, the temporary file's path relative to the journal's folder (a plain name for a file in that
/// folder, `../pages/.flipbook-….tmp` for one in another folder of the set), the destination's
/// name (always in the temporary file's folder), the fingerprint of the file the rename may replace
/// (`-` when none) and the new file's size and CRC-32; and one line per old file of the set to
/// remove: `D`, its path relative to the journal's folder, its size and CRC-32. Paths are
/// percent-escaped (`%`, tab, newline), hold no absolute folder, and so stay true when the folder
/// is moved or mounted elsewhere.
///
/// Journals written before relative names (no header line; absolute paths, `-` for a removal,
/// no new size or checksum) are still read and replayed.
struct OutputJournal: Equatable {
    /// What every name Flipbook keeps for itself in an output folder starts with.
    static let prefix = ".flipbook-"
    /// The first line of a journal with relative names.
    static let header = "flipbook journal 2"

    /// One temporary file to rename onto its destination.
    struct Rename: Equatable {
        /// The temporary file: relative to the journal's folder (absolute in a legacy journal).
        var temporary: String
        /// The destination's name, in the temporary file's folder.
        var name: String
        /// ``System/fingerprint(of:)`` of the file the rename may replace; `nil` when none was there.
        var replaces: String?
        /// The new file's size and CRC-32 (`nil` in a legacy journal): how a replay tells a rename
        /// done before the kill from a temporary file lost since.
        var written: OutputLedger.Entry?
    }

    /// One old file of the set to remove once the renames are done, while it is still this file.
    struct Removal: Equatable {
        /// Relative to the journal's folder (absolute in a legacy journal).
        var path: String
        var size: Int
        var crc32: UInt32
    }

    var renames: [Rename] = []
    var removals: [Removal] = []
    /// Read from a journal without ``header`` (absolute paths).
    var isLegacy = false

    /// Writes the journal of an ``OutputSet`` commit into each of `folders` — every folder
    /// the set writes into, so that the next command touching any of them finishes the whole
    /// set — and returns their paths. Each names its files relative to its own folder. All are
    /// complete and flushed before the first rename.
    static func write(files: [AtomicFileWriter], removals: [(path: String, entry: OutputLedger.Entry)],
                      folders: [String]) throws(FileIO.Error) -> [String] {
        var resolved: [String: String] = [:]
        for folder in folders {
            guard let absolute = System.resolvedPath(folder) else { throw FileIO.systemError(folder, .write) }
            resolved[folder] = absolute
        }
        let name = "\(prefix)\(System.processID)-\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).journal"
        var paths: [String] = []
        for folder in folders {
            let base = resolved[folder] ?? folder
            // `path` (in one of the set's folders) as the journal in `folder` names it.
            func relative(_ path: String) -> String {
                let (directory, file) = (FileIO.parentDirectory(of: path), FileIO.lastComponent(of: path))
                guard let absolute = resolved[directory], absolute != base else { return file }
                return FileIO.relativePath(of: absolute + "/" + file, from: base)
            }
            var journal = OutputJournal()
            for file in files {
                journal.renames.append(OutputJournal.Rename(
                    temporary: relative(file.temporaryPath), name: FileIO.lastComponent(of: file.path),
                    replaces: System.fingerprint(of: file.path),
                    written: OutputLedger.Entry(name: FileIO.lastComponent(of: file.path), size: file.size, crc32: file.crc32)))
            }
            for (path, entry) in removals {
                journal.removals.append(OutputJournal.Removal(path: relative(path), size: entry.size, crc32: entry.crc32))
            }
            let path = folder == "." ? name : "\(folder)/\(name)"
            let writer = try AtomicFileWriter(path: path, recovering: false)
            try writer.write(journal.encoded())
            try writer.commit()
            paths.append(path)
        }
        return paths
    }

    /// The bytes to write.
    func encoded() -> [UInt8] {
        var text = Self.header + "\n"
        for rename in renames {
            let written = rename.written.map { "\t\($0.size)\t\($0.crc32)" } ?? ""
            text += "R\t\(Self.escape(rename.temporary))\t\(Self.escape(rename.name))\t\(rename.replaces ?? "-")\(written)\n"
        }
        for removal in removals {
            text += "D\t\(Self.escape(removal.path))\t\(removal.size)\t\(removal.crc32)\n"
        }
        return Array(text.utf8)
    }

    /// The journal in `text`; lines it cannot read are left out (a journal is Flipbook's own file,
    /// but a replay never trusts it further than its checks).
    static func parse(_ text: String) -> OutputJournal {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var journal = OutputJournal()
        guard lines.first == header else { return legacy(lines) }
        lines.removeFirst()
        for line in lines {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 6, parts[0] == "R", let size = Int(parts[4]), let crc = UInt32(parts[5]) {
                let name = unescape(parts[2])
                journal.renames.append(Rename(temporary: unescape(parts[1]), name: name, replaces: parts[3] == "-" ? nil : parts[3],
                                              written: OutputLedger.Entry(name: name, size: size, crc32: crc)))
            } else if parts.count == 4, parts[0] == "D", let size = Int(parts[2]), let crc = UInt32(parts[3]) {
                journal.removals.append(Removal(path: unescape(parts[1]), size: size, crc32: crc))
            }
        }
        return journal
    }

    /// A journal from before relative names: `TEMPORARY\tNAME\tFINGERPRINT` with an absolute
    /// temporary path, and `-\tPATH\tSIZE\tCRC` with an absolute path.
    private static func legacy(_ lines: [String]) -> OutputJournal {
        var journal = OutputJournal(isLegacy: true)
        for line in lines {
            let parts = line.split(separator: "\t").map(String.init)
            if parts.count == 4, parts[0] == "-", parts[1].hasPrefix("/"), let size = Int(parts[2]), let crc = UInt32(parts[3]) {
                journal.removals.append(Removal(path: parts[1], size: size, crc32: crc))
            } else if parts.count == 3, parts[0].hasPrefix("/") {
                journal.renames.append(Rename(temporary: parts[0], name: parts[1], replaces: parts[2] == "-" ? nil : parts[2], written: nil))
            }
        }
        return journal
    }

    /// Finishes the commit this journal records, in the folder `base` (the journal's, links
    /// resolved), the journal being named `name` there; `nil` when done, else why it could not be
    /// (a folder that may not be written).
    ///
    /// A temporary file is renamed onto its name only where that name is free or still holds the
    /// very file the commit was allowed to replace (its fingerprint) — never over a file someone put
    /// there since; when a name holds another file (put there since, or the folder copied, which
    /// gives every file a new fingerprint), nothing is finished: with no rename done yet the commit
    /// is rolled back, else the reason is returned and the folder is not read. An old file is
    /// removed only while it is still the file the journal names. Only Flipbook's own temporary files move, each onto a plain name
    /// in its own folder, and only in a folder that holds this journal too (the commit writes it
    /// into each of its folders; a journal of an earlier version: its own folder only): a journal
    /// found in a folder someone handed over acts on nothing outside it.
    ///
    /// The commit is rolled back instead (its remaining temporary files removed, the old set
    /// standing) when no rename was done and a temporary file is gone, or when a folder of the set
    /// never got its journal: the commit died while writing its journals, before any rename.
    func replay(in base: String, name: String) -> String? {
        // Whether the journal may act in `folder` (a folder of the set that holds this journal).
        func mayAct(in folder: String) -> Bool {
            if isLegacy { return System.resolvedPath(folder) == base }
            return folder == base || System.kind(of: folder + "/" + name, followingLinks: false) == .regular
        }
        var pending: [(temporary: String, destination: String, replaces: String?)] = []
        var done = 0, lost = 0
        var unjournaled = false
        for rename in renames {
            let fileName = FileIO.lastComponent(of: rename.temporary)
            guard fileName.hasPrefix(Self.prefix), fileName.hasSuffix(".tmp"),
                  OutputLedger.isPlainName(rename.name) || rename.name == OutputLedger.fileName else { continue }
            let temporary = rename.temporary.hasPrefix("/") ? rename.temporary : base + "/" + rename.temporary
            let folder = FileIO.parentDirectory(of: temporary)
            let destination = folder + "/" + rename.name
            let isPending = System.kind(of: temporary, followingLinks: false) == .regular
            // Renamed before the kill (a legacy journal has no size and checksum to tell).
            let isDone = !isPending && (rename.written.map { OutputLedger.matches($0, path: destination) } ?? true)
            guard mayAct(in: folder) else {
                if !isDone && !isLegacy { unjournaled = true }
                continue
            }
            if isPending { pending.append((temporary, destination, rename.replaces)) } else if isDone { done += 1 } else { lost += 1 }
        }
        // Free: nothing there, or still the very file the commit was allowed to replace. A name
        // holding another file (put there since, or the whole folder copied: new inodes) is not
        // replaced, and then nothing is: finishing part of the set would mix two runs.
        let taken = pending.filter { file in
            let now = System.fingerprint(of: file.destination)
            return !(now == nil || now == file.replaces)
        }
        if unjournaled || (lost > 0 && done == 0) || (!taken.isEmpty && done == 0) {
            for file in pending { System.remove(file.temporary) }
            return nil
        }
        if let first = taken.first {
            return "\(taken.count) of its files' names (\(FileIO.lastComponent(of: first.destination))…) hold files other than those it "
                + "was allowed to replace (the folder was copied, or changed since), so it cannot be finished without mixing two runs"
        }
        for file in pending {
            guard System.rename(file.temporary, to: file.destination) else {
                return "cannot rename \(FileIO.lastComponent(of: file.temporary)) to \(file.destination): \(System.errorText)"
            }
        }
        for removal in removals {
            let path = removal.path.hasPrefix("/") ? removal.path : base + "/" + removal.path
            let name = FileIO.lastComponent(of: path)
            guard OutputLedger.isPlainName(name), mayAct(in: FileIO.parentDirectory(of: path)),
                  OutputLedger.matches(OutputLedger.Entry(name: name, size: removal.size, crc32: removal.crc32), path: path)
            else { continue }
            System.remove(path)
            if System.kind(of: path, followingLinks: false) != nil { return "cannot remove the old file \(path): \(System.errorText)" }
        }
        return nil
    }

    /// `text` with `%`, tab, line feed and carriage return as `%25`, `%09`, `%0A`, `%0D`: one field on one line.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\t": result += "%09"
            case "\n": result += "%0A"
            case "\r": result += "%0D"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The inverse of ``escape(_:)``.
    static func unescape(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
