import Basics
import Raster
import Testing

/// `FrameInput(count: Int.max, …)` died allocating its durations; a count over the frame limit is
/// now a `LimitError` before anything is allocated, and counts within it still make their frames.
@Suite struct FrameInputTests {
    static let bitmap = Bitmap(clearWidth: 2, height: 2)

    @Test(arguments: [Int.max, 20_001, 1 << 40])
    func countsOverTheFrameLimitAreRefused(count: Int) {
        #expect(throws: LimitError(limit: .frames, subject: "FrameInput(count:)", amount: count, maximum: 20_000)) {
            try FrameInput(count: count, duration: 0.1) { _ in Self.bitmap }
        }
    }

    @Test func countsWithinTheirLimitsMakeTheirFrames() throws {
        #expect(try FrameInput(count: 20_000, duration: 0.1) { _ in Self.bitmap }.count == 20_000)
        #expect(try FrameInput(count: -3, duration: 0.1) { _ in Self.bitmap }.count == 0)
        #expect(throws: LimitError.self) { try FrameInput(count: 3, duration: 0.1, limits: ResourceLimits(maxFrames: 2)) { _ in Self.bitmap } }
    }
}
