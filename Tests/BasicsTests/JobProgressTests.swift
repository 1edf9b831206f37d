import Basics
import Foundation
import Testing
import TestSupport

/// A job's reports: each phase covers its share of the call in order, each attempt its share of
/// the phase, and the fraction never goes backwards, whatever order the threads count in.
@Suite("JobProgress: one progress value for every job")
struct JobProgressTests {
    @Test func phasesAndAttemptsShareTheFraction() {
        let log = ProgressLog()
        let reporter = JobProgress.Reporter(log.callback, phases: [(.reading, 3), (.writing, 1)])
        reporter.report(.reading, done: 2, total: 4)
        reporter.report(.reading, done: 4, total: 4)
        reporter.report(.writing, done: 1, total: 2)
        reporter.finish(.writing)
        #expect(log.values.map(\.fraction) == [0.375, 0.75, 0.875, 1])
        #expect(log.values.last == JobProgress(phase: .writing, done: 2, total: 2, fraction: 1))

        let search = ProgressLog()
        let budget = JobProgress.Reporter(search.callback, phase: .encoding)
        for attempt in 1...3 {
            for done in 1...2 { budget.counter(.encoding, attempt: attempt, maxAttempts: 4)?(done, 2) }
        }
        #expect(search.values.map(\.fraction) == [0.125, 0.25, 0.375, 0.5, 0.625, 0.75])
        #expect(search.restarts == 2 && search.neverGoesBackwards)
        #expect(search.values[2].description == "encoding 1/2, attempt 2 of at most 4 (37 %)")
    }

    /// Counts arriving late from another thread (frame 3 reported after frame 4) keep the fraction
    /// where it was.
    @Test func aLateCountDoesNotGoBack() {
        let log = ProgressLog()
        let reporter = JobProgress.Reporter(log.callback, phase: .reading)
        DispatchQueue.concurrentPerform(iterations: 64) { reporter.report(.reading, done: $0 + 1, total: 64) }
        reporter.report(.reading, done: 3, total: 64)
        #expect(log.values.count == 65 && log.neverGoesBackwards)
        #expect(log.values.last?.fraction == 1 && log.values.last?.done == 3)
        #expect(JobProgress.Reporter(nil, phase: .writing).counter(.writing) == nil)
    }
}
