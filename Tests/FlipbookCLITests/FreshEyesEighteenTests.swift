import Foundation
import Testing
import TestSupport

/// What fresh eyes round 18 found (session 11), on the real gold-coin frames.
@Suite("Fresh eyes 18: an APNG named .png is previewed as validate reads it")
struct FreshEyesEighteenTests {
    /// `preview` of a folder holding `bomb.png` (an APNG, as `assemble -o bomb.png` writes it)
    /// beside a GIF showed the GIF only, and a folder of only the APNG was "nothing to preview",
    /// while `validate` judged both.
    @Test func anAPNGNamedPNGIsShown() throws {
        let dir = try FreshEyesElevenTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["assemble", "coin", "-o", "pv/bomb.png"], in: dir).status == 0)
        #expect(try CLI.run(["assemble", "coin", "-o", "pv/coin.gif"], in: dir).status == 0)
        let both = try CLI.run(["preview", "pv", "-o", "p.html", "--json", "--no-validate"], in: dir)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any], "\(both.stderr)")
        #expect(summary["animations"] as? Int == 2, "\(both.stdout)")
        try FileManager.default.createDirectory(atPath: dir + "/only/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/pv/bomb.png", toPath: dir + "/only/sub/bomb.png")
        let alone = try CLI.run(["preview", "only", "-o", "q.html", "--json", "--no-validate"], in: dir)
        let one = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any], "\(alone.stderr)")
        #expect(alone.status == 0 && one["animations"] as? Int == 1, "\(alone.stdout)")
    }
}
