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
        // Named by the scene file and key path (fresh eyes 57: "layer scene/layer1: its shape" named neither).
        #expect(run.status == 3 && run.stderr.contains("error: s.json: layers[0].shape: needs more than 1 000 000 flattened edges")
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

    /// `generate scatter --images` recorded every variant of the folder as read at every scale, so
    /// a changed `rock@3x.png` flagged the @2x frames too (round 49 #3); and frames another command
    /// made were said as this command's ("an earlier generate" for a render's frames, #7).
    @Test func aScatterFlagsOnlyTheScaleThatReadAVariantAndNamesWhoMadeThem() throws {
        let folder = try Fixtures.temporaryFolder("scatter-variants")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/imgs", withIntermediateDirectories: true)
        for (name, example) in [("rock.png", "note-chrome.png"), ("rock@2x.png", "note-chrome@2x.png"), ("rock@3x.png", "note-chrome@2x.png")] {
            try FileManager.default.copyItem(atPath: Fixtures.repository + "/Examples/" + example, toPath: folder + "/imgs/" + name)
        }
        for scale in ["1", "2", "3"] {
            let run = try CLI.run(["generate", "scatter", "--images", "imgs", "--count", "3", "--size", "40x40", "--scale", scale, "-o", "out/"], in: folder)
            #expect(run.status == 0 && !run.stderr.contains("warning"), "\(run.stderr)")
        }
        try FileManager.default.removeItem(atPath: folder + "/imgs/rock@3x.png")
        try FileManager.default.copyItem(atPath: Fixtures.repository + "/Examples/note-chrome.png", toPath: folder + "/imgs/rock@3x.png")
        let rerun = try CLI.run(["generate", "scatter", "--images", "imgs", "--count", "3", "--size", "40x40", "-o", "out/"], in: folder)
        let warnings = rerun.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1 && warnings.first?.contains("still holds its frames at @3x from an earlier generate") == true, "\(rerun.stderr)")

        // A render's @1x frames beside a generate's @2x ones: each said as what made them.
        let scene = ##"{"size": [64, 32], "duration": 0.2, "fps": 30, "layers": [{"bounds": [10, 10], "backgroundColor": "#FF0000"}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/mix.json"))
        #expect(try CLI.run(["render", "mix.json", "-o", "mix/"], in: folder).status == 0)
        let generated = try CLI.run(["generate", "seagull", "--frames", "6", "--scale", "2", "--prefix", "mix", "-o", "mix/"], in: folder)
        #expect(generated.stderr.contains("warning: mix still holds its frames at @1x from an earlier render, which readers take at @1x: "
                                          + "render them at @1x again, or remove them"), "\(generated.stderr)")
    }

    /// `render ../scene.json -o .` named the frames after the scene (`scene1.png`) where a folder's
    /// frames are named after the folder, and the same folder spelled `walk` from its parent was
    /// then refused as another set (round 49 #4): `.` is the folder it names.
    @Test(arguments: [".", "./"])
    func renderingIntoDotNamesFramesAfterTheFolder(dot: String) throws {
        let folder = try Fixtures.temporaryFolder("render-dot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = ##"{"size": [64, 32], "duration": 0.4, "fps": 10, "layers": [{"bounds": [10, 10], "backgroundColor": "#FF0000"}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        try FileManager.default.createDirectory(atPath: folder + "/walk", withIntermediateDirectories: true)
        #expect(try CLI.run(["render", "../scene.json", "-o", dot], in: folder + "/walk").status == 0)
        let again = try CLI.run(["render", "scene.json", "-o", "walk", "--scale", "2"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/walk").filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == ["sequence.json", "walk1.png", "walk1@2x.png", "walk2.png", "walk2@2x.png", "walk3.png", "walk3@2x.png",
                          "walk4.png", "walk4@2x.png"])
    }

    /// A validation target reading `sub/../Seq` wrote `Seq/coin/…` (a project's paths are
    /// normalised) where `flipbook validate sub/../Seq --output` wrote `sub/../Seq/coin/…`
    /// (round 49 #5): the command spells its folders as a project does; through a link, `..` stays.
    @Test(arguments: ["json", "txt"])
    func aValidationTargetsReportIsTheCommandsBytesWithDotDot(ext: String) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"v": {"validate": "sub/../coin", "output": "build.\#(ext)", "failOnErrors": false}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: folder + "/coin/" + Fixtures.pngNames(in: "sequences/kenney-gold-coin")[2])
        #expect(try CLI.run(["build", "--no-cache"], in: folder).status == 0)
        for spelled in ["sub/../coin", "sub/..//coin/", "./sub/./../coin"] {
            _ = try CLI.run(["validate", spelled, "--output", "cli.\(ext)", "--overwrite"], in: folder)
            let built = try String(contentsOfFile: folder + "/build.\(ext)", encoding: .utf8)
            #expect(built == (try String(contentsOfFile: folder + "/cli.\(ext)", encoding: .utf8)), "\(spelled)")
            #expect(built.contains("coin/") && !built.contains("sub/"), "\(built)")
        }
        // A link: `link/..` is the link target's parent, not this folder.
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/sub")
        let linked = try CLI.run(["validate", "link/../coin"], in: folder)
        #expect(linked.stdout.contains("link/../coin/gold"), "\(linked.stdout)")
    }
}
