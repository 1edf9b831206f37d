import Foundation

extension FolderCacheStore {
    /// What ``trim(to:)`` removed.
    struct Trimmed: Equatable {
        /// Targets' results (`ac/`) removed.
        var entries = 0
        /// File contents (`cas/`) removed.
        var contents = 0
        /// Bytes freed.
        var bytes = 0
    }

    /// Marks the entry or contents under `key` as just used (its modification time, which
    /// ``trim(to:)`` orders by): a result found and the contents it names are kept longest.
    func markUsed(_ part: CachePart, _ key: String) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: "\(folder)/\(part.rawValue)/\(key)")
    }

    /// Keeps the folder within `limit` bytes: when it holds more, removes the results that alone
    /// are over it, then the least recently used
    /// targets' results (stored or found longest ago) until what is left — the results kept and
    /// the contents they name — fits in nine tenths of `limit`, then every content no result
    /// kept names. A result is never kept without its contents (that would be a miss with a
    /// warning on the next build); a damaged result is removed first. Another build reading the
    /// folder meanwhile at worst misses and builds locally.
    func trim(to limit: Int) -> Trimmed {
        let results = files(in: .actions), contents = files(in: .contents)
        let total = (results + contents).reduce(0) { $0 + $1.size }
        guard total > limit else { return Trimmed() }
        var named: [String: [String]] = [:]   // result → the contents it names
        var users: [String: Int] = [:]        // content → how many kept results name it
        var damaged: [File] = []
        for result in results {
            guard let bytes = try? Array(Data(contentsOf: URL(fileURLWithPath: result.path))),
                  let message = try? ActionResultMessage(decoding: bytes) else { damaged.append(result); continue }
            let hashes = Array(Set(message.outputFiles.map(\.hash)))
            named[result.key] = hashes
            for hash in hashes { users[hash, default: 0] += 1 }
        }
        let sizes = Dictionary(contents.map { ($0.key, $0.size) }) { first, _ in first }
        var kept = results.filter { named[$0.key] != nil }.reduce(0) { $0 + $1.size }
            + users.keys.reduce(0) { $0 + (sizes[$1] ?? 0) }
        var removed = damaged
        // A result that alone, with its contents, is over the limit can never be kept: it goes
        // first, not the smaller ones it would push out (`--cache-size 1` and a 7 MB result).
        let room = limit / 10 * 9
        let fits = { (result: File) in result.size + (named[result.key] ?? []).reduce(0) { $0 + (sizes[$1] ?? 0) } <= room ? 1 : 0 }
        for result in results.filter({ named[$0.key] != nil }).sorted(by: { (fits($0), $0.modified, $0.key) < (fits($1), $1.modified, $1.key) }) {
            guard kept > room else { break }
            removed.append(result)
            kept -= result.size
            for hash in named[result.key] ?? [] {
                users[hash, default: 1] -= 1
                if users[hash] == 0 { users[hash] = nil; kept -= sizes[hash] ?? 0 }
            }
        }
        var trimmed = Trimmed()
        for result in removed where (try? FileManager.default.removeItem(atPath: result.path)) != nil {
            trimmed.entries += 1
            trimmed.bytes += result.size
        }
        for content in contents where users[content.key] == nil && (try? FileManager.default.removeItem(atPath: content.path)) != nil {
            trimmed.contents += 1
            trimmed.bytes += content.size
        }
        return trimmed
    }

    /// One file of the folder: its key (name), path, size and modification time.
    private struct File {
        var key: String, path: String, size: Int, modified: Date
    }

    /// The files under `part` (none when the folder is missing); temporary files left by a write
    /// in progress are not entries and are left alone.
    private func files(in part: CachePart) -> [File] {
        let dir = "\(folder)/\(part.rawValue)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.count == 64 && $0.allSatisfy(\.isHexDigit) }.compactMap { name in
            let path = "\(dir)/\(name)"
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
            return File(key: name, path: path, size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                        modified: attributes[.modificationDate] as? Date ?? .distantPast)
        }
    }
}
