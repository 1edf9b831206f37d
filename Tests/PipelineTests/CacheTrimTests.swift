import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// A folder cache only grew (docs/Pipelines.md said to delete it by hand). It is now kept within
/// `BuildCache.maxBytes` after a build that stored something: the results used least recently go
/// first, with the contents no kept result names; a result is never kept without its contents.
@Suite("Build cache: a folder kept within its size")
struct CacheTrimTests {
    /// A store with three results, `old`, `mid` and `new` (used in that order), each naming its
    /// own 1000-byte contents and one 1000-byte content they share.
    static func store() throws -> (FolderCacheStore, [String: String], String) {
        let folder = try Fixtures.temporaryFolder("cache-trim")
        let store = FolderCacheStore(folder: folder)
        let shared = [UInt8](repeating: 7, count: 1000)
        try store.put(.contents, ContentHash.of(shared), shared)
        var keys: [String: String] = [:]
        for (index, name) in ["old", "mid", "new"].enumerated() {
            let own = [UInt8](repeating: UInt8(index), count: 1000)
            try store.put(.contents, ContentHash.of(own), own)
            let files = [ActionResultMessage.OutputFile(path: "\(name).png", hash: ContentHash.of(own), size: own.count),
                         ActionResultMessage.OutputFile(path: "\(name)-shared.png", hash: ContentHash.of(shared), size: shared.count)]
            let key = ContentHash.of(fields: [name])
            try store.put(.actions, key, ActionResultMessage(outputFiles: files).encoded())
            // Used an hour apart, oldest first.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 3) * 3600)],
                                                  ofItemAtPath: "\(folder)/ac/\(key)")
            keys[name] = key
        }
        return (store, keys, ContentHash.of(shared))
    }

    /// The bytes of one result (the three are the same size).
    static func resultSize(_ store: FolderCacheStore) -> Int {
        let sizes = names(store, .actions).map { key in
            (try? FileManager.default.attributesOfItem(atPath: "\(store.folder)/ac/\(key)")[.size] as? NSNumber)?.intValue ?? 0
        }
        return sizes.max() ?? 0
    }

    static func names(_ store: FolderCacheStore, _ part: CachePart) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: "\(store.folder)/\(part.rawValue)")) ?? [])
    }

    @Test func underTheLimitNothingIsRemoved() throws {
        let (store, _, _) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        #expect(store.trim(to: 1 << 20) == FolderCacheStore.Trimmed())
        #expect(Self.names(store, .actions).count == 3 && Self.names(store, .contents).count == 4)
    }

    /// Over the limit the oldest result goes with its own contents; the shared one stays while a
    /// kept result names it. Every kept result can still be restored whole.
    @Test func theLeastRecentlyUsedResultGoesFirstWithItsOwnContents() throws {
        let (store, keys, shared) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        // Room for two results and their three contents, not for three and four.
        let limit = (3000 + 2 * Self.resultSize(store)) * 10 / 9 + 10
        let trimmed = store.trim(to: limit)
        #expect(trimmed.entries == 1 && trimmed.contents == 1, "\(trimmed)")
        #expect(Self.names(store, .actions) == [keys["mid"]!, keys["new"]!])
        #expect(Self.names(store, .contents).contains(shared) && Self.names(store, .contents).count == 3)
        for key in Self.names(store, .actions) {
            let message = try ActionResultMessage(decoding: try #require(try store.get(.actions, key)))
            for file in message.outputFiles { #expect(try store.get(.contents, file.hash) != nil, "\(file.path) lost its contents") }
        }
    }

    /// Round 68p: with a limit below one large result (the newest), every result went, the small
    /// ones that fit too. The result that can never fit goes first; the others stay.
    @Test func aResultOverTheWholeLimitGoesAloneFirst() throws {
        let (store, keys, _) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        let big = [UInt8](repeating: 42, count: 50_000)
        try store.put(.contents, ContentHash.of(big), big)
        let key = ContentHash.of(fields: ["big"])
        try store.put(.actions, key, ActionResultMessage(outputFiles: [.init(path: "big.png", hash: ContentHash.of(big), size: big.count)]).encoded())
        // Room for the three small results and their four contents, not for the big one.
        let limit = (4000 + 3 * Self.resultSize(store)) * 10 / 9 + 100
        let trimmed = store.trim(to: limit)
        #expect(trimmed.entries == 1 && trimmed.contents == 1, "\(trimmed)")
        #expect(Self.names(store, .actions) == Set(keys.values))
        #expect(!Self.names(store, .contents).contains(ContentHash.of(big)))
    }

    /// Reading a result marks it used: the oldest, once found again, outlives the one stored after it.
    @Test func aResultFoundAgainIsKeptLongest() throws {
        let (store, keys, _) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        _ = try store.get(.actions, keys["old"]!)
        // Room for one result and its two contents.
        _ = store.trim(to: (2000 + Self.resultSize(store)) * 10 / 9 + 10)
        #expect(Self.names(store, .actions) == [keys["old"]!], "\(Self.names(store, .actions))")
    }

    /// A damaged result is removed first, and contents that no result names go with a trim.
    @Test func damagedResultsAndOrphanContentsGo() throws {
        let (store, keys, _) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        try store.put(.actions, ContentHash.of(fields: ["damaged"]), [0xFF, 0xFF, 0xFF])
        let orphan = [UInt8](repeating: 9, count: 5000)
        try store.put(.contents, ContentHash.of(orphan), orphan)
        _ = store.trim(to: 6000)
        #expect(!Self.names(store, .actions).contains(ContentHash.of(fields: ["damaged"])))
        #expect(!Self.names(store, .contents).contains(ContentHash.of(orphan)))
        #expect(Self.names(store, .actions).contains(keys["new"]!))
    }

    /// A build trims the folder after storing: with room for nothing, nothing stays; with the
    /// default, the entry stays.
    @Test func aBuildKeepsItsCacheWithinTheLimit() throws {
        let (folder, file) = try IncrementalBuildTests.project("cache-trim-build", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var job = BuildJob(project: try Project.read(file: file))
        job.force = true
        _ = try job.run(cancellation: nil)
        let store = FolderCacheStore(folder: folder + "/.flipbook-build/cache")
        #expect(Self.names(store, .actions).count == 1 && !Self.names(store, .contents).isEmpty)
        job.cache?.maxBytes = 1
        _ = try job.run(cancellation: nil)
        #expect(Self.names(store, .actions).isEmpty && Self.names(store, .contents).isEmpty)
    }

    /// `BuildJob` refuses a limit under one byte before building.
    @Test func aLimitUnderOneByteIsRefused() throws {
        let (folder, file) = try IncrementalBuildTests.project("cache-trim-limit", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var job = BuildJob(project: try Project.read(file: file))
        job.cache?.maxBytes = 0
        #expect(throws: BuildError.self) { _ = try job.run(cancellation: nil) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/.flipbook-build/cache"))
    }
}
