import APNG
import Animated
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// Every encoder's progress is one shape (issue 44): `JobProgress` of phase `encoding`, as their
/// byte-budget forms and the jobs report — they took `(done, total)` counts before — and the
/// sequence writer's of phase `writing`.
@Suite("Encoders report JobProgress")
struct EncoderProgressShapeTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [JobProgress] = []
        var reports: [JobProgress] { lock.withLock { stored } }
        func add(_ report: JobProgress) { lock.withLock { stored.append(report) } }
    }

    enum Kind: String, CaseIterable { case gif, apng, webp }

    /// Real frames (the coin's 4, the fire bomb's 14): reports of phase `encoding`, one attempt,
    /// never going back, the last with every frame done and a fraction of 1.
    @Test(arguments: Kind.allCases, ["kenney-gold-coin", "ansimuz-fire-bomb-pixel"])
    func everyEncoderReportsJobProgressOfItsFrames(kind: Kind, sequence: String) throws {
        let frames = try fixtureFrames(sequence)
        let input = try FrameInput(count: frames.count, duration: 0.1) { frames[$0] }
        let log = Log()
        switch kind {
        case .gif: _ = try GIF.Encoder().encode(input, progress: log.add)
        case .apng: _ = try APNG.Encoder().encode(input, progress: log.add)
        case .webp: _ = try WebP.Encoder().encode(input, progress: log.add)
        }
        let reports = log.reports
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0.phase == .encoding && $0.attempt == 1 && $0.maxAttempts == 1 })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.fraction <= $1.fraction }, "\(reports)")
        let last = try #require(reports.last)
        #expect(last.done == last.total && last.fraction == 1, "\(reports)")
    }

    @Test func theSequenceWriterReportsWritingProgress() throws {
        let dir = try Fixtures.temporaryFolder("progress-shape")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = try fixtureFrames("kenney-gold-coin")
        let writer = try SequenceWriter(folder: dir, prefix: "coin")
        let log = Log()
        try writer.writeFrames(count: frames.count, progress: log.add) { frames[$0] }
        let reports = log.reports
        #expect(reports.count == frames.count && reports.allSatisfy { $0.phase == .writing && $0.total == frames.count })
        #expect(reports.last?.fraction == 1)
    }
}
