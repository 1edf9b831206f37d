import Basics
import Foundation
import Testing
import Raster

/// `flipbook sheet` in every format, unpacked again with `flipbook frames`.
@Suite("flipbook sheet in every format, and frames SHEET")
struct SheetFormatCommandTests {
    static let seagulls = CLI.fixtures + "/framegen/seagull"

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "flipbook-sheet-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The frames in `folder` equal the seagull fixtures, compared premultiplied (PNG stores
    /// straight alpha, so that is what survives a round trip).
    static func expectSameFrames(_ folder: String, suffix: String = "", source: String = seagulls) throws {
        for index in 1...12 {
            let original = try PNG.Decoder().decodeBitmap(file: "\(source)/seagull\(index)\(suffix).png")
            let back = try PNG.Decoder().decodeBitmap(file: "\(folder)/seagull\(index)\(suffix).png")
            #expect(back.width == original.width && back.height == original.height)
            #expect(back.pixels == original.pixels, "seagull\(index)\(suffix)")
        }
    }

    @Test(arguments: [
        ("json-hash", "gulls.json"), ("json-array", "gulls.json"), ("aseprite", "gulls.json"),
        ("libgdx", "gulls.atlas"), ("spritekit", "gulls.atlasc"),
    ])
    func packsAndUnpacks(format: String, data: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let packed = try CLI.run(["sheet", Self.seagulls, "-o", folder + "/gulls.png", "--format", format, "--trim", "--rotate",
                                  "--extrude", "1", "--json"])
        #expect(packed.status == 0, "\(packed.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(packed.stdout.utf8)) as? [String: Any]
        #expect((report?["sprites"] as? Int) == 12)
        // Deterministic: the same inputs give byte-identical pages and data.
        let again = try CLI.run(["sheet", Self.seagulls, "-o", folder + "/again/gulls.png", "--format", format, "--trim", "--rotate",
                                 "--extrude", "1"])
        #expect(again.status == 0, "\(again.stderr)")
        let first = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { path in
            !path.hasPrefix("again") && [".png", ".json", ".atlas", ".plist"].contains { path.hasSuffix($0) }
        }.sorted()
        #expect(!first.isEmpty)
        for path in first {
            let same = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)) == Data(contentsOf: URL(fileURLWithPath: folder + "/again/" + path))
            #expect(same, "\(path) differs between two runs")
        }
        let unpacked = try CLI.run(["frames", folder + "/" + data, "-o", folder + "/frames"])
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        try Self.expectSameFrames(folder + "/frames")
    }

    @Test("--scales 1,2 writes sheet.png and sheet@2x.png with one layout; --max-size multipacks")
    func scalesAndPages() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for scale in ["1", "2"] {
            let made = try CLI.run(["generate", "seagull", "--frames", "12", "--scale", scale, "-o", folder + "/gulls"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let packed = try CLI.run(["sheet", folder + "/gulls", "-o", folder + "/out/s.png", "--scales", "1,2", "--max-size", "200",
                                  "--format", "json-array"])
        #expect(packed.status == 0, "\(packed.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out")
        #expect(names.contains("s-0.png") && names.contains("s-0@2x.png") && names.contains("s-1@2x.json"))
        let one = try PNG.Decoder().decodeBitmap(file: folder + "/out/s-0.png")
        let two = try PNG.Decoder().decodeBitmap(file: folder + "/out/s-0@2x.png")
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/s-0@2x.json"))) as? [String: Any]
        #expect((meta?["meta"] as? [String: Any])?["scale"] as? String == "2")
        for suffix in ["", "@2x"] {
            let unpacked = try CLI.run(["frames", "\(folder)/out/s-0\(suffix).json", "-o", "\(folder)/back\(suffix)"])
            #expect(unpacked.status == 0, "\(unpacked.stderr)")
            try Self.expectSameFrames("\(folder)/back\(suffix)", suffix: suffix, source: folder + "/gulls")
        }
    }

    @Test("Bad options and unreadable data files exit with the documented codes")
    func errors() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let badScales = try CLI.run(["sheet", Self.seagulls, "-o", folder + "/s.png", "--scales", "1,4"])
        #expect(badScales.status == 2 && badScales.stderr.contains("--scales does not take '4' (in '1,4'); it takes: scales 1…3"))
        let tooSmall = try CLI.run(["sheet", Self.seagulls, "-o", folder + "/s.png", "--max-size", "16"])
        #expect(tooSmall.status == 1 && tooSmall.stderr.contains("--max-size"))
        try FileIO.writeAtomically(Array("p.png\na\nbounds:0,0,4,4\n".utf8), to: folder + "/bad.atlas")
        #expect(try CLI.run(["frames", folder + "/bad.atlas", "-o", folder + "/x"]).status == 3)
        // A frame rectangle outside its page is refused, not read out of bounds.
        var page = Bitmap(clearWidth: 4, height: 4)
        page[0, 0] = .white
        try PNG.Encoder().write(page, to: folder + "/p.png")
        try FileIO.writeAtomically(Array("p.png\nsize:4,4\na\nbounds:2,2,8,8\n".utf8), to: folder + "/out.atlas")
        let outside = try CLI.run(["frames", folder + "/out.atlas", "-o", folder + "/x"])
        #expect(outside.status == 3 && outside.stderr.contains("outside"))
    }
}

@Suite("flipbook sheet")
struct SheetCommandTests {
    @Test func packsTheSampleSequencesAndRebuildsEveryFrame() throws {
        let root = CLI.repository
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
        for format in ["aseprite", "spritekit"] {
            let refused = try CLI.run(["sheet", CLI.fixtures + "/info", "-o", "/tmp/s.png", "--format", format, "--alpha-handling", "premultiply"])
            #expect(refused.status == 2 && refused.stderr.contains("premultiplied"), "\(format): \(refused.stderr)")
        }
        #expect(try CLI.run(["sheet", CLI.fixtures + "/info", "-o", "/tmp/s.png", "--alpha-handling", "bled"]).status == 2)
    }
}

@Suite("flipbook frames SHEET.json")
struct UnpackSheetTests {
    static let root = CLI.repository

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
        var page = Bitmap(clearWidth: 4, height: 1)
        for x in 0..<4 { page[x, 0] = Color(r: UInt8(x * 60), g: 0, b: 0) }
        try PNG.Encoder().write(page, to: folder + "/in/page.png")
        let names = ["../../escaped", "/tmp/absolute-escape", "sub/dir/frame", ".hidden"]
        let frames = names.enumerated().map { index, name in
            "\"\(name)\": {\"frame\": {\"x\": \(index), \"y\": 0, \"w\": 1, \"h\": 1}, \"rotated\": false, \"trimmed\": false, "
                + "\"spriteSourceSize\": {\"x\": 0, \"y\": 0, \"w\": 1, \"h\": 1}, \"sourceSize\": {\"w\": 1, \"h\": 1}}"
        }.joined(separator: ", ")
        let data = "{\"frames\": {\(frames)}, \"meta\": {\"image\": \"./page.png\", \"size\": {\"w\": 4, \"h\": 1}}}"
        try Data(data.utf8).write(to: URL(fileURLWithPath: folder + "/in/sheet.json"))
        let result = try CLI.run(["frames", folder + "/in/sheet.json", "-o", folder + "/out"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0 != ".flipbook-outputs.json" }.sorted()
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
