import Foundation
import Testing
import TestSupport

/// Fresh eyes, round 46: a refusal that names what the overwrite would cost, a rendered sheet's
/// removed data said, and a rendered SpriteKit sheet's name.
@Suite("Fresh eyes 46: a build's refusal names the reader, a render says what it removed")
struct FreshEyesRoundFortySixTests {
    /// A target writing over a file of the user's inside a folder another target reads was
    /// refused with "give --overwrite", and the flag then replaced a frame the sheet read (A/B),
    /// or an image a scene reads (F). The refusal names that reader now, so the flag is an informed
    /// choice for an image a scene names; a frame in a folder of sources is never replaced (round 68p).
    @Test(arguments: [
        (#"{"targets": {"a": {"assemble": "dino", "output": "coin/gold_1.png"}, "s": {"sheet": "coin", "output": "o/s.png"}}}"#, "s"),
        (#"{"targets": {"a": {"assemble": "dino", "output": "coin/gold_1.png"}, "r": {"render": "scene.json", "output": "o/r.gif"}}}"#, "r"),
        (#"{"targets": {"a": {"assemble": "dino", "output": "coin/gold_1@2x.png"}, "r": {"render": "scene.json", "output": "o/r.gif"}}}"#, "r"),
    ])
    func aRefusedOverwriteNamesTheTargetThatReadsTheFile(project: String, reader: String) throws {
        let folder = try BuildCommandTests.project(project)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"size": [64, 64], "duration": 1, "fps": 4, "layers": [{"image": "coin/gold_1.png", "bounds": [32, 32]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let written = project.contains("@2x") ? "coin/gold_1@2x.png" : "coin/gold_1.png"
        if written.contains("@2x") { try FileManager.default.copyItem(atPath: folder + "/coin/gold_1.png", toPath: folder + "/" + written) }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + written))
        let plain = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(plain.status == 2, "\(plain.stderr)")
        if reader == "s" {
            // A frame in the folder of sources the sheet reads is never an output, --overwrite or not (round 68p:
            // the flag replaced the frame, and renaming the output later removed it).
            for run in [plain, try CLI.run(["build", "--no-cache", "--overwrite"], in: folder)] {
                #expect(run.status == 2 && run.stderr.contains("a: failed: \(written) is a file of yours that the target \"s\" reads, "
                                                               + "where this target would write its output"), "\(run.stderr)")
            }
        } else {
            #expect(plain.stderr.contains("a: failed: \(written) exists and Flipbook did not write it (or it changed since), and the target "
                                          + "\"\(reader)\" reads it: give this target another output, or give --overwrite to replace it if "
                                          + "\(reader) is to read what this target writes"), "\(plain.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + written)) == before)
        // A file no target reads is refused in the words it always had.
        try FreshEyesRoundThirtySixTests.write(#"{"targets": {"a": {"assemble": "dino", "output": "other/x.gif"}}}"#, in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/other/x.gif"))
        let alone = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(alone.status == 2 && alone.stderr.contains("other/x.gif exists and Flipbook did not write it (or it changed since); "
                                                           + "give --overwrite to replace it, or write elsewhere"), "\(alone.stderr)")
    }

    /// `render -o r.json` then `render -o r.atlas` removed r.json without a word, where `sheet`
    /// says it (H): said now, as `sheet` says it, in `--json` too.
    @Test func aRenderedSheetSaysTheEarlierDataItRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"size": [64, 64], "fps": 8, "duration": 0.5, "layers": [{"sequence": {"source": "coin", "duration": 0.5}, "bounds": [64, 64]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        #expect(try CLI.run(["render", "scene.json", "-o", "r.json"], in: folder).status == 0)
        let text = try CLI.run(["render", "scene.json", "-o", "r.atlas"], in: folder)
        #expect(text.status == 0 && text.stderr.contains("note: removed r.json: the earlier sheet's files, which this one no longer has"),
                "\(text.stderr)")
        let json = try CLI.run(["render", "scene.json", "-o", "r.tres", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["removed"] as? [String] == ["r.atlas"], "\(json.stdout)")
        #expect((object?["notes"] as? [String])?.contains("removed r.atlas: the earlier sheet's files, which this one no longer has") == true)
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder).filter { $0.hasPrefix("r.") } == ["r.png", "r.tres"])
    }

    /// A render target with `"sheetFormat": "spritekit"` and `"output": "k.plist"` wrote
    /// `k.atlasc/k.plist` while the project said `k.plist`; a frames target reading `k.plist` ran
    /// before it and failed with a bare "No such file" (J). The target's outputs are its folder
    /// now, and reading the name is refused up front with what to read.
    @Test func aRenderedSpriteKitSheetIsItsAtlascFolder() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"size": [64, 64], "fps": 8, "duration": 0.5, "layers": [{"sequence": {"source": "coin", "duration": 0.5}, "bounds": [64, 64]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        try FreshEyesRoundThirtySixTests.write(#"""
            {"targets": {"r": {"render": "scene.json", "output": "k.plist", "sheetFormat": "spritekit"}, "f": {"frames": "k.plist", "output": "g"}}}
            """#, in: folder)
        let refused = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains(#"targets.f.frames: k.plist names the SpriteKit sheet of target "r", "#
                                                               + "which is written as k.atlasc (its plist and pages inside); read k.atlasc/k.plist"),
                "\(refused.stderr)")
        // The name in another case (round 47 #8c): the same file on macOS, nothing on Linux; said the same way.
        try FreshEyesRoundThirtySixTests.write(#"""
            {"targets": {"r": {"render": "scene.json", "output": "k.plist", "sheetFormat": "spritekit"}, "f": {"frames": "K.plist", "output": "g"}}}
            """#, in: folder)
        let cased = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(cased.status == 2 && cased.stderr.contains(#"targets.f.frames: K.plist names the SpriteKit sheet of target "r""#), "\(cased.stderr)")
        try FreshEyesRoundThirtySixTests.write(#"""
            {"targets": {"f": {"frames": "k.atlasc/k.plist", "output": "g"}, "r": {"render": "scene.json", "output": "k.plist", "sheetFormat": "spritekit"}}}
            """#, in: folder)
        let built = try CLI.run(["build", "--no-cache"], in: folder)
        #expect(built.status == 0 && built.stdout.contains("r: built (never built): k.atlasc/k.1.png, k.atlasc/k.plist"), "\(built.stdout)\(built.stderr)")
        #expect(try FreshEyesRoundThirtySixTests.files(in: folder + "/g").count == 4)
        #expect(try CLI.run(["build", "--no-cache"], in: folder).stdout.contains("r: up to date"))
    }

    /// A hand-edited value in a Godot 4 `.tres` was reported at the line `animations = [{` starts
    /// on, not the value's (round 45 #9): the value's own line now, a missing key at its dictionary's.
    @Test(arguments: [(#""duration": 1.0,"#, #""duration": 0.0,"#, "frames[0].duration: must be positive (found 0)"),
                      (#""speed": 10.0"#, #""speed": 0.0"#, "speed: must be positive (found 0)"),
                      (#""loop": true,"#, #""loop": true, "lop": 1,"#, #"unknown key "lop" in resource.animations[0]"#)])
    func aGodotValueErrorNamesItsOwnLine(old: String, new: String, message: String) throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["sheet", "coin", "-o", "g.png", "--engine", "godot4", "--fps", "10"], in: folder).status == 0)
        let text = try String(contentsOfFile: folder + "/g.tres", encoding: .utf8)
        #expect(text.contains(old), "\(text)")
        let edited = text.replacingOccurrences(of: old, with: new)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: folder + "/e.tres"))
        let line = edited.components(separatedBy: "\n").firstIndex { $0.contains(new.components(separatedBy: ",")[0]) }.map { $0 + 1 }
        let result = try CLI.run(["frames", "e.tres", "-o", "out"], in: folder)
        #expect(result.status == 3, "\(result.stderr)")
        let said = message.hasPrefix("unknown") ? "error: e.tres:\(line ?? 0): \(message)" : "error: e.tres:\(line ?? 0): resource.animations[0].\(message)"
        #expect(result.stderr.hasPrefix(said), "\(result.stderr)")
        #expect(line != text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("animations = ") }.map { $0 + 1 })
    }

    /// `generate` at @1x with one seed, then at @2x with another, into one folder: two different
    /// explosions read as one sequence, without a word (the origin `render` records was not
    /// `generate`'s). Its frames record their settings but the scale now, as a render's do.
    @Test func generatedFramesAtAnotherScaleFromOtherSettingsAreSaid() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let explosion = ["generate", "explosion", "-o", "fx", "--frames", "4", "--size", "24x24"]
        for arguments in [explosion + ["--seed", "3"], explosion + ["--seed", "3", "--scale", "2"]] {
            let same = try CLI.run(arguments, in: folder)
            #expect(same.status == 0 && !same.stderr.contains("warning"), "\(same.stderr)")
        }
        let other = try CLI.run(explosion + ["--seed", "4"], in: folder)
        #expect(other.status == 0 && other.stderr.contains("warning: fx still holds its frames at @2x from an earlier generate with "
                                                           + "other settings (or of other files it reads), which readers take at @2x: "
                                                           + "generate them at @2x again, or remove them"), "\(other.stderr)")
        #expect(!(try CLI.run(explosion + ["--seed", "4", "--scale", "2"], in: folder)).stderr.contains("warning"))
    }
}
