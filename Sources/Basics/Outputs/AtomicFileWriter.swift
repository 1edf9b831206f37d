/// A file written in pieces that appears at its path only when complete: the bytes go to a
/// temporary file beside the destination, which ``commit()`` flushes and renames over it. Dropped
/// without a commit, the temporary file is removed and the destination is untouched.
///
/// Missing folders above the destination are created first (every output of every command is
/// written through here, so all create them alike); dropped without a commit, the writer removes
/// again the folders it created, when they are empty. The temporary file is registered with the
/// interrupt clean-up until it is renamed or removed, so that an interrupt of the `flipbook`
/// executable (Ctrl-C, TERM) removes it too.
public final class AtomicFileWriter {
    /// The destination.
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false
    /// Bytes written so far, and their CRC-32 (for ``OutputSet``'s record).
    private(set) var size = 0
    private(set) var crc32: UInt32 = 0
    /// The bytes set aside at the start by ``reserveHeader(_:)``, until ``writeHeader(_:)`` fills them.
    private var reserved = 0
    /// The folders this writer created for the destination, outermost first.
    private let createdFolders: [String]

    /// Opens a temporary file beside `path` (after cleaning up what killed runs left in that folder).
    public convenience init(path: String) throws(FileIO.Error) {
        try self.init(path: path, recovering: true)
    }

    /// Opens a temporary file beside `path`; `recovering`: first finish what killed runs left in
    /// that folder (``OutputRecovery``; a failure there is left for the write itself to meet).
    /// ``OutputSet`` has recovered its folders already, and holds their locks while it commits.
    init(path: String, recovering: Bool) throws(FileIO.Error) {
        self.path = path
        let directory = FileIO.parentDirectory(of: path)
        if recovering { try? OutputRecovery.recover(folder: directory) }
        let createdFolders = try FileIO.createMissingDirectories(directory)
        var temporary = ""
        var descriptor: Int32 = -1
        var exists = false
        for _ in 0..<100 {
            // O_EXCL with a fresh random name: no clobbering, and the umask applies as for any create.
            // The name carries our process ID, so a later run can tell our leftovers from live work.
            temporary = "\(directory)/\(OutputJournal.prefix)\(System.processID)-\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp"
            let name = temporary
            _ = InterruptCleanup.creating(name) {
                (descriptor, exists) = System.createExclusively(name)
                return descriptor >= 0
            }
            if !exists { break }
        }
        guard descriptor >= 0 else {
            let error = FileIO.systemError(path, .write)
            for folder in createdFolders.reversed() { _ = System.removeDirectory(folder) }
            throw error
        }
        self.temporary = temporary
        self.descriptor = descriptor
        self.createdFolders = createdFolders
    }

    /// The temporary file's path (until ``commit()``).
    var temporaryPath: String { temporary }

    deinit { discard() }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileIO.Error) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                System.write(descriptor, from: buffer.baseAddress! + written, count: buffer.count - written)
            }
            if count < 0 { throw FileIO.systemError(path, .write) }
            written += count
        }
        size += bytes.count
        crc32 = bytes.withUnsafeBufferPointer { Zlib.crc32($0, start: crc32) }
    }

    /// Sets aside the first `count` bytes of the file for a header known only at the end (a
    /// container's total size): call before any ``write(_:)``, then ``writeHeader(_:)`` before
    /// committing. The bytes between stream on as they come.
    /// - Throws: `FileIO.Error` when something was written or reserved already, or `count` is
    ///   negative or over 1 MiB (a header, not a file), as well as when the write fails.
    public func reserveHeader(_ count: Int) throws(FileIO.Error) {
        guard size == 0 && reserved == 0, (0...(1 << 20)).contains(count) else {
            throw FileIO.Error(path: path, reason: size != 0 || reserved != 0 ? "reserveHeader comes before anything is written"
                               : "a header of \(count) bytes cannot be reserved (0 to 1 MiB)", operation: .write)
        }
        try write([UInt8](repeating: 0, count: count))
        reserved = count
        crc32 = 0
        size = 0
    }

    /// Fills the header set aside by ``reserveHeader(_:)`` (`bytes` of exactly its size).
    /// - Throws: `FileIO.Error` when `bytes` is not the size reserved, or the write fails.
    public func writeHeader(_ bytes: [UInt8]) throws(FileIO.Error) {
        guard bytes.count == reserved else {
            throw FileIO.Error(path: path, reason: "a header of \(bytes.count) bytes where \(reserved) were reserved", operation: .write)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                System.write(descriptor, from: buffer.baseAddress! + written, count: buffer.count - written, at: written)
            }
            if count < 0 { throw FileIO.systemError(path, .write) }
            written += count
        }
        // The record's CRC is the header's followed by the rest's.
        let headerCRC = bytes.withUnsafeBufferPointer { Zlib.crc32($0) }
        crc32 = Zlib.crc32Combine(headerCRC, crc32, secondLength: size)
        size += reserved
        reserved = 0
    }

    /// Flushes the data to disk and renames the file into place.
    public func commit() throws(FileIO.Error) {
        try finish()
        guard System.rename(temporary, to: path) else { throw FileIO.systemError(path, .write) }
        committed = true
        InterruptCleanup.forget(temporary)
    }

    /// Flushes and closes the temporary file without renaming it (``OutputSet`` renames a set).
    func finish() throws(FileIO.Error) {
        guard descriptor >= 0 else { return }
        guard System.synchronize(descriptor) else { throw FileIO.systemError(path, .write) }
        let closed = System.close(descriptor)
        descriptor = -1
        guard closed else { throw FileIO.systemError(path, .write) }
    }

    /// Marks the temporary file as renamed by someone else (``OutputSet``): not removed on drop.
    func disown() {
        committed = true
        InterruptCleanup.forget(temporary)
    }

    /// Removes the temporary file now (as dropping the writer uncommitted would), and the folders
    /// the writer created when they are left empty.
    func discard() {
        guard !committed else { return }
        if descriptor >= 0 { System.close(descriptor) }
        descriptor = -1
        System.remove(temporary)
        InterruptCleanup.forget(temporary)
        committed = true
        for folder in createdFolders.reversed() { _ = System.removeDirectory(folder) }
    }
}
