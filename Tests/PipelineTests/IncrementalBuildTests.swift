import Animated
import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// Builds of real sequences: a target is built again exactly when something it reads, its settings
/// or its outputs changed, and a build writes what the equivalent job writes.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    /// The real sequences the projects read (Tests/Fixtures/sequences).
    static let coin = RealSequences.path("kenney-gold-coin")
    static let dino = RealSequences.path("gameart2d-dino-jump")

    /// A project folder holding `count` copies of the gold coin (`frames/coin0` …), each assembled
    /// to a GIF by its own target, and `extra` targets.
    static func project(_ label: String, count: Int, extra: String = "") throws -> (folder: String, file: String) {
        let folder = try Fixtures.temporaryFolder(label)
        let manager = FileManager.default
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        for index in 0..<count {
            let target = "\(folder)/frames/coin\(index)"
            try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            for name in names { try manager.copyItem(atPath: "\(coin)/\(name)", toPath: "\(target)/\(name)") }
        }
        let targets = (0..<count).map { #""coin\#($0)": {"assemble": "frames/coin\#($0)", "output": "build/coin\#($0).gif", "fps": 10}"# }
        let json = #"{"targets": {"# + (targets + (extra.isEmpty ? [] : [extra])).joined(separator: ",\n") + "}}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return (folder, folder + "/flipbook.json")
    }

    static func build(_ file: String, _ targets: [String] = [], force: Bool = false) throws -> BuildReport {
        var job = BuildJob(project: try Project.read(file: file), targets: targets, force: force)
        job.tool = "test"
        // Without the project's cache: these tests count what is built (BuildCacheTests has the cache).
        job.cache = nil
        return try job.run(cancellation: nil)
    }

    @Test func changingOneFrameOfOneOfFiftyTargetsRebuildsExactlyThatTarget() throws {
        let (folder, file) = try Self.project("build-fifty", count: 50)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try Self.build(file)
        #expect(first.built.count == 50)
        #expect(first.failures.isEmpty)
        let second = try Self.build(file)
        #expect(second.built.isEmpty)
        #expect(second.upToDate.count == 50)

        // Another frame's pixels written over frame 3 of coin17.
        let changed = "\(folder)/frames/coin17/gold_3.png"
        try FileManager.default.removeItem(atPath: changed)
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: changed)
        let third = try Self.build(file)
        #expect(third.built == ["coin17"])
        guard case .built(let reasons, let files)? = third.entries.first(where: { $0.target == "coin17" })?.status else {
            Issue.record("coin17 was not built"); return
        }
        #expect(reasons == ["frames/coin17/gold_3.png changed"])
        #expect(files == ["build/coin17.gif"])
    }

    /// A frame edited in place to other bytes of the same size and given back its modification
    /// time (`touch -r`, or an editor that keeps it) kept its fingerprint, so the build called the
    /// target up to date over changed pixels. The status-change time, which no user can set back,
    /// is part of the fingerprint now.
    @Test func anEditThatKeepsSizeAndModificationTimeIsSeen() throws {
        let (folder, file) = try Self.project("build-touch-r", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = "\(folder)/frames/coin0/gold_2.png"
        // Files an hour old: a build trusts the fingerprint of a file older than its record.
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        for name in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: "\(folder)/frames/coin0/\(name)")
        }
        #expect(try Self.build(file).built == ["coin0"])
        #expect(try Self.build(file).upToDate == ["coin0"])
        var bytes = try FileIO.readAll(frame)
        let size = bytes.count
        bytes[bytes.count - 20] ^= 0xFF   // a byte of the last chunk's data: same size, other content
        let handle = try #require(FileHandle(forWritingAtPath: frame))   // in place: same inode
        try handle.write(contentsOf: bytes)
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: frame)
        #expect(try FileIO.readAll(frame).count == size)
        let report = try Self.build(file)
        #expect(report.built == ["coin0"] || report.failures.map(\.target) == ["coin0"], "\(report.entries)")
    }

    /// A frame that is a link: the record held the link's own fingerprint (its size the length of
    /// its path), so the file it leads to, edited, left the target "up to date" over old pixels and
    /// a cache restored them (fresh eyes 52). The file the link leads to is in the fingerprint now.
    @Test func anEditOfTheFileALinkLeadsToIsSeen() throws {
        let (folder, file) = try Self.project("build-linked-frame", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        // The file the link leads to lies in the frames' own folder (a link out of it is refused).
        let link = "\(folder)/frames/coin0/gold_2.png", real = "\(folder)/frames/coin0/art/gold_2.png"
        try manager.createDirectory(atPath: "\(folder)/frames/coin0/art", withIntermediateDirectories: true)
        try manager.moveItem(atPath: link, toPath: real)
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "art/gold_2.png")
        // Both an hour old: a build trusts the fingerprint of a file older than its record.
        func age(_ path: String) {
            var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
        }
        age(link); age(real)
        #expect(try Self.build(file).built == ["coin0"])
        #expect(try Self.build(file).upToDate == ["coin0"])
        try manager.removeItem(atPath: real)
        try manager.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: real)
        age(real)
        let report = try Self.build(file)
        #expect(report.built == ["coin0"], "\(report.entries)")
        #expect(report.entries.first.map { "\($0.status)".contains("frames/coin0/gold_2.png changed") } == true, "\(report.entries)")
    }

    /// A forced build whose target failed left the last good record, so the next build called the
    /// target up to date over outputs the failed run may have touched (fresh eyes 9). A failure
    /// now drops the record: the next build builds the target again, as docs/Pipelines.md says.
    /// Round 74p: Finder's `.DS_Store` (or any hidden file) in a source folder rebuilt every target
    /// reading it, though no job reads hidden files; a folder's validation config still counts.
    @Test func aHiddenFileInASourceFolderIsNoInput() throws {
        let extra = #""check": {"validate": "frames/coin0", "output": "build/check.json"}"#
        let (folder, file) = try Self.project("incremental-hidden", count: 1, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Set(try Self.build(file).built) == ["coin0", "check"])
        try Data("junk".utf8).write(to: URL(fileURLWithPath: "\(folder)/frames/coin0/.DS_Store"))
        try FileManager.default.createDirectory(atPath: "\(folder)/frames/coin0/.git", withIntermediateDirectories: true)
        try Data("ref".utf8).write(to: URL(fileURLWithPath: "\(folder)/frames/coin0/.git/HEAD"))
        #expect(try Self.build(file).built.isEmpty)
        try Data(#"{"maxFileBytes": 100000}"#.utf8).write(to: URL(fileURLWithPath: "\(folder)/frames/coin0/.flipbook.json"))
        #expect(try Self.build(file).built == ["check"])   // the assemble target reads no config
    }

    @Test func aFailedForcedBuildIsBuiltAgainNextTime() throws {
        let (folder, file) = try Self.project("build-forced-fail", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(file).built == ["coin0"])
        // The forced build is cancelled once its target starts building: the target fails.
        let flag = CancellationFlag()
        var job = BuildJob(project: try Project.read(file: file), force: true)
        job.tool = "test"
        job.cache = nil
        let forced = try? job.run(progress: { if $0.event == .building { flag.cancel() } }, cancellation: flag)
        #expect(forced.map { $0.built.isEmpty } ?? true)
        let next = try Self.build(file)
        #expect(next.built == ["coin0"] && next.upToDate.isEmpty, "\(next.entries)")
    }

    @Test func aBuildWritesWhatTheJobWrites() throws {
        let (folder, file) = try Self.project("build-same-bytes", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.build(file)
        var job = AssembleJob(sources: ["\(folder)/frames/coin0"], output: "\(folder)/by-job.gif")
        job.timing.fps = 10
        _ = try job.run(cancellation: nil)
        #expect(try FileIO.readAll("\(folder)/build/coin0.gif") == FileIO.readAll("\(folder)/by-job.gif"))
    }

    @Test func saysWhyItRebuilds() throws {
        let (folder, file) = try Self.project("build-reasons", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.build(file)
        // An output deleted, a frame added, the settings changed, and touched without a change.
        try FileManager.default.removeItem(atPath: "\(folder)/build/coin0.gif")
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(folder)/frames/coin1/gold_5.png")
        let report = try Self.build(file)
        let reasons = Dictionary(uniqueKeysWithValues: report.entries.compactMap { entry -> (String, [String])? in
            if case .built(let reasons, _) = entry.status { (entry.target, reasons) } else { nil }
        })
        #expect(reasons["coin0"] == ["build/coin0.gif is missing"])
        #expect(reasons["coin1"] == ["frames/coin1/gold_5.png added"])

        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: #"coin1", "output": "build/coin1.gif", "fps": 10"#,
                                                                                          with: #"coin1", "output": "build/coin1.gif", "fps": 12"#)
        #expect(text.contains(#""fps": 12"#))
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let settings = try Self.build(file)
        #expect(settings.built == ["coin1"])
        if case .built(let reasons, _)? = settings.entries.first(where: { $0.target == "coin1" })?.status {
            #expect(reasons == ["its settings changed"])
        }
        // Same bytes written again (a checkout, a touch): the content decides, nothing is built.
        let frame = "\(folder)/frames/coin0/gold_2.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: frame))
        try FileManager.default.removeItem(atPath: frame)
        try bytes.write(to: URL(fileURLWithPath: frame))
        #expect(try Self.build(file).built.isEmpty)
        #expect(try Self.build(file, force: true).built.count == 2)
    }

    @Test func dependentTargetsFollowTheirSourcesAndAFailureSkipsOnlyItsDependents() throws {
        let extra = #"""
            "coin0-frames": {"frames": "build/coin0.gif", "output": "build/coin0-frames"},
            "coin0-sheet": {"sheet": "build/coin0-frames", "output": "build/coin0-sheet.png"},
            "broken": {"assemble": "frames/missing", "output": "build/broken.gif"},
            "after-broken": {"frames": "build/broken.gif", "output": "build/broken-frames"}
            """#
        let (folder, file) = try Self.project("build-graph", count: 2, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try Self.build(file)
        let order = first.entries.map(\.target)
        #expect(order.firstIndex(of: "coin0")! < order.firstIndex(of: "coin0-frames")!)
        #expect(order.firstIndex(of: "coin0-frames")! < order.firstIndex(of: "coin0-sheet")!)
        #expect(Set(first.built) == ["coin0", "coin1", "coin0-frames", "coin0-sheet"])
        #expect(first.failures.map(\.target) == ["broken"])
        if case .failed(.assemble(.source), _)? = first.entries.first(where: { $0.target == "broken" })?.status {} else {
            Issue.record("broken did not fail reading its source")
        }
        if case .skipped(let dependency)? = first.entries.first(where: { $0.target == "after-broken" })?.status {
            #expect(dependency == "broken")
        } else { Issue.record("after-broken was not skipped") }
        // Nothing changed: nothing is built (the frames target reads the GIF, not its whole folder
        // of other targets' outputs); the failed target is tried again.
        let again = try Self.build(file)
        #expect(again.built.isEmpty)
        #expect(again.failures.map(\.target) == ["broken"])

        // A changed coin frame rebuilds the GIF, its frames and their sheet; the other coin stays.
        let changed = "\(folder)/frames/coin0/gold_3.png"
        try FileManager.default.removeItem(atPath: changed)
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_4.png", toPath: changed)
        let second = try Self.build(file, ["coin0-sheet"])
        #expect(second.entries.map(\.target) == ["coin0", "coin0-frames", "coin0-sheet"])
        #expect(second.built == ["coin0", "coin0-frames", "coin0-sheet"])
    }

    @Test func aDamagedStateFileMeansAFullBuildNotAWrongOne() throws {
        let (folder, file) = try Self.project("build-state", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.build(file)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: folder + "/.flipbook-build/state.json"))
        #expect(try Self.build(file).built.count == 2)
        #expect(try Self.build(file).built.isEmpty)
    }

    @Test func anUnknownTargetIsRefusedWithTheNearestName() throws {
        let (folder, file) = try Self.project("build-unknown", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect { try Self.build(file, ["coni0"]) } throws: { error in
            "\(error)".contains(#"has no target "coni0"; did you mean "coin0"?"#)
        }
    }

    @Test func aValidationTargetWritesItsReportAndFailsOnErrors() throws {
        let extra = #""check": {"validate": "frames", "output": "build/report.json"}"#
        let (folder, file) = try Self.project("build-validate", count: 2, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(file, ["check"]).built == ["check"])
        let report = try String(contentsOfFile: folder + "/build/report.json", encoding: .utf8)
        #expect(report.contains("gold_"))
        // A frame of another size in one folder: an error the report names, and the target fails.
        try FileManager.default.copyItem(atPath: "\(Self.dino)/\(Fixtures.pngNames(in: "sequences/gameart2d-dino-jump")[0])",
                                         toPath: "\(folder)/frames/coin1/gold_5.png")
        let failed = try Self.build(file, ["check"])
        #expect(failed.failures.map(\.target) == ["check"])
        if case .problemsFound? = failed.failures.first?.failure {} else { Issue.record("\(String(describing: failed.failures.first?.failure))") }
        // Failed targets are built again next time, even with nothing changed.
        #expect(try Self.build(file, ["check"]).failures.map(\.target) == ["check"])
    }
}

/// The build's progress and cancellation, in the shape of every job.
@Suite("Build progress and cancellation")
struct BuildProgressTests {
    @Test func reportsEachTargetCheckedBuiltAndDecided() throws {
        let (folder, file) = try IncrementalBuildTests.project("build-progress", count: 3)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let events = Events()
        var job = BuildJob(project: try Project.read(file: file))
        job.tool = "test"
        _ = try job.run(progress: { events.append($0) }, cancellation: nil)
        let seen = events.all
        for name in ["coin0", "coin1", "coin2"] {
            #expect(seen.filter { $0.target == name }.map(\.event) == [.checking, .building, .built])
        }
        let decided = seen.filter { $0.event == .built }.map(\.done).sorted()
        #expect(decided == [1, 2, 3])
        #expect(seen.allSatisfy { $0.total == 3 })
        events.removeAll()
        _ = try job.run(progress: { events.append($0) }, cancellation: nil)
        #expect(events.all.filter { $0.event == .upToDate }.count == 3)
    }

    /// Two builds of one project at once (two terminals, a `--watch` and a build by hand) both
    /// wrote its outputs and state. A build takes the project's lock (on `.flipbook-build`): the
    /// second says `.waiting`, reads nothing until the first has ended, then builds.
    @Test func aSecondBuildWaitsForTheFirst() async throws {
        let (folder, file) = try IncrementalBuildTests.project("build-lock", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/.flipbook-build", withIntermediateDirectories: true)
        // Another build's lock, held here (flock locks of two opens conflict within one process too).
        let other = try #require(FolderLock.acquire(folder + "/.flipbook-build") {})
        let events = Events()
        var job = BuildJob(project: try Project.read(file: file))
        job.tool = "test"
        job.cache = nil
        let build = Task.detached { [job] in try job.run(progress: { events.append($0) }, cancellation: nil) }
        var waited = false
        for _ in 0..<400 where !waited {
            try await Task.sleep(nanoseconds: 5_000_000)
            waited = events.all.contains { $0.event == .waiting }
        }
        #expect(waited, "\(events.all)")
        #expect(events.all.map(\.event) == [.waiting], "nothing read while the other build holds the lock")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/coin0.gif"))
        other.release()
        let report = try await build.value
        #expect(report.built.count == 1 && FileManager.default.fileExists(atPath: folder + "/build/coin0.gif"))
        #expect(events.all.first?.target == file)
    }

    @Test func aCancelledBuildWritesNothing() throws {
        let (folder, file) = try IncrementalBuildTests.project("build-cancel", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: BuildError.self) { try BuildJob(project: try Project.read(file: file)).run(cancellation: flag) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/build"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.flipbook-build"))
    }

    @Test func theAsyncFormBuildsAsTheSyncOne() async throws {
        let (folder, file) = try IncrementalBuildTests.project("build-async", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var job = BuildJob(project: try Project.read(file: file))
        job.tool = "test"
        #expect(Set(try await job.run().built) == ["coin0", "coin1"])
        #expect(try await job.run().upToDate.sorted() == ["coin0", "coin1"])
    }
}

/// Progress events collected from the build's threads.
final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [BuildProgress] = []
    func append(_ event: BuildProgress) { lock.withLock { events.append(event) } }
    func removeAll() { lock.withLock { events.removeAll() } }
    var all: [BuildProgress] { lock.withLock { events } }
}
