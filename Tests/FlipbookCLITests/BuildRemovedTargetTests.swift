import Foundation
import Testing
import TestSupport

/// Issue 47: a target deleted from `flipbook.json` left its outputs behind to ship with the others,
/// forgotten by the state. The next build removes them (unchanged since built) with a note, and
/// keeps and names one edited since.
@Suite("build: a removed target's outputs")
struct BuildRemovedTargetTests {
    static let two = #"{"targets": {"coin": {"assemble": "src/coin", "output": "build/coin.gif"}, "gold": {"assemble": "src/coin", "output": "build/gold.webp"}}}"#
    static let one = #"{"targets": {"gold": {"assemble": "src/coin", "output": "build/gold.webp"}}}"#

    @Test(arguments: [false, true])
    func aRemovedTargetsOutputsAreRemoved(edited: Bool) throws {
        let dir = try BuildFreshEyesTwelveTests.project(Self.two)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["build", "--no-cache"], in: dir).status == 0)
        #expect(BuildFreshEyesTwelveTests.names(in: dir + "/build") == ["coin.gif", "gold.webp"])
        if edited { try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/build/coin.gif")) }
        try BuildFreshEyesTwelveTests.write(Self.one, to: dir + "/flipbook.json")
        let run = try CLI.run(["build", "--no-cache", "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let notes = report?["notes"] as? [String] ?? []
        if edited {
            #expect(BuildFreshEyesTwelveTests.names(in: dir + "/build") == ["coin.gif", "gold.webp"])
            #expect(notes == ["kept build/coin.gif, changed since built (delete by hand if unwanted): written by target coin, no longer in the project"], "\(notes)")
        } else {
            #expect(BuildFreshEyesTwelveTests.names(in: dir + "/build") == ["gold.webp"])
            #expect(notes == ["removed build/coin.gif: written by target coin, no longer in the project"], "\(notes)")
        }
        // Said once: the record is gone with the files.
        let again = try CLI.run(["build", "--no-cache"], in: dir)
        #expect(again.status == 0 && !again.stderr.contains("no longer in the project"), "\(again.stderr)")
    }
}
