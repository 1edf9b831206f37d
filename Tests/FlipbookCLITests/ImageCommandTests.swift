import Foundation
import Testing
import Raster

@Suite("flipbook blur, slice, resize")
struct ImageCommandTests {
    static let coin = CLI.fixtures + "/info/coin@2x.png"   // 64×64 px, 32×32 pt

    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "flipbook-\(UUID().uuidString)-\(name)" }

    @Test(arguments: [
        (["blur", coin, "--sigma", "2"], 64, 64),
        (["blur", coin, "--preset", "dark", "--downsample", "1.25"], 64, 64),
        (["slice", coin, "--insets", "8,8,8,8", "--size", "100x40", "--mode", "stretch"], 200, 80),
        (["slice", coin, "--insets", "8,8,8,8", "--size", "100x40"], 200, 80),
        (["resize", coin, "--size", "20x10", "--fit", "aspect-fit"], 40, 20),
        (["resize", coin, "--scale", "0.5", "--filter", "bicubic"], 32, 32),
    ] as [([String], Int, Int)])
    func writesTheExpectedSize(arguments: [String], width: Int, height: Int) throws {
        let output = Self.temporary("out@2x.png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CLI.run(arguments + ["-o", output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let bitmap = try PNG.Decoder().decodeBitmap(file: output)
        #expect((bitmap.width, bitmap.height) == (width, height))
    }

    @Test(arguments: [
        (["blur", coin, "-o", "/tmp/x.png"], Int32(2)),
        (["blur", coin, "-o", "/tmp/x.png", "--sigma", "2", "--tint", "pink"], 2),
        (["slice", coin, "-o", "/tmp/x.png", "--insets", "8,8", "--size", "10x10"], 2),
        (["slice", coin, "-o", "/tmp/x.png", "--insets", "8,8,8,8", "--size", "10x10"], 2),
        (["resize", coin, "-o", "/tmp/x.png"], 2),
        (["resize", "/nonexistent.png", "-o", "/tmp/x.png", "--scale", "2"], 3),
        (["blur", coin, "-o", "/nonexistent/dir/x.png", "--sigma", "1"], 4),
    ] as [([String], Int32)])
    func exitCodes(arguments: [String], status: Int32) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }
}

@Suite("flipbook sheet")
struct SheetCommandTests {
    @Test func packsTheSampleSequencesAndRebuildsEveryFrame() throws {
        let root = URL(fileURLWithPath: CLI.fixtures).deletingLastPathComponent().deletingLastPathComponent().path
        let output = ImageCommandTests.temporary("sheet.png")
        let data = String(output.dropLast(4)) + ".json"
        defer {
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: data)
        }
        let result = try CLI.run(["sheet", "Sequences/kenney-robot-walk", "Sequences/kenney-gold-coin", "-o", output, "--trim", "--json"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try PNG.Decoder().decodeBitmap(file: output)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: data))) as? [String: Any]
        let frames = try #require(json?["frames"] as? [String: [String: Any]])
        #expect(frames.count == 12)
        let meta = try #require(json?["meta"] as? [String: Any])
        #expect(meta["image"] as? String == URL(fileURLWithPath: output).lastPathComponent)
        // Cut robot_walk3 back out of the page and compare with the source file.
        let entry = try #require(frames["robot_walk3"])
        let frame = try #require(entry["frame"] as? [String: Int]), offset = try #require(entry["spriteSourceSize"] as? [String: Int])
        let original = try PNG.Decoder().decodeBitmap(file: root + "/Sequences/kenney-robot-walk/robot_walk3.png")
        for y in 0..<frame["h"]! {
            for x in 0..<frame["w"]! {
                #expect(sheet[frame["x"]! + x, frame["y"]! + y] == original[offset["x"]! + x, offset["y"]! + y])
            }
        }
    }

    @Test func exitCodes() throws {
        #expect(try CLI.run(["sheet", "/nonexistent", "-o", "/tmp/s.png"]).status == 3)
        #expect(try CLI.run(["sheet", CLI.fixtures + "/info", "-o", "/tmp/s.png", "--padding", "-1"]).status == 2)
        #expect(try CLI.run(["sheet", CLI.fixtures + "/info/robot_walk0.png", "-o", "/tmp/s.png", "--max-size", "50"]).status == 1)
    }
}

@Suite("flipbook frames SHEET.json")
struct UnpackSheetTests {
    static let root = URL(fileURLWithPath: CLI.fixtures).deletingLastPathComponent().deletingLastPathComponent().path

    @Test(arguments: ["json-hash", "json-array"])
    func rebuildsTheOriginalFrames(format: String) throws {
        let folder = ImageCommandTests.temporary("unpack")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let packed = try CLI.run(["sheet", "Sequences/kenney-robot-walk", "-o", folder + "/sheet.png", "--trim", "--format", format], in: Self.root)
        #expect(packed.status == 0, "\(packed.stderr)")
        let unpacked = try CLI.run(["frames", folder + "/sheet.json", "-o", folder + "/frames"])
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        for n in 0..<8 {
            let original = try PNG.Decoder().decodeBitmap(file: Self.root + "/Sequences/kenney-robot-walk/robot_walk\(n).png")
            #expect(try PNG.Decoder().decodeBitmap(file: folder + "/frames/robot_walk\(n).png") == original)
        }
    }

    /// Names from a data file are untrusted: none may write outside the output folder.
    @Test func namesCannotEscapeTheFolder() throws {
        let folder = ImageCommandTests.temporary("escape")
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var page = Bitmap(width: 4, height: 1)
        for x in 0..<4 { page.setColor(Color(r: UInt8(x * 60), g: 0, b: 0), x: x, y: 0) }
        try PNG.Encoder().write(page, to: folder + "/in/page.png")
        let names = ["../../escaped", "/tmp/absolute-escape", "sub/dir/frame", ".hidden"]
        let frames = names.enumerated().map { index, name in
            "\"\(name)\": {\"frame\": {\"x\": \(index), \"y\": 0, \"w\": 1, \"h\": 1}, \"rotated\": false, \"trimmed\": false, "
                + "\"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": 1, \"h\": 1}, \"sourceSize\": {\"w\": 1, \"h\": 1}}"
        }.joined(separator: ", ")
        let data = "{\"frames\": {\(frames)}, \"meta\": {\"image\": \"../in/../in/page.png\", \"size\": {\"w\": 4, \"h\": 1}}}"
        try Data(data.utf8).write(to: URL(fileURLWithPath: folder + "/in/sheet.json"))
        let result = try CLI.run(["frames", folder + "/in/sheet.json", "-o", folder + "/out"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(written == ["_.._.._escaped.png", "_.hidden.png", "_tmp_absolute-escape.png", "sub_dir_frame.png"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/escaped.png"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute-escape.png"))
    }

    @Test func refusesRotatedFrames() throws {
        let folder = ImageCommandTests.temporary("rotated")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = "{\"frames\": {\"a\": {\"frame\": {\"x\": 0, \"y\": 0, \"w\": 1, \"h\": 2}, \"rotated\": true, \"trimmed\": false, "
            + "\"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": 1, \"h\": 2}, \"sourceSize\": {\"w\": 1, \"h\": 2}}}, "
            + "\"meta\": {\"image\": \"p.png\", \"size\": {\"w\": 2, \"h\": 2}}}"
        try Data(data.utf8).write(to: URL(fileURLWithPath: folder + "/sheet.json"))
        let result = try CLI.run(["frames", folder + "/sheet.json", "-o", folder + "/out"])
        #expect(result.status == 3 && result.stderr.contains("rotated"))
    }
}
