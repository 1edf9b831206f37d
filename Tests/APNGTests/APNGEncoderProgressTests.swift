import Basics
import Foundation
import Raster
import Testing
import TestSupport
@testable import APNG

/// The encoder's progress reaches all frames only when the last frame is written (issue 43: an
/// APNG job stood at 100 % from 110.7 s to 122.5 s while the last frames were compressed).
@Suite("APNG progress ends with the work")
struct APNGEncoderProgressTests {
    /// What the encode had written when each report came.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var drained = 0
        private(set) var reports: [(done: Int, total: Int, drained: Int)] = []
        func drain(_ bytes: [UInt8]) { lock.withLock { drained += bytes.count } }
        func report(_ done: Int, _ total: Int) { lock.withLock { reports.append((done, total, drained)) } }
    }

    /// Real frames (the fire bomb's 14, the coin's 4): every frame's bytes are written before
    /// the last report, which says all frames; reports never go backwards.
    @Test(arguments: ["ansimuz-fire-bomb-pixel", "kenney-gold-coin"], [EncodingEffort.fast, .standard])
    func theLastReportComesWithTheLastFrame(sequence: String, effort: EncodingEffort) throws {
        let frames = try fixtureFrames(sequence)
        let log = Log()
        var encoder = APNG.Encoder()
        encoder.effort = effort
        let input = try FrameInput(count: frames.count, duration: 0.1) { frames[$0] }
        _ = try APNGEncoding(settings: encoder, input: input, progress: { log.report($0, $1) }).run { log.drain($0) }
        let total = log.reports.last?.drained ?? 0
        let last = try #require(log.reports.last)
        #expect(last.done == frames.count && last.total == frames.count)
        // All but IEND (12 bytes) written when the last report came.
        let whole = try APNG.Encoder(effort: effort).encode(input).bytes.count
        #expect(total == whole - 12, "\(log.reports)")
        #expect(log.reports.filter { $0.done == $0.total }.count == 1, "\(log.reports)")
        #expect(zip(log.reports, log.reports.dropFirst()).allSatisfy { $0.done <= $1.done })
    }
}
