/// Whole-file reads and atomic writes, with errors that carry `strerror` text.
public enum FileIO {
    /// A failed file operation: the path and the system's reason.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Whether a file was being read (an input) or written (an output).
        public enum Operation: String, Sendable, Equatable {
            /// `read`: the file was an input being read; `write`: an output being written (the CLI's exit 3
            /// and exit 4).
            case read, write
        }
        /// What went wrong, for a caller that handles one case (a missing file) differently from
        /// another (no permission); ``reason`` says it in the system's words.
        public enum Kind: String, Sendable, Equatable {
            /// Nothing is at the path (or at a folder on its way): `ENOENT`.
            case missing
            /// A part of the path that must be a folder is not one (`ENOTDIR`), or a folder was asked
            /// for and a file found.
            case notAFolder
            /// The file or a folder on its way may not be read or written (`EACCES`, `EPERM`).
            case permissionDenied
            /// Something that is not a regular file: a FIFO, a device, a socket.
            case notRegularFile
            /// Any other failure: a full disk, an I/O error, a file over ``FileIO/maximumFileSize``.
            case other
        }
        /// The file.
        public var path: String
        /// The system's reason (`strerror`) or ours.
        public var reason: String
        /// What was being done: decides between the CLI's "input unreadable" and "output unwritable".
        public var operation: Operation
        /// What kind of failure it is.
        public var kind: Kind
        /// An error for `path`.
        public init(path: String, reason: String, operation: Operation = .read, kind: Kind = .other) {
            self.path = path
            self.reason = reason
            self.operation = operation
            self.kind = kind
        }
        /// `path: reason`, with "cannot write" when writing.
        public var description: String { operation == .write ? "cannot write \(path): \(reason)" : "\(path): \(reason)" }
    }

    /// The largest file ``readAll(_:)`` reads: 1 GiB, beyond any image, animation or data file
    /// an asset pipeline holds (the largest real inputs checked are sheet pages of a few MB), so a
    /// mistaken or hostile path (a disk image, a growing log) is refused instead of filling memory.
    public static let maximumFileSize = 1 << 30

    /// Reads a whole file (refused when it holds more than ``maximumFileSize`` bytes).
    public static func readAll(_ path: String) throws(Error) -> [UInt8] {
        try load(path, limit: nil).bytes
    }

    /// Reads at most `limit` bytes from the start of a file, and the file's full size.
    public static func readPrefix(_ path: String, limit: Int) throws(Error) -> (bytes: [UInt8], fileSize: Int) {
        try load(path, limit: limit)
    }

    /// Reads the regular file at `path` from start to end in pieces of at most `size` bytes,
    /// handing each to `body` (which must not keep the buffer): a file of any size in `size` bytes
    /// of memory, for hashing.
    public static func readChunks(_ path: String, size: Int, _ body: (UnsafeRawBufferPointer) -> Void) throws(Error) {
        let descriptor = System.openForReading(path)
        guard descriptor >= 0 else { throw systemError(path) }
        defer { System.close(descriptor) }
        guard let status = System.status(of: descriptor) else { throw systemError(path) }
        guard status.isRegular else { throw Error(path: path, reason: "not a regular file", kind: .notRegularFile) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, size), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = System.read(descriptor, into: buffer, count: max(1, size))
            if count < 0 { throw systemError(path) }
            if count == 0 { return }
            body(UnsafeRawBufferPointer(start: buffer, count: count))
        }
    }

    /// Reads up to `limit` bytes (all of the file when `nil`), following a file that grows; a
    /// whole file over ``maximumFileSize`` is refused before anything is allocated.
    private static func load(_ path: String, limit: Int?) throws(Error) -> (bytes: [UInt8], fileSize: Int) {
        @inline(__always) func tooLarge(_ size: Int) -> Error {
            Error(path: path, reason: "\(size) bytes, over the 1 GiB Flipbook reads of one file")
        }
        let descriptor = System.openForReading(path)
        guard descriptor >= 0 else { throw systemError(path) }
        defer { System.close(descriptor) }
        guard let status = System.status(of: descriptor) else { throw systemError(path) }
        guard status.isRegular else { throw Error(path: path, reason: "not a regular file", kind: .notRegularFile) }
        let size = status.size
        if limit == nil, size > maximumFileSize { throw tooLarge(size) }
        let most = limit ?? maximumFileSize + 1
        var bytes = [UInt8](repeating: 0, count: min(most, size))
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file may have grown since fstat; read on until end of file (or the limit).
                let room = most - bytes.count
                guard room > 0 else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(room, max(4096, bytes.count / 2))))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                System.read(descriptor, into: buffer.baseAddress! + filled, count: buffer.count - filled)
            }
            if count < 0 { throw systemError(path) }
            if count == 0 { break }
            filled += count
        }
        if limit == nil, filled > maximumFileSize { throw tooLarge(filled) }
        bytes.removeSubrange(filled...)
        return (bytes, size)
    }

    /// Writes `bytes` to `path` atomically: into a temporary file beside it, flushed to disk,
    /// then renamed over the destination. Readers see the old file or the new one, never a part.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Error) {
        let file = try AtomicFileWriter(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes `bytes` to standard output (callers first refuse a terminal there:
    /// ``OutputName/requireRedirectedStandardOutput()``).
    public static func writeStandardOutput(_ bytes: [UInt8]) throws(Error) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { System.write(1, from: $0.baseAddress! + written, count: $0.count - written) }
            if count < 0 { throw systemError("standard output", .write) }
            written += count
        }
    }

    /// Whether `a` and `b` name the same existing file (the same inode on the same device: through
    /// symbolic links, hard links and `..` alike). `false` when either does not exist.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        guard let first = System.identity(of: a), let second = System.identity(of: b) else { return false }
        return first == second
    }

    /// The names in a folder (without `.` and `..`), in no particular order; the system's reason
    /// (`Not a directory`, `Permission denied`) when it cannot be listed.
    public static func entries(of folder: String) throws(Error) -> [String] {
        guard let names = System.entries(of: folder) else { throw systemError(folder) }
        return names.filter { $0 != "." && $0 != ".." }
    }

    /// A string naming the file now at `path` (device, inode, size, modification time; links not
    /// followed), `nil` when nothing is there: another file put there, or this one rewritten, gives
    /// another string.
    public static func fingerprint(of path: String) -> String? { System.fingerprint(of: path) }

    /// ``fingerprint(of:)`` followed by the status-change time, which no user can set back: a file
    /// edited to the same size and given back its modification time (`touch -r`, an editor that
    /// keeps it) gives another string. Renaming, `chmod` and new links change it too: a caller that
    /// reuses a digest while it is unchanged (a build's state) reads such a file again, nothing worse.
    /// For a link, the file it leads to follows (after `~`): that file edited changes it too, as
    /// the content read through the link does.
    public static func changeFingerprint(of path: String) -> String? { System.fingerprint(of: path, changed: true) }

    /// The size in bytes of the regular file at `path` (links not followed); `nil` for anything else.
    public static func regularFileSize(_ path: String) -> Int? { System.regularFileSize(of: path) }

    /// The path of `target` from `folder`, both absolute (`/a/s.png` from `/b` is `../a/s.png`),
    /// component by component; links are not resolved here.
    public static func relativePath(of target: String, from folder: String) -> String {
        let to = target.split(separator: "/"), from = folder.split(separator: "/")
        let common = zip(to, from).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
    }

    /// Whether `path` names an open file descriptor rather than a file in a folder: `/dev/stdin`
    /// (`stdout`, `stderr`), `/dev/fd/N`, `/proc/PID/fd/N`. Such a name may lead to a regular file
    /// (`draw /dev/stdin < scene.json`), but not to that file's folder, where a data file's images
    /// and fonts are found: readers of such files refuse it with ``descriptorNameError(_:)``.
    public static func namesDescriptor(_ path: String) -> Bool {
        let parts = path.split(separator: "/").filter { $0 != "." }
        guard path.hasPrefix("/"), parts.count >= 2 else { return false }
        switch (parts[0], parts[1]) {
        case ("dev", "stdin"), ("dev", "stdout"), ("dev", "stderr"): return parts.count == 2
        case ("dev", "fd"): return parts.count == 3
        case ("proc", _): return parts.count == 4 && parts[2] == "fd"
        default: return false
        }
    }

    /// The refusal of a data file named by a file descriptor (``namesDescriptor(_:)``): not a
    /// regular file, as a FIFO or a device is.
    public static func descriptorNameError(_ path: String) -> Error {
        Error(path: path, reason: "not a regular file (a name for an open descriptor such as standard input, in no folder where the "
              + "images and fonts it names could be found): give the file's own path", kind: .notRegularFile)
    }

    /// `path` made absolute, with symbolic links and `..` resolved; `nil` when it does not exist.
    public static func resolvedPath(_ path: String) -> String? { System.resolvedPath(path) }

    /// Whether `path` names a folder (links followed).
    package static func isDirectory(_ path: String) -> Bool { System.kind(of: path) == .directory }

    /// Whether `path` names a regular file (links followed).
    package static func isRegularFile(_ path: String) -> Bool { System.kind(of: path) == .regular }

    /// What the symbolic link at `path` holds, as written (`../gone`); `nil` when it is no link.
    package static func linkTarget(of path: String) -> String? { System.linkTarget(path) }

    /// Whether `path` itself is a symbolic link (to anything, or dangling).
    package static func isSymbolicLink(_ path: String) -> Bool { System.kind(of: path, followingLinks: false) == .symbolicLink }

    /// The start of the names of Flipbook's own bookkeeping files (temporary files, journals).
    package static var bookkeepingPrefix: String { OutputJournal.prefix }

    /// Renames the file at `path` to a hidden temporary name beside it (a set about to be replaced,
    /// kept until its replacement is written); that name, `nil` when it was not moved. An interrupt
    /// (``ProcessPolicy/removeTemporaryFilesOnInterrupt()``), or after a `kill -9` the next Flipbook
    /// writing into the folder (``OutputRecovery``), renames it back while the folder's record still
    /// names the file — no set has replaced it since — and removes it once one has. The name holds
    /// the file's own (`.flipbook-PID-aside-walk1.png.tmp`), so that recovery knows where it was; a
    /// file whose name leaves no room for that (``canSetAside(_:)``) is not moved.
    package static func setAside(_ path: String) -> String? {
        guard canSetAside(path) else { return nil }
        let folder = parentDirectory(of: path), original = lastComponent(of: path)
        let name = "\(bookkeepingPrefix)\(System.processID)\(OutputRecovery.asideMark)\(original).tmp"
        let aside = folder == "." && !path.hasPrefix("./") ? name : folder + "/" + name
        return InterruptCleanup.settingAside(path, as: aside) { System.rename(path, to: aside) } ? aside : nil
    }

    /// Whether the file at `path` has a name short enough to be set aside under a name holding it
    /// (255 bytes, a file name's limit, with Flipbook's prefix, the process ID and `.tmp`).
    package static func canSetAside(_ path: String) -> Bool {
        lastComponent(of: path).utf8.count + bookkeepingPrefix.utf8.count + 10 + OutputRecovery.asideMark.utf8.count + 4 <= 255
    }

    /// Renames the file set aside as `aside` (``setAside(_:)``) back to `path`; whether it moved.
    @discardableResult
    package static func putBack(_ aside: String, at path: String) -> Bool {
        InterruptCleanup.endingAside(aside) { System.rename(aside, to: path) }
    }

    /// Removes the file set aside as `aside` (``setAside(_:)``): what replaces it is written.
    package static func removeAside(_ aside: String) {
        InterruptCleanup.endingAside(aside) { System.remove(aside) }
    }

    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` spelled as plainly as it names the same place: `.` parts and repeated or trailing
    /// slashes dropped, and `dir/..` folded where `dir` is a folder, not a link (through a link,
    /// `..` is the link target's parent, so it is kept). `Seq/./coin`, `Seq//coin` and
    /// `sub/../Seq/coin` are `Seq/coin`, as a project's paths are spelled.
    package static func tidied(_ path: String) -> String {
        // An empty name names nothing: left for the caller to refuse, never turned into `.`.
        guard !path.isEmpty else { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            let sofar = (absolute ? "/" : "") + parts.joined(separator: "/")
            if part == "..", let last = parts.last, last != "..", !isSymbolicLink(sofar) {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    package static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Removes the folder at `path` when it is empty (an output folder a failed run created);
    /// whether it is gone.
    @discardableResult
    public static func removeEmptyFolder(_ path: String) -> Bool { System.removeDirectory(path) }

    /// Creates a folder and its missing parents, for outputs.
    public static func createDirectory(_ path: String) throws(Error) {
        _ = try createMissingDirectories(path)
    }

    /// Refuses, before any work, an output `path` that could not be written: the nearest folder
    /// above it that exists (the output's own, or the one its missing folders would be created
    /// in) is not a folder, or this process may not create files there (no permission, a
    /// read-only disk). Throws the system's reason for `path`, as a write.
    package static func checkWritableFolder(for path: String) throws(Error) {
        var folder = parentDirectory(of: path)
        while System.kind(of: folder) == nil {
            // A link leading nowhere stands where a folder should be: said, not "No such file or directory".
            if System.kind(of: folder, followingLinks: false) == .symbolicLink {
                let target = System.linkTarget(folder).map { " to \($0)" } ?? ""
                throw Error(path: path, reason: "\(folder) is a link\(target), which leads nowhere", operation: .write, kind: .notAFolder)
            }
            let parent = parentDirectory(of: folder)
            if parent == folder { return }
            folder = parent
        }
        guard System.kind(of: folder) == .directory else {
            throw Error(path: path, reason: "\(folder) is not a folder", operation: .write, kind: .notAFolder)
        }
        guard System.canCreateFiles(in: folder) else { throw systemError(path, .write) }
    }

    /// Creates a folder and its missing parents, for outputs, and returns the ones it created,
    /// outermost first (each noted for ``InterruptCleanup``: an interrupt removes them when empty).
    @discardableResult
    static func createMissingDirectories(_ path: String) throws(Error) -> [String] {
        guard System.kind(of: path) == nil else { return [] }
        var created: [String] = []
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if System.kind(of: partial, followingLinks: false) != nil { continue }
            var error: Error?
            guard InterruptCleanup.makingFolder(partial, {
                if System.makeDirectory(partial) { return true }
                error = systemError(path, .write)   // read before anything else can change errno
                // A file where a folder should be is named, as ``checkWritableFolder(for:)`` names it
                // (the system says only "Not a directory").
                let parent = parentDirectory(of: partial)
                if let kind = System.kind(of: parent), kind != .directory {
                    let shown = path.hasPrefix("/") || !parent.hasPrefix("./") ? parent : String(parent.dropFirst(2))
                    error = Error(path: path, reason: "\(shown) is not a folder", operation: .write, kind: .notAFolder)
                }
                return false
            }) else {
                for folder in created.reversed() { _ = System.removeDirectory(folder) }
                throw error ?? systemError(path, .write)
            }
            created.append(partial)
        }
        return created
    }

    /// Writes `text` to standard error; what cannot be written (a full disk, `ulimit -f`, a closed
    /// pipe) is dropped, never a crash (Foundation's `FileHandle.write` traps on a failed write).
    package static func writeToStandardError(_ text: String) {
        System.writeToStandardError(Array(text.utf8))
    }

    /// The regular files standard output and standard error are redirected to (`flipbook build
    /// --watch > watch.log`), as absolute paths: a watch never takes its own report for a change.
    package static var standardStreamFiles: [String] {
        Array(Set([Int32(1), 2].compactMap(System.regularFile(openAs:)))).sorted()
    }

    /// Whether standard error is a terminal (progress lines go there only then).
    package static var standardErrorIsTerminal: Bool { System.standardErrorIsTerminal }

    /// The last failed call's reason, for `path`.
    /// A file missing because it is a link to nothing says so (`it is a link to ../gone/walk3.png,
    /// which does not exist`), where "No such file or directory" sent a user looking for a file
    /// their folder listing shows.
    static func systemError(_ path: String, _ operation: Error.Operation = .read) -> Error {
        let kind = System.errorKind   // read before anything else can change errno
        var reason = System.errorText
        if kind == .missing, operation == .read, let target = System.linkTarget(path) {
            reason = "it is a link to \(target), which does not exist"
        }
        return Error(path: path, reason: reason, operation: operation, kind: kind)
    }
}
