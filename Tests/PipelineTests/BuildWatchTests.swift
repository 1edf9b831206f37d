import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// `BuildWatch` on real files: a temporary project of real frames (the gold coin), changed the way
/// people and editors change files — written in place, saved by rename, in bursts, folders made and
/// deleted, the project file broken and fixed — while the watch runs on its own thread.
@Suite("Build watch")
struct BuildWatchTests {
    /// The watch's events as they arrive, with the time each arrived.
    final class Recorder: @unchecked Sendable {
        private let condition = NSCondition()
        private var events: [(Date, BuildWatch.Event)] = []

        func add(_ event: BuildWatch.Event) {
            if case .progress = event { return }
            condition.withLock {
                events.append((Date(), event))
                condition.broadcast()
            }
        }

        /// The builds so far: their reports, changes and arrival times.
        var builds: [(report: BuildReport, changes: [String], at: Date)] {
            condition.withLock {
                events.compactMap { at, event in
                    if case .built(let report, let changes) = event { (report, changes, at) } else { nil }
                }
            }
        }

        var all: [BuildWatch.Event] { condition.withLock { events.map(\.1) } }

        /// Waits up to `timeout` seconds until `count` builds have arrived; whether they did.
        @discardableResult
        func waitForBuilds(_ count: Int, timeout: Double = 5) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            return condition.withLock {
                while events.filter({ if case .built = $0.1 { true } else { false } }).count < count {
                    if !condition.wait(until: deadline) { return false }
                }
                return true
            }
        }

