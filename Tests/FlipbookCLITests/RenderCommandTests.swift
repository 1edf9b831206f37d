import Foundation
import Testing

/// `flipbook render`: one library call (`RenderJob`), its outcome printed, its errors mapped to the
/// exit codes of the contract.
@Suite("flipbook render")
struct RenderCommandTests {
    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "flipbook-\(UUID().uuidString)-\(name)" }

    @Test("render writes what the output's name picks and says what it wrote")
    func writes() throws {
        let folder = Self.temporary("render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = CLI.repository + "/Examples/frosted-panel.json"
        let gif = try CLI.run(["render", scene, "-o", folder + "/panel.gif", "--fps", "4"])
        #expect(gif.status == 0, "\(gif.stderr)")
        // Eight frames rendered; the panel stands still in five of them, so the GIF holds three (assemble's summary and note).
        #expect(gif.stdout == folder + "/panel.gif: 160×120, 3 frames, 2.0 s, \(try FileManager.default.attributesOfItem(atPath: folder + "/panel.gif")[.size] as? Int ?? 0) bytes, "
                + "plays 1×\nnote: 5 identical frames merged into the frame before\n", "\(gif.stdout)")
        let frames = try CLI.run(["render", scene, "-o", folder + "/panel", "--fps", "4", "--scale", "2", "--json"])
        #expect(frames.status == 0, "\(frames.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(frames.stdout.utf8)) as? [String: Any]
        #expect(json?["format"] as? String == "folder" && json?["width"] as? Int == 320 && json?["frames"] as? Int == 8)
        #expect(FileManager.default.fileExists(atPath: folder + "/panel/panel1@2x.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/panel/sequence.json"))
    }

    @Test("render says what an animation holds as assemble says it, notes and warnings included")
    func notesAndWarnings() throws {
        let folder = Self.temporary("render-notes")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Six frames, the last three the same: the GIF holds four.
        let scene = ##"{"size": [16, 8], "frames": 6, "fps": 6, "layers": [{"shape": {"path": "M0 0h4v4h-4z", "fillColor": "#FF0000"}, "##
            + ##""bounds": [4, 4], "position": [2, 4], "animations": [{"property": "position", "from": [2, 4], "to": [14, 4], "duration": 0.5, "##
            + ##""fillMode": "forwards"}]}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/still.json"))
        let text = try CLI.run(["render", folder + "/still.json", "-o", folder + "/s.gif"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix(folder + "/s.gif: 16×8, 4 frames, ") && text.stdout.contains("\nnote: 2 identical frames merged into the frame before"),
                "\(text.stdout)")
        let json = try CLI.run(["render", folder + "/still.json", "-o", folder + "/s.webp", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["frames"] as? Int == 4 && object?["framesMergedIdentical"] as? Int == 2, "\(json.stdout)")
        #expect(object?["notes"] as? [String] == ["2 identical frames merged into the frame before"], "\(json.stdout)")
        // Scale 2 into a name without @2x: warned of, naming the file that keeps it.
        let scaled = try CLI.run(["render", folder + "/still.json", "-o", folder + "/panel.png", "--scale", "2"])
        #expect(scaled.status == 0 && scaled.stderr.contains("warning: the frames are @2x but \(folder)/panel.png is named @1x")
                && scaled.stderr.contains("name it \(folder)/panel@2x.png"), "\(scaled.stderr)")
        // A frame over --max-memory says what to change, in flags.
        try Data(##"{"size": [200, 100], "frames": 1, "layers": []}"##.utf8).write(to: URL(fileURLWithPath: folder + "/big.json"))
        let big = try CLI.run(["render", folder + "/big.json", "-o", folder + "/big.gif", "--scale", "2", "--max-memory", "1"])
        #expect(big.status == 3 && big.stderr.contains("big.json: a frame of 400×200 pixels (200×100 points at scale 2)")
                && big.stderr.contains("a smaller size in the scene or a lower --scale needs less")
                && big.stderr.contains("--max-memory raises it"), "\(big.stderr)")
    }

    @Test("render exits 3 for a scene's own problems and 2 for settings and refused names")
    func exitCodes() throws {
        let folder = Self.temporary("render-errors")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenes = [
            "typo": #"{"size": [8, 8], "frames": 1, "layers": [{"positon": [1, 1]}]}"#,
            "missing": #"{"size": [8, 8], "frames": 1, "layers": [{"image": "nowhere.png"}]}"#,
            "escape": #"{"size": [8, 8], "frames": 1, "layers": [{"image": "../../etc/passwd"}]}"#,
            "huge": #"{"size": [80000, 80000], "frames": 1, "layers": []}"#,
            "million": #"{"size": [8, 8], "frames": 1, "layers": [{"spawn": {"random": {"count": 1000000, "seed": 1, "area": [8, 8]}}}]}"#,
        ]
        let expected = ["typo": "did you mean \"position\"?", "missing": "nowhere.png", "escape": "outside the scene's folder",
                        "huge": "--max-pixels", "million": "layers[0].spawn.random.count: asks for 1000000 random copies"]
        for (name, json) in scenes {
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).json"))
            let result = try CLI.run(["render", folder + "/\(name).json", "-o", folder + "/\(name).gif"])
            #expect(result.status == 3, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(expected[name]!), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/\(name).gif"))
        }
        let scene = CLI.repository + "/Examples/frosted-panel.json"
        let scale = try CLI.run(["render", scene, "-o", folder + "/x.gif", "--scale", "9"])
        #expect(scale.status == 2 && scale.stderr.contains("--scale does not take '9'; it takes: 1…8"), "\(scale.stderr)")
        let name = try CLI.run(["render", scene, "-o", folder + "/x.txt"])
        #expect(name.status == 2, "\(name.stderr)")
        // Never over the scene itself.
        try FileManager.default.copyItem(atPath: scene, toPath: folder + "/panel.json")
        let over = try CLI.run(["render", folder + "/panel.json", "-o", folder + "/panel.json"])
        #expect(over.status == 2, "\(over.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/panel.json")) == Data(contentsOf: URL(fileURLWithPath: scene)))
    }
}
