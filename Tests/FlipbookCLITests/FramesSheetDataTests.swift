import Foundation
import Raster
import Testing
import TestSupport

/// `flipbook frames` on sheet data that asks too much or reads outside its folder (issue 43): exit
/// 3, the message names the data file and, for a limit, the flag that raises it; nothing written.
@Suite("frames: hostile sheet data")
struct FramesSheetDataTests {
    /// A Godot 4 `.tres` of `count` AtlasTextures of a 5×5 region with `margin` on the page `page`.
    static func tres(count: Int, margin: Int, page: String = "fire.png") -> String {
        var text = "[gd_resource type=\"SpriteFrames\" load_steps=\(count + 2) format=3]\n\n"
            + "[ext_resource type=\"Texture2D\" path=\"\(page)\" id=\"1\"]\n\n"
        for index in 1...count {
            text += "[sub_resource type=\"AtlasTexture\" id=\"A_\(index)\"]\natlas = ExtResource(\"1\")\nregion = Rect2(0, 0, 5, 5)\n"
                + "margin = Rect2(0, 0, \(margin), \(margin))\n\n"
        }
        let frames = (1...count).map { "{\"duration\": 1.0, \"texture\": SubResource(\"A_\($0)\")}" }.joined(separator: ", ")
        return text + "[resource]\nanimations = [{\"frames\": [\(frames)], \"loop\": true, \"name\": &\"fire\", \"speed\": 10.0}]\n"
    }

    @Test func marginsThatAskForGigapixelsAreRefusedNamingTheFlag() throws {
        let dir = try Fixtures.temporaryFolder("frames-bomb")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try PNG.Encoder().write(Bitmap(width: 5, height: 5), to: dir + "/fire.png")
        try Self.tres(count: 40, margin: 8000).write(toFile: dir + "/bomb.tres", atomically: true, encoding: .utf8)
        let start = Date()
        let refused = try CLI.run(["frames", "bomb.tres", "-o", "out"], in: dir)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("bomb.tres: 40 frames: needs 2 563 201 000 pixels of frames in all")
                && refused.stderr.contains("--max-output-pixels raises it"), "\(refused.stderr)")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        // Raised on purpose, a small one goes through.
        try Self.tres(count: 3, margin: 95).write(toFile: dir + "/small.tres", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["frames", "small.tres", "-o", "out", "--max-output-pixels", "29999"], in: dir).status == 3)
        let made = try CLI.run(["frames", "small.tres", "-o", "out", "--max-output-pixels", "30000"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test(arguments: ["../../../../../../../../etc/passwd", "/etc/passwd", "res://../fire.png"])
    func aPagePathOutsideTheFolderIsRefused(page: String) throws {
        let dir = try Fixtures.temporaryFolder("frames-escape")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        try PNG.Encoder().write(Bitmap(width: 5, height: 5), to: dir + "/fire.png")
        try Self.tres(count: 1, margin: 0, page: page).write(toFile: dir + "/in/s.tres", atomically: true, encoding: .utf8)
        let refused = try CLI.run(["frames", "in/s.tres", "-o", "out"], in: dir)
        #expect(refused.status == 3 && refused.stderr.contains("in/s.tres: the path \"\(page)\""), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// `frames G.atlasc/`, as a shell completes a SpriteKit atlas, reads the atlas as `frames
    /// G.atlasc` does (it was refused: "is a folder").
    @Test func aSpriteKitAtlasWithATrailingSlashIsRead() throws {
        let dir = try Fixtures.temporaryFolder("frames-atlasc")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "G.atlasc", "--engine", "spritekit"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let read = try CLI.run(["frames", "G.atlasc/", "-o", "out"], in: dir)
        #expect(read.status == 0, "\(read.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }
        #expect(frames.count == 4, "\(frames)")
    }

    /// One atlas spelled three ways (`G.atlasc/G.plist`, `G.atlasc`, `G.atlasc/`) is one sheet: a
    /// rerun into the same output replaces its frames (the second spelling was refused as another
    /// set's, "out/gold_1.png belongs to G.atlasc/G.plist").
    @Test func oneAtlasSpelledThreeWaysReplacesItsOwnFrames() throws {
        let dir = try Fixtures.temporaryFolder("frames-atlasc-spellings")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "G.atlasc", "--engine", "spritekit"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        for spelling in ["G.atlasc/G.plist", "G.atlasc", "G.atlasc/", "./G.atlasc/G.plist"] {
            let read = try CLI.run(["frames", spelling, "-o", "out"], in: dir)
            #expect(read.status == 0, "\(spelling): \(read.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { !$0.hasPrefix(".") }
        #expect(files.sorted() == (1...4).map { "gold_\($0).png" }, "\(files)")
    }
}
