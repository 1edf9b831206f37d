import Testing
@testable import Raster

@Suite("Milliseconds on the cumulative timeline (APNG, WebP)")
struct DelayTimelineTests {
    @Test func thirtyFramesASecondAreExactOverAnyLength() {
        let timeline = DelayTimeline(durations: Array(repeating: 1.0 / 30, count: 240))
        #expect(timeline.delays.reduce(0, +) == 8000)
        #expect(Set(timeline.delays) == [33, 34])
        #expect(timeline.mergedFrames == 0)
    }

    /// At 120 fps the first frame stays (it is the poster image) and every other frame shows, in
    /// its own place on the timeline.
    @Test func framesUnderElevenMillisecondsAreDroppedKeepingTheFirst() {
        let timeline = DelayTimeline(durations: Array(repeating: 1.0 / 120, count: 8))
        #expect(timeline.frameIndices == [0, 2, 4, 6])
        #expect(timeline.delays == [17, 16, 17, 17])
        #expect(timeline.mergedFrames == 4)
    }

    /// At 99 fps (10.1 ms) the greedy rule would keep 0, 2, 4, 5 (20, 20, 11, 30 ms): one rate
    /// keeps every other frame instead.
    @Test func oneShortRateKeepsFramesEvenlySpaced() {
        let timeline = DelayTimeline(durations: Array(repeating: 1.0 / 99, count: 8))
        #expect(timeline.frameIndices == [0, 2, 4, 6])
        #expect(timeline.delays == [20, 20, 21, 20])
        let fast = DelayTimeline(durations: Array(repeating: 0.004, count: 12))
        #expect(fast.frameIndices == [0, 3, 6, 9])
        #expect(fast.delays == [12, 12, 12, 12])
    }

    @Test func aShortLastFrameGivesItsTimeToTheOneBefore() {
        let timeline = DelayTimeline(durations: [0.1, 0.1, 0.005])
        #expect(timeline.frameIndices == [0, 1])
        #expect(timeline.delays == [100, 105])
    }

    @Test func oneShortFrameStillShowsForTheMinimum() {
        let timeline = DelayTimeline(durations: [0.002])
        #expect(timeline.frameIndices == [0])
        #expect(timeline.delays == [11])
    }
}
