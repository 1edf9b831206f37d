import Foundation
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
        #expect(result.stdout.contains("\"frames\" : 24"), "\(result.stdout)")
        #expect(result.stdout.contains("\"width\" : 76"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder + "/small.gif"))
    }

    @Test func aSliceThatDoesNotFitWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder("sequence-command-fail")
        let result = try CLI.run(["slice", Self.coin, "-o", folder + "/out", "--insets", "40,40,40,40", "--size", "100x100"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("gold_1.png") || result.stderr.contains("gold_"), "\(result.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []
        #expect(left.filter { !$0.hasPrefix(".") }.isEmpty, "\(left)")
    }

    @Test func standardOutputIsRefusedForASequence() throws {
        let result = try CLI.run(["blur", Self.coin, "-o", "-", "--sigma", "1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a sequence is written to a folder"), "\(result.stderr)")
    }
}
