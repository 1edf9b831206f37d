/// A single file written as a set of its own: what `assemble -o a.gif`, `blur` and a report write.
extension OutputSet {
    /// Refuses, before any work, what writing the single file `path` as a set of its own would
    /// refuse: one of `inputs`, a folder or special file, a file of another set, or — unless
    /// `overwrite` — a file Flipbook did not write there (or has been changed since). A file this
    /// same output wrote before, unchanged, may be replaced (``Error/refused(_:)``). A folder that
    /// could not be written (no permission, a read-only disk, a file where a folder should be) is
    /// ``Error/write(_:)``, now rather than after the work; missing folders are fine (the write creates them).
    public static func check(file path: String, protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false) throws(Error) {
        let set = OutputSet(owner: path, protecting: inputs)
        do { try set.claim(path, named: overwrite, settings: false) } catch { throw .refused(error) }
        let folder = FileIO.parentDirectory(of: path)
        if let key = set.ownerKey(in: folder),
           let refusal = otherKind(key: key, writing: [FileIO.lastComponent(of: path)], earlier: set.ledger(folder).files(of: key).map(\.name),
                                   spanned: set.ledger(folder).isSeveral(key), in: folder) {
            throw .refused(refusal)
        }
        try io { () throws(FileIO.Error) in try FileIO.checkWritableFolder(for: path) }
    }

    /// Writes `bytes` as the single file `path`, a set of its own (recorded, so that the next run
    /// may replace it): refused as ``check(file:protecting:overwrite:)`` says.
    public static func write(_ bytes: [UInt8], toFile path: String, protecting inputs: InputFiles = InputFiles(),
                             overwrite: Bool = false) throws(Error) {
        let set = OutputSet(owner: path, protecting: inputs)
        try set.write(bytes, to: path, named: overwrite)
        try set.commit()
    }
}
