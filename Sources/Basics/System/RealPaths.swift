/// Real paths (links and `..` resolved, as `realpath(3)` gives them) of the folders and files a
/// walk meets, each found from its parent's: a name that is no symbolic link lies where its
/// folder really is. `realpath` resolves every component of the path it is given, so calling it
/// on each folder of a tree `d` levels deep costs d² lookups a folder, d³ in all: a 1 900-level
/// chain took `validate` 85 s (round 65b #13). Kept byte for byte: `café/` composed and
/// decomposed are two folders on Linux.
package struct RealPaths: Sendable {
    private var known: [[UInt8]: String] = [:]

    /// An empty cache.
    package init() {}

    /// The longest path the system opens, in bytes with its terminating zero (`PATH_MAX`: 4096 on
    /// Linux, 1024 on macOS): a file deeper than that cannot be read by its path.
    package static let longestPath = System.longestPath

    /// The real path of `path`, `nil` when it cannot be resolved (missing, a loop, too long). The
    /// folders above it not met yet are found on the way down from the nearest known one (a loop,
    /// not a recursion: a chain thousands of folders deep).
    package mutating func of(_ path: String) -> String? {
        var chain: [String] = []   // `path` and its folders not known yet, deepest first
        var current = path, base: String?
        while true {
            if let real = known[Array(current.utf8)] { base = real; break }
            let parent = FileIO.parentDirectory(of: current), last = FileIO.lastComponent(of: current)
            guard current.contains("/"), parent != current, !last.isEmpty, last != ".", last != ".." else {
                base = System.resolvedPath(current)
                if let base { known[Array(current.utf8)] = base }
                break
            }
            chain.append(current)
            current = parent
        }
        var real = base
        for item in chain.reversed() {
            let last = FileIO.lastComponent(of: item)
            if let folder = real, let kind = System.kind(of: item, followingLinks: false), kind != .symbolicLink {
                real = folder == "/" ? "/" + last : folder + "/" + last
            } else {
                real = System.resolvedPath(item)
            }
            if let real { known[Array(item.utf8)] = real }
        }
        return real
    }
}
