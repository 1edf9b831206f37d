import Foundation

extension OutputSet {
    /// The exclusive locks of a commit (`flock`, ``System/lock(directory:shared:quiet:)``): one per
    /// folder of `folders` and `leftFolders`, however it is spelled (`out`, `./out`: a second would
    /// wait on the first), taken in one order by every process; none is held while one is waited
    /// for (a reader holding one folder may be waiting for another this commit holds): on a busy
    /// folder every lock taken is let go, that folder waited for, and all taken again. A folder left
    /// behind that cannot be opened is dropped from `leftFolders` (it keeps its old files); a folder
    /// written to that cannot be opened is refused when `required` (a set with a record), else left
    /// unlocked (mode -wx, as before locks).
    static func lockFolders(_ folders: [String], leftFolders: inout [String], required: Bool) throws(Error) -> [Int32] {
        var locks: [Int32] = []
        var order = Swift.Set((folders + leftFolders).map { System.resolvedPath($0) ?? $0 }).sorted()[...]
        while let folder = order.popFirst() {
            let attempt = System.tryLock(directory: folder)
            if let lock = attempt.descriptor { locks.append(lock); continue }
            if attempt.busy {
                for lock in locks { System.unlock(lock) }
                locks = []
                if let lock = System.lock(directory: folder) { System.unlock(lock) }
                order = Swift.Set((folders + leftFolders).map { System.resolvedPath($0) ?? $0 }).sorted()[...]
                continue
            }
            if !folders.contains(where: { (System.resolvedPath($0) ?? $0) == folder }) {
                leftFolders.removeAll { (System.resolvedPath($0) ?? $0) == folder }
                continue
            }
            if required {
                for lock in locks { System.unlock(lock) }
                throw .write(FileIO.systemError(folder, .write))
            }
        }
        return locks
    }
}
