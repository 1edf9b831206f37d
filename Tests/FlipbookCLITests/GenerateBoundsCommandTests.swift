import Foundation
import Testing
import TestSupport

/// Fresh eyes round 9 on `generate` and `draw`: `--max-memory` was ignored (an 8000² × 2 seagull GIF
/// peaked at 3.2 GB under `--max-memory 100`), nothing bounded all the frames together (an 8000²
/// explosion of 20 000 frames drew for 300 s), `scatter --images DIR -o DIR/out.png` scattered its
/// own earlier picture as a rock on the next run, `--images` took a lone `r@9x.png`, and `draw`
/// did not say which operation drew an APNG as an image. On the real gold-coin frames and a real APNG.
@Suite("generate and draw: work bounded, outputs never read back, operations named")
struct GenerateBoundsCommandTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let apng = Fixtures.path("apng-decoders/pillow-over-semi-transparent.png")

    /// Refused before any frame is drawn (exit 2, in well under the seconds the drawing takes),
    /// naming the flag that would allow it.
    @Test(arguments: [
        (["generate", "seagull", "--size", "8000x8000", "--frames", "2", "-o", "s.gif", "--max-memory", "100"], "--max-memory"),
        (["generate", "seagull", "--size", "4000x4000", "--frames", "2", "-o", "s", "--max-memory", "100"], "--max-memory"),
        (["generate", "explosion", "--size", "8000x8000", "--frames", "20000", "-o", "e.webp"], "--max-output-pixels"),
        (["generate", "explosion", "--size", "1000x1000", "--frames", "300", "-o", "e.gif", "--max-output-pixels", "100000000"],
         "--max-output-pixels"),
        // Fresh eyes 57: flags alone asking for more drawing than --max-drawing-work were exit 3,
        // "a frame could not be read or drawn" (a folder output: "frame 1 could not be made").
        (["generate", "explosion", "--sparks", "100000", "--frames", "10001", "--size", "16x16", "-o", "e.gif"], "--max-drawing-work"),
        (["generate", "explosion", "--sparks", "10000", "--frames", "2001", "--size", "16x16", "-o", "dir/", "--max-drawing-work", "20000000"],
         "--max-drawing-work"),
    ])
    func workPastTheLimitsIsRefusedBeforeDrawing(arguments: [String], flag: String) throws {
        let dir = try Fixtures.temporaryFolder("generate-bounds")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2 && run.stderr.contains(flag), "\(run.status) \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Within the limits the same generator writes (a smaller canvas, or more memory allowed).
    @Test func withinTheLimitsItWrites() throws {
        let dir = try Fixtures.temporaryFolder("generate-bounds")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["generate", "seagull", "--size", "400x400", "--frames", "2", "-o", "s.gif", "--max-memory", "100"], in: dir)
        #expect(run.status == 0 && FileManager.default.fileExists(atPath: dir + "/s.gif"), "\(run.stderr)")
    }

    /// The coins in `dir/coin` as scatter art.
    static func art() throws -> String {
        let dir = try Fixtures.temporaryFolder("scatter-art")
        try FileManager.default.createDirectory(atPath: dir + "/coin", withIntermediateDirectories: true)
        let names = Fixtures.pngNames(in: "sequences/kenney-gold-coin")
        #expect(names.count == 4)
        for name in names { try FileManager.default.copyItem(atPath: "\(coin)/\(name)", toPath: "\(dir)/coin/\(name)") }
        return dir
    }

    /// Into the folder of images read (as a PNG, or as frames into the folder itself): refused, nothing written; a
    /// GIF there is no image the next run reads, and is written.
    @Test(arguments: [["-o", "coin/out.png"], ["-o", "./coin/../coin/out.png"], ["-o", "coin", "--count", "3"]])
    func scatterNeverWritesWhereItReadsImages(output: [String]) throws {
        let dir = try Self.art()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = ["generate", "scatter", "--images", "coin", "--size", "60x60"] + output
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2 && run.stderr.contains("read back as an image by the next run"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/coin").count == 4)
        let gif = try CLI.run(["generate", "scatter", "--images", "coin", "--size", "60x60", "-o", "coin/out.gif"], in: dir)
        #expect(gif.status == 0, "\(gif.stderr)")
    }

    /// A lone `r@9x.png` among the images is refused naming it (it was scattered as a rock at @9x).
    @Test func scatterRefusesAnImageNamedAtAScaleNoneIsDrawnAt() throws {
        let dir = try Self.art()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(dir)/coin/r@9x.png")
        let run = try CLI.run(["generate", "scatter", "--images", "coin", "--size", "60x60", "-o", "out.png"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("coin/r@9x.png is named @9x"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// `draw` of a scene whose second operation draws an APNG names the scene, the operation and the file.
    @Test func drawNamesTheOperationOfAnImageItCannotUse() throws {
        let dir = try Fixtures.temporaryFolder("draw-apng")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.apng, toPath: dir + "/anim.png")
        let scene = #"{"size": [40, 40], "ops": [{"fill": "M0 0 H10 V10 Z"}, {"image": "anim.png", "at": [0, 0]}]}"#
        try scene.write(toFile: dir + "/hero.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["draw", "hero.json", "-o", "out.png"], in: dir)
        #expect(run.status != 0 && run.stderr.contains("hero.json: ops[1].image: ") && run.stderr.contains("anim.png"), "\(run.stderr)")
    }

    /// A link in the images' folder that leads out: refused naming the folder (it spoke of a scene).
    @Test func scatterNamesItsFolderForALinkThatLeadsOut() throws {
        let dir = try Self.art()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(dir)/outside.png")
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/coin/linked.png", withDestinationPath: "../outside.png")
        let run = try CLI.run(["generate", "scatter", "--images", "coin", "--size", "60x60", "-o", "out.png"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("coin/linked.png is a symbolic link that leads out of coin")
                && !run.stderr.contains("scene"), "\(run.stderr)")
    }

    /// A sheet split over pages was reported as `-o many.png`, which is not written.
    @Test func aSheetOverPagesIsNamedByItsFirstPage() throws {
        let dir = try Fixtures.temporaryFolder("generate-pages")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 2100² frames: more than a 4096² page holds, so several pages.
        let run = try CLI.run(["generate", "seagull", "--size", "2100x2100", "--frames", "5", "-o", "many.png"], in: dir)
        #expect(run.status == 0 && run.stdout.hasPrefix("many-0.png: 5 frames ("), "\(run.stdout) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/many.png") && FileManager.default.fileExists(atPath: dir + "/many-1.png"))
    }
}
