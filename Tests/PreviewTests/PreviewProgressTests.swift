import Animated
import Basics
import Foundation
import Preview
import Testing
import TestSupport

/// `PreviewJob` reports its progress as every job does (docs/Design.md "The shape of a job"): one
/// `JobProgress` callback on `plan` and `run`, sync and `async`, whose fraction never goes
/// backwards and ends at 1. It had no progress at all.
@Suite("Preview: progress")
struct PreviewProgressTests {
    /// The validator's files read are the plan's reading; the page written is the run's writing.
    @Test func aRunReportsTheFilesValidatedThenThePageWritten() throws {
        let made = try PreviewFixture.make("progress")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let log = ProgressLog()
        let page = try PreviewJob(source: made.folder, output: made.folder + "/preview.html").run(progress: log.callback, cancellation: nil)
        #expect(page.sequences.count == 3)
        let reports = log.values
        let reading = reports.filter { $0.phase == .reading }, writing = reports.filter { $0.phase == .writing }
        #expect(reports.count == reading.count + writing.count && !reading.isEmpty)
        #expect(Array(reports.prefix(reading.count)) == reading, "reading after writing began")
        // The fixture's 4 + 14 + 3 PNG frames (and the sheet's page and the GIF, as the validator counts them).
        #expect(reading.last.map { $0.done == $0.total && $0.total >= 21 } == true, "\(reading.last.map(\.description) ?? "none")")
        #expect(writing.map(\.done) == [0, 1] && writing.allSatisfy { $0.total == 1 })
        #expect(log.neverGoesBackwards && reports.last?.fraction == 1 && (reading.last?.fraction ?? 1) < 1)
    }

    /// Without validation nothing is counted: a plan's one report says so, at 1.
    @Test func aPlanWithoutValidationEndsAtOne() throws {
        let made = try PreviewFixture.make("progress-plain")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        var job = PreviewJob(source: made.folder, output: made.folder + "/preview.html")
        job.validate = false
        let log = ProgressLog()
        _ = try job.plan(progress: log.callback, cancellation: nil)
        #expect(log.values == [JobProgress(phase: .reading, done: 0, total: 0, fraction: 1)])
        #expect(!FileManager.default.fileExists(atPath: made.folder + "/preview.html"))
    }

    @Test func theAsyncFormsReportToo() async throws {
        let made = try PreviewFixture.make("progress-async")
        defer { try? FileManager.default.removeItem(atPath: made.folder) }
        let job = PreviewJob(source: made.folder, output: made.folder + "/preview.html")
        let planned = ProgressLog(), ran = ProgressLog()
        _ = try await job.plan(progress: planned.callback)
        #expect(planned.neverGoesBackwards && planned.values.last?.fraction == 1 && planned.values.allSatisfy { $0.phase == .reading })
        try await job.run(progress: ran.callback)
        #expect(ran.neverGoesBackwards && ran.values.last?.fraction == 1 && ran.values.last?.phase == .writing)
    }
}