        /// Waits up to `timeout` seconds for an event `matching`.
        @discardableResult
        func waitFor(timeout: Double = 5, _ matching: @escaping (BuildWatch.Event) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            return condition.withLock {
                while !events.contains(where: { matching($0.1) }) {
                    if !condition.wait(until: deadline) { return false }
                }
                return true
            }
        }
    }

    /// A running watch of `file` on a thread of its own (the synchronous API: the test's waits
    /// block, so the watch must not need a cooperative thread), stopped by `stop()`.
    final class Running: @unchecked Sendable {
        let recorder = Recorder()
        private let flag = CancellationFlag()
        private let ended = DispatchSemaphore(value: 0)

        init(_ file: String, targets: [String] = [], withoutCache: Bool = false, configure: (inout BuildWatch) -> Void = { _ in }) {
            var watch = BuildWatch(projectFile: file, targets: targets)
            watch.tool = "test"
            if withoutCache { watch.withoutCache = true }
            configure(&watch)
            let recorder = self.recorder, flag = self.flag, ended = self.ended, configured = watch
            Thread.detachNewThread {
                do { try configured.run(onEvent: recorder.add, cancellation: flag) } catch { recorder.add(.warning("\(error)")) }
                ended.signal()
            }
        }

        func stop() async throws {
            flag.cancel()
            ended.wait()
        }
    }

    static let coin = IncrementalBuildTests.coin

    /// Writes `bytes` over `path` in place (open, truncate, write), as most programs save.
    static func save(_ bytes: Data, to path: String) throws {
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    static func frame(_ number: Int) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "\(coin)/gold_\(number).png"))
    }

    @Test func aSaveIsBuiltWithinASecond() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-save", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = Running(file)
        #expect(watch.recorder.waitForBuilds(1))
        #expect(Set(watch.recorder.builds.first?.report.built ?? []) == ["coin0", "coin1"])
        #expect(watch.recorder.builds.first?.changes == [])

        let saved = Date()
        try Self.save(try Self.frame(1), to: "\(folder)/frames/coin1/gold_3.png")
        #expect(watch.recorder.waitForBuilds(2))
        try await watch.stop()
        let builds = watch.recorder.builds
        #expect(builds.count == 2)
        guard builds.count == 2 else { return }
        #expect(builds[1].changes == ["frames/coin1/gold_3.png"])
        #expect(builds[1].report.built == ["coin1"])
        #expect(builds[1].report.upToDate == ["coin0"])
        let latency = builds[1].at.timeIntervalSince(saved)
        #expect(latency < 1.0, "the save was built \(latency) s after it was written")
    }

    /// `build --watch --cache DIR` and `--no-cache` were ignored: every build of a watch used the
    /// project's own cache folder. The cache given is the one used, and none means none.
    @Test func theCacheGivenIsTheOneUsed() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-cache", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let elsewhere = folder + "/other-cache"
        let given = Running(file) { $0.cache = BuildCache(.folder(elsewhere)) }
        #expect(given.recorder.waitForBuilds(1))
        try await given.stop()
        let stored = (try? FileManager.default.contentsOfDirectory(atPath: elsewhere + "/ac")) ?? []
        #expect(stored.count == 1, "\(stored)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/.flipbook-build/cache"))

        let (bare, bareFile) = try IncrementalBuildTests.project("watch-no-cache", count: 1)
        defer { try? FileManager.default.removeItem(atPath: bare) }
        let none = Running(bareFile) { $0.withoutCache = true }
        #expect(none.recorder.waitForBuilds(1))
        try await none.stop()
        #expect(!FileManager.default.fileExists(atPath: bare + "/.flipbook-build/cache"))
    }

    /// Round 70p: a watch with a cache that never answers waited its timeout at every save and said
    /// nothing. The build that gives up on it says so, the watch says it goes on without it, and
    /// later saves do not wait for it again.
    @Test func aCacheGivenUpOnIsNotAskedAgainAtEverySave() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-silent-cache", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try SilentServer()
        defer { server.stop() }
        let watch = Running(file) { watch in
            var cache = BuildCache(.server(server.url))
            cache.timeout = 0.5
            watch.cache = cache
        }
        #expect(watch.recorder.waitForBuilds(1, timeout: 20))
        #expect(watch.recorder.builds.first?.report.warnings.contains { $0.contains("timed out after") } == true)
        #expect(watch.recorder.waitFor { if case .warning(let text) = $0 { text.contains("goes on without the cache") } else { false } })
        let saved = Date()
        try Self.save(try Self.frame(2), to: "\(folder)/frames/coin0/gold_1.png")
        #expect(watch.recorder.waitForBuilds(2, timeout: 20))
        try await watch.stop()
        let second = try #require(watch.recorder.builds.last)
        #expect(second.report.warnings.isEmpty && second.at.timeIntervalSince(saved) < 0.5 + 2, "\(second.report.warnings) \(second.at.timeIntervalSince(saved))")
    }

    @Test func savesByRenameAreBuiltEachTime() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-rename", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = Running(file)
        #expect(watch.recorder.waitForBuilds(1))
        // As vim (backupcopy=no) and most IDEs save: a new file beside the original, renamed over it.
        // Twice: a watch on the file itself would have followed the first original away.
        let target = "\(folder)/frames/coin0/gold_3.png"
        for (round, number) in [1, 2].enumerated() {
            let saved = Date()
            try Self.save(try Self.frame(number), to: target + ".tmp-save")
            #expect(rename(target + ".tmp-save", target) == 0)
            #expect(watch.recorder.waitForBuilds(round + 2))
            let build = watch.recorder.builds.last
            // The editor's file came and went: the line names the frame only.
            #expect(build?.changes == ["frames/coin0/gold_3.png"])
            #expect(build?.report.built == ["coin0"])
            #expect((build?.at.timeIntervalSince(saved) ?? 9) < 1.0)
        }
        try await watch.stop()
        #expect(watch.recorder.builds.count == 3)
    }

    @Test func aBurstOfTwentySavesIsOneBuild() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-burst", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = Running(file)
        #expect(watch.recorder.waitForBuilds(1))
        let frames = [try Self.frame(1), try Self.frame(2)]
        for save in 0..<20 {
            try Self.save(frames[save % 2], to: "\(folder)/frames/coin\(save % 2)/gold_\(3 + save % 2).png")
        }
        #expect(watch.recorder.waitForBuilds(2))
        // Long enough for a second build, had the burst been split.
        try await Task.sleep(for: .milliseconds(600))
        try await watch.stop()
        let builds = watch.recorder.builds
        #expect(builds.count == 2)
        #expect(builds.last?.changes == ["frames/coin0/gold_3.png", "frames/coin1/gold_4.png"])
        #expect(Set(builds.last?.report.built ?? []) == ["coin0", "coin1"])
    }

    @Test func theBuildsOwnWritesStartNoBuild() async throws {
        // coin0-frames reads coin0's GIF in build/, so build/ is watched; the build writes there.
        let extra = #""coin0-frames": {"frames": "build/coin0.gif", "output": "build/coin0-frames"}"#
        let (folder, file) = try IncrementalBuildTests.project("watch-outputs", count: 1, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = Running(file)
        #expect(watch.recorder.waitForBuilds(1))
        #expect(Set(watch.recorder.builds.first?.report.built ?? []) == ["coin0", "coin0-frames"])
        // The first build's own writes (outputs, records, state) made no second build.
        try await Task.sleep(for: .milliseconds(500))
        #expect(watch.recorder.builds.count == 1)
        // Outputs, the state folder and bookkeeping files written by hand: no build either.
        try Self.save(Data("not a gif".utf8), to: "\(folder)/build/coin0.gif")
        try Self.save(Data("x".utf8), to: "\(folder)/build/coin0-frames/gold_9.png")
        try Self.save(Data("{}".utf8), to: "\(folder)/.flipbook-build/other.json")
        try Self.save(Data("x".utf8), to: "\(folder)/frames/coin0/.flipbook-x.tmp")
        try await Task.sleep(for: .milliseconds(500))
        #expect(watch.recorder.builds.count == 1)
        // A source saved: one build, started by that file alone.
        try Self.save(try Self.frame(1), to: "\(folder)/frames/coin0/gold_2.png")
        #expect(watch.recorder.waitForBuilds(2))
        try await watch.stop()
        #expect(watch.recorder.builds.count == 2)
        #expect(watch.recorder.builds.last?.changes == ["frames/coin0/gold_2.png"])
    }

    /// Round 70p: a target that fails after writing its output (a validation report with errors)
    /// had that output watched as a failed target's, so its own report started the next build, 5
    /// times a second, forever. Its own writes start no build; a source saved builds it once.
    @Test func aTargetThatFailsAfterWritingItsOutputDoesNotRebuildItself() async throws {
        let extra = #""check": {"validate": "frames", "output": "build/report.json"}"#
        let (folder, file) = try IncrementalBuildTests.project("watch-failing-report", count: 1, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A gap: the validation fails with an error, and its report is written.
        try FileManager.default.removeItem(atPath: "\(folder)/frames/coin0/gold_2.png")
        let watch = Running(file, withoutCache: true)
        #expect(watch.recorder.waitForBuilds(1))
        guard case .failed? = watch.recorder.builds.first?.report.entries.first(where: { $0.target == "check" })?.status else {
            Issue.record("the validation did not fail: \(String(describing: watch.recorder.builds.first?.report))"); try await watch.stop(); return
        }
        #expect(FileManager.default.fileExists(atPath: "\(folder)/build/report.json"))
        try Self.save(try Self.frame(1), to: "\(folder)/frames/coin0/gold_3.png")
        #expect(watch.recorder.waitForBuilds(2))
        try await Task.sleep(for: .milliseconds(1500))
        try await watch.stop()
        #expect(watch.recorder.builds.count == 2, "\(watch.recorder.builds.map(\.changes))")
    }

    @Test func aChangedProjectFileIsReadAgainAndABrokenOneIsReported() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-project", count: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A debounce well past the pause between the two writes of the fix below, however loaded the machine.
        let watch = Running(file) { $0.debounce = 1 }
        #expect(watch.recorder.waitForBuilds(1))
        let original = try String(contentsOfFile: file, encoding: .utf8)

        try Self.save(Data(original.replacingOccurrences(of: #""output""#, with: #""outptu""#).utf8), to: file)
        #expect(watch.recorder.waitFor { if case .projectUnreadable(.schema) = $0 { true } else { false } })
        #expect(watch.recorder.builds.count == 1)
        // A frame saved while the project file does not read waits for it (round 72p: built with the
        // last project that read, without a word).
        try Self.save(try Self.frame(3), to: "\(folder)/frames/coin0/gold_1.png")
        // Past the longest a burst may delay a build (round 74p: the fix was then read half written).
        try await Task.sleep(for: .milliseconds(2300))
        #expect(watch.recorder.builds.count == 1)

        // Fixed, with coin1 at another rate, written in place in two steps (emptied, then written, as
        // an editor may): read again once whole, coin1 rebuilt, and the frame saved meanwhile built with it.
        let changed = original.replacingOccurrences(of: #""build/coin1.gif", "fps": 10"#, with: #""build/coin1.gif", "fps": 12"#)
        #expect(changed != original)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 0)
        try await Task.sleep(for: .milliseconds(100))
        try handle.write(contentsOf: Data(changed.utf8))
        try handle.close()
        #expect(watch.recorder.waitForBuilds(2, timeout: 8))
        let unreadable = watch.recorder.all.filter { if case .projectUnreadable = $0 { true } else { false } }
        #expect(unreadable.count == 1, "\(unreadable)")
        #expect(Set(watch.recorder.builds.last?.report.built ?? []) == ["coin0", "coin1"])
        #expect(watch.recorder.builds.last?.changes.contains("flipbook.json") == true)
        #expect(watch.recorder.builds.last?.changes.contains("frames/coin0/gold_1.png") == true)

        // The watch still builds saves of the frames.
        try Self.save(try Self.frame(1), to: "\(folder)/frames/coin0/gold_2.png")
        #expect(watch.recorder.waitForBuilds(3))
        try await watch.stop()
        #expect(watch.recorder.builds.last?.report.built == ["coin0"])
    }

    @Test func newFoldersAreWatchedAndDeletedOnesComeBack() async throws {
        let extra = #""check": {"validate": "frames", "output": "reports/check.json"}"#
        let (folder, file) = try IncrementalBuildTests.project("watch-folders", count: 1, extra: extra)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = Running(file, targets: ["check"])
        #expect(watch.recorder.waitForBuilds(1))
        #expect(watch.recorder.builds.first?.report.built == ["check"])
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)

        // A new folder with frames in a watched folder.
        let added = "\(folder)/frames/coin9"
        try FileManager.default.createDirectory(atPath: added, withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: "\(Self.coin)/\(name)", toPath: "\(added)/\(name)") }
        #expect(watch.recorder.waitForBuilds(2))
        #expect(watch.recorder.builds.last?.report.built == ["check"])
        // A file saved inside it later: the new folder is watched.
        try await Task.sleep(for: .milliseconds(300))
        try Self.save(try Self.frame(2), to: "\(added)/gold_1.png")
        #expect(watch.recorder.waitForBuilds(3))
        #expect(watch.recorder.builds.last?.changes == ["frames/coin9/gold_1.png"])
        // Deleted, then made again with a frame: both seen.
        try FileManager.default.removeItem(atPath: added)
        #expect(watch.recorder.waitForBuilds(4))
        #expect(watch.recorder.builds.last?.changes.contains("frames/coin9") == true)
        try await Task.sleep(for: .milliseconds(300))
        try FileManager.default.createDirectory(atPath: added, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(added)/gold_1.png")
        #expect(watch.recorder.waitForBuilds(5))
        try await Task.sleep(for: .milliseconds(300))
        try Self.save(try Self.frame(3), to: "\(added)/gold_1.png")
        #expect(watch.recorder.waitForBuilds(6))
        try await watch.stop()
        #expect(watch.recorder.builds.last?.changes == ["frames/coin9/gold_1.png"])
        // The whole watch read only the one target asked for.
        #expect(watch.recorder.builds.allSatisfy { $0.report.entries.map(\.target) == ["check"] })
    }

    @Test func cancellingTheTaskStopsTheWatchPromptly() async throws {
        let (folder, file) = try IncrementalBuildTests.project("watch-cancel", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The async API: waits here are sleeps, never blocking a cooperative thread.
        let recorder = Recorder()
        var watch = BuildWatch(projectFile: file)
        watch.tool = "test"
        let task = Task { [watch] in try await watch.run(onEvent: recorder.add) }
        for _ in 0..<100 where recorder.builds.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(recorder.builds.count == 1)
        let asked = Date()
        task.cancel()
        try await task.value
        // It looks at the flag every 50 ms; the bound leaves room for a machine busy with the whole suite.
        #expect(Date().timeIntervalSince(asked) < 2.0)
        // Its events as a sequence: the first build arrives, and leaving the loop stops it.
        for try await event in watch.events() {
            if case .built(let report, _) = event { #expect(report.upToDate == ["coin0"]) } else { continue }
            break
        }
    }

    @Test(arguments: [
        (#"{"targets": {"a": {"assemble": "x", "outptu": "a.gif"}}}"#, [String](), "did you mean \"output\""),
        (#"{"targets": {"coin": {"assemble": "x", "output": "a.gif"}}}"#, ["cion"], "did you mean \"coin\""),
    ])
    func aProjectThatDoesNotReadAtFirstStopsTheWatch(json: String, targets: [String], message: String) async throws {
        let folder = try Fixtures.temporaryFolder("watch-unreadable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.save(Data(json.utf8), to: folder + "/flipbook.json")
        do {
            try await BuildWatch(projectFile: folder + "/flipbook.json", targets: targets).run { _ in }
            Issue.record("the watch started")
        } catch .project(let error) {
            #expect(error.description.contains(message))
        } catch {
            Issue.record("unexpected \(error)")
        }
        var watch = BuildWatch(projectFile: folder + "/flipbook.json")
        watch.debounce = .nan
        #expect(throws: WatchError.self) { try watch.run(onEvent: { _ in }, cancellation: CancellationFlag()) }
    }
}
