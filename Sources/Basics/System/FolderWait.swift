import Foundation
import Synchronization

/// What a process says when another holds a folder's lock for long: a reader or writer that must
/// wait for a Flipbook run's commit (its renames, under the folder's lock) would otherwise hang
/// without a word while that run is stopped mid-commit (Ctrl-Z, a debugger, a frozen container).
///
/// The command-line tool sets ``onWait(_:)`` to print a line on standard error; a library caller
/// that sets nothing waits as before, silently.
package enum FolderWait {
    /// How long a lock is waited for, in milliseconds, before the wait is said.
    package static let patience = 2000

    private static let notice = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Sets what receives the sentence (`waiting for process 29521, which is writing st…`) when a
    /// folder's lock is not free after ``patience``; `nil` says nothing.
    package static func onWait(_ say: (@Sendable (String) -> Void)?) {
        notice.withLock { $0 = say }
    }

    /// Says that `folder`'s lock is held, naming the process that holds it where the system tells
    /// (Linux's `/proc/locks`).
    static func tell(_ folder: String) {
        guard let say = notice.withLock({ $0 }) else { return }
        let holder = holder(of: folder)
        let who = holder.map { "process \($0.process)" } ?? "another process"
        if holder?.reading == true {
            say("waiting for \(who), which is reading \(folder) (a Flipbook run reading a folder holds it until it has read it; one stopped there holds it until it goes on or ends)")
        } else {
            say("waiting for \(who), which is writing \(folder) (a Flipbook run stopped there holds the folder until it goes on or ends)")
        }
    }

    /// The process holding a `flock` on `folder`, from `/proc/locks` (`1: FLOCK ADVISORY WRITE 29521
    /// 08:01:1234 0 EOF`: the device as major:minor in hex, the inode), and whether its lock is a
    /// reader's (`READ`, shared); `nil` where there is none.
    static func holder(of folder: String) -> (process: Int, reading: Bool)? {
        // Read to its end (`String(contentsOfFile:)` stopped short of a long table: with every reader holding
        // its folders, a busy machine lists hundreds of locks, and the holder went unnamed).
        guard let (device, inode) = System.identity(of: folder), let bytes = try? FileIO.readAll("/proc/locks") else { return nil }
        let table = String(decoding: bytes, as: UTF8.self)
        // glibc's `gnu_dev_major`/`gnu_dev_minor`.
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        let key = String(format: "%02llx:%02llx:%llu", major, minor, inode)
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count > 5, fields[1] == "FLOCK", fields[5] == key, let pid = Int(fields[4]) else { continue }
            return (pid, fields[3] == "READ")
        }
        return nil
    }
}
