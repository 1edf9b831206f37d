import Testing
@testable import Raster

/// Durations no encoder accepts never trap the timeline, and are refused by one rule (issue 43).
@Suite("Delay timeline: hostile durations")
struct DelayTimelineHostileTests {
    /// A finite but huge duration overflowed `Int(elapsed · 1000)`; a denormal one made the
    /// frame stride infinite (`Int(.infinity)`). Both trapped; now every delay is at least the
    /// minimum, and the timeline keeps the first frame.
    @Test(arguments: [[1e300], [1e16, 1], [.greatestFiniteMagnitude, .greatestFiniteMagnitude], [.infinity, 0.1], [.nan, 0.1],
                      [-1, 0.1], [.leastNonzeroMagnitude, .leastNonzeroMagnitude, .leastNonzeroMagnitude], [0, 0]] as [[Double]])
    func hostileDurationsNeverTrap(_ durations: [Double]) {
        for ticks in [1000.0, 100] {
            let timeline = DelayTimeline(durations: durations, ticksPerSecond: ticks)
            #expect(timeline.frameIndices.first == 0)
            #expect(timeline.delays.allSatisfy { $0 >= DelayTimeline.minimumDelay || ticks == 100 })
            #expect(timeline.delays.reduce(0, +) <= 4_000_000_000_000_000_000 + DelayTimeline.minimumDelay)
        }
    }

    /// The one rule every encoder applies: positive, at most a day (86 400 s), a setting of the
    /// input with the frame's index as a value (a caller may point at that frame), named.
    @Test func theDurationRuleNamesTheFirstBadFrame() {
        let name = { (index: Int) in "frame\(index + 1).png" }
        #expect(DelayTimeline.durationError([0.1, 86_400, 1e-9], name: name) == nil)
        for bad in [86_400.001, 1e300, .infinity, -.infinity, .nan, 0, -0.0, -1] {
            let error = DelayTimeline.durationError([0.1, bad, .nan], name: name)
            #expect(error?.setting == .frameDurations(index: 1) && error?.owner == "FrameInput" && error?.allowed == .seconds(atMost: 86_400))
            #expect(error?.description.hasPrefix("FrameInput.frameDurations[1] must be positive, at most a day (86400 s) (got ") == true
                    && error?.description.hasSuffix(" s): the duration of frame2.png") == true, "\(String(describing: error))")
        }
    }
}
