import Foundation
import Raster
import Testing
import TestSupport

/// `flipbook frames` of sheet data whose sprite names cannot be file names as they are (issue 44):
/// a name over 255 bytes was exit 2 with an empty output folder left behind, control characters
/// were dropped without a word, and two names that make one file were refused without naming them.
@Suite("frames: sprite names as file names")
struct FramesSpriteNameTests {
    /// TexturePacker JSON (hash) of 2×2 sprites with these names, all on the page `page.png`.
    static func json(_ names: [String]) throws -> Data {
        var frames: [String: Any] = [:]
        for name in names {
            frames[name] = ["frame": ["x": 0, "y": 0, "w": 2, "h": 2], "rotated": false, "trimmed": false,
                            "spriteSourceSize": ["x": 0, "y": 0, "w": 2, "h": 2], "sourceSize": ["w": 2, "h": 2]]
        }
        return try JSONSerialization.data(withJSONObject: ["frames": frames, "meta": ["image": "page.png", "size": ["w": 2, "h": 2], "scale": "1"]])
    }

    static func folder(_ names: [String]) throws -> String {
        let dir = try Fixtures.temporaryFolder("frames-names")
        try PNG.Encoder().write(Bitmap(width: 2, height: 2), to: dir + "/page.png")
        try json(names).write(to: URL(fileURLWithPath: dir + "/s.json"))
        return dir
    }

    /// Refused with exit 3 before the output folder exists, the message naming the sprites.
    @Test(arguments: [
        (["walk1", String(repeating: "a", count: 252)], "bytes, over the 255 a file system allows"),
        (["walk1", String(repeating: "é", count: 130)], "264 bytes"),
        (["a/b1", "a_b1"], "would both be the file a_b1.png"),
        (["fi\tre1", "fire1"], "\"fi\\tre1\""),
    ])
    func namesThatCannotBeFilesAreRefusedBeforeAnythingIsMade(names: [String], expected: String) throws {
        let dir = try Self.folder(names)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["frames", "s.json", "-o", "out"], in: dir)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains(expected) && result.stderr.contains("nothing was written"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// A name of exactly 255 bytes as a file name is written.
    @Test func aNameOf255BytesIsWritten() throws {
        let name = String(repeating: "a", count: 251)
        let dir = try Self.folder([name])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["frames", "s.json", "-o", "out"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") } == [name + ".png"])
    }

    /// Every sprite whose file is not its name is said, naming the sprite and the file written
    /// (issue 44, fresh eyes: `a:b1` became `a_b1.png` and `""` became `_.png` without a word, and
    /// only the first sprite with a control character was named). The rule: a frame folder must
    /// check out on Linux, macOS and Windows, so `/ \ : * ? " < > |` become `_`, control characters
    /// are left out, an empty name is `_`, a leading dot gets a `_`. (names, files written, the
    /// sprites said, each as `"name" is written as file`)
    @Test(arguments: [
        (["a:b1", "fire2"], ["a_b1.png", "fire2.png"], ["\"a:b1\" is written as a_b1.png"]),
        (["a\\b1"], ["a_b1.png"], ["\"a\\\\b1\" is written as a_b1.png"]),
        ([""], ["_.png"], ["\"\" is written as _.png"]),
        ([".hidden1", "é2"], ["_.hidden1.png", "é2.png"], ["\".hidden1\" is written as _.hidden1.png"]),
        (["what?1", "a<b>|2", "say \"3\"", "star*4"], ["a_b__2.png", "say _3_.png", "star_4.png", "what_1.png"],
         ["\"what?1\" is written as what_1.png", "\"a<b>|2\" is written as a_b__2.png", "\"say \\\"3\\\"\" is written as say _3_.png",
          "\"star*4\" is written as star_4.png"]),
        (["fi\tre1", "fi\u{1B}re2", "fire3"], ["fire1.png", "fire2.png", "fire3.png"],
         ["\"fi\\tre1\" is written as fire1.png", "\"fi\\u{1B}re2\" is written as fire2.png"]),
        // C1 and bidirectional controls too (a file named with U+202E shows reordered; every output refuses such a name).
        (["fi\u{85}re1", "fi\u{202E}re2"], ["fire1.png", "fire2.png"],
         ["\"fi\\u{85}re1\" is written as fire1.png", "\"fi\\u{202E}re2\" is written as fire2.png"]),
    ])
    func everyRenamedSpriteIsSaid(names: [String], files: [String], said: [String]) throws {
        let dir = try Self.folder(names)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["frames", "s.json", "-o", "out"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == said.count, "\(result.stderr)")
        for line in said {
            #expect(warnings.contains { $0.hasPrefix("warning: the sprite \(line) (") }, "\(line) in \(result.stderr)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }.sorted()
        #expect(written == files)
        // The same warnings in the JSON.
        let again = try CLI.run(["frames", "s.json", "-o", "out", "--json"], in: dir)
        let json = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect((json?["warnings"] as? [String])?.count == said.count, "\(again.stdout)")
    }
}
