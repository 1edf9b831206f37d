#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Whole-file reads and atomic writes, with errors that carry `strerror` text.
public enum FileIO {
    /// A failed file operation: the path and the system's reason.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
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

    /// Reads up to `limit` bytes (all of the file when `nil`), following a file that grows; a
    /// whole file over ``maximumFileSize`` is refused before anything is allocated.
    private static func load(_ path: String, limit: Int?) throws(Error) -> (bytes: [UInt8], fileSize: Int) {
        @inline(__always) func tooLarge(_ size: Int) -> Error {
            Error(path: path, reason: "\(size) bytes, over the 1 GiB Flipbook reads of one file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError(path) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw Error(path: path, reason: "not a regular file") }
        let size = Int(status.st_size)
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
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path)
            }
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

    /// Whether `a` and `b` name the same existing file (the same inode on the same device: through
    /// symbolic links, hard links and `..` alike). `false` when either does not exist.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func systemError(_ path: String) -> Error {
        Error(path: path, reason: String(cString: strerror(errno)))
    }
}

/// A file written in pieces that appears at its path only when complete: the bytes go to a
/// temporary file beside the destination, which ``commit()`` flushes and renames over it. Dropped
/// without a commit, the temporary file is removed and the destination is untouched.
public final class AtomicFileWriter {
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false

    public init(path: String) throws(FileIO.Error) {
        self.path = path
        let directory = FileIO.parentDirectory(of: path)
        InterruptedWrites.recover(in: directory)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            // O_EXCL with a fresh random name: no clobbering, and the umask applies as for any create.
            // The name carries our process ID, so a later run can tell our leftovers from live work.
            temporary = "\(directory)/\(InterruptedWrites.prefix)\(getpid())-\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileIO.systemError(path) }
        self.temporary = temporary
        self.descriptor = descriptor
    }

    /// The temporary file's path (until ``commit()``).
    var temporaryPath: String { temporary }

    deinit {
        if !committed {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary)
        }
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileIO.Error) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileIO.systemError(path)
            }
            written += count
        }
    }

    /// Flushes the data to disk and renames the file into place.
    public func commit() throws(FileIO.Error) {
        try finish()
        guard rename(temporary, path) == 0 else { throw FileIO.systemError(path) }
        committed = true
    }

    /// Flushes and closes the temporary file without renaming it (``OutputSet`` renames a set).
    func finish() throws(FileIO.Error) {
        guard descriptor >= 0 else { return }
        guard fsync(descriptor) == 0 else { throw FileIO.systemError(path) }
        let status = close(descriptor)
        descriptor = -1
        guard status == 0 else { throw FileIO.systemError(path) }
    }

    /// Marks the temporary file as renamed by someone else (``OutputSet``): not removed on drop.
    func disown() { committed = true }
}
