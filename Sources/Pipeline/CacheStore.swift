/// The two parts of a Bazel remote cache: the action cache (`ac`: a target's result, by its key)
/// and the content-addressable store (`cas`: file contents, by their SHA-256).
enum CachePart: String, Sendable {
    case actions = "ac"
    case contents = "cas"
}

/// Somewhere a build cache's entries are kept: a folder (``FolderCacheStore``) or a server
/// (``HTTPCacheStore``). Keys are 64 lowercase hex digits.
protocol CacheStore: Sendable {
    /// The bytes stored under `key`; `nil` when there are none.
    func get(_ part: CachePart, _ key: String) throws(CacheStoreFailure) -> [UInt8]?
    /// Stores `bytes` under `key`.
    func put(_ part: CachePart, _ key: String, _ bytes: [UInt8]) throws(CacheStoreFailure)
}

/// A cache that could not be reached or used: what happened, as a warning says it
/// (`timed out after 5 s`, `answered HTTP 500`, `Permission denied`).
struct CacheStoreFailure: Error, CustomStringConvertible {
    var reason: String
    /// The store refused this entry for its size only (HTTP 413): smaller ones may still be stored.
    var tooLarge = false
    var description: String { reason }
}
