#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import CoreServices
import Darwin
#endif
import Foundation

/// The one place Pipeline asks the operating system about file changes: Linux's inotify, macOS's
/// FSEvents. ``BuildWatch`` gives it the folders to watch (absolute paths) and takes the paths that
/// changed in them; the rules about which changes matter are the watcher's, not this file's.
///
/// Linux: one inotify descriptor, one watch per folder (not recursive) for entries created,
/// deleted, written, closed after writing, and moved in or out, so an editor that saves by writing
/// a temporary file and renaming it over the original (vim, most IDEs) is seen as a move into the
/// folder. A watched folder that is deleted or moved away drops its watch (the watcher adds it again
/// when the folder is back). A full kernel queue is reported as ``Batch/overflowed``.
///
/// macOS: one FSEvents stream over the folders (recursive by nature) with file-level events, from
/// which the watcher keeps the ones it cares about. This part is written for Darwin's API but is not
/// compiled on the Linux machines Flipbook's tests run on; docs/Pipelines.md says so.
final class FileEvents: @unchecked Sendable {
    /// What arrived since the last look.
    struct Batch {
        /// Absolute paths of the entries that changed (a file, or a folder created, deleted or moved).
        var paths: [String] = []
        /// Events were lost (the kernel's queue was full): everything must be looked at again.
        var overflowed = false
    }

    #if canImport(Glibc)
    private let descriptor: Int32
    private var byWatch: [Int32: String] = [:]
    private var byFolder: [String: Int32] = [:]

    /// Opens an inotify descriptor; `nil` with the system's reason when the system refuses.
    init() throws(WatchError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw .unavailable(reason: "inotify_init1 failed: \(String(cString: strerror(errno)))"
                               + (errno == EMFILE ? " (raise fs.inotify.max_user_instances)" : ""))
        }
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Watches exactly `folders` from now on: new ones are added, ones no longer asked for are
    /// dropped. Returns the folders that could not be watched, each with the system's reason.
    func watch(_ folders: Set<String>) -> [(folder: String, reason: String)] {
        for (folder, watch) in byFolder where !folders.contains(folder) {
            _ = inotify_rm_watch(descriptor, watch)
            byFolder[folder] = nil
            byWatch[watch] = nil
        }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)
        var failed: [(folder: String, reason: String)] = []
        for folder in folders.sorted() where byFolder[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else {
                let reason = String(cString: strerror(errno))
                if errno != ENOENT && errno != ENOTDIR {
                    failed.append((folder, errno == ENOSPC ? reason + " (raise fs.inotify.max_user_watches)" : reason))
                }
                continue
            }
            // One folder reached by two paths has one watch: keep the first path.
            if let other = byWatch[watch], other != folder { continue }
            byWatch[watch] = folder
            byFolder[folder] = watch
        }
        return failed
    }

    /// Waits up to `timeout` seconds for changes and returns what arrived (possibly nothing).
    func next(timeout: Double) -> Batch {
        var batch = Batch()
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(max(0, min(timeout, 60)) * 1000))
        guard ready > 0 else { return batch }
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                var name = ""
                if length > 0, offset + header + length <= count {
                    let bytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: length)
                    name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { batch.overflowed = true; continue }
                guard let folder = byWatch[watch] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 || mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    // The folder is gone (or went elsewhere, where its events would carry the wrong
                    // path): forget its watch; the watcher watches the path again when it is back.
                    if mask & UInt32(IN_MOVE_SELF) != 0 { _ = inotify_rm_watch(descriptor, watch) }
                    byWatch[watch] = nil
                    if byFolder[folder] == watch { byFolder[folder] = nil }
                    batch.paths.append(folder)
                    continue
                }
                batch.paths.append(name.isEmpty ? folder : folder + "/" + name)
            }
        }
        return batch
    }

    #elseif canImport(Darwin)
    private let queue = DispatchQueue(label: "flipbook.watch.fsevents")
    private let condition = NSCondition()
    private var arrived = Batch()
    private var stream: FSEventStreamRef?
    private var watched = Set<String>()

    /// FSEvents needs no set-up before the first stream.
    init() throws(WatchError) {}

    deinit { stop() }

    /// Watches exactly `folders` from now on (a new stream when the set changed). Returns the
    /// folders that could not be watched, each with a reason.
    func watch(_ folders: Set<String>) -> [(folder: String, reason: String)] {
        guard folders != watched else { return [] }
        stop()
        watched = folders
        guard !folders.isEmpty else { return [] }
        var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(self).toOpaque(),
                                           retain: nil, release: nil, copyDescription: nil)
        let callback: FSEventStreamCallback = { _, info, count, paths, flags, _ in
            guard let info else { return }
            let events = Unmanaged<FileEvents>.fromOpaque(info).takeUnretainedValue()
            // With kFSEventStreamCreateFlagUseCFTypes the paths are a CFArray of CFStrings.
            let names = (Unmanaged<CFArray>.fromOpaque(paths).takeUnretainedValue() as NSArray) as? [String] ?? []
            var overflowed = false
            let rescan = FSEventStreamEventFlags(kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
                                                 | kFSEventStreamEventFlagKernelDropped)
            for index in 0..<count where flags[index] & rescan != 0 { overflowed = true }
            events.deliver(names, overflowed: overflowed)
        }
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer
                                             | kFSEventStreamCreateFlagUseCFTypes | kFSEventStreamCreateFlagWatchRoot)
        // A stream is recursive: only the outermost folders are named.
        let sorted = folders.sorted()
        let outermost = sorted.filter { folder in !sorted.contains { folder.hasPrefix($0 + "/") } }
        guard let created = FSEventStreamCreate(kCFAllocatorDefault, callback, &context, outermost as CFArray,
                                                FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.05, flags) else {
            watched = []
            return folders.sorted().map { ($0, "FSEventStreamCreate failed") }
        }
        FSEventStreamSetDispatchQueue(created, queue)
        guard FSEventStreamStart(created) else {
            FSEventStreamInvalidate(created)
            FSEventStreamRelease(created)
            watched = []
            return folders.sorted().map { ($0, "FSEventStreamStart failed") }
        }
        stream = created
        return []
    }

    /// Called on the stream's queue.
    private func deliver(_ paths: [String], overflowed: Bool) {
        condition.withLock {
            arrived.paths += paths
            arrived.overflowed = arrived.overflowed || overflowed
            condition.broadcast()
        }
    }

    /// Waits up to `timeout` seconds for changes and returns what arrived (possibly nothing).
    func next(timeout: Double) -> Batch {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: max(0, min(timeout, 60)))
            while arrived.paths.isEmpty && !arrived.overflowed {
                if !condition.wait(until: deadline) { break }
            }
            defer { arrived = Batch() }
            return arrived
        }
    }

    private func stop() {
        guard let stream else { return }
        FSEventStreamStop(stream)
        FSEventStreamInvalidate(stream)
        // A callback already under way on the queue ends before the stream (and this object) goes.
        queue.sync {}
        FSEventStreamRelease(stream)
        self.stream = nil
    }

    #else
    /// No file-change API is wrapped for this system.
    init() throws(WatchError) {
        throw .unavailable(reason: "watching files is implemented for Linux (inotify) and macOS (FSEvents) only")
    }

    func watch(_ folders: Set<String>) -> [(folder: String, reason: String)] { [] }
    func next(timeout: Double) -> Batch { Batch() }
    #endif
}
