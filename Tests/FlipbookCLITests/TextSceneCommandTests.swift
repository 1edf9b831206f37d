import Foundation
import Testing

/// Text in scenes through the commands: `flipbook render` with a text layer and `flipbook draw`
/// with a text op write their output, say a missing glyph as a warning, and refuse a font outside
/// the scene's folder or one that is not a font with exit 3, naming the key.
@Suite("text in render and draw scenes")
struct TextSceneCommandTests {
    static func folder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "flipbook-\(UUID().uuidString)-\(name)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("render draws a text layer, warns of a missing glyph, refuses a font outside the folder")
    func render() throws {
        let folder = try Self.folder("text-render")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: CLI.repository + "/Sources/Text/Resources/DejaVuSans.ttf", toPath: folder + "/Sans.ttf")
        func write(_ font: String) throws {
            let scene = ##"{"size": [80, 24], "frames": 2, "fps": 2, "background": "#FFFFFF", "layers": [{"text": {"string": "Hi 爆", "font": ""##
                + font + ##"", "fontSize": 14, "foregroundColor": "#000000"}, "position": [40, 12], "##
                + ##""animations": [{"property": "opacity", "from": 1, "to": 0, "duration": 1}]}]}"##
            try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/caption.json"))
        }
        try write("Sans.ttf")
        let run = try CLI.run(["render", folder + "/caption.json", "-o", folder + "/caption.gif"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: \(folder)/caption.json: layers[0].text.string: the font (DejaVu Sans) has no glyph for U+7206 '爆'"),
                "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/caption.gif"))
        try write("../Sans.ttf")
        let outside = try CLI.run(["render", folder + "/caption.json", "-o", folder + "/other.gif"])
        #expect(outside.status == 3 && outside.stderr.contains("layers[0].text.font") && outside.stderr.contains("outside the scene's folder"),
                "\(outside.stderr)")
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: folder + "/junk.ttf"))
        try write("junk.ttf")
        let junk = try CLI.run(["render", folder + "/caption.json", "-o", folder + "/other.gif"])
        #expect(junk.status == 3 && junk.stderr.contains("cannot be used as a font"), "\(junk.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.gif"))
    }

    @Test("draw draws a text op with a font beside the scene and refuses one that is not there")
    func draw() throws {
        let folder = try Self.folder("text-draw")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: CLI.repository + "/Sources/Text/Resources/DejaVuSans.ttf", toPath: folder + "/Sans.ttf")
        let scene = ##"{"size": [60, 20], "ops": [{"text": "Label", "font": "Sans.ttf", "at": [2, 2], "fontSize": 12}]}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/label.json"))
        let run = try CLI.run(["draw", folder + "/label.json", "-o", folder + "/label.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/label.png")).count > 100)
        // The font is an input: the output may not replace it.
        let over = try CLI.run(["draw", folder + "/label.json", "-o", folder + "/Sans.ttf", "--overwrite"])
        #expect(over.status != 0)
        try Data(scene.replacingOccurrences(of: "Sans.ttf", with: "Gone.ttf").utf8).write(to: URL(fileURLWithPath: folder + "/label.json"))
        let missing = try CLI.run(["draw", folder + "/label.json", "-o", folder + "/label2.png"])
        #expect(missing.status == 3 && missing.stderr.contains("font Gone.ttf not found"), "\(missing.stderr)")
    }

    /// Round 64t2 #4: a 200² canvas with a long text op at 1000 pt, `--max-pixels` raised as the
    /// refusal advised, aborted in the allocator (238 GB asked); its raster is refused against
    /// `--max-memory`, exit 3.
    @Test("draw refuses a text op whose raster passes --max-memory")
    func drawHugeText() throws {
        let folder = try Self.folder("draw-huge-text")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 3700)
        let scene = #"{"size": [200, 200], "ops": [{"text": "\#(text)", "fontSize": 1000}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/big.json"))
        let result = try CLI.run(["draw", folder + "/big.json", "-o", folder + "/big.png", "--max-pixels", "100000000000"])
        #expect(result.status == 3 && result.stderr.contains("--max-memory"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/big.png"))
    }
}
