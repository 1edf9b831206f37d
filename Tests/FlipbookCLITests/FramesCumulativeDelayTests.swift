import Foundation
import Testing
import TestSupport

/// `frames` of an APNG whose delays are fractions (ffmpeg writes 1/12 s) rounded each delay alone:
/// twelve 1/12 s frames came back as 12 × 83 = 996 ms, 120 of them as 9.96 s, though `assemble`
/// of the same APNG keeps 10 s (fresh eyes 12, #11). The milliseconds are placed on the cumulative
/// timeline, as the encoders place them, so the folder plays as long as the file.
@Suite("frames keeps an animation's total time")
struct FramesCumulativeDelayTests {
    static func durations(_ folder: String) throws -> [Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/sequence.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["frameDurations"] as? [Double] ?? []
    }

    @Test func fractionalDelaysArePlacedOnTheCumulativeTimeline() throws {
        let dir = try Fixtures.temporaryFolder("frames-cumulative")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["frames", Fixtures.path("apng-timing/ffmpeg-coin-12fps.apng"), "-o", "out"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let durations = try Self.durations(dir + "/out")
        #expect(durations == [83, 84, 83, 83, 84, 83, 83, 84, 83, 83, 84, 83] && durations.reduce(0, +) == 1000, "\(durations)")
        // Assembled back, the folder lasts as long as the file.
        let back = try CLI.run(["assemble", "out", "-o", "back.png"], in: dir)
        #expect(back.status == 0 && back.stdout.contains("1.0 s"), "\(back.stdout)\(back.stderr)")
    }
}
