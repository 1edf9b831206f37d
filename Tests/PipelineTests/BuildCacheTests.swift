import Animated
import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// The shared build cache, against a real nginx serving the Bazel HTTP remote-cache protocol
/// (WebDAV `PUT`, started by the test on a free port of localhost) and against a folder: two clean
/// copies of a project sharing one cache, a cache gone mid-build, a server that fails or hangs,
/// damaged entries — the build is never wrong and never stuck.
@Suite("Build cache")
struct BuildCacheTests {
    /// Where a test's cache lives.
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case nginx, folder
        var testDescription: String { rawValue }
    }

    /// A cache of a kind, kept alive with its server.
    final class Place: @unchecked Sendable {
        let server: NginxServer?
        /// Where the entries are on disk (`ac/`, `cas/`).
        let store: String
        var cache: BuildCache

        init(_ kind: Kind) throws {
            switch kind {
            case .nginx:
                let server = try NginxServer()
                self.server = server
                store = server.store
                cache = BuildCache(.server(server.url))
            case .folder:
                // Through a link, which a test can swap for one to a file at once (the cache gone).
                server = nil
                let folder = try Fixtures.temporaryFolder("cache-folder")
                store = folder + "-link"
                try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: folder)
                cache = BuildCache(.folder(store))
            }
            cache.timeout = 2
        }

        deinit {
            guard server == nil else { return }
            for path in [String(store.dropLast("-link".count)), store, store + ".file"] { try? FileManager.default.removeItem(atPath: path) }
        }

        /// Takes the cache away at once: nginx stopped, the folder's link turned to a file.
        func takeAway() {
            if let server { server.stop(); return }
            _ = FileManager.default.createFile(atPath: store + ".file", contents: Data("not a folder".utf8))
            try? FileManager.default.createSymbolicLink(atPath: store + ".new", withDestinationPath: store + ".file")
            rename(store + ".new", store)
        }

        /// The files under `part` (`ac` or `cas`) of the store.
        func entries(_ part: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: store + "/" + part)) ?? []).sorted().map { store + "/" + part + "/" + $0 }
        }
    }

    /// The project: the gold coin (4 frames) and the dino (3 frames, numbered 1, 6, 11) as a GIF,
    /// its frames, a sheet of those frames and the dino, and an APNG of the dino.
    static let json = #"""
        { "targets": {
            "coin": { "assemble": "coin", "output": "build/coin.gif", "fps": 10 },
            "coin-frames": { "frames": "build/coin.gif", "output": "build/coin" },
            "sheet": { "sheet": ["build/coin", "dino"], "output": "build/fx.png", "engine": "phaser3" },
            "dino": { "assemble": "dino", "output": "build/dino.png", "fps": 8 } } }
        """#
    static let targets: Set = ["coin", "coin-frames", "sheet", "dino"]

    /// A clean copy of the project (as a checkout is): sources and the project file, nothing built.
    static func checkout(_ label: String) throws -> (folder: String, file: String) {
        let folder = try Fixtures.temporaryFolder(label)
        for (name, source) in [("coin", "sequences/kenney-gold-coin"), ("dino", "sequences/gameart2d-dino-jump")] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
            let names = Fixtures.pngNames(in: source)
            #expect(names.count == (name == "coin" ? 4 : 3))
            for file in names { try FileManager.default.copyItem(atPath: Fixtures.path("\(source)/\(file)"), toPath: "\(folder)/\(name)/\(file)") }
        }
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return (folder, folder + "/flipbook.json")
    }

    static func build(_ file: String, cache: BuildCache?, tool: String = "test", overwrite: Bool = false, threads: Int? = nil,
                      progress: (@Sendable (BuildProgress) -> Void)? = nil) throws -> BuildReport {
        var job = BuildJob(project: try Project.read(file: file), overwrite: overwrite)
        job.tool = tool
        job.threads = threads
        job.cache = cache
        return try job.run(progress: progress, cancellation: nil)
    }

    /// Every file under `build/` (the outputs and their folders' records), by path, with its bytes.
    static func outputs(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder + "/build"
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
        for case let path as String in walker {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: base + "/" + path))
        }
        return files
    }

    /// The outputs of a build of a clean copy without a cache.
    static func reference() throws -> [String: Data] {
        let copy = try checkout("cache-reference")
        defer { try? FileManager.default.removeItem(atPath: copy.folder) }
        let report = try build(copy.file, cache: nil)
        #expect(report.failures.isEmpty)
        return try outputs(copy.folder)
    }

    @Test(arguments: Kind.allCases)
    func twoCleanCopiesShareOneCacheAndTheSecondBuildsNothing(kind: Kind) throws {
        let place = try Place(kind)
        let a = try Self.checkout("cache-a"), b = try Self.checkout("cache-b")
        defer { for copy in [a, b] { try? FileManager.default.removeItem(atPath: copy.folder) } }
        let first = try Self.build(a.file, cache: place.cache)
        #expect(Set(first.built) == Self.targets)
        #expect(first.restored.isEmpty)
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        #expect(place.entries("ac").count == 4)

        let second = try Self.build(b.file, cache: place.cache)
        #expect(second.built.isEmpty)
        #expect(Set(second.restored) == Self.targets)
        #expect(second.warnings.isEmpty, "\(second.warnings)")
        let files = try Self.outputs(a.folder)
        #expect(files.count == 11)   // coin.gif, dino.png, fx.png, fx.json, 4 frames and sequence.json, 2 folder records
        #expect(try Self.outputs(b.folder) == files)
        // The job's warnings and notes come with the outputs, naming this copy's files.
        for entry in second.entries {
            let original = first.entries.first { $0.target == entry.target }
            #expect(entry.warnings == original?.warnings.map { $0.replacingOccurrences(of: a.folder, with: b.folder) })
            #expect(entry.notes == original?.notes.map { $0.replacingOccurrences(of: a.folder, with: b.folder) })
            if case .restored(let reasons, let written)? = second.entries.first(where: { $0.target == entry.target })?.status {
                #expect(reasons == ["never built"])
                #expect(!written.isEmpty)
            }
        }
        // Recorded as built: nothing to do the next time.
        #expect(try Self.build(b.file, cache: place.cache).upToDate.count == 4)

        // The restored files are the build's own: a changed frame rebuilds the GIF, its frames and
        // the sheet, which replace them (a sheet's page, a frame folder's set) without a refusal.
        let frame = b.folder + "/coin/gold_3.png"
        try FileManager.default.removeItem(atPath: frame)
        try FileManager.default.copyItem(atPath: b.folder + "/coin/gold_1.png", toPath: frame)
        let third = try Self.build(b.file, cache: place.cache)
        #expect(third.failures.isEmpty, "\(third.failures.map { "\($0.failure)" })")
        #expect(Set(third.built) == ["coin", "coin-frames", "sheet"])
        #expect(third.upToDate == ["dino"])
        // And back: the first outputs again, from the cache, byte for byte.
        try FileManager.default.removeItem(atPath: frame)
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_3.png"), toPath: frame)
        let fourth = try Self.build(b.file, cache: place.cache)
        #expect(Set(fourth.restored) == ["coin", "coin-frames", "sheet"])
        #expect(try Self.outputs(b.folder) == files)
    }

    @Test(arguments: Kind.allCases)
    func anEntryIsOnlyUsedForIdenticalInputsSettingsAndTool(kind: Kind) throws {
        let place = try Place(kind)
        let a = try Self.checkout("cache-key-a"), b = try Self.checkout("cache-key-b")
        defer { for copy in [a, b] { try? FileManager.default.removeItem(atPath: copy.folder) } }
        _ = try Self.build(a.file, cache: place.cache)
        // Another build of the tool: nothing is taken.
        let otherTool = try Self.build(b.file, cache: place.cache, tool: "test 2")
        #expect(otherTool.restored.isEmpty)
        #expect(Set(otherTool.built) == Self.targets)
        // One frame of the dino changed: the dino and the sheet that reads it are built, the
        // coin's targets come from the cache.
        let c = try Self.checkout("cache-key-c")
        defer { try? FileManager.default.removeItem(atPath: c.folder) }
        try FileManager.default.removeItem(atPath: c.folder + "/dino/jump-6.png")
        try FileManager.default.copyItem(atPath: c.folder + "/dino/jump-1.png", toPath: c.folder + "/dino/jump-6.png")
        let frame = try Self.build(c.file, cache: place.cache)
        #expect(Set(frame.built) == ["dino", "sheet"])
        #expect(Set(frame.restored) == ["coin", "coin-frames"])
        // The coin's settings changed: the coin and its frames are built, the dino comes from the cache.
        let d = try Self.checkout("cache-key-d")
        defer { try? FileManager.default.removeItem(atPath: d.folder) }
        try Data(Self.json.replacingOccurrences(of: #""fps": 10"#, with: #""fps": 12"#).utf8).write(to: URL(fileURLWithPath: d.file))
        let settings = try Self.build(d.file, cache: place.cache)
        #expect(Set(settings.built).isSuperset(of: ["coin", "coin-frames"]))
        #expect(settings.restored.contains("dino"))
        #expect(Set(settings.built + settings.restored) == Self.targets)
    }

    @Test(arguments: Kind.allCases)
    func aCacheGoneMidBuildLeavesTheBuildLocalAndRight(kind: Kind) throws {
        let place = try Place(kind)
        let a = try Self.checkout("cache-stop-a"), b = try Self.checkout("cache-stop-b")
        defer { for copy in [a, b] { try? FileManager.default.removeItem(atPath: copy.folder) } }
        _ = try Self.build(a.file, cache: place.cache)
        let stopped = Flag()
        // The cache goes away as soon as the first target came from it (one worker, so the
        // others are all decided after).
        let report = try Self.build(b.file, cache: place.cache, threads: 1, progress: { event in
            guard event.event == .restored, stopped.setOnce() else { return }
            place.takeAway()
        })
        #expect(stopped.isSet)
        #expect(report.failures.isEmpty, "\(report.failures.map { "\($0.failure)" })")
        #expect(!report.restored.isEmpty)
        #expect(!report.built.isEmpty)
        #expect(Set(report.restored + report.built) == Self.targets)
        #expect(try Self.outputs(b.folder) == Self.outputs(a.folder))
        #expect(report.warnings.count == 1, "\(report.warnings)")
        let expected = kind == .nginx ? "this build goes on without it" : "targets built here are not stored in it"
        #expect(report.warnings.first?.contains(expected) == true, "\(report.warnings)")
    }

    @Test func aServerAnsweringFiveHundredMakesTheBuildLocalWithOneWarning() throws {
        let reference = try Self.reference()
        let server = try NginxServer(failing: true)
        let copy = try Self.checkout("cache-500")
        defer { try? FileManager.default.removeItem(atPath: copy.folder) }
        let start = Date()
        let report = try Self.build(copy.file, cache: BuildCache(.server(server.url)))
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(Set(report.built) == Self.targets)
        #expect(report.warnings == ["the cache \(server.url.absoluteString) answered HTTP 500 to GET /ac/…: this build goes on without it"])
        #expect(report.entries.allSatisfy { $0.warnings.allSatisfy { !$0.contains("the cache") } }, "\(report.entries.map(\.warnings))")
        #expect(try Self.outputs(copy.folder) == reference)
    }

    @Test func aServerThatNeverAnswersCostsOneTimeout() throws {
        let copy = try Self.checkout("cache-hang"), plain = try Self.checkout("cache-hang-plain")
        defer { for folder in [copy.folder, plain.folder] { try? FileManager.default.removeItem(atPath: folder) } }
        var start = Date()
        _ = try Self.build(plain.file, cache: nil)
        let local = Date().timeIntervalSince(start)
        let server = try SilentServer()
        var cache = BuildCache(.server(server.url))
        cache.timeout = 0.5
        start = Date()
        let report = try Self.build(copy.file, cache: cache)
        let elapsed = Date().timeIntervalSince(start)
        #expect(Set(report.built) == Self.targets)
        #expect(report.warnings.count == 1, "\(report.warnings)")
        #expect(report.warnings.first?.contains("timed out after 0.5 s") == true, "\(report.warnings)")
        // Both workers may wait out one timeout each at the start; then the cache is left alone.
        #expect(elapsed < local + 3, "a hanging cache took \(elapsed) s over a local build's \(local) s")
        #expect(try Self.outputs(copy.folder) == Self.outputs(plain.folder))
    }

    @Test(arguments: Kind.allCases)
    func damagedEntriesArePassedOverAndRepaired(kind: Kind) throws {
        let place = try Place(kind)
        let a = try Self.checkout("cache-bad-a")
        defer { try? FileManager.default.removeItem(atPath: a.folder) }
        _ = try Self.build(a.file, cache: place.cache)
        let files = try Self.outputs(a.folder)

        // Every stored file's contents changed (same size, one byte flipped: the digest differs).
        let blobs = place.entries("cas")
        #expect(blobs.count == 9)   // the 9 outputs (the folder records are not stored: each restore writes its own)
        for blob in blobs {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: blob))
            bytes[bytes.count / 2] ^= 0x5A
            try bytes.write(to: URL(fileURLWithPath: blob))
        }
        let b = try Self.checkout("cache-bad-b")
        defer { try? FileManager.default.removeItem(atPath: b.folder) }
        let damaged = try Self.build(b.file, cache: place.cache)
        #expect(damaged.restored.isEmpty)
        #expect(Set(damaged.built) == Self.targets)
        #expect(damaged.warnings.isEmpty)
        for entry in damaged.entries {
            #expect(entry.warnings.contains { $0.contains("do not have the digest its entry gives") && $0.contains("passed over") }, "\(entry.warnings)")
        }
        #expect(try Self.outputs(b.folder) == files)
        // The build stored its own outputs again: a third copy takes them.
        let c = try Self.checkout("cache-bad-c")
        defer { try? FileManager.default.removeItem(atPath: c.folder) }
        #expect(Set(try Self.build(c.file, cache: place.cache).restored) == Self.targets)
        #expect(try Self.outputs(c.folder) == files)

        // Entries that are not ActionResults at all.
        for entry in place.entries("ac") { try Data("<html>502 Bad Gateway</html>".utf8).write(to: URL(fileURLWithPath: entry)) }
        let d = try Self.checkout("cache-bad-d")
        defer { try? FileManager.default.removeItem(atPath: d.folder) }
        let garbage = try Self.build(d.file, cache: place.cache)
        #expect(Set(garbage.built) == Self.targets)
        #expect(garbage.entries.allSatisfy { $0.warnings.contains { $0.contains("is not an ActionResult") } })
        #expect(try Self.outputs(d.folder) == files)
    }

    @Test(arguments: Kind.allCases)
    func anEntryNamingAFileOutsideTheTargetsOutputsIsRefused(kind: Kind) throws {
        let place = try Place(kind)
        let a = try Self.checkout("cache-escape-a")
        defer { try? FileManager.default.removeItem(atPath: a.folder) }
        _ = try Self.build(a.file, cache: place.cache)
        // The coin's entry rewritten to put its (real, stored) GIF over one of its frames, beside
        // the project and in the build's state.
        let project = try Project.read(file: a.file)
        guard let coin = project.target(named: "coin"), let action = BuildState.load(for: project).targets["coin"]?.key else {
            Issue.record("no record of coin"); return
        }
        let key = TargetCache.key(action: action, target: coin, project: project)
        let entry = place.store + "/ac/" + key
        let stored = try ActionResultMessage(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: entry))))
        let gif = try #require(stored.outputFiles.first)
        // Round 68p: a file beside the output that another target writes (build/dino.png) was restored
        // over it, build/coin.gif never written, and the coin "up to date" from then on.
        for path in ["coin/gold_1.png", "../escaped.gif", "/tmp/escaped.gif", "build/../coin/gold_2.png", ".flipbook-build/state.json", "build/.hidden.gif",
                     "build/dino.png", "build/fx-0.png", "build/coin@2x.gif"] {
            let account = TargetCache.Account(sets: [.init(owner: path, files: [path])], warnings: [], notes: [])
            let message = ActionResultMessage(outputFiles: [.init(path: path, hash: gif.hash, size: gif.size)],
                                              stdout: Array(try JSONEncoder().encode(account)))
            try Data(message.encoded()).write(to: URL(fileURLWithPath: entry))
            let b = try Self.checkout("cache-escape-b")
            defer { try? FileManager.default.removeItem(atPath: b.folder) }
            let report = try Self.build(b.file, cache: place.cache)
            #expect(report.built.contains("coin"), "\(path)")
            let warnings = report.entries.first { $0.target == "coin" }?.warnings ?? []
            // A name of the output's own family (its @2x) is its own, but the entry then lacks the output itself.
            let reason = path == "build/coin@2x.gif" ? "does not hold build/coin.gif, an output of the target" : "which is not an output of the target"
            #expect(warnings.contains { $0.contains(reason) }, "\(path): \(warnings)")
            #expect(try Self.outputs(b.folder) == Self.outputs(a.folder))
            #expect(try Data(contentsOf: URL(fileURLWithPath: b.folder + "/coin/gold_1.png")) == Data(contentsOf: URL(fileURLWithPath: a.folder + "/coin/gold_1.png")))
            #expect(!FileManager.default.fileExists(atPath: b.folder + "/../escaped.gif"))
        }
    }

    @Test func aRestoreNeverReplacesAUsersFileUnlessAllowed() throws {
        let place = try Place(.folder)
        let a = try Self.checkout("cache-user-a"), b = try Self.checkout("cache-user-b")
        defer { for copy in [a, b] { try? FileManager.default.removeItem(atPath: copy.folder) } }
        _ = try Self.build(a.file, cache: place.cache)
        try FileManager.default.createDirectory(atPath: b.folder + "/build", withIntermediateDirectories: true)
        try Data("USER".utf8).write(to: URL(fileURLWithPath: b.folder + "/build/coin.gif"))
        let refused = try Self.build(b.file, cache: place.cache)
        // The job refuses the user's file as the command would; the cache did not write over it.
        #expect(refused.failures.map(\.target) == ["coin"])
        #expect(try String(contentsOfFile: b.folder + "/build/coin.gif", encoding: .utf8) == "USER")
        #expect(refused.restored.contains("dino"))
        let allowed = try Self.build(b.file, cache: place.cache, overwrite: true)
        #expect(Set(allowed.restored) == ["coin", "coin-frames", "sheet"])
        #expect(try Self.outputs(b.folder) == Self.outputs(a.folder))
    }

    @Test func theProjectsOwnCacheIsTheDefaultAndForceBuildsAnyway() throws {
        let copy = try Self.checkout("cache-default")
        defer { try? FileManager.default.removeItem(atPath: copy.folder) }
        var job = BuildJob(project: try Project.read(file: copy.file))
        job.tool = "test"
        #expect(job.cache == BuildCache(.folder(copy.folder + "/.flipbook-build/cache")))
        _ = try job.run(cancellation: nil)
        let files = try Self.outputs(copy.folder)
        try FileManager.default.removeItem(atPath: copy.folder + "/build")
        let again = try job.run(cancellation: nil)
        #expect(Set(again.restored) == Self.targets)
        if case .restored(let reasons, _)? = again.entries.first(where: { $0.target == "coin" })?.status {
            #expect(reasons == ["build/coin.gif is missing"])
        } else { Issue.record("coin was not restored") }
        #expect(try Self.outputs(copy.folder) == files)
        job.force = true
        #expect(Set(try job.run(cancellation: nil).built) == Self.targets)
    }

}

/// Set once, from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    /// Sets the flag; whether this call set it.
    func setOnce() -> Bool { lock.withLock { defer { value = true }; return !value } }
    var isSet: Bool { lock.withLock { value } }
}
