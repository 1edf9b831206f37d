import Foundation
import Testing
import TestSupport

/// Fresh eyes round 60: a run's drawing refusal read differently by output and named a different
/// frame from run to run.
@Suite("Fresh eyes 60: one refusal for a run over the drawing limit")
struct FreshEyesRoundSixtyTests {
    /// #4, #6: GIF, APNG and WebP wrapped it as "a frame could not be read or drawn", a folder as
    /// "frame 20 could not be made", a sheet said it bare; each named the frame drawn when the
    /// run passed the limit, which depends on the cores. Now one sentence, the same every run.
    @Test func aGeneratorsRefusalIsTheSameWhateverTheOutput() throws {
        let folder = try Fixtures.temporaryFolder("round60-explosion")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines = Set<String>()
        for output in ["e.gif", "e.apng", "e.webp", "frames", "e.png", "e.gif"] {
            let run = try CLI.run(["generate", "explosion", "--size", "64x64", "--frames", "20", "--max-drawing-work", "33000000", "-o", output],
                                  in: folder)
            #expect(run.status == 3, "\(output): \(run.stderr)")
            let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("error: Explosion: needs more than 33 000 000 pixels' worth of drawing over all the frames (its frames together pass it"),
                    "\(output): \(first)")
            // The numbers of how far it got vary with the cores; the sentence does not.
            lines.insert(first.replacingOccurrences(of: #"stopped after .*, at more than [0-9 ]+"#, with: "…", options: .regularExpression))
        }
        #expect(lines.count == 1, "\(lines)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// #8: `sheet --scales 1,3 --power-of-two --json` said `pages` at @1x only, and the @3x page
    /// is padded (256, not 3 × 64): each scale's pages are said.
    @Test func eachScalesPagesAreSaid() throws {
        let folder = try Fixtures.temporaryFolder("round60-pot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder + "/coin")
        let run = try CLI.run(["sheet", "coin", "-o", "s.png", "--scales", "1,3", "--power-of-two", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pages = try #require(object["pagesAtScales"] as? [[[Int]]])
        #expect(pages.count == 2 && (object["scales"] as? [Int]) == [1, 3])
        let powers = Set((0..<16).map { 1 << $0 })
        for side in pages.joined().joined() { #expect(powers.contains(side), "\(pages)") }
        #expect((object["pages"] as? [[Int]]) == pages.first)
    }

    /// #7: a colour refused without its flag (`stroke` has --color and --background), `-0` quoted back as `0`.
    @Test(arguments: [
        (["generate", "scatter", "--background", "red", "-o", "x.gif"], "error: --background does not take 'red'; it takes: a colour, #RRGGBB or #RRGGBBAA"),
        (["generate", "seagull", "--color", "#12", "-o", "x.gif"], "error: --color does not take '#12'; it takes: a colour, #RRGGBB or #RRGGBBAA"),
        (["generate", "seagull", "--max-pixels", "-0", "-o", "x.gif"], "error: --max-pixels does not take '-0'; it takes: a positive number"),
    ])
    func aRefusalSaysTheFlagAndTheValueAsTyped(arguments: [String], line: String) throws {
        let folder = try Fixtures.temporaryFolder("round60-refusals")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(arguments, in: folder)
        #expect(run.status == 2 && run.stderr.hasPrefix(line), "\(run.stderr)")
    }
}
