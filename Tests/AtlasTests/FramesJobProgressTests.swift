import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// `FramesJob` reports the input read, then each frame written, as one `JobProgress` whose fraction
/// only grows and ends at 1.
@Suite("FramesJob progress: reading, then each frame written")
struct FramesJobProgressTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// The 4-frame coin as a WebP, an APNG and a sheet (written by the jobs), each exploded.
    @Test(arguments: ["coin.webp", "coin.apng", "coin.json"])
    func eachFrameWrittenIsReported(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("frames-progress")
        let input = "\(folder)/\(name)"
        if name.hasSuffix(".json") {
            let sheet = SheetJob(sources: [Self.coin], output: "\(folder)/coin.png", data: input)
            try sheet.write(try sheet.plan())
        } else {
            _ = try AssembleJob(sources: [Self.coin], output: input).run()
        }
        let log = ProgressLog()
        let outcome = try FramesJob(input: input, output: "\(folder)/frames").run(progress: log.callback)
        #expect(outcome.files.filter { $0.hasSuffix(".png") }.count == 4)
        let reports = log.values
        #expect(reports.prefix(2).map(\.phase) == [.reading, .reading] && reports.prefix(2).map(\.done) == [0, 1])
        #expect(reports.dropFirst(2).map(\.done) == [1, 2, 3, 4] && reports.dropFirst(2).allSatisfy { $0.phase == .writing && $0.total == 4 })
        #expect(log.neverGoesBackwards && reports[1].fraction == 0.25 && reports.last?.fraction == 1)
    }

    /// A GIF's frame count is known only at its end: one report, the last.
    @Test func aGIFGivesTheLastReport() throws {
        let log = ProgressLog()
        let outcome = try FramesJob(input: Fixtures.path("gif/giflib/fire.gif"), output: try Fixtures.temporaryFolder("frames-progress-gif"))
            .run(progress: log.callback)
        #expect(outcome.files.count == 34, "33 frames and sequence.json")
        #expect(log.values == [JobProgress(phase: .writing, done: 33, total: 33, fraction: 1)])
    }
}
