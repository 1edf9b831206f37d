import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `FramesJob` has every job's two steps (docs/Design.md "The shape of a job"): `plan()` reads and
/// checks the input, its limits and every frame's name against the output contract and writes
/// nothing; `run(plan)` writes it, as often as wanted. It had only `run()`, which found an output
/// over its input only once the first frame was decoded.
@Suite("FramesJob: plan, then run(plan)")
struct FramesJobPlanTests {
    static let fire = Fixtures.path("gif/giflib/fire.gif")
    static let apng = Fixtures.path("apng-decoders/pillow-previous-after-over.png")

    /// The names of `folder`'s files, hidden bookkeeping left out; none when it does not exist.
    static func names(in folder: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") })
    }

    /// A sheet of the 4-frame coin written into `folder` by `SheetJob`: its data file's path.
    static func coinSheet(in folder: String) throws -> String {
        let sheet = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: folder + "/coin.png", data: folder + "/coin.json")
        try sheet.write(try sheet.plan(cancellation: nil), cancellation: nil)
        return folder + "/coin.json"
    }

    @Test func aGIFsPlanWritesNothingAndItsRunWritesWhatItNamed() throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-gif") + "/out"
        let job = FramesJob(input: Self.fire, output: folder)
        let plan = try job.plan(cancellation: nil)
        #expect(!FileManager.default.fileExists(atPath: folder), "the plan made the output folder")
        #expect(plan.frameCount == 33 && plan.files.count == 34 && plan.files.last == folder + "/sequence.json")
        #expect(plan.prefix == "fire" && plan.width > 0 && plan.pages == 0)
        let outcome = try job.run(plan, cancellation: nil)
        #expect(outcome.files == plan.files)
        #expect(Self.names(in: folder) == Set(plan.files.map { FileIO.lastComponent(of: $0) }))
        // A plan is written more than once: the second run replaces the set the first wrote.
        let again = try job.run(plan, cancellation: nil)
        #expect(again.files == outcome.files)
        for file in outcome.files { #expect(try FileIO.readAll(file).count > 0) }
        #expect(Self.names(in: folder).count == 34)
    }

    @Test func aSheetsPlanWritesNothingAndItsRunWritesWhatItNamed() throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-sheet")
        let job = FramesJob(input: try Self.coinSheet(in: folder), output: folder + "/frames")
        let plan = try job.plan(cancellation: nil)
        #expect(!FileManager.default.fileExists(atPath: folder + "/frames"))
        #expect(plan.frameCount == 4 && plan.files.count == 4 && plan.pages == 1 && plan.prefix == nil)
        let outcome = try job.run(plan, cancellation: nil)
        #expect(outcome.files == plan.files && Self.names(in: folder + "/frames").count == 4)
    }

    /// An APNG `fire1.png` exploded with the prefix `fire` into its own folder: its first frame
    /// would be the input. The plan refuses it, with nothing decoded past the header and nothing written.
    @Test func anOutputOverTheInputIsRefusedByThePlan() throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-input")
        let input = folder + "/fire1.png"
        try FileIO.writeAtomically(try FileIO.readAll(Self.apng), to: input)
        let before = Self.names(in: folder)
        let log = ProgressLog()
        #expect(throws: FramesJobError.output(.overwritesInput(output: input, input: input))) {
            _ = try FramesJob(input: input, output: folder, prefix: "fire").plan(progress: log.callback, cancellation: nil)
        }
        #expect(log.values.allSatisfy { $0.phase == .reading } && log.values.last?.done == 0, "it read on past the refusal")
        #expect(Self.names(in: folder) == before)
    }

    /// A file of the user's at a frame's name is refused by the plan, and planned over with `overwrite`.
    @Test func aUsersFileAtAFramesNameIsRefusedByThePlan() throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-users") + "/out"
        try FileIO.createDirectory(folder)
        try FileIO.writeAtomically(Array("mine".utf8), to: folder + "/fire3.png")
        var job = FramesJob(input: Self.fire, output: folder)
        #expect(throws: FramesJobError.output(.notWrittenByFlipbook(path: folder + "/fire3.png"))) { _ = try job.plan(cancellation: nil) }
        #expect(Self.names(in: folder) == ["fire3.png"])
        job.overwrite = true
        let outcome = try job.run(try job.plan(cancellation: nil), cancellation: nil)
        #expect(outcome.files.count == 34)
        #expect(try FileIO.readAll(folder + "/fire3.png") != Array("mine".utf8))
    }

    /// Planning and writing report apart, each from 0 to 1 and never backwards; `run()` reports
    /// both as one call.
    @Test func planAndRunReportTheirOwnProgress() throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-progress") + "/out"
        let job = FramesJob(input: Self.fire, output: folder)
        let reading = ProgressLog(), writing = ProgressLog()
        let plan = try job.plan(progress: reading.callback, cancellation: nil)
        #expect(reading.values.map(\.phase) == [.reading, .reading] && reading.values.last?.fraction == 1)
        _ = try job.run(plan, progress: writing.callback, cancellation: nil)
        #expect(writing.values.map(\.done) == Array(1...33) && writing.values.allSatisfy { $0.phase == .writing })
        #expect(writing.neverGoesBackwards && writing.values.last?.fraction == 1)
    }

    /// A GIF cut short writes fewer frames than it declares; its run still ends at 1.
    @Test func aCutGIFsRunStillEndsAtOne() throws {
        let bytes = try FileIO.readAll(Self.fire)
        let cut = InMemoryFile(name: "fire.gif", bytes: Array(bytes.prefix(bytes.count / 2)))
        let log = ProgressLog()
        let outcome = try FramesJob(files: [cut]).run(progress: log.callback, cancellation: nil)
        #expect(outcome.frames.count > 2 && outcome.frames.count < 34 && !outcome.warnings.isEmpty)
        #expect(log.neverGoesBackwards && log.values.last?.fraction == 1)
    }

    @Test func aCancelledFlagBetweenPlanAndRunWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-cancel") + "/out"
        let job = FramesJob(input: Self.fire, output: folder)
        let plan = try job.plan(cancellation: nil)
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: FramesJobError.cancelled) { _ = try job.run(plan, cancellation: flag) }
        #expect(throws: FramesJobError.cancelled) { _ = try job.plan(cancellation: flag) }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func theAsyncPlanAndRunWriteWhatTheSyncOnesDo() async throws {
        let folder = try Fixtures.temporaryFolder("frames-plan-async")
        let sync = FramesJob(input: Self.fire, output: folder + "/sync")
        let async = FramesJob(input: Self.fire, output: folder + "/async")
        let written = try sync.run(try sync.plan(progress: nil, cancellation: nil), progress: nil, cancellation: nil)
        let plan = try await async.plan()
        let log = ProgressLog()
        let asyncWritten = try await async.run(plan, progress: log.callback)
        #expect(written.files.count == 34 && asyncWritten.files.count == 34 && log.values.last?.fraction == 1)
        for (a, b) in zip(written.files, asyncWritten.files) { #expect(try FileIO.readAll(a) == FileIO.readAll(b)) }
        let task = Task { () async throws(FramesJobError) -> FramesJob.Outcome in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await FramesJob(input: Self.fire, output: folder + "/cancelled").run(plan)
        }
        await #expect(throws: FramesJobError.cancelled) { try await task.value }
        #expect(!FileManager.default.fileExists(atPath: folder + "/cancelled"))
    }

    /// `threads` as `SheetJob.threads` and `AssembleJob.threads`: under 1 refused by name, and the
    /// same files on one thread as on every core.
    @Test(arguments: [0, -1, Int.min])
    func threadsUnderOneAreASetting(_ threads: Int) throws {
        var job = FramesJob(input: Self.fire, output: try Fixtures.temporaryFolder("frames-threads-bad") + "/out")
        job.threads = threads
        #expect(throws: FramesJobError.setting(SettingError(.threads, of: "FramesJob", value: threads, allowed: .atLeast(1)))) {
            _ = try job.plan(cancellation: nil)
        }
    }

    @Test func oneThreadWritesTheSameFrames() throws {
        var job = FramesJob(files: [InMemoryFile(name: "fire.gif", bytes: try FileIO.readAll(Self.fire))])
        let every = try job.run(cancellation: nil)
        job.threads = 1
        let one = try job.run(cancellation: nil)
        #expect(one.frames == every.frames && one.frames.count == 34)
    }

    /// In memory, the first file is the animation or the sheet's data; no file at all is refused.
    @Test func filesInMemoryPlanTheirNames() throws {
        let job = FramesJob(files: [InMemoryFile(name: "fire.gif", bytes: try FileIO.readAll(Self.fire))])
        let plan = try job.plan(cancellation: nil)
        #expect(plan.files.count == 34 && plan.files.first == "fire1.png" && plan.files.last == "sequence.json")
        #expect(try job.run(plan, cancellation: nil).files == plan.files)
        #expect(throws: FramesJobError.self) { _ = try FramesJob(files: []).plan(cancellation: nil) }
    }

    /// A new user's `frames out/boom.json` of a sheet written over several pages, whose data is
    /// `boom-0.json`, `boom-1.json`…: it said only "No such file or directory".
    @Test func theDataOfASheetOfSeveralPagesIsNamedWhenTheWholeIsAskedFor() throws {
        let folder = try Fixtures.temporaryFolder("frames-per-page-data")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sheet = SheetJob(sources: [Fixtures.path("sequences/kenney-gold-coin")], output: folder + "/boom.png", engine: .pixi)
        sheet.builder.maxSide = 64
        try sheet.write(try sheet.plan(cancellation: nil), cancellation: nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/boom-3.json"))
        do throws(FramesJobError) { _ = try FramesJob(input: folder + "/boom.json", output: folder + "/back").plan(cancellation: nil); Issue.record("read") } catch {
            #expect(error.description.contains("keeps its data per page, 4 files (boom-0.json, boom-1.json … boom-3.json)"), "\(error)")
        }
        #expect(try !FramesJob(input: folder + "/boom-1.json", output: folder + "/back").run(cancellation: nil).files.isEmpty)
    }
}
