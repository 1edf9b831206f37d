import Animated
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// PNG files listed by hand play as listed (issue 32: `assemble` refused names without numbers,
/// sorted a hand-made order by number and dropped a file named twice); a glob's name order still
/// reads as the numbered sequence it is.
@Suite("flipbook assemble of listed files")
struct AssembleListedFilesTests {
    static let coin = "sequences/kenney-gold-coin"
    static let items = "sprites/kenney-items"

    /// Which listed file each GIF frame shows (the closest source by mean difference), and each
    /// frame's delay in centiseconds.
    static func framesShown(_ gif: String, sources: [String]) throws -> (shown: [String], delays: [Int]) {
        let pictures = try sources.map { try PNG.Decoder().decodeBitmap(file: Fixtures.path($0)) }
        let frames = try GIF.Decoder(file: gif).allGIFFrames()
        let shown = frames.map { frame in
            let distances = pictures.map { picture in
                zip(frame.image.pixels, picture.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            }
            return sources[distances.firstIndex(of: distances.min()!)!]
        }
        return (shown, frames.map(\.delay))
    }

    /// (files in the order given, the file each frame shows, delays in cs, the note)
    @Test(arguments: [
        // A hand-made order plays as given, with a note (it was sorted by number).
        (["gold_3.png", "gold_1.png", "gold_2.png"], ["gold_3.png", "gold_1.png", "gold_2.png"], [3, 4, 3], true),
        // A file named twice plays twice: here a hold (it was dropped).
        (["gold_1.png", "gold_1.png", "gold_2.png"], ["gold_1.png", "gold_2.png"], [7, 3], true),
        // Name order (a shell glob) is the sequence, by number.
        (["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"], ["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"], [3, 4, 3, 3], false),
    ] as [([String], [String], [Int], Bool)])
    func numberedFilesPlayInTheOrderGiven(files: [String], shown: [String], delays: [Int], note: Bool) throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        let result = try CLI.run(["assemble"] + files.map { Fixtures.path("\(Self.coin)/\($0)") } + ["-o", "out.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let read = try Self.framesShown("\(dir)/out.gif", sources: Set(files).sorted().map { "\(Self.coin)/\($0)" })
        #expect(read.shown == shown.map { "\(Self.coin)/\($0)" })
        #expect(read.delays == delays)
        // The order note (the coin's soft edges bring a note about GIF's alpha too).
        let orderNote = result.stderr.split(separator: "\n").contains { $0.hasPrefix("note:") && !$0.contains("semi-transparent") }
        #expect(orderNote == note, "\(result.stderr)")
    }

    /// Sprites without numbers (it exited 3, "no frames found") play in the order listed, and in
    /// name order when listed so.
    @Test(arguments: [
        ["coinGold.png", "coinSilver.png", "coinBronze.png"],
        ["coinBronze.png", "coinGold.png", "coinSilver.png"],
    ])
    func namedSpritesAreFrames(files: [String]) throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        let result = try CLI.run(["assemble"] + files.map { Fixtures.path("\(Self.items)/\($0)") } + ["-o", "coins.gif"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let read = try Self.framesShown("\(dir)/coins.gif", sources: files.map { "\(Self.items)/\($0)" })
        #expect(read.shown == files.map { "\(Self.items)/\($0)" })
    }

    /// A listed file that is not a PNG, or a listed name that is not there, is named as such (both
    /// said "no frames found"); numbered frames of two sequences in name order are still ambiguous.
    @Test(arguments: [
        (["gold_1.png", "License.txt"], "License.txt: not a PNG file"),
        (["gold_1.png", "gold_9.png"], "gold_9.png: no such file or folder"),
    ])
    func aWrongListedFileIsNamed(files: [String], message: String) throws {
        let result = try CLI.run(["assemble"] + files + ["-o", NSTemporaryDirectory() + "never.gif"], in: Fixtures.path(Self.coin))
        #expect(result.status == 3 && result.stderr.contains(message), "\(result.stderr)")
    }

    /// The library reads a list as the CLI does: `Animation.load` of a hand-made order.
    @Test func theLibraryKeepsTheListedOrder() throws {
        let files = ["gold_2.png", "gold_1.png"].map { Fixtures.path("\(Self.coin)/\($0)") }
        let animation = try Animation.load(files)
        #expect(animation.frames == files.map { FrameSource.file($0) })
        #expect(try Animation.load(files.reversed()).frames.count == 2)
    }

    static let spinner = "sequences/emt-watch-spinner-2x"

    /// A shell glob's order in any locale is name order: byte-wise (C), or ignoring punctuation as
    /// `en_US.UTF-8` sorts (`-10@2x` before `-1@2x`); both read by number (the locale's order played
    /// scrambled).
    @Test(arguments: ["C", "en_US.UTF-8"])
    func aGlobInAnyLocaleReadsByNumber(locale: String) throws {
        let names = (0..<30).map { "waitIndicatorGraphic-\($0)@2x.png" }
        func key(_ name: String) -> String { String(name.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let globbed = locale == "C" ? names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } : names.sorted { key($0) < key($1) }
        #expect(globbed != names && globbed[1] == "waitIndicatorGraphic-10@2x.png")
        let animation = try Animation.load(globbed.map { Fixtures.path("\(Self.spinner)/\($0)") })
        #expect(animation.frames == names.map { .file(Fixtures.path("\(Self.spinner)/\($0)")) })
        #expect(animation.scale == 2)
        #expect(Discovery.listNote(globbed.map { Fixtures.path("\(Self.spinner)/\($0)") }) == nil)
    }

    /// A glob that also catches names without numbers: those keep their places, the numbered frames
    /// play by number (they played in glob order), and a note names the others.
    @Test func unnumberedFilesInAGlobKeepTheirPlaces() throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        for n in 1...4 { try FileManager.default.copyItem(atPath: Fixtures.path("\(Self.coin)/gold_\(n).png"), toPath: "\(dir)/gold_\(n).png") }
        try FileManager.default.copyItem(atPath: Fixtures.path("\(Self.coin)/gold_1.png"), toPath: "\(dir)/gold_end.png")
        let globbed = ["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png", "gold_end.png"]
        let animation = try Animation.load(globbed.map { "\(dir)/\($0)" })
        #expect(animation.frames == globbed.map { .file("\(dir)/\($0)") })
        let result = try CLI.run(["assemble"] + globbed + ["-o", "out.gif"], in: dir)
        #expect(result.status == 0 && result.stderr.contains("gold_end.png has no frame number: played where listed"), "\(result.stderr)")
    }

    /// One folder named in two ways is one folder (it was two sequences, exit 3), and one file named
    /// in two ways is one file shown twice (it was shown once).
    @Test func oneFolderNamedTwoWaysIsOneFolder() throws {
        let folder = Fixtures.path(Self.coin)
        let three = try Animation.load(["./gold_1.png", "gold_2.png", "\(folder)/gold_3.png"].map { $0.hasPrefix("/") ? $0 : "\(folder)/\($0)" })
        #expect(three.frames.count == 3)
        let result = try CLI.run(["assemble", "./gold_1.png", "gold_1.png", "\(folder)/gold_2.png", "-o", NSTemporaryDirectory() + "twice-\(UUID().uuidString).gif", "--json"],
                                 in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["durationSeconds"] as? Double == Double(10) / 100, "three steps of 1/30 s: \(result.stdout)")
        #expect(result.stderr.contains("a file listed twice is shown twice") && !result.stderr.contains("not by name"), "\(result.stderr)")
    }

    /// Some of a folder's frames, listed, take their own durations from its sequence.json's
    /// frameDurations (it refused: "24 entries; 5 expected"), in name order or their own; --fps wins.
    @Test(arguments: [
        (["gold_2.png", "gold_3.png"], [String](), [20, 30]),
        (["gold_4.png", "gold_1.png"], [], [40, 10]),
        (["gold_2.png", "gold_3.png"], ["--fps", "20"], [5, 5]),
    ] as [([String], [String], [Int])])
    func someOfAFoldersFramesKeepTheirDurations(files: [String], options: [String], delays: [Int]) throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        try FileManager.default.copyItem(atPath: Fixtures.path(Self.coin), toPath: "\(dir)/coin")
        try #"{"frameDurations": [100, 200, 300, 400], "fps": null}"#.write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(["assemble"] + files.map { "coin/\($0)" } + ["-o", "out.gif"] + options, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try GIF.Decoder(file: "\(dir)/out.gif").allGIFFrames().map(\.delay) == delays)
    }

    /// `assemble` passes on what the GIF decoder read leniently (it was silent), and a glob that
    /// catches the GIF its first run wrote leaves it out on the second (exit 2 before).
    @Test func gifWarningsAndOwnEarlierOutput() throws {
        let lenient = try CLI.run(["assemble", Fixtures.path("gif/pillow/issue_2811.gif"), "-o", NSTemporaryDirectory() + "lzw-\(UUID().uuidString).gif"])
        #expect(lenient.status == 0 && lenient.stderr.contains("warning:") && lenient.stderr.contains("LZW code size is 11"), "\(lenient.stderr)")
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        for n in 1...4 { try FileManager.default.copyItem(atPath: Fixtures.path("\(Self.coin)/gold_\(n).png"), toPath: "\(dir)/gold_\(n).png") }
        let first = try CLI.run(["assemble"] + (1...4).map { "gold_\($0).png" } + ["-o", "anim.gif"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try CLI.run(["assemble", "anim.gif"] + (1...4).map { "gold_\($0).png" } + ["-o", "anim.gif"], in: dir)
        #expect(again.status == 0 && again.stderr.contains("leaving out anim.gif"), "\(again.stderr)")
    }

    /// Frames of different sizes are named by their files (it said "frame 2 is 64×64" only).
    @Test func aFrameOfAnotherSizeIsNamed() throws {
        let result = try CLI.run(["assemble", Fixtures.path("\(Self.items)/coinGold.png"), Fixtures.path("\(Self.coin)/gold_1.png"),
                                  "-o", NSTemporaryDirectory() + "sizes-\(UUID().uuidString).gif"])
        #expect(result.status == 3 && result.stderr.contains("\(Fixtures.path("\(Self.coin)/gold_1.png")) is 64×64, the first frame (\(Fixtures.path("\(Self.items)/coinGold.png"))) 128×128: all frames must be one size; export them at one size"),
                "\(result.stderr)")
    }

    /// A glob that catches the folder's sequence.json (`frames` writes one beside the frames) reads
    /// it as the folder's timing, not as a frame (it was "not a PNG file").
    @Test func aGlobCatchingSequenceJSONTimesTheFrames() throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        #expect(try CLI.run(["frames", Fixtures.path("gif/effects/Effect_SmallHit.gif"), "-o", "hit"], in: dir).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/hit").filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.contains("sequence.json"))
        let globbed = try CLI.run(["assemble"] + names.map { "hit/\($0)" } + ["-o", "glob.gif", "--json"], in: dir)
        let folder = try CLI.run(["assemble", "hit", "-o", "folder.gif", "--json"], in: dir)
        #expect(globbed.status == 0 && folder.status == 0, "\(globbed.stderr)")
        #expect(try FileIO.readAll("\(dir)/glob.gif") == FileIO.readAll("\(dir)/folder.gif"))
    }

    /// The limits assemble lists apply to PNG frames too (they bound only a GIF source), and the
    /// ones frames lists to a sheet's data (they bound only a GIF); a GIF of no frame is an error.
    @Test(arguments: [
        (["assemble", "coin", "-o", "c.gif", "--max-frames", "3"], "--max-frames"),
        (["assemble", "coin", "-o", "c.gif", "--max-pixels", "1000"], "--max-pixels"),
        (["frames", "s.json", "-o", "back", "--max-frames", "3"], "--max-frames"),
        (["frames", "s.json", "-o", "back", "--max-pixels", "1000"], "--max-pixels"),
        (["frames", "none.gif", "-o", "back"], "holds no frame"),
        (["assemble", "none.gif", "-o", "c.gif"], "holds no frame"),
        // The art a scene or a scatter draws is an image read, bounded like any other.
        (["draw", "scene.json", "-o", "c.png"], "--max-pixels"),
        (["generate", "scatter", "--images", "coin", "--size", "30x30", "-o", "c.gif", "--max-pixels", "1000"], "--max-pixels"),
    ])
    func limitsApplyToEverySource(arguments: [String], message: String) throws {
        let dir = try Fixtures.temporaryFolder("assemble-listed")
        try FileManager.default.copyItem(atPath: Fixtures.path(Self.coin), toPath: "\(dir)/coin")
        #expect(try CLI.run(["sheet", "coin", "-o", "s.png"], in: dir).status == 0)
        // A screen, a global table and the trailer: a GIF of no frame.
        try Data(Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x3B]).write(to: URL(fileURLWithPath: "\(dir)/none.gif"))
        try #"{"size": [10, 10], "ops": [{"image": "coin/gold_1.png"}]}"#.write(toFile: "\(dir)/scene.json", atomically: true, encoding: .utf8)
        let result = try CLI.run(arguments + (arguments[0] == "draw" ? ["--max-pixels", "1000"] : []), in: dir)
        #expect(result.status == 3 && result.stderr.contains(message), "\(result.stderr)")
        #expect(!["c.gif", "c.png", "back"].contains { FileManager.default.fileExists(atPath: "\(dir)/\($0)") })
    }

    /// Round 64b #3: `{"duration": 2, "direction": "pingpong"}` and `{"fps": 3, …}` time a four-frame
    /// folder alike (six steps of 1/3 s); three frames picked from it played steps of 375 ms with
    /// `duration` (their share of the frames, spread over their 4 steps) and 333 ms with `fps`.
    /// `duration` now shrinks to their share of the steps: both give the same delays.
    @Test(arguments: ["pingpong", "pingpong_reverse", "forward"])
    func pickedFramesOfAPingPongKeepTheirStepTimeUnderDuration(direction: String) throws {
        let dir = try Fixtures.temporaryFolder("assemble-picked-pingpong")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var delays: [[Int]] = []
        for timing in [#""duration": 2"#, direction.hasPrefix("pingpong") ? #""fps": 3"# : #""fps": 2"#] {
            try? FileManager.default.removeItem(atPath: "\(dir)/coin")
            try FileManager.default.copyItem(atPath: Fixtures.path(Self.coin), toPath: "\(dir)/coin")
            try "{\(timing), \"direction\": \"\(direction)\"}".write(toFile: "\(dir)/coin/sequence.json", atomically: true, encoding: .utf8)
            let run = try CLI.run(["assemble", "coin/gold_1.png", "coin/gold_2.png", "coin/gold_3.png", "-o", "p.gif"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            delays.append(try GIF.Decoder(file: "\(dir)/p.gif").allGIFFrames().map(\.delay))
        }
        #expect(delays[0] == delays[1], "\(direction): duration \(delays[0]), fps \(delays[1])")
    }

    /// Round 64b #1: a wrong `@3x` file (80 px where 120 are needed) among `@2x` frames, assembled at
    /// `--scale 3`, was refused as "spin1@2x.png is 120×120" — a size that file does not have; the
    /// frame resampled from another scale is now named with its own size and scale.
    @Test func aFrameOfAnotherScaleIsNamedWithItsOwnSize() throws {
        let dir = try Fixtures.temporaryFolder("assemble-wrong-3x")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/mix", withIntermediateDirectories: true)
        let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")
        for index in 0..<4 {
            try FileManager.default.copyItem(atPath: "\(spinner)/waitIndicatorGraphic-\(index)@2x.png", toPath: "\(dir)/mix/spin\(index)@2x.png")
        }
        try FileManager.default.copyItem(atPath: "\(spinner)/waitIndicatorGraphic-0@2x.png", toPath: "\(dir)/mix/spin0@3x.png")
        let run = try CLI.run(["assemble", "mix", "-o", "m.gif", "--scale", "3"], in: dir)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("mix/spin1@2x.png (80×80 px at @2x, resampled to @3x) is 120×120, the first frame (mix/spin0@3x.png) 80×80"), "\(run.stderr)")
    }
}
