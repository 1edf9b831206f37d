import Basics
import Foundation
import Testing
import GIF
import Raster

@Suite("flipbook assemble and frames")
struct AssembleCommandTests {
    static let repositoryRoot = CLI.repository
    static let encoded = CLI.fixtures + "/gif/encoded"

    struct Golden: Decodable {
        var arguments: [String]
        var frames: Int
        var delays: [Int]
        var loop: Int?
    }

    static var goldenNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: encoded)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "flipbook-assemble-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The same input and options give the committed bytes (output is deterministic), and Pillow,
    /// ffmpeg and ImageMagick — recorded by make_encoder_references.py — see exactly what our decoder sees.
    @Test(arguments: goldenNames)
    func matchesTheGoldenAndOtherDecoders(name: String) throws {
        let golden = try JSONDecoder().decode(Golden.self, from: Data(contentsOf: URL(fileURLWithPath: "\(Self.encoded)/\(name).json")))
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(["assemble"] + golden.arguments + ["-o", directory + "/out.gif"], in: Self.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let fresh = try FileIO.readAll(directory + "/out.gif")
        let committed = try FileIO.readAll("\(Self.encoded)/\(name).gif")
        let identical = fresh == committed   // not inside #expect: printing two 60 KB arrays takes minutes
        #expect(identical, "\(name): \(fresh.count) bytes now, \(committed.count) committed; re-record with make_encoder_references.py if intended")

        let decoder = try GIF.Decoder(bytes: committed, file: name)
        let frames = try decoder.allGIFFrames()
        #expect(frames.count == golden.frames)
        #expect(frames.map(\.delay) == golden.delays)
        #expect(decoder.netscapeLoops == golden.loop)
        for reference in ["pillow", "ffmpeg", "imagemagick"] {
            let strip = try PNG.Decoder().decode(file: "\(Self.encoded)/\(name).\(reference).png").bitmap()
            #expect(strip.height == frames.count * decoder.height)
            var differing = 0
            for (index, frame) in frames.enumerated() {
                for y in 0..<decoder.height {
                    for x in 0..<decoder.width where frame.image[x, y] != strip[x, index * decoder.height + y] { differing += 1 }
                }
            }
            #expect(differing == 0, "\(reference) sees \(differing) pixels differently")
        }
    }

    /// fire.gif has 231 colours: exploded and rebuilt, every pixel comes back exactly. welcome2.gif
    /// has 419 across its local palettes: it comes back close, with its timing and loop count.
    /// A negative number is a value out of range, said with the range, not a "missing value".
    @Test(arguments: [("--fps", "-5", "--fps does not take '-5'; it takes: frames per second, between 1/86400 and 1000"),
                      ("--repeat", "-1", "--repeat does not take '-1'; it takes: 0 (forever) or a number of plays"),
                      ("--duration", "-2", "--duration does not take '-2'; it takes: the seconds of one play, positive")])
    func negativeNumbersAreRefusedWithTheirRange(option: String, value: String, message: String) throws {
        let result = try CLI.run(["assemble", "Sequences/kenney-robot-walk", "-o", NSTemporaryDirectory() + "never.gif", option, value],
                                 in: Self.repositoryRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message) && !result.stderr.contains("Missing value"), "\(result.stderr)")
    }

    @Test(arguments: [("fire", true), ("welcome2", false)])
    func explodesAGIFAndRebuildsIt(name: String, lossless: Bool) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = CLI.fixtures + "/gif/giflib/\(name).gif"
        let explode = try CLI.run(["frames", source, "-o", directory + "/frames", "--json"])
        #expect(explode.status == 0, "\(explode.stderr)")
        let original = try GIF.Decoder(file: source)
        let originalFrames = try original.allGIFFrames()
        let written = try FileManager.default.contentsOfDirectory(atPath: directory + "/frames").filter { $0.hasSuffix(".png") }
        #expect(written.count == originalFrames.count)
        // Every written frame is the decoded screen byte for byte (the decoder matches Pillow: GIFDecoderTests).
        for (index, frame) in originalFrames.enumerated() {
            let same = try PNG.Decoder().decodeBitmap(file: directory + "/frames/\(name)\(name.last!.isNumber ? "_" : "")\(index + 1).png") == frame.image
            #expect(same, "frame \(index + 1)")
        }

        let rebuild = try CLI.run(["assemble", directory + "/frames", "-o", directory + "/again.gif", "--json"])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let again = try GIF.Decoder(file: directory + "/again.gif")
        let againFrames = try again.allGIFFrames()
        #expect(againFrames.count == originalFrames.count)
        #expect(againFrames.map(\.delay) == originalFrames.map(\.delay), "sequence.json carried the timing")
        #expect(again.repeatCount == original.repeatCount)
        var worst = 0
        for (rebuilt, frame) in zip(againFrames, originalFrames) {
            for y in 0..<again.height {
                for x in 0..<again.width {
                    let a = rebuilt.image[x, y], b = frame.image[x, y]
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                }
            }
        }
        #expect(lossless ? worst == 0 : worst <= 24, "largest channel difference \(worst)")
    }

    /// Each timing option sets the whole timing, for sequences and GIF sources alike.
    @Test(arguments: [
        (["Sequences/kenney-robot-walk", "--duration", "2"], 200),
        (["Sequences/kenney-robot-walk", "--delays", "50,50,50,50,50,50,50,50"], 40),
        // As every floating option: an exponent (`--fps 1e1` was taken, `--delays 5e1` refused).
        (["Sequences/kenney-robot-walk", "--delays", "5e1,50,50,50,50,50,50,0.5e2"], 40),
        (["Sequences/kenney-robot-walk", "--fps", "10"], 80),
        (["Tests/Fixtures/gif/giflib/fire.gif", "--fps", "10"], 330),
        (["Tests/Fixtures/gif/giflib/fire.gif", "--duration", "1"], 100),
        (["Tests/Fixtures/gif/giflib/fire.gif"], 165),
    ] as [([String], Int)])
    func timingOptionSetsTheTiming(arguments: [String], total: Int) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(["assemble"] + arguments + ["-o", directory + "/t.gif", "--json"], in: Self.repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["durationSeconds"] as? Double == Double(total) / 100)
    }

    /// Two timing options on one command line are refused naming both (fresh eyes round 13: the
    /// stronger won without a word), before any frame is read or anything written.
    @Test(arguments: [
        (["--fps", "10", "--duration", "2"], "--fps and --duration"),
        (["--fps", "10", "--delays", "50,50,50,50,50,50,50,50"], "--fps and --delays"),
        (["--duration", "1", "--delays", "50,50,50,50,50,50,50,50"], "--duration and --delays"),
        (["--fps", "10", "--duration", "1", "--delays", "50"], "--fps and --duration and --delays all"),
    ] as [([String], String)])
    func twoTimingOptionsAreRefused(options: [String], named: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(["assemble", "Sequences/kenney-robot-walk"] + options + ["-o", directory + "/t.gif"], in: Self.repositoryRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains(named.hasSuffix(" all") ? "\(named) set the timing" : "\(named) both set the timing"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func reportsTimingMergesAndMaxBytes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let walk = Self.repositoryRoot + "/Sequences/kenney-robot-walk"
        let fast = try CLI.run(["assemble", walk, "-o", directory + "/fast.gif", "--fps", "120", "--json"])
        #expect(fast.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(fast.stdout.utf8)) as? [String: Any]
        #expect(report?["durationSeconds"] as? Double == Double(7) / 100)
        #expect((report?["framesMergedForTiming"] as? Int ?? 0) > 0)

        let tiny = try CLI.run(["assemble", walk, "-o", directory + "/tiny.gif", "--max-bytes", "100"])
        #expect(tiny.status == 1, "cannot fit: best effort, exit 1")
        #expect(tiny.stderr.contains("--max-bytes"))
        #expect(FileManager.default.fileExists(atPath: directory + "/tiny.gif"))

        let fits = try CLI.run(["assemble", walk, "-o", directory + "/fits.gif", "--max-bytes", "15000", "--json"])
        #expect(fits.status == 0, "\(fits.stdout)")
        #expect(try FileIO.readAll(directory + "/fits.gif").count <= 15000)
    }

    @Test(arguments: [
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--fps", "0"],
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--alpha", "matte:red"],
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--delays", "100,abc"],
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--delays", "100,100"],
        // Decimal milliseconds only: 0x10 was read as 16 ms, a trailing comma as nothing.
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--delays", "0x10,100,100,100,100,100,100,100"],
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--delays", "100,100,100,100,100,100,100,100,"],
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--quality", "high", "--dither", "fs"],
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--dither", "ordered"],   // standard does not dither
        ["assemble", "Sequences/kenney-robot-walk"],
        // A GIF plays at most 65 536 times short of forever (was: "plays 70000×", then 65 536).
        ["assemble", "Sequences/kenney-robot-walk", "-o", "/tmp/x.gif", "--repeat", "70000"],
        ["generate", "seagull", "-o", "/tmp/x.gif", "--repeat", "65537"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try CLI.run(arguments, in: Self.repositoryRoot)
        #expect(result.status == 2, "\(result.stderr)")
    }

    /// `--scale 2` with `@2x` files for some frames only: as UIKit, each other frame falls back to
    /// its `@1x` file, drawn at twice the size (it exited 3: "frame 2 is 64×64; the first frame is 128×128").
    @Test func aMissingScaleFallsBackPerFrame() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let coin = Self.repositoryRoot + "/Tests/Fixtures/sequences/kenney-gold-coin"
        try FileManager.default.createDirectory(atPath: directory + "/halfx", withIntermediateDirectories: false)
        for index in 1...4 { try FileManager.default.copyItem(atPath: "\(coin)/gold_\(index).png", toPath: "\(directory)/halfx/coin\(index).png") }
        for index in [1, 3] {
            #expect(try CLI.run(["resize", "\(coin)/gold_\(index).png", "-o", "\(directory)/halfx/coin\(index)@2x.png", "--scale", "2"]).status == 0)
        }
        let result = try CLI.run(["assemble", directory + "/halfx", "--scale", "2", "-o", directory + "/h.gif"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 of 4 frames have no @2x file"), "\(result.stderr)")
        let frames = try GIF.Decoder(file: directory + "/h.gif").allGIFFrames()
        #expect(frames.count == 4 && frames.allSatisfy { $0.image.width == 128 && $0.image.height == 128 })
    }

    /// `--max-bytes` searches down to 2 colours (it gave up at 8: 56 kB here, where 4 colours make
    /// 38 kB), and says what is left when even that is too large.
    @Test func maxBytesSearchesUntilItFits() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let explosion = Self.repositoryRoot + "/Tests/Fixtures/sequences/unity-explosion02hd-fadeout"
        let fits = try CLI.run(["assemble", explosion, "-o", directory + "/fit.gif", "--max-bytes", "45000", "--json"])
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(try FileIO.readAll(directory + "/fit.gif").count <= 45000)
        // The JSON says which cap the search chose (fresh eyes: nothing did), and the text line too.
        let report = try #require(try JSONSerialization.jsonObject(with: Data(fits.stdout.utf8)) as? [String: Any])
        let cap = try #require(report["colorsCap"] as? Int)
        #expect(cap < 256 && [191, 127, 95, 63, 47, 31, 15, 7, 3, 2].contains(cap), "\(cap)")
        #expect((report["colors"] as? Int ?? 0) <= 256)
        let said = try CLI.run(["assemble", explosion, "-o", directory + "/fit2.gif", "--max-bytes", "45000"])
        #expect(said.stdout.contains(", at most \(cap) colours a frame (standard)"), "\(said.stdout)")
        let impossible = try CLI.run(["assemble", explosion, "-o", directory + "/no.gif", "--max-bytes", "1000"])
        #expect(impossible.status == 1)
        #expect(impossible.stderr.contains("(2 colours, standard)") && impossible.stderr.contains("fewer frames"), "\(impossible.stderr)")
    }

    /// The largest count a GIF can hold is written and read back exactly.
    @Test func theLargestRepeatCountIsKept() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(["assemble", "Sequences/kenney-gold-coin", "-o", directory + "/r.gif", "--repeat", "65536"], in: Self.repositoryRoot)
        #expect(result.status == 0 && result.stdout.contains("plays 65536×"), "\(result.stderr)")
        let decoder = try GIF.Decoder(file: directory + "/r.gif")
        _ = try decoder.allGIFFrames()
        #expect(decoder.repeatCount == 65536)
    }

    @Test func unreadableInputExitsThreeAndUnwritableOutputFour() throws {
        #expect(try CLI.run(["assemble", "/nonexistent/walk", "-o", "/tmp/x.gif"]).status == 3)
        #expect(try CLI.run(["frames", CLI.fixtures + "/pngsuite/valid/basn0g01.png", "-o", "/tmp/x"]).status == 3)
        // A missing folder is created (issue 44); a file where a folder should be cannot be.
        let result = try CLI.run(["assemble", "Sequences/kenney-gold-coin", "-o", "/dev/null/dir/x.gif"], in: Self.repositoryRoot)
        #expect(result.status == 4)
    }

    @Test func framesOfAGIFWithZeroDelaysAssembleBack() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Three 1 cs frames: browsers play them as 10 cs each, and so does the folder `frames` writes.
        try Data(HostileInputTests.gif(width: 2, height: 2, frames: 3)).write(to: URL(fileURLWithPath: directory + "/fast.gif"))
        let frames = try CLI.run(["frames", "fast.gif", "-o", "out"], in: directory)
        #expect(frames.status == 0, "\(frames.stderr)")
        let again = try CLI.run(["assemble", "out", "-o", "again.gif", "--json"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect(report?["durationSeconds"] as? Double == Double(30) / 100)
    }

    /// The frames `frames` writes pass `validate` as one sequence: one colour type and bit depth
    /// (BigHit's came out as 1-, 2- and 8-bit palettes, 9 png.colortype-mixed warnings).
    @Test(arguments: ["gif/effects/Effect_BigHit.gif", "gif/giflib/fire.gif", "gif/giflib/welcome2.gif"])
    func framesOfAGIFShareOneColourType(gif: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try CLI.run(["frames", CLI.fixtures + "/" + gif, "-o", "out"], in: directory).status == 0)
        let check = try CLI.run(["validate", "out"], in: directory)
        #expect(check.status == 0 && check.stdout.contains("0 warnings") && !check.stdout.contains("png.colortype-mixed"), "\(check.stdout)")
    }
}
