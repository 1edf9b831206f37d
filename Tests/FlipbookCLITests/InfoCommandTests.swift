import Foundation
import Testing
import TestSupport

@Suite("flipbook info")
struct InfoCommandTests {
    struct Report: Decodable {
        struct File: Decodable {
            var path: String
            var width, height, scale, bitDepth: Int
            var pointWidth, pointHeight: Double
            var colorType: String
            var interlaced: Bool
        }
        struct Problem: Decodable {
            var path: String
            var error: String
        }
        var files: [File]
        var errors: [Problem]
    }

    @Test func describesAFixtureFolderAsJSON() throws {
        let result = try CLI.run(["info", "--json", CLI.fixtures + "/info"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.errors.isEmpty)
        let byName = Dictionary(uniqueKeysWithValues: report.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
        #expect(report.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
                    == ["coin@2x.png", "grid@3x~ipad.png", "robot_walk0.png"])

        let coin = try #require(byName["coin@2x.png"])
        #expect((coin.width, coin.height, coin.scale) == (64, 64, 2))
        #expect((coin.pointWidth, coin.pointHeight) == (32, 32))
        #expect(coin.colorType == "RGBA" && coin.bitDepth == 8 && !coin.interlaced)

        let grid = try #require(byName["grid@3x~ipad.png"])
        #expect((grid.width, grid.height, grid.scale) == (32, 32, 3))
        #expect(abs(grid.pointWidth - 32.0 / 3) < 1e-9)
        #expect(grid.colorType == "palette" && grid.bitDepth == 2 && grid.interlaced)

        let robot = try #require(byName["robot_walk0.png"])
        #expect((robot.width, robot.height, robot.scale) == (96, 128, 1))
        #expect((robot.pointWidth, robot.pointHeight) == (96, 128))
    }

    /// A 2 KB GIF of hundreds of frames on an 8000² canvas: every frame is composed on the whole
    /// canvas, so `info` checks frames × canvas first and refuses at once (it took 25 s and 773 MB
    /// for a hundred "restore to previous" frames), as assemble, frames and validate do.
    @Test func refusesAGIFWhoseFramesOutweighItsBytes() throws {
        let dir = try Fixtures.temporaryFolder("info-bomb")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(HostileGIF.bomb(width: 8000, height: 8000, frames: 100)).write(to: URL(fileURLWithPath: dir + "/bomb.gif"))
        let result = try CLI.run(["info", "bomb.gif"], in: dir)
        #expect(result.status == 3, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("bomb.gif") && result.stderr.contains("100 frames of 8000×8000"), "\(result.stderr)")
    }

    @Test func describesGIFs() throws {
        let result = try CLI.run(["info", CLI.fixtures + "/gif/giflib/welcome2.gif", CLI.fixtures + "/gif/giflib/fire.gif"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("welcome2.gif: 290×48 px, 290×48 pt @1x, GIF, 6 frames, 6.0 s, plays 1001×"))
        #expect(result.stdout.contains("fire.gif: 30×60 px, 30×60 pt @1x, GIF, 33 frames, 1.65 s, loops forever"))
        let broken = try CLI.run(["info", CLI.fixtures + "/pngsuite/valid/basn0g01.png", CLI.fixtures + "/gif/notes.gif"])
        #expect(broken.status == 3)
    }

    /// Issue 44: a folder's GIFs, APNGs and WebPs are described beside its PNGs (they were
    /// skipped without a word); a hidden file is still left out.
    @Test func describesTheAnimationsOfAFolder() throws {
        let folder = try Fixtures.temporaryFolder("info-animations")
        let copies = ["info/coin@2x.png": "coin@2x.png", "gif/giflib/fire.gif": "fire.gif",
                      "apng-decoders/ORIGIN.md": ".hidden.gif"]
        for (fixture, name) in copies { try FileManager.default.copyItem(atPath: CLI.fixtures + "/" + fixture, toPath: folder + "/" + name) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)
        let result = try CLI.run(["info", "--json", folder])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["coin@2x.png", "fire.gif"])
        #expect(report.files.last?.colorType == "GIF")
        let text = try CLI.run(["info", folder])
        #expect(text.stdout.contains("fire.gif: 30×60 px, 30×60 pt @1x, GIF, 33 frames, 1.65 s, loops forever"), "\(text.stdout)")
    }

    @Test func printsOneLinePerFileForPeople() throws {
        let result = try CLI.run(["info", CLI.fixtures + "/info/coin@2x.png"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("coin@2x.png: 64×64 px, 32×32 pt @2x, RGBA 8-bit"))
    }

    @Test(arguments: ["pngsuite/invalid/xcsn0g01.png", "pngsuite/invalid/xs2n0g01.png",
                      "pngsuite/cgbi-ios/basn6a08.png", "does-not-exist.png"])
    func exitsWithThreeOnUnreadableInput(fixture: String) throws {
        let path = CLI.fixtures + "/" + fixture
        let result = try CLI.run(["info", CLI.fixtures + "/info/coin@2x.png", path])
        #expect(result.status == 3)
        #expect(result.stderr.contains(path), "the error names the file")
        #expect(result.stdout.contains("coin@2x.png"), "readable files are still described")

        let json = try CLI.run(["info", "--json", path])
        #expect(json.status == 3)
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        #expect(report.errors.map(\.path) == [path])
    }

    @Test(arguments: [["info"], ["info", "--no-such-flag", "x.png"], ["no-such-command"], ["info", "--max-pixels", "0", "x.png"]])
    func exitsWithTwoOnUsageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test func helpTeachesAndSucceeds() throws {
        let result = try CLI.run(["info", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
    }
}
