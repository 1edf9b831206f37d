import Basics

/// A build cache in a folder, laid out as a Bazel HTTP remote cache's URLs are (`ac/KEY`,
/// `cas/SHA256`): the folder can be served by a web server as it is. Entries are written
/// atomically, so builds sharing the folder at once never read half an entry. What is read is
/// marked as used, and the folder is kept within ``BuildCache/maxBytes``, least recently used
/// results first (``trim(to:)``).
struct FolderCacheStore: CacheStore {
    /// The folder, as opened from the working directory.
    var folder: String

    func get(_ part: CachePart, _ key: String) throws(CacheStoreFailure) -> [UInt8]? {
        let path = self.path(part, key)
        guard FileIO.fingerprint(of: path) != nil else { return nil }
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(path) } catch { throw CacheStoreFailure(reason: error.description) }
        markUsed(part, key)
        return bytes
    }

    func put(_ part: CachePart, _ key: String, _ bytes: [UInt8]) throws(CacheStoreFailure) {
        do {
            try FileIO.createDirectory(folder + "/" + part.rawValue)
            try FileIO.writeAtomically(bytes, to: path(part, key))
        } catch {
            throw CacheStoreFailure(reason: error.description)
        }
    }

    private func path(_ part: CachePart, _ key: String) -> String { "\(folder)/\(part.rawValue)/\(key)" }
}
