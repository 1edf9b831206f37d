import Foundation
import Testing
import TestSupport
import Raster

/// Issue 43: `flipbook resize in.png -o x@2x.png` printed `x@2x.png: 128×128 px @1x` — the
/// input's scale — although the file it wrote is `@2x` to every reader (UIKit, `info`, the next
/// command). The summary of blur, slice and resize now gives the scale of the file written, as
/// its name says, with its size in points, as `info` prints it.
@Suite("Image command summaries")
struct ImageSummaryTests {
    static let robot = Fixtures.path("info/robot_walk0.png")   // 96×128 px @1x
    static let coin = Fixtures.path("info/coin@2x.png")        // 64×64 px @2x

    @Test(arguments: [
        (["resize", robot, "--scale", "2"], "x@2x.png", "x@2x.png: 192×256 px, 96×128 pt @2x"),
        (["resize", robot, "--scale", "2"], "x.png", "x.png: 192×256 px, 192×256 pt @1x"),
        (["resize", coin, "--size", "16x16"], "small.png", "small.png: 32×32 px, 32×32 pt @1x"),
        (["resize", coin, "--size", "16x16"], "small@3x.png", "small@3x.png: 32×32 px, 10.67×10.67 pt @3x"),
        (["blur", coin, "--sigma", "1"], "soft.png", "soft.png: 64×64 px, 64×64 pt @1x"),
        (["slice", robot, "--insets", "4,4,4,4", "--size", "50x20"], "bar@2x.png", "bar@2x.png: 50×20 px, 25×10 pt @2x"),
    ] as [([String], String, String)])
    func theSummaryGivesTheScaleOfTheFileWritten(arguments: [String], output: String, line: String) throws {
        let dir = try Fixtures.temporaryFolder("summary")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments + ["-o", output], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == line + "\n")
        // What info says of the file written is what the summary said.
        let info = try CLI.run(["info", output], in: dir)
        #expect(info.stdout.hasPrefix(line + ", "), "\(info.stdout)")
        let json = try CLI.run(arguments + ["-o", output, "--json"], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["scale"] as? Int == Int(line.split(separator: "@").last!.dropLast()))
    }
}
