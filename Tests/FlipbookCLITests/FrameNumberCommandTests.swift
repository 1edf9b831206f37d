import Foundation
import Raster
import Testing
import TestSupport

/// The CLI side of issue 43's frame rules, on real frames copied into temporary folders: two files
/// for one frame number are refused naming both (`assemble` and `sheet` kept one without a word),
/// or one is kept with `--on-duplicate-number`; a folder of bare numbers is one animation named
/// after its folder in `sheet` (it was one animation per frame); `assemble` says what it merged.
@Suite("flipbook assemble and sheet: frame numbers and merge notes")
struct FrameNumberCommandTests {
    /// `work/walk`: the robot's 8 frames and `robot_walk02.png` (frame 3's file) beside `robot_walk2.png`.
    static func collidingFolder() throws -> String {
        let work = try Fixtures.temporaryFolder("frame-number-cli")
        _ = try FrameNumberFolders.colliding(in: work)
        return work
    }

    @Test(arguments: [["assemble", "walk", "-o", "walk.gif"], ["sheet", "walk", "-o", "walk.png"]])
    func twoFilesForOneNumberAreRefusedNamingBoth(arguments: [String]) throws {
        let work = try Self.collidingFolder()
        let refused = try CLI.run(arguments, in: work)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("walk/robot_walk2.png and walk/robot_walk02.png are both frame 2"), "\(refused.stderr)")
        #expect(refused.stderr.contains("give --on-duplicate-number first or last"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/\(arguments[3])"))
        let kept = try CLI.run(arguments + ["--on-duplicate-number", "last"], in: work)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(work)/\(arguments[3])"))
    }

    /// `sheet` with the last of two files kept packs that one under its own name.
    @Test func sheetPacksTheFileKept() throws {
        let work = try Self.collidingFolder()
        let result = try CLI.run(["sheet", "walk", "-o", "walk.png", "--on-duplicate-number", "last"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(work)/walk.json"))) as? [String: Any]
        let animations = try #require(json?["animations"] as? [String: [String]])
        #expect(animations["robot_walk"]?.count == 8)
        #expect(animations["robot_walk"]?[2] == "robot_walk02")
    }

    /// `1.png … 14.png` in `fire/`: one animation `fire` of 14 frames, given as the folder or as
    /// `.` from inside it (named after the folder's real name).
    @Test func aFolderOfBareNumbersIsOneAnimationNamedAfterIt() throws {
        let work = try Fixtures.temporaryFolder("frame-number-cli")
        _ = try FrameNumberFolders.bare(in: work)
        for (source, directory, output) in [("fire", work, "fire-sheet.png"), (".", work + "/fire", "../dot-sheet.png")] {
            let result = try CLI.run(["sheet", source, "-o", output], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let data = "\(directory)/\(output.dropLast(4)).json"
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: data))) as? [String: Any]
            let animations = try #require(json?["animations"] as? [String: [String]])
            #expect(animations.keys.sorted() == ["fire"], "\(source): \(animations.keys.sorted())")
            #expect(animations["fire"] == (1...14).map(String.init))
        }
        let assembled = try CLI.run(["assemble", "fire", "-o", "fire.gif", "--json"], in: work)
        #expect(assembled.status == 0 && assembled.stdout.contains("\"frames\" : 14"), "\(assembled.stdout)\(assembled.stderr)")
    }

    @Test func nearIdenticalFramesAreCalledSo() throws {
        let dir = try Fixtures.temporaryFolder("frame-number-cli")
        let frame = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/bbb-opening-fadein-720p/bbb0030.png"))
            .cropped(to: PixelRect(x: 540, y: 300, width: 200, height: 120))
        var near = frame
        for y in 0..<near.height {
            for x in 0..<near.width {
                var color = near[x, y]
                color.r = color.r > 253 ? 255 : color.r + 2
                if (x + y) % 2 == 1 { color.b = color.b < 2 ? 0 : color.b - 2 }
                near[x, y] = color
            }
        }
        try FileManager.default.createDirectory(atPath: dir + "/film", withIntermediateDirectories: true)
        for (index, bitmap) in [frame, frame, near].enumerated() { try PNG.Encoder().write(bitmap, to: "\(dir)/film/film\(index + 1).png") }
        let text = try CLI.run(["assemble", "film", "-o", "film.gif"], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("note: 1 identical frame merged into the frame before"), "\(text.stdout)")
        #expect(text.stdout.contains("note: 1 near-identical frame, at most 2 levels apart, merged into the frame before"), "\(text.stdout)")
        let json = try CLI.run(["assemble", "film", "-o", "film2.gif", "--json"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["framesMergedIdentical"] as? Int == 1)
        #expect(object?["framesMergedNearIdentical"] as? Int == 1)
        #expect(object?["nearIdenticalMaxDifference"] as? Int == 2)
    }
}
