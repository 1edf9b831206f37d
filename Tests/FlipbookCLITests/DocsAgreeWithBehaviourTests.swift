import Foundation
import Testing
import TestSupport

/// Sentences of the docs that state what a command does, checked against what it does (issue 44).
@Suite("The docs say what the commands do")
struct DocsAgreeWithBehaviourTests {
    /// A 1×1 GIF of one frame per delay (centiseconds), built here: encoders refuse to write
    /// delays under 2 cs, which real GIFs found on the web hold.
    static func gif(delays: [UInt8]) -> [UInt8] {
        var out = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        for delay in delays {
            out += [0x21, 0xF9, 0x04, 0, delay, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return out + [0x3B]
    }

    /// docs/Timing.md said `frames` writes "each stored delay × 10" (0 ms for a stored 0 cs) while
    /// it writes what browsers play (100 ms); the doc now says so, and the numbers it gives hold.
    @Test func timingDocGivesTheDurationsFramesWrites() throws {
        let timing = try String(contentsOfFile: CLI.repository + "/docs/Timing.md", encoding: .utf8)
        let paragraph = try #require(timing.components(separatedBy: "\n\n").first { $0.hasPrefix("Reading a GIF:") })
        #expect(!paragraph.contains("each stored\ndelay × 10") && !paragraph.contains("each stored delay × 10"))
        #expect(paragraph.contains("(a stored 0 or 1 cs as 100 ms, 5 cs as 50 ms)"), "\(paragraph)")

        let folder = try Fixtures.temporaryFolder("timing-doc")
        try Data(Self.gif(delays: [0, 1, 5, 2])).write(to: URL(fileURLWithPath: folder + "/fast.gif"))
        let result = try CLI.run(["frames", "fast.gif", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/sequence.json")))
        let durations = try #require((manifest as? [String: Any])?["frameDurations"] as? [Double])
        #expect(durations == [100, 100, 50, 20])
    }
}
