import Foundation
import FrameGen
import GIF
import Raster
import Testing
import TestSupport

@Suite("flipbook draw and generate")
struct DrawGenerateCommandTests {
    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "flipbook-\(UUID().uuidString)-\(name)" }

    @Test("draw renders a scene exactly as the library does, and --scale overrides its scale")
    func draw() throws {
        let scene = CLI.fixtures + "/framegen/scenes/curves.json"
        let output = Self.temporary("curves.png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CLI.run(["draw", scene, "-o", output, "--scale", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        var parsed = try Scene(json: Array(try Data(contentsOf: URL(fileURLWithPath: scene))))
        parsed.scale = 2
        let written = try PNG.Decoder().decode(file: output).bitmap(scale: 2)
        let same = written == (try parsed.render())
        #expect(same)
        #expect(written.width == 320)
    }

    @Test("draw finds images beside the scene, preferring @2x on a scale-2 scene")
    func drawImages() throws {
        let folder = Self.temporary("scene")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var one = Bitmap(clearWidth: 2, height: 2), two = Bitmap(clearWidth: 4, height: 4, scale: 2)
        for y in 0..<2 { for x in 0..<2 { one[x, y] = Color(r: 255, g: 0, b: 0) } }
        for y in 0..<4 { for x in 0..<4 { two[x, y] = Color(r: 0, g: 255, b: 0) } }
        try PNG.Encoder().write(one, to: folder + "/dot.png")
        try PNG.Encoder().write(two, to: folder + "/dot@2x.png")
        let json = #"{"size":[10,10],"scale":2,"ops":[{"image":"dot.png","at":[1,1]}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let result = try CLI.run(["draw", folder + "/scene.json", "-o", folder + "/out.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try PNG.Decoder().decode(file: folder + "/out.png").bitmap()
        #expect(out[2, 2] == Color(r: 0, g: 255, b: 0) && out[5, 5] == Color(r: 0, g: 255, b: 0))
        #expect(out[6, 6].a == 0)
    }

    @Test(arguments: [
        (#"{"size":[10,10],"ops":[{"fill":"M0 0 L5"}]}"#, Int32(3)),
        (#"{"size":[10,10],"ops":[{"stroke":"M0 0 L5 5","cap":"pointy"}]}"#, 3),
        (#"{"size":[10,10],"ops":[{"image":"missing.png"}]}"#, 3),
        (#"{"ops":[]}"#, 3),
        // Computed coordinates past ±1.8e308: exit 3 at the command (a fill dropped it, exit 0).
        (#"{"size":[10,10],"ops":[{"fill":"M1e308 0 l1e308 0 l0 5 z"}]}"#, 3),
        (#"{"size":[10,10],"ops":[{"stroke":"M0 0 C0 0 -1.5e308 0 1e308 0 S0 0 0 0"}]}"#, 3),
    ] as [(String, Int32)])
    func drawRejectsBadScenes(json: String, status: Int32) throws {
        let path = Self.temporary("bad.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CLI.run(["draw", path, "-o", Self.temporary("never.png")])
        #expect(result.status == status)
        #expect(result.stderr.contains("ops") || result.stderr.contains("size") || result.stderr.contains("image"), "\(result.stderr)")
    }

    /// A scene's or stroke file's error names its file once, as every strict input's does
    /// (`hero.json: ops[2]…`, not `hero.json: scene: ops[2]…`; `pts.json: strokes[0][1]…`, not
    /// `pts.json: strokes: strokes[0][1]…`): the command hands the file name to `Scene(json:file:)`
    /// or `Freehand(json:file:)` instead of wrapping the error in it, and a limit the file asks to
    /// exceed, read or drawn (`--max-edges`, met while rendering), names it too.
    @Test(arguments: [
        (["draw"], "hero.json", Self.scene(##"{"colour":"#0000ff"}"##), [],
         #"hero.json: unknown key "colour" in ops[2]; did you mean "color"?"#),
        (["draw"], "hero.json", Self.scene(#"{"stroke":"M0 0 L5 5","width":-1}"#), [],
         "hero.json: ops[2].width: must be a number ≥ 0 (found -1)"),
        (["draw"], "hero.json", Self.scene(#"{"fill":"M0 0 L5 0 L5 5 Z"}"#), ["--max-pixels", "10"],
         "hero.json: size: needs 100 pixels (10×10), over the limit of 10; --max-pixels raises it"),
        (["draw"], "hero.json", Self.scene(#"{"fill":"M0 0 L5 0 L5 5 Z"}"#), ["--max-path-segments", "8"],
         "hero.json: ops[2].fill: needs more than 8 path segments (in the scene), the limit; --max-path-segments raises it"),
        (["draw"], "hero.json", Self.scene(#"{"fill":"M0 0 L5 0 L5 5 Z"}"#), ["--max-edges", "4"],
         "hero.json: ops[0]: needs more than 4 flattened edges, the limit; --max-edges raises it"),
        (["generate", "stroke"], "pts.json", #"{"strokes": [[[0, 0], [1]]]}"#, [],
         "pts.json: strokes[0][1]: has 1 entry; 2 expected ([x, y], further values ignored)"),
        (["generate", "stroke"], "pts.json", #"{"size": [10, 10], "strokes": [[[0, 0], [5, 5]]]}"#, ["--max-pixels", "10"],
         "pts.json: size: needs 100 pixels (10×10), over the limit of 10; --max-pixels raises it"),
        (["generate", "stroke"], "pts.json", #"[[0, 0], [1, 1], [2, 2]]"#, ["--max-path-segments", "2"],
         "pts.json: strokes: needs 3 path segments, over the limit of 2; --max-path-segments raises it"),
        // The fuzzer's `control-2e12-16M-vertices.json`: flattened without a budget (940 MB) before.
        (["generate", "stroke"], "pts.json", "[[555550.5555555555,1],[72,2055555555552,1],[72,20],[48,25],[3555555555551,1],[90,20],[0,5]]",
         ["--max-edges", "40000"], "pts.json: strokes: needs more than 40 000 flattened edges, the limit; --max-edges raises it"),
    ] as [([String], String, String, [String], String)])
    func errorsNameTheInputFileOnce(command: [String], file: String, json: String, flags: [String], message: String) throws {
        let folder = Self.temporary("named-once")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
        let result = try CLI.run(command + [file, "-o", "out.png"] + flags, in: folder)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr == "error: \(message)\n")
        #expect(result.stderr.components(separatedBy: file).count == 2, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }

    /// A 10×10 scene whose third op (`ops[2]`) is `op`.
    static func scene(_ op: String) -> String {
        #"{"size":[10,10],"ops":[{"fill":"M0 0 H5 V5 Z"},{"clip":"M0 0 H9 V9 Z"},"# + op + "]}"
    }

    /// A generated `@2x` GIF is dithered for its scale, as the same frames assembled from their
    /// `@2x` files are: the two GIFs are the same bytes (the generator's scale used to be lost).
    @Test func generatedGIFKeepsItsScale() throws {
        let folder = Self.temporary("scaled")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["generate", "explosion", "--frames", "8", "--scale", "2", "--fps", "12", "-o", folder + "/frames"],
                          ["generate", "explosion", "--frames", "8", "--scale", "2", "--fps", "12", "-o", folder + "/direct.gif"],
                          ["generate", "explosion", "--frames", "8", "--scale", "1", "--fps", "12", "-o", folder + "/at1.gif"],
                          ["assemble", folder + "/frames", "-o", folder + "/assembled.gif"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let direct = try Data(contentsOf: URL(fileURLWithPath: folder + "/direct.gif"))
        #expect(direct == (try Data(contentsOf: URL(fileURLWithPath: folder + "/assembled.gif"))))
        #expect(direct.count > 1000)
    }

    @Test("generate to a folder: numbered @2x frames and a sequence.json; byte-identical when repeated")
    func generateFolder() throws {
        let first = Self.temporary("birds"), second = Self.temporary("birds2")
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        for folder in [first, second] {
            let result = try CLI.run(["generate", "seagull", "--frames", "6", "--scale", "2", "--fps", "12", "-o", folder])
            #expect(result.status == 0, "\(result.stderr)")
        }
        // Flipbook's record of what it wrote is left out (the hidden .flipbook-outputs.json).
        let names = try FileManager.default.contentsOfDirectory(atPath: first).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == ["seagull1@2x.png", "seagull2@2x.png", "seagull3@2x.png", "seagull4@2x.png", "seagull5@2x.png",
                          "seagull6@2x.png", "sequence.json"])
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: second + "/" + name))
            #expect(a == b, "\(name) differs between runs")
        }
        let frame = try PNG.Decoder().decodeBitmap(file: first + "/seagull1@2x.png")
        #expect(frame.scale == 2 && frame.width == 128 && frame.height == 64)
        let validate = try CLI.run(["validate", first])
        #expect(validate.status == 0, "\(validate.stdout)")
    }

    @Test("generate to a GIF: frame count and exact timing")
    func generateGIF() throws {
        let output = Self.temporary("boom.gif")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CLI.run(["generate", "explosion", "--size", "32x32", "--frames", "24", "--fps", "24", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let decoder = try GIF.Decoder(file: output)
        var centiseconds = 0, frames = 0
        while let frame = try decoder.nextGIFFrame() {
            centiseconds += frame.delay
            frames += 1
        }
        #expect(centiseconds == 100)
        #expect(frames >= 20)
    }

    @Test("generate stroke and scatter to single PNGs; several frames to a .png make a sheet")
    func generatePNG() throws {
        let folder = Self.temporary("png")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("[[10,10],[30,40],[60,20],[90,50],[120,10]]".utf8).write(to: URL(fileURLWithPath: folder + "/points.json"))
        let stroke = try CLI.run(["generate", "stroke", folder + "/points.json", "--size", "130x60", "-o", folder + "/stroke.png"])
        #expect(stroke.status == 0, "\(stroke.stderr)")
        #expect(try PNG.Decoder().decodeBitmap(file: folder + "/stroke.png").width == 130)
        let scatter = try CLI.run(["generate", "scatter", "--size", "80x60", "-o", folder + "/scatter.png"])
        #expect(scatter.status == 0, "\(scatter.stderr)")
        let sheet = try CLI.run(["generate", "stroke", folder + "/points.json", "--frames", "5", "-o", folder + "/drawon.png", "--json"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/drawon.json"))
        #expect(sheet.stdout.contains("\"frames\" : 5"))
    }

    @Test(arguments: [
        (["generate", "seagull", "-o", "/tmp/x", "--frames", "0"], Int32(2)),
        (["generate", "seagull", "-o", "/tmp/x", "--color", "blue"], 2),
        (["generate", "explosion", "-o", "/tmp/x", "--scale", "5"], 2),
        (["generate", "stroke", "/nonexistent.json", "-o", "/tmp/x.png"], 3),
        (["generate", "scatter", "--images", "/nonexistent", "-o", "/tmp/x.png"], 3),
        // A file where a folder should be: a missing folder would be created (issue 44).
        (["generate", "seagull", "-o", "/dev/null/dir/birds.gif"], 4),
    ] as [([String], Int32)])
    func generateExitCodes(arguments: [String], status: Int32) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    /// `generate seagull --size 1x100000 -o strip.gif` drew every frame, then failed "GIF screens
    /// are 1 to 65535 pixels" with exit 3 (fresh eyes 9); a WebP past 16383 px the same. Refused
    /// before drawing, exit 2, naming the size and what to do; nothing is written.
    @Test(arguments: [("strip.gif", "1x100000", "a GIF's screen, at most 65535 px"), ("strip.webp", "1x20000", "a WebP's canvas, at most 16383 px")])
    func framesPastAFormatsSideAreRefusedBeforeDrawing(output: String, size: String, expected: String) throws {
        let dir = try Fixtures.temporaryFolder("generate-side")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["generate", "seagull", "--size", size, "--frames", "2", "-o", output], in: dir)
        #expect(result.status == 2 && result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + output))
    }
}
