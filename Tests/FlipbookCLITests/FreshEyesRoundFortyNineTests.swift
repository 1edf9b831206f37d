import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 49 and the Compose check beside it (swiftdev22): a render never leaves a
/// shape out without a word, names what it removed from a folder, and blames the scene's own key.
@Suite("Fresh eyes 49: renders say what they drop, remove and refuse")
struct FreshEyesRoundFortyNineTests {
    /// A shape whose stroke flattens to more edges than the limit (a dash pattern of 1e-9) was left
    /// out of a render, exit 0 and a blank frame, where `draw` refuses it: refused the same way.
    @Test func aShapeOverTheEdgeLimitIsRefusedNotLeftOut() throws {
        let folder = try Fixtures.temporaryFolder("render-edges")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"size": [100, 100], "duration": 0.1, "fps": 10, "layers": [{"bounds": [100, 100], "position": [50, 50], "#
            + ##""shape": {"path": "M0 0L100 100", "strokeColor": "#000000", "lineWidth": 4, "lineDashPattern": [1e-9, 1e-9]}}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        let run = try CLI.run(["render", "s.json", "-o", "s.gif"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("error: layer scene/layer1: its shape: needs more than 1 000 000 flattened edges")
                && run.stderr.contains("--max-edges"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.gif"))
    }

    /// A scene's own `"scale": 4` rendered to a folder was blamed on `--scale`, which nobody gave
    /// (exit 2): the scene file's key now (exit 3); a `--scale 4` given is still the option's.
    @Test func aScenesOwnScaleIsTheScenesKey() throws {
        let folder = try Fixtures.temporaryFolder("render-scale")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [20, 20], "scale": 4, "duration": 0.2, "fps": 10, "layers": [{"bounds": [10, 10], "backgroundColor": "#FF0000"}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        let own = try CLI.run(["render", "s.json", "-o", "f/"], in: folder)
        #expect(own.status == 3 && own.stderr.hasPrefix("error: s.json: scale: must be 1…3 for a folder of frames") && !own.stderr.contains("--scale"),
                "\(own.stderr)")
        let given = try CLI.run(["render", "s.json", "-o", "f/", "--scale", "4"], in: folder)
        #expect(given.status == 2 && given.stderr.contains("--scale does not take '4'"), "\(given.stderr)")
        #expect(try CLI.run(["render", "s.json", "-o", "f.gif"], in: folder).status == 0)
    }

    /// A render into a folder of frames another run wrote (the repository's seagull, made by
    /// `generate`) replaced its 12 frames with 3 and said nothing, though `render` names the
    /// files it removes: the note and `--json`'s `removed` list them now.
    @Test func aRenderNamesTheFramesItRemoved() throws {
        let folder = try Fixtures.temporaryFolder("render-removed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [20, 20], "duration": 0.3, "fps": 10, "layers": [{"bounds": [10, 10], "backgroundColor": "#FF0000"}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/s.json"))
        #expect(try CLI.run(["generate", "seagull", "-o", "seagull/", "--frames", "5"], in: folder).status == 0)
        let text = try CLI.run(["render", "s.json", "-o", "seagull/"], in: folder)
        #expect(text.status == 0 && text.stderr.contains("note: removed seagull/seagull4.png, seagull/seagull5.png: the earlier set's files, which this one no longer has"),
                "\(text.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/seagull")
        #expect(try CLI.run(["generate", "seagull", "-o", "seagull/", "--frames", "5"], in: folder).status == 0)
        let json = try CLI.run(["render", "s.json", "-o", "seagull/", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["removed"] as? [String] == ["seagull/seagull4.png", "seagull/seagull5.png"], "\(json.stdout)")
    }
}
