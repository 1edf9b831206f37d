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

    /// Control characters left out of file names are said, after the frames are written.
    @Test func controlCharactersLeftOutAreSaid() throws {
        let dir = try Self.folder(["fi\tre1", "fi\u{1B}re2", "fire3"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["frames", "s.json", "-o", "out"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: 2 sprite names hold control characters, left out of the file names: "), "\(result.stderr)")
        #expect(result.stderr.contains("\"fi\\tre1\" is written as fire1.png") || result.stderr.contains("\"fi\\u{1B}re2\" is written as fire2.png"),
                "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }.sorted()
        #expect(written == ["fire1.png", "fire2.png", "fire3.png"])
    }
}
