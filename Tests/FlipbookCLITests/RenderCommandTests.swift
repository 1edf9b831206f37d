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
        #expect(gif.stdout.contains("8 frames of 160×120 at 4 fps, GIF"), "\(gif.stdout)")
        let frames = try CLI.run(["render", scene, "-o", folder + "/panel", "--fps", "4", "--scale", "2", "--json"])
        #expect(frames.status == 0, "\(frames.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(frames.stdout.utf8)) as? [String: Any]
        #expect(json?["format"] as? String == "folder" && json?["width"] as? Int == 320 && json?["frames"] as? Int == 8)
        #expect(FileManager.default.fileExists(atPath: folder + "/panel/panel1@2x.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/panel/sequence.json"))
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
                        "huge": "--max-pixels", "million": "1000000 layers"]
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
