import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// `blur`, `slice` and `resize` on a sequence (issue 46: "flipbook slice on a sequence folder is
/// refused and writes nothing"): Kenney's gold coin folder (4 frames) and Effect_Impact.gif (24).
@Suite struct SequenceOperationCommandTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let impact = Fixtures.path("gif/effects/Effect_Impact.gif")

    @Test(arguments: [
        ["slice", "--insets", "20,20,20,20", "--size", "100x80"],
        ["blur", "--sigma", "2"],
        ["resize", "--size", "32x32"],
    ])
    func aFolderIsDoneFrameByFrame(command: [String]) throws {
        let folder = try Fixtures.temporaryFolder("sequence-command")
        let result = try CLI.run([command[0], Self.coin, "-o", folder + "/out"] + command.dropFirst())
        #expect(result.status == 0, "\(result.stderr)")
        // The output set's own record (.flipbook-outputs.json) is hidden.
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { !$0.hasPrefix(".") }.sorted()
        #expect(written == ["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png", "sequence.json"])
        #expect(result.stdout.contains("4 frames"), "\(result.stdout)")
    }

    @Test func aGIFBecomesAGIFWithItsFrames() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-gif")
        let result = try CLI.run(["resize", Self.impact, "-o", folder + "/small.gif", "--scale", "0.5", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        // The frames the GIF holds (its last, invisible in a GIF, merged), not the 24 read.
        let held = try GIF.Decoder(file: folder + "/small.gif").allFrames().count
        #expect(held < 24 && result.stdout.contains("\"frames\" : \(held)"), "\(result.stdout)")
        #expect(result.stdout.contains("\"width\" : 76"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder + "/small.gif"))
    }

    /// `blur spinner-2x -o sp.gif` (a folder of @2x frames into a GIF named @1x) said "@2x" of a
    /// file every reader takes at @1x: the summary gives the scale the file is read at, and the
    /// warning names the file that keeps @2x.
    @Test func theSummaryGivesTheScaleTheFileIsReadAt() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-scale")
        let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
        let plain = try CLI.run(["blur", spinner, "-o", folder + "/sp.gif", "--sigma", "1"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("80×80 px @1x") && !plain.stdout.contains("@2x"), "\(plain.stdout)")
        #expect(plain.stderr.contains("sp@2x.gif"), "\(plain.stderr)")
        let named = try CLI.run(["blur", spinner, "-o", folder + "/sp@2x.gif", "--sigma", "1"])
        #expect(named.status == 0 && named.stdout.contains("80×80 px @2x"), "\(named.stdout)\(named.stderr)")
        // No scale warning for the name now; only that the first run's sp.gif, beside it, is what @1x screens read for it.
        let warnings = named.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: \(folder)/sp.gif, beside the output, is not written again"), "\(named.stderr)")
    }

    /// A folder of @1x and @2x frames is done at both scales, a summary line each (only the @1x
    /// frames were done, with a warning).
    @Test func aFolderOfTwoScalesIsDoneAtBoth() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-scales")
        try FileManager.default.createDirectory(atPath: folder + "/both", withIntermediateDirectories: true)
        for number in 1...4 {
            let name = "gold_\(number)"
            try FileManager.default.copyItem(atPath: Self.coin + "/\(name).png", toPath: folder + "/both/\(name).png")
            #expect(try CLI.run(["resize", Self.coin + "/\(name).png", "-o", folder + "/both/\(name)@2x.png", "--scale", "2"]).status == 0)
        }
        let result = try CLI.run(["blur", folder + "/both", "-o", folder + "/out", "--sigma", "1"])
        #expect(result.status == 0 && !result.stderr.contains("warning"), "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { !$0.hasPrefix(".") }
        #expect(written.count == 9 && written.filter { $0.hasSuffix("@2x.png") }.count == 4, "\(written.sorted())")
        #expect(result.stdout.contains("64×64 px @1x") && result.stdout.contains("128×128 px @2x"), "\(result.stdout)")
    }

    @Test func aSliceThatDoesNotFitWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-fail")
        let result = try CLI.run(["slice", Self.coin, "-o", folder + "/out", "--insets", "40,40,40,40", "--size", "100x100"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("gold_1.png") || result.stderr.contains("gold_"), "\(result.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []
        #expect(left.filter { !$0.hasPrefix(".") }.isEmpty, "\(left)")
    }

    /// Frames of two sizes are an input problem (exit 3, as `assemble` says), before any work; a
    /// folder was written as a mismatched set with exit 0, a GIF failed with exit 4.
    @Test(arguments: ["ms-b", "ms-b.gif"])
    func framesOfTwoSizesExit3(output: String) throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-sizes")
        try FileManager.default.createDirectory(atPath: folder + "/ms", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/ms/gold_1.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/emt-watch-spinner-2x/waitIndicatorGraphic-0@2x.png"),
                                         toPath: folder + "/ms/gold_2.png")
        let result = try CLI.run(["blur", folder + "/ms", "-o", folder + "/" + output, "--sigma", "1"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("gold_2.png is 80×80"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
    }

    /// A size over the limits names `--size` and exits 2, as for one PNG (it exited 3 naming "the resized frame").
    @Test func aHugeSizeIsAnArgumentMistake() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-huge")
        let result = try CLI.run(["resize", Self.coin, "-o", folder + "/rs3", "--size", "100000x100000"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--size"), "\(result.stderr)")
    }

    /// The frames said are the ones the file holds, with assemble's note on the merged ones
    /// (Effect_Impact's last frame is invisible in a GIF): 24 input frames were said.
    @Test func theFramesSaidAreTheFilesFrames() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-merged")
        let text = try CLI.run(["blur", Self.impact, "-o", folder + "/b.gif", "--sigma", "1"])
        #expect(text.status == 0, "\(text.stderr)")
        let held = try GIF.Decoder(file: folder + "/b.gif").allFrames().count
        #expect(held < 24)
        #expect(text.stdout.contains("\(held) frames") && text.stdout.contains("merged into the frame before"), "\(text.stdout)")
        let json = try CLI.run(["blur", Self.impact, "-o", folder + "/b.gif", "--sigma", "1", "--json"])
        #expect(json.stdout.contains("\"frames\" : \(held)") && json.stdout.contains("\"notes\""), "\(json.stdout)")
    }

    @Test func standardOutputIsRefusedForASequence() throws {
        let result = try CLI.run(["blur", Self.coin, "-o", "-", "--sigma", "1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a sequence is written to a folder"), "\(result.stderr)")
    }
}
