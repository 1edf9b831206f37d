import Basics
import Raster
import Testing
@testable import GIF

@Suite("GIF timing")
struct GIFTimingTests {
    /// Total duration is exact to the centisecond for awkward rates. 60 and 120 fps cannot show
    /// every frame (1 cs delays play as 10 cs in browsers): every second or third frame is kept,
    /// evenly spaced, and the total is still exact.
    @Test(arguments: [
        (271, 30.0, 903, 0), (7, 7.0, 100, 0), (24, 24.0, 100, 0), (100, 29.97, 334, 0), (30, 30.0, 100, 0),
        (60, 60.0, 100, 30), (120, 120.0, 100, 80), (33, 120.0, 28, 22),
    ])
    func totalIsExact(count: Int, fps: Double, total: Int, merged: Int) throws {
        let timing = try GIF.Timing(count: count, fps: fps)
        #expect(timing.totalCentiseconds == total)
        #expect(timing.totalCentiseconds == Int((Double(count) / fps * 100).rounded()))
        #expect(timing.mergedFrames == merged)
        #expect(timing.delays.allSatisfy { $0 >= GIF.Timing.minimumDelay })
        #expect(timing.frameIndices.count == timing.delays.count)
    }

    @Test func thirtyFPSAlternatesThreeAndFourCentiseconds() throws {
        #expect(try GIF.Timing(count: 6, fps: 30).delays == [3, 4, 3, 3, 4, 3])
    }

    /// A short first frame is kept (it is the poster and the first thing shown); before, the
    /// centisecond rule merged it into the second.
    @Test func aShortFirstFrameIsKept() throws {
        let timing = GIF.Timing(durations: [0.01, 0.01, 0.1, 0.1])
        #expect(timing.frameIndices.first == 0)
        #expect(timing.totalCentiseconds == 22)
        #expect(timing.delays.allSatisfy { $0 >= GIF.Timing.minimumDelay })
        #expect(try GIF.Timing(count: 4, fps: 60).delays == [3, 4], "60 fps keeps every other frame, evenly spaced")
        // A short first frame before a long one: it shows for the minimum, and the long one from
        // then on (it used to swallow the long one).
        let poster = GIF.Timing(durations: [0.005, 0.1, 0.1])
        #expect(poster.frameIndices == [0, 1, 2] && poster.delays == [2, 9, 10])
        let alternating = GIF.Timing(durations: [0.01, 0.2, 0.01, 0.2])
        #expect(alternating.frameIndices == [0, 1, 3], "every 200 ms frame shows")
        #expect(alternating.totalCentiseconds == 42)
    }

    @Test func perFrameDurationsCarryTheRemainder() {
        let timing = GIF.Timing(durations: [0.105, 0.105, 0.005, 0.2])
        #expect(timing.delays == [11, 10, 21])
        #expect(timing.frameIndices == [0, 1, 3], "the 0.5 cs frame merges into the next one, which starts in its place")
        #expect(timing.totalCentiseconds == 42)
        #expect(GIF.Timing(durations: [0.001]).delays == [2])
        #expect(GIF.Timing(durations: [0.5, 0.01]).delays == [51], "a too-short last frame extends the one before")
        #expect(GIF.Timing(durations: []).delays.isEmpty)
    }

    /// A delay is 16 bits: a frame longer than 655.35 s is written as the same frame repeated, the
    /// total still exact; beyond a day a frame is taken as a day (no hostile duration can make
    /// millions of repeats or overflow the timeline).
    @Test func longFramesAreRepeatedNotTruncated() {
        let timing = GIF.Timing(durations: [700, 0.5])
        #expect(timing.delays == [65535, 4465, 50])
        #expect(timing.frameIndices == [0, 0, 1])
        #expect(timing.mergedFrames == 0)
        #expect(GIF.Timing(durations: [655.36]).delays == [65533, 3], "no piece below the 2 cs minimum")
        let hostile = GIF.Timing(durations: [1e300, .infinity, .nan, -5])
        #expect(hostile.totalCentiseconds == 2 * 8_640_000)
        #expect(hostile.delays.allSatisfy { (GIF.Timing.minimumDelay...GIF.Timing.maximumDelay).contains($0) })
    }
}

/// `GIF.Timing(count: Int.max, fps: 30)` and `FrameInput(count: Int.max, …)` died
/// allocating (SIGSEGV, found by a new-user round): a count over the frame limit is a `LimitError`
/// before anything is allocated.
@Suite("GIF counts")
struct GIFCountLimitTests {
    @Test(arguments: [Int.max, 20_001])
    func countsOverTheFrameLimitAreRefused(count: Int) {
        #expect(throws: LimitError(limit: .frames, subject: "GIF.Timing(count:)", amount: count, maximum: 20_000)) {
            try GIF.Timing(count: count, fps: 30)
        }
        #expect(throws: LimitError(limit: .frames, subject: "FrameInput(count:)", amount: count, maximum: 20_000)) {
            try FrameInput(count: count, duration: 0.1) { _ in Bitmap(clearWidth: 1, height: 1) }
        }
    }

    @Test func countsWithinTheLimitStillTime() throws {
        #expect(try GIF.Timing(count: 20_000, fps: 30).delays.count == 20_000)
        #expect(try GIF.Timing(count: 3, fps: 10, limits: ResourceLimits(maxFrames: 3)).delays == [10, 10, 10])
    }
}
