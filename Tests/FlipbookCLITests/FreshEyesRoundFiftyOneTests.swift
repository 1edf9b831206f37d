import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 51: a scene's file swapped for a link out of its folder is no longer up to date.
@Suite("Fresh eyes 51: a scene's link out is built and refused")
struct FreshEyesRoundFiftyOneTests {
    /// A render target whose scene's `x/p.png` was replaced by a link to the same bytes outside the
    /// scene's folder was "up to date" (and restored from the cache), though `render` refuses it:
    /// such a file is part of the target's key now, so the build runs the render and is refused.
    @Test func aScenesFileReachedThroughALinkOutIsNotUpToDate() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"s": {"render": "scenes/a.json", "output": "out/a.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(Fixtures.pngNames(in: "sequences/kenney-gold-coin").first)
        for place in ["scenes/x", "outside"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + place, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: folder + "/coin/" + first, toPath: folder + "/" + place + "/p.png")
        }
        try Data(#"{"size": [64, 64], "frames": 2, "fps": 10, "layers": [{"image": "x/p.png", "position": [32, 32]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/scenes/a.json"))
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/scenes/x")
        try FileManager.default.createSymbolicLink(atPath: folder + "/scenes/x", withDestinationPath: "../outside")
        let again = try CLI.run(["build"], in: folder)
        let said = again.stdout + again.stderr
        #expect(again.status == 3 && said.contains("s: failed") && said.contains("is outside the scene's folder"),
                "\(again.stdout)\(again.stderr)")
    }

    /// `"property": "frame"` on a layer of no sequence, `"colors"` on a layer of no gradient, drew
    /// nothing without a word (round 51 #7): said in a warning naming the key; in a group too.
    @Test func anAnimationOfWhatTheLayerDoesNotHoldIsSaid() throws {
        let folder = try Fixtures.temporaryFolder("unheld")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [16, 16], "frames": 2, "fps": 10, "layers": [{"bounds": [8, 8], "backgroundColor": "#FF0000", "animations": ["##
            + ##"{"property": "frame", "values": [0, 1], "duration": 1}, {"animations": [{"property": "colors", "from": ["#000000"], "to": ["#FFFFFF"]}]}]}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        let run = try CLI.run(["render", "s.json", "-o", "s.gif"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: s.json: layers[0].animations[0]: frame animates a sequence layer's frame; this layer has no sequence"),
                "\(run.stderr)")
        #expect(run.stderr.contains("warning: s.json: layers[0].animations[1]: colors animates a gradient layer's colours"), "\(run.stderr)")
    }
}
