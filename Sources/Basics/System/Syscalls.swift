#if canImport(Glibc)
import CMalloc
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place Flipbook calls the C library (as swift-system's `Internals/Syscalls.swift`; its
/// signal calls in `Syscalls+Signals.swift`):
/// every other file reaches files, processes and signals through these, so a port to another
/// platform changes these two files only. Calls that can be interrupted are retried on `EINTR`; failures
/// return `nil`/`false`/`-1` and leave the reason in ``errorText``.
enum System {
    /// `strerror(errno)`: the system's reason for the last failed call.
    static var errorText: String { String(cString: strerror(errno)) }

    /// What kind of failure the last failed call's `errno` is, for callers that switch on it.
    static var errorKind: FileIO.Error.Kind {
        switch errno {
        case ENOENT: .missing
        case ENOTDIR: .notAFolder
        case EACCES, EPERM: .permissionDenied
        default: .other
        }
    }

    /// Opens `path` read-only; -1 on failure. Non-blocking, so that opening a FIFO or a device
    /// returns at once (the caller's `fstat` then refuses it) instead of waiting for a writer;
    /// reads from a regular file are not affected.
    static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }

    /// Creates `path` for writing, failing if it exists: the descriptor, or -1 with `exists` telling
    /// whether that was the reason.
    static func createExclusively(_ path: String) -> (descriptor: Int32, exists: Bool) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        return (descriptor, descriptor < 0 && errno == EEXIST)
    }

    /// Closes `descriptor`; whether that succeeded (a failed close can mean lost data).
    @discardableResult
    static func close(_ descriptor: Int32) -> Bool {
        closeDescriptor(descriptor) == 0
    }

    /// Whether an open file is a regular file, and its size; `nil` on failure.
    static func status(of descriptor: Int32) -> (isRegular: Bool, size: Int)? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return ((status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size))
    }

    /// The device and inode `path` resolves to (through links); `nil` when it does not exist.
    static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// Takes an advisory lock on a directory (`flock`): exclusive, or `shared` (readers hold one
    /// together), waiting for a holder of the other kind: the
    /// descriptor that holds it, for ``unlock(_:)``; `nil` when the directory cannot be opened.
    /// A holder that keeps it past ``FolderWait/patience`` milliseconds is said (``FolderWait``),
    /// unless `quiet` (a caller that says it waits itself).
    static func lock(directory: String, shared: Bool = false, quiet: Bool = false) -> Int32? {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { return nil }
        let kind = shared ? LOCK_SH : LOCK_EX
        // Polled first: a writer stopped mid-commit (Ctrl-Z, a debugger) would be a silent hang.
        for _ in stride(from: 0, to: quiet ? 0 : FolderWait.patience, by: 10) {
            if flock(descriptor, kind | LOCK_NB) == 0 || (errno != EWOULDBLOCK && errno != EINTR) { return descriptor }
            usleep(10_000)
        }
        if !quiet { FolderWait.tell(directory) }
        while flock(descriptor, kind) != 0 {
            if errno != EINTR { break }
        }
        return descriptor
    }

    /// ``lock(directory:)`` without waiting: the descriptor, or `nil` when another holder has it
    /// (or the directory cannot be opened: `busy` says which).
    static func tryLock(directory: String) -> (descriptor: Int32?, busy: Bool) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { return (nil, false) }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let busy = errno == EWOULDBLOCK
            _ = closeDescriptor(descriptor)
            return (nil, busy)
        }
        return (descriptor, false)
    }

    /// Releases a lock from ``lock(directory:)``.
    static func unlock(_ descriptor: Int32) { _ = closeDescriptor(descriptor) }

    /// The size of the regular file at `path` (links not followed); `nil` for anything else.
    static func regularFileSize(of path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// What is at `path`: `nil` when nothing is; links are followed unless `followingLinks` is false.
    static func kind(of path: String, followingLinks: Bool = true) -> FileKind? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .special
        }
    }

    /// What a path names, as ``kind(of:followingLinks:)`` tells it.
    enum FileKind: Sendable, Equatable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A symbolic link (only when links are not followed).
        case symbolicLink
        /// A FIFO, socket or device.
        case special
    }

    /// The device, inode, size and modification time of what `path` names (links not followed),
    /// as one string; `nil` when nothing is there. Another file put there, or this one rewritten,
    /// gives another string.
    /// With `changed`, the status-change time follows (`….seconds.nanoseconds`), which no user
    /// can set: a file edited and given back its old modification time (`touch -r`) gives another
    /// string; and for a link, after `~`, the same of the file it leads to (empty when it leads
    /// nowhere): the file read through the link edited gives another string too.
    static func fingerprint(of path: String, changed: Bool = false) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        func described(_ status: stat) -> String {
            #if canImport(Darwin)
            let modified = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
            let change = (Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec))
            #else
            let modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
            let change = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
            #endif
            return "\(status.st_dev).\(status.st_ino).\(status.st_size).\(modified.0).\(modified.1)" + (changed ? ".\(change.0).\(change.1)" : "")
        }
        guard changed, (status.st_mode & S_IFMT) == S_IFLNK else { return described(status) }
        var target = stat()
        return described(status) + "~" + (stat(path, &target) == 0 ? described(target) : "")
    }

    /// Reads up to `count` bytes into `buffer`: the number read (0 at end of file), or -1.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let result = readDescriptor(descriptor, buffer, count)
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// Writes up to `count` bytes from `buffer`: the number written, or -1.
    static func write(_ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
        while true {
            let result = writeDescriptor(descriptor, buffer, count)
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// Writes up to `count` bytes from `buffer` at `offset` in the file, not moving its position:
    /// the number written, or -1.
    static func write(_ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int, at offset: Int) -> Int {
        while true {
            let result = pwrite(descriptor, buffer, count, off_t(offset))
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// Flushes a file's data to the disk.
    static func synchronize(_ descriptor: Int32) -> Bool { fsync(descriptor) == 0 }

    /// Renames `source` to `destination`, replacing it atomically.
    static func rename(_ source: String, to destination: String) -> Bool {
        renameFile(source, destination) == 0
    }

    /// Whether this process (by its effective IDs) may create files in the directory `path`;
    /// when not, the reason is left in ``errorText`` (`EACCES`, `EROFS`…).
    static func canCreateFiles(in path: String) -> Bool {
        faccessat(AT_FDCWD, path, W_OK | X_OK, AT_EACCESS) == 0
    }

    /// Removes a file (no error when it is already gone).
    static func remove(_ path: String) { _ = unlink(path) }

    /// Removes an empty directory; whether that succeeded.
    static func removeDirectory(_ path: String) -> Bool { rmdir(path) == 0 }

    /// Creates a directory; true when it exists afterwards.
    static func makeDirectory(_ path: String) -> Bool {
        mkdir(path, 0o777) == 0 || errno == EEXIST
    }

    /// The longest path `open` and `stat` take, in bytes with the terminating zero (`PATH_MAX`).
    static let longestPath = Int(PATH_MAX)

    /// `path` made absolute with links and `..` resolved; `nil` on failure.
    static func resolvedPath(_ path: String) -> String? {
        guard let absolute = realpath(path, nil) else { return nil }
        defer { free(absolute) }
        return String(cString: absolute)
    }

    /// What the symbolic link at `path` holds, as written (`../gone/walk3.png`); `nil` for no link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The regular file open as `descriptor` (`1`: standard output redirected to `watch.log`), as
    /// an absolute path; `nil` for a terminal, a pipe, or a file no path names any more.
    static func regularFile(openAs descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        return linkTarget("/proc/self/fd/\(descriptor)").flatMap { $0.hasPrefix("/") && !$0.hasSuffix(" (deleted)") ? $0 : nil }
        #endif
    }

    /// The names in a directory (with `.` and `..`); `nil` when it cannot be read.
    static func entries(of directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        // The name is read in place: glibc allocates each entry only as long as its name needs, so
        // copying the whole 256-byte `d_name` can read past the end of the buffer (a crash once
        // the copy is optimised into one wide load at the end of a page).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(stream) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            names.append(String(cString: name))
        }
        return names
    }

    /// This process's ID.
    static var processID: Int32 { getpid() }

    /// Whether a process with this ID runs (ours or another user's). A process that has ended
    /// but that its parent has not yet waited for (a zombie: killed by `kill -9`, its exit status
    /// not yet collected) runs no more, though `kill(pid, 0)` still finds it.
    static func isRunning(_ process: Int32) -> Bool {
        guard kill(process, 0) == 0 || errno == EPERM else { return false }
        return !isZombie(process)
    }

    /// Whether the process with this ID has ended and waits only for its parent to collect its
    /// status (Linux: state `Z` or `X` in `/proc/PID/stat`; Darwin: `SZOMB`).
    private static func isZombie(_ process: Int32) -> Bool {
        #if canImport(Darwin)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, process]
        guard sysctl(&name, 4, &info, &size, nil, 0) == 0, size > 0 else { return false }
        return Int32(info.kp_proc.p_stat) == Int32(SZOMB)
        #else
        let descriptor = open("/proc/\(process)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = closeDescriptor(descriptor) }
        // `PID (name) S …`: the state is the first letter after the last `)` (a name may hold one).
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, into: $0.baseAddress!, count: $0.count) }
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return false }
        return buffer[close + 2] == UInt8(ascii: "Z") || buffer[close + 2] == UInt8(ascii: "X")
        #endif
    }

    /// Whether standard error is a terminal (not a pipe, file or CI log).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// `fnmatch(pattern, path, 0) == 0`: shell-style matching where `*` also crosses `/`.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        fnmatch(pattern, path, 0) == 0
    }

    /// Asks glibc's allocator to map buffers of `mapped` bytes or more on their own (unmapped on
    /// free) and to keep up to `keptFree` bytes freed at the top of a heap for the next
    /// allocations (a no-op on other allocators).
    static func tuneAllocator(mapping mapped: Int32, keepingFree keptFree: Int32) {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, mapped)
        _ = mallopt(M_TRIM_THRESHOLD, keptFree)
        #endif
    }

    /// `calloc(count, size)`: zeroed memory whose pages the system maps only when first touched;
    /// `nil` when it cannot be had.
    static func allocateZeroed(_ count: Int, size: Int) -> UnsafeMutableRawPointer? {
        calloc(count, size)
    }

    /// `free(pointer)`, for memory from ``allocateZeroed(_:size:)``.
    static func release(_ pointer: UnsafeMutableRawPointer) {
        free(pointer)
    }

    /// Ends the process with `status` (buffered output flushed).
    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    /// Opens `/dev/null` in place of standard input, output or error when the process was started
    /// with one closed (`flipbook … >&-`): otherwise the first file the process opens would take
    /// that number, and text printed would land in an output file.
    static func openClosedStandardStreams() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = closeDescriptor(opened)
            }
        }
    }

    /// Writes all of `bytes` to standard error, giving up at the first failed write (a full disk,
    /// `ulimit -f`, a closed pipe): what cannot be shown is dropped, never a crash.
    static func writeToStandardError(_ bytes: [UInt8]) { writeAll(bytes, to: STDERR_FILENO) }

    /// Writes all of `bytes` to standard output, as ``writeToStandardError(_:)`` does.
    static func writeToStandardOutput(_ bytes: [UInt8]) { writeAll(bytes, to: STDOUT_FILENO) }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, from: buffer.baseAddress! + written, count: buffer.count - written)
            }
            if count <= 0 { return }
            written += count
        }
    }

    /// Lowers the calling thread's scheduling priority to `niceness` (0–19, higher runs less when
    /// the cores are contended), never raising it; whether it is that low now. Linux keeps the
    /// nice value per thread; elsewhere a no-op.
    @discardableResult
    static func lowerThreadPriority(to niceness: Int32) -> Bool {
        #if canImport(Glibc)
        // 0: the calling thread.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return false }
        return current >= niceness || setpriority(which, 0, niceness) == 0
        #else
        return false
        #endif
    }
}

// The C functions whose names the wrappers above reuse.
#if canImport(Glibc)
private let closeDescriptor = Glibc.close
private let readDescriptor = Glibc.read
private let writeDescriptor = Glibc.write
private let renameFile = Glibc.rename
#elseif canImport(Musl)
private let closeDescriptor = Musl.close
private let readDescriptor = Musl.read
private let writeDescriptor = Musl.write
private let renameFile = Musl.rename
#elseif canImport(Darwin)
private let closeDescriptor = Darwin.close
private let readDescriptor = Darwin.read
private let writeDescriptor = Darwin.write
private let renameFile = Darwin.rename
#endif
