import Foundation
import Testing
import TestSupport

/// What round 23 of fresh eyes left (session 14's note), fixed in session 15.
@Suite("Fresh eyes 23's leftovers: an output's scale advice")
struct FreshEyesTwentyThreeLeftoversTests {
    /// `render --scale 4 -o o4@4x.gif` advised "o4.gif or o4@3x.gif", and the second name was then
    /// warned about (its frames are @4x). An output's advice names the one name that fits the
    /// scale it is drawn at; an input's still names both.
    @Test(arguments: [("4", "o@4x.gif", "name it o.gif (an animation drawn at @4x is named without its scale)"),
                      ("2", "o@5x.webp", "name it o@2x.webp, the scale its frames are drawn at")])
    func aRendersScaleAdviceNamesTheNameThatFits(scale: String, output: String, advice: String) throws {
        let folder = try Fixtures.temporaryFolder("render-scale-advice")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [8, 8], "frames": 2, "fps": 2, "layers": [{"shape": {"path": "M0 0h4v4h-4z", "fillColor": "#FF0000"}, "##
            + ##""bounds": [4, 4], "position": [4, 4]}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        let run = try CLI.run(["render", "s.json", "--scale", scale, "-o", output], in: folder)
        #expect(run.status == 2 && run.stderr.contains(advice), "\(run.stderr)")
        #expect(!run.stderr.contains("o@3x"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
    }
}
