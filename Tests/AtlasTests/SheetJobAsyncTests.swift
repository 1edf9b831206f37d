import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// "Pack once, write for two engines" from async code: the packing and each write run off Swift's
/// cooperative pool and stop with their task, and the files are the synchronous route's.
@Suite("SheetJob from async code: plan once, write for several engines")
struct SheetJobAsyncTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let robot = Fixtures.repository + "/Sequences/kenney-robot-walk"

    /// The files of `folder`, by name, with their bytes.
    static func contents(of folder: String) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)"))) })
    }

    @Test func packedOnceWrittenForTwoEngines() async throws {
        let awaited = try Fixtures.temporaryFolder("sheet-async"), blocking = try Fixtures.temporaryFolder("sheet-sync")
        for (folder, async) in [(awaited, true), (blocking, false)] {
            let job = SheetJob(sources: [Self.robot, Self.coin], output: "\(folder)/sheet-phaser3.png", engine: .phaser3,
                               builder: SheetBuilder(trim: true))
            let packed = async ? try await job.plan() : try job.plan(progress: nil, cancellation: nil)
            for engine in [SheetEngine.phaser3, .godot4] {
                let other = job.forEngine(engine, output: "\(folder)/sheet-\(engine.rawValue).png")
                let plan = try other.plan(reusing: packed)
                // (In async code `write` is the async form; the synchronous one, called from a closure.)
                if async { try await other.write(plan) } else { try { () throws in try other.write(plan, cancellation: nil) }() }
            }
        }
        let files = try Self.contents(of: awaited)
        #expect(files.keys.sorted() == ["sheet-godot4.png", "sheet-godot4.tres", "sheet-phaser3.json", "sheet-phaser3.png"])
        #expect(files == (try Self.contents(of: blocking)))
    }

    /// A task cancelled before it packs or writes does neither: nothing is written.
    @Test func aCancelledTaskWritesNothing() async throws {
        let folder = try Fixtures.temporaryFolder("sheet-async-cancel")
        let job = SheetJob(sources: [Self.coin], output: "\(folder)/coin.png")
        let planning = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job.plan()
        }
        #expect(await #expect(throws: SheetJobError.cancelled) { try await planning.value } != nil)
        let plan = try await job.plan()
        let writing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await job.write(plan)
        }
        #expect(await #expect(throws: SheetJobError.cancelled) { try await writing.value } != nil)
        #expect(try Self.contents(of: folder).isEmpty)
    }

    /// The async run reports the frames decoded, then the files written, with one fraction that
    /// only grows and ends at 1; the async write alone reports its files.
    @Test func runReportsReadingThenWriting() async throws {
        let folder = try Fixtures.temporaryFolder("sheet-async-progress")
        let job = SheetJob(sources: [Self.robot], output: "\(folder)/walk.png")
        let log = ProgressLog()
        let plan = try await job.run(progress: log.callback)
        let reports = log.values
        #expect(reports.filter { $0.phase == .reading }.map(\.done).sorted() == Array(1...8))
        #expect(reports.drop { $0.phase == .reading }.allSatisfy { $0.phase == .writing && $0.total == plan.files.count })
        #expect(log.neverGoesBackwards)
        #expect(reports.last == JobProgress(phase: .writing, done: 2, total: 2, fraction: 1))
        #expect(reports.first { $0.phase == .writing }?.fraction == 0.75)

        let again = ProgressLog()
        try await job.write(plan, progress: again.callback)
        #expect(again.values.map(\.fraction) == [0, 1] && again.values.allSatisfy { $0.phase == .writing })
    }
}

/// `SheetJob` has a synchronous `run()` as `AssembleJob` does (it had only the `async` one, so
/// `try job.run()` did not compile in a synchronous function; found by a new-user round): the same
/// files, and a raised flag writes nothing.
@Suite("SheetJob: synchronous run")
struct SheetJobSyncRunTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    @Test func aSynchronousRunWritesTheSheet() throws {
        let folder = try Fixtures.temporaryFolder("sheet-sync-run")
        let plan = try SheetJob(sources: [Self.coin], output: folder + "/coin.png").run(cancellation: nil)
        #expect(plan.files.count == 2 && plan.files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: SheetJobError.cancelled) { try SheetJob(sources: [Self.coin], output: folder + "/other.png").run(cancellation: flag) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.png"))
    }
}
