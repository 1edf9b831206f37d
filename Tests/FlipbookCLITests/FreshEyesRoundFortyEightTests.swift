import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 48's open items: a watch builds a target once the user's file in its way is
/// gone.
@Suite("Fresh eyes 48: a watch sees the file in the way go")
struct FreshEyesRoundFortyEightTests {
    /// A target refused by a file of the user's at its output did not build when that file was
    /// deleted: outputs are not watched, so the watch waited for an unrelated save (round 48). A
    /// failed target wrote nothing, so its outputs are watched until it builds; its own writes then
    /// start no further build.
    @Test func aTargetBlockedByAUsersFileBuildsWhenTheFileGoes() throws {
        let folder = try BuildCommandTests.project(BuildWatchCommandTests.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/build", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/build/dino.gif"))
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json", "--no-cache"], in: folder)
        #expect(watch.waitForLines(1))
        let first = try JSONSerialization.jsonObject(with: Data((watch.stdout.first ?? "").utf8)) as? [String: Any]
        #expect(first?["failed"] as? [String] == ["dino"] && first?["built"] as? [String] == ["coin"], "\(watch.stdout)")
        // Touched, the file is still the user's and still in the way: no change (round 74p: a build, the failure said again).
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/build/dino.gif"))
        #expect(!watch.waitForLines(2, timeout: 1.2), "\(watch.stdout)")

        try FileManager.default.removeItem(atPath: folder + "/build/dino.gif")
        #expect(watch.waitForLines(2), "no build after the file in the way was deleted")
        let second = try JSONSerialization.jsonObject(with: Data((watch.stdout.last ?? "").utf8)) as? [String: Any]
        #expect(second?["built"] as? [String] == ["dino"] && second?["changes"] as? [String] == ["build/dino.gif"], "\(watch.stdout)")
        // The GIF that build wrote is its own: no third build.
        #expect(!watch.waitForLines(3, timeout: 1.5), "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }

    /// `frameDurations` of `0.1` (seconds written where milliseconds are meant) were taken as
    /// 0.1 ms without a word (round 47 #10): kept, as an APNG may time a frame that short, but said.
    @Test func subMillisecondFrameDurationsAreSaid() throws {
        let folder = try BuildCommandTests.project(BuildWatchCommandTests.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"frameDurations": [0.1, 0.1, 100, 0.25]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        let run = try CLI.run(["assemble", "coin", "-o", "c.apng"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("warning: coin/sequence.json: frameDurations[0] is 0.1 ms (and 2 more under 1 ms): "
                                                        + "frameDurations are milliseconds, so that frame shows for 0.0001 s; write 100 if 0.1 s was meant"),
                "\(run.stderr)")
        try Data(#"{"frameDurations": [100, 100, 100, 1]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/coin/sequence.json"))
        let fine = try CLI.run(["assemble", "coin", "-o", "c.apng"], in: folder)
        #expect(fine.status == 0 && !fine.stderr.contains("under 1 ms") && !fine.stderr.contains("frameDurations"), "\(fine.stderr)")
    }

    /// `sheet` of frames spelling their prefix in two normalisations kept both spellings in its
    /// frame names without a word (round 47 #9): warned, with the rule `validate` reports.
    @Test func aSheetOfAPrefixInTwoNormalisationsWarns() throws {
        let folder = try Fixtures.temporaryFolder("mixed-nfc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/fx", withIntermediateDirectories: true)
        for (index, prefix) in ["Caf\u{E9}", "Cafe\u{301}", "Caf\u{E9}"].enumerated() {
            try Data(try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(index + 1).png"))
                .write(to: URL(fileURLWithPath: folder + "/fx/\(prefix)\(index + 1).png"))
        }
        let sheet = try CLI.run(["sheet", "fx", "-o", "s.json"], in: folder)
        #expect(sheet.status == 0 && sheet.stderr.contains("warning: the prefix of fx/Caf") && sheet.stderr.contains("(name.mixed-normalization)"),
                "\(sheet.stderr)")
        let validate = try CLI.run(["validate", "fx"], in: folder)
        #expect(validate.status == 0 && validate.stdout.contains("warning name.mixed-normalization"), "\(validate.stdout)")
    }
}
