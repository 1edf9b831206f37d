import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// `AssembleJob.plan()` (sync) took no progress and no cancellation while `SheetJob.plan(progress:
/// cancellation:)` does (found by a fresh-eyes server developer): reading a long GIF to plan it
/// could be neither shown nor stopped. It takes both now, as the sheet job's plan does.
@Suite("AssembleJob.plan(progress:cancellation:)")
struct AssemblePlanProgressTests {
    static let impact = Fixtures.path("gif/effects/Effect_Impact.gif")

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [JobProgress] = []
        func add(_ report: JobProgress) { lock.withLock { list.append(report) } }
        var all: [JobProgress] { lock.withLock { list } }
    }

    @Test func planReportsAnAnimatedSourcesFramesRead() throws {
        let output = try Fixtures.temporaryFolder("assemble-plan-progress") + "/impact.apng"
        let reports = Reports()
        let plan = try AssembleJob(sources: [Self.impact], output: output).plan(progress: { reports.add($0) }, cancellation: nil)
        let reading = reports.all
        #expect(!reading.isEmpty && reading.allSatisfy { $0.phase == .reading })
        #expect(reading.last?.done == 24 && reading.last?.total == 24 && reading.last?.fraction == 1)
        #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.fraction <= $1.fraction })
        #expect(plan.animation.frames.count == 24)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aRaisedFlagStopsThePlan() throws {
        let output = try Fixtures.temporaryFolder("assemble-plan-cancel") + "/impact.apng"
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: AssembleError.cancelled) { _ = try AssembleJob(sources: [Self.impact], output: output).plan(cancellation: flag) }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
