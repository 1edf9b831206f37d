import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// One progress bar over a job's two calls (issue 44): `plan` then `run` each report a whole call
/// from 0 to 1, so a bar fed by both went back to 0 between them ("reading 14/14 (100 %)" then
/// "encoding 1/14 (7 %)"). `JobProgress.within` maps each call into its part of one bar; and
/// `AssembleJob.run()` in one call gave the decoding of a GIF or WebP source a share of 0 (the
/// bar stood still while it was read).
@Suite struct ProgressAcrossStepsTests {
    /// Real animations and a real folder, as sources.
    static let webp = Fixtures.path("webp-img2webp/ansimuz-fire-bomb-pixel.webp")
    static let gif = Fixtures.path("gif/giflib/fire.gif")
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// What a bar fed by `log` shows: never back, from near 0 to 1, and each step within its range.
    static func expectOneBar(_ log: ProgressLog, split: Double, plan planReports: Int, _ what: String) {
        let fractions = log.values.map(\.fraction)
        #expect(log.neverGoesBackwards, "\(what): \(fractions)")
        #expect(fractions.last == 1, "\(what)")
        #expect(fractions.prefix(planReports).allSatisfy { $0 <= split } && fractions.dropFirst(planReports).allSatisfy { $0 >= split },
                "\(what): \(fractions)")
    }

    @Test(arguments: [webp, coin])
    func assemblePlanThenRunIsOneBar(source: String) async throws {
        let folder = try Fixtures.temporaryFolder("progress-steps")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = AssembleJob(sources: [source], output: folder + "/out.gif")
        let log = ProgressLog()
        let plan = try await job.plan(progress: JobProgress.within(0...0.2, log.callback))
        let planned = log.values.count
        _ = try await job.run(plan, progress: JobProgress.within(0.2...1, log.callback))
        #expect(log.values.count > planned)
        Self.expectOneBar(log, split: 0.2, plan: planned, source)
    }

    @Test func framesPlanThenRunIsOneBar() async throws {
        let job = FramesJob(files: [InMemoryFile(name: "fire.gif", bytes: try FileIO.readAll(Self.gif))])
        let log = ProgressLog()
        let plan = try await job.plan(progress: JobProgress.within(0...0.1, log.callback))
        let planned = log.values.count
        _ = try await job.run(plan, progress: JobProgress.within(0.1...1, log.callback))
        Self.expectOneBar(log, split: 0.1, plan: planned, "frames")
    }

    @Test func sheetPlanThenWriteIsOneBar() async throws {
        let folder = try Fixtures.temporaryFolder("progress-steps-sheet")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = SheetJob(sources: [Self.coin], output: folder + "/coin.png", engine: .phaser3)
        let log = ProgressLog()
        let plan = try await job.plan(progress: JobProgress.within(0...0.75, log.callback))
        let planned = log.values.count
        try await job.write(plan, progress: JobProgress.within(0.75...1, log.callback))
        Self.expectOneBar(log, split: 0.75, plan: planned, "sheet")
    }

    /// `SheetJob.encoded` had no async form, no progress and no cancellation (a sheet made in memory
    /// blocked a cooperative thread): now it has the shape of `write`, with the same bytes.
    @Test func aSheetEncodedInMemoryIsOneBarToo() async throws {
        let job = SheetJob(sources: [Self.coin], output: "mem/coin.png", engine: .phaser3)
        let log = ProgressLog()
        let plan = try await job.plan(progress: JobProgress.within(0...0.75, log.callback))
        let planned = log.values.count
        let files = try await job.encoded(plan, progress: JobProgress.within(0.75...1, log.callback))
        Self.expectOneBar(log, split: 0.75, plan: planned, "sheet in memory")
        #expect(log.values.dropFirst(planned).allSatisfy { $0.phase == .writing } && log.values.count > planned + 2)
        #expect(files == (try job.encoded(plan, cancellation: nil)) && files.map(\.name).sorted() == ["mem/coin.json", "mem/coin.png"])
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: SheetJobError.cancelled) { _ = try job.encoded(plan, cancellation: flag) }
    }

    /// `AssembleJob.run()` of an animated source: its decoding takes the first quarter of the bar,
    /// rising frame by frame, and the encode the rest; a folder's encode takes the whole bar.
    @Test(arguments: [webp, coin])
    func oneCallGivesReadingItsShare(source: String) throws {
        let folder = try Fixtures.temporaryFolder("progress-one-call")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = ProgressLog()
        _ = try AssembleJob(sources: [source], output: folder + "/out.gif").run(progress: log.callback, cancellation: nil)
        let reading = log.values.filter { $0.phase == .reading }, encoding = log.values.filter { $0.phase == .encoding }
        #expect(log.neverGoesBackwards && log.values.last?.fraction == 1)
        if source == Self.coin {
            // No room kept for a reading that never came: each report is its share of the encode.
            #expect(reading.isEmpty && encoding.allSatisfy { abs($0.fraction - Double($0.done) / Double($0.total)) < 1e-9 }, "\(encoding)")
        } else {
            #expect(reading.count > 2 && reading.last?.fraction == 0.25, "\(reading)")
            #expect(Set(reading.map(\.fraction)).count > 2, "the bar stood still while the source was read: \(reading)")
            #expect(encoding.allSatisfy { $0.fraction >= 0.25 })
        }
    }

    /// The mapping itself: 0 and 1 land on the range's ends; a range reaching past 0…1 is clamped.
    @Test func withinMapsIntoItsRange() {
        let log = ProgressLog()
        let mapped = JobProgress.within(0.5...2, log.callback)
        for fraction in [0, 0.5, 1, .nan] { mapped(JobProgress(phase: .encoding, done: 0, total: 1, fraction: fraction)) }
        #expect(log.values.map(\.fraction) == [0.5, 0.75, 1, 0.5])
        #expect(log.values.allSatisfy { $0.phase == .encoding && $0.total == 1 })
    }
}
