import Basics
import CZlib
import Foundation
@testable import flipbook
import Raster
import Testing
import TestSupport

/// The seventh fresh-eyes round (the CLI and docs alone): advice naming a flag the command does
/// not have, `render` taking an fps nothing else reads, sizes whose pixels round to nothing, huge
/// values giving empty output, and one wording where two said the same thing differently. Each
/// runs the built command on the real `kenney-gold-coin` frames or on a tiny hostile file built
/// here.
@Suite("Fresh eyes 7: advice, ranges and sizes the same in every command")
struct FreshEyesSevenTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let scene = Fixtures.repository + "/Examples/seagull-flight.json"

    /// A 4.6 KB-style GIF bomb: 200 one-pixel frames on an 8000×8000 screen (each frame within
    /// `--max-pixels`, all of them far over `--max-output-pixels`).
    static var bombGIF: [UInt8] {
        var bytes = Array("GIF89a".utf8) + [0x40, 0x1F, 0x40, 0x1F, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0..<200 {
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // a 1×1 image at (0, 0)
            bytes += [2, 2, 0x44, 0x01, 0]  // LZW: clear, index 0, end
        }
        return bytes + [0x3B]
    }

    /// The coin's first frame with an `acTL` promising `frames` frames put before its image data.
    static func apng(promising frames: UInt32) throws -> [UInt8] {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: frame)))
        // Signature (8) + IHDR (4 + 4 + 13 + 4).
        let head = Array(png[..<33]), rest = Array(png[33...])
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let body = Array("acTL".utf8) + bigEndian(frames) + bigEndian(0)
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return head + bigEndian(8) + body + bigEndian(crc) + rest
    }

    /// The long options a command's `--help` lists.
    static func helpFlags(_ command: [String]) throws -> Set<String> {
        CLIDocsAgreeTests.helpFlags(try CLI.run(command + ["--help"]).stdout)
    }

    // MARK: 4. Advice names only flags the command has

    /// A limit met by `info`, `validate`, `blur`, `resize` and `slice` is raised by a flag each of
    /// them has (info said "--max-output-pixels raises it" and refused the flag as unknown).
    @Test(arguments: [["info", "bomb.gif"], ["validate", "bombs"], ["blur", "bomb.gif", "-o", "b.gif", "--sigma", "1"],
                      ["resize", "bomb.gif", "-o", "r.gif", "--scale", "0.5"],
                      ["slice", "bomb.gif", "-o", "s.gif", "--insets", "0,0,0,0", "--size", "10x10"],
                      ["validate", "ap"], ["info", "ap/huge.png"]])
    func everyFlagAdvisedIsOneTheCommandHas(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.bombGIF).write(to: URL(fileURLWithPath: dir + "/bomb.gif"))
        try FileManager.default.createDirectory(atPath: dir + "/bombs", withIntermediateDirectories: true)
        try Data(Self.bombGIF).write(to: URL(fileURLWithPath: dir + "/bombs/bomb.gif"))
        try FileManager.default.createDirectory(atPath: dir + "/ap", withIntermediateDirectories: true)
        try Data(try Self.apng(promising: 1_000_000)).write(to: URL(fileURLWithPath: dir + "/ap/huge.png"))
        let run = try CLI.run(arguments, in: dir)
        let said = run.stdout + run.stderr
        #expect(run.status != 0 && said.contains("raises it"), "\(run.status): \(said)")
        let advised = Set(said.matches(of: /--max-[a-z-]+/).map { String($0.output) })
        #expect(!advised.isEmpty, "\(said)")
        let flags = try Self.helpFlags([arguments[0]])
        #expect(advised.isSubset(of: flags), "\(arguments[0]) advises \(advised.subtracting(flags)): \(said)")
        // And the flag advised is taken (a low value, so the run still stops at once: no "unknown option").
        let given = try CLI.run(arguments + advised.flatMap { [$0, "1000"] }, in: dir)
        // `validate` judges a file over a limit (`animation.unreadable`, `png.too-large`): exit 1.
        #expect(given.status == (arguments[0] == "validate" ? 1 : 3) && !given.stderr.contains("unknown option"), "\(given.stderr)")
    }

    /// Where a command has no flag for a limit, the advice says so rather than name one.
    @Test func aCommandWithoutTheFlagIsToldSo() throws {
        let info = try #require(UnknownOption.commandAndOptions(in: ["info", "x.gif"]))
        #expect(info.name == "info" && info.options.contains("--max-pixels") && !info.options.contains("--max-edges"))
        let seagull = try #require(UnknownOption.commandAndOptions(in: ["generate", "seagull", "-o", "x"]))
        #expect(seagull.name == "generate seagull" && !seagull.options.contains("--max-edges"))
        let library = "x.svg: needs 5 edges, over the limit of 4; raise ResourceLimits.maxFlattenedEdges to allow it"
        func words(_ command: (name: String, options: Set<String>)?) -> String {
            var text = library
            for (from, to) in CLIWording.phrases(for: command) where text.contains(from) { text = text.replacingOccurrences(of: from, with: to) }
            return text
        }
        #expect(words(info).hasSuffix("flipbook info has no flag that raises it"), "\(words(info))")
        #expect(words((name: "draw", options: ["--max-edges"])).hasSuffix("--max-edges raises it"))
        #expect(words(nil).hasSuffix("--max-edges raises it"))
    }

    /// Two files for one frame number: `blur`, `resize` and `slice` of the folder name the flag
    /// they now have, and `--on-duplicate-number first` picks one, as in `assemble`.
    @Test(arguments: [["blur", "dup", "-o", "out", "--sigma", "1"], ["resize", "dup", "-o", "out", "--scale", "0.5"],
                      ["slice", "dup", "-o", "out", "--insets", "1,1,1,1", "--size", "40x40"]])
    func duplicateNumbersAreRefusedWithAFlagTheCommandHas(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/dup", withIntermediateDirectories: true)
        for (source, name) in [(1, "fire1"), (2, "fire2"), (3, "fire02")] {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(source).png", toPath: "\(dir)/dup/\(name).png")
        }
        let refused = try CLI.run(arguments, in: dir)
        #expect(refused.status == 3 && refused.stderr.contains("fire2.png") && refused.stderr.contains("fire02.png"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--on-duplicate-number first or last"), "\(refused.stderr)")
        #expect(try Self.helpFlags([arguments[0]]).contains("--on-duplicate-number"))
        let first = try CLI.run(arguments + ["--on-duplicate-number", "first"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }
        #expect(written.count == 2, "\(written)")
    }

    /// `generate … -o x.png` of several frames too large for a sheet's page is an argument
    /// mistake naming what generate has (it was exit 1, "raise --max-size", a flag generate lacks).
    @Test(arguments: [["explosion", "--size", "100000000x0.1", "--frames", "2"], ["explosion", "--size", "5000x5000", "--frames", "2"]])
    func aSheetTooLargeIsAnArgumentMistake(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["generate"] + arguments + ["-o", "x.png"], in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--size") && !run.stderr.contains("--max-size"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    // MARK: 6. render's fps is sequence.json's

    /// `--fps 1e-7` is refused before any work (exit 2), in the range assemble and generate use.
    @Test(arguments: ["o/rfd", "x.gif", "x.json"])
    func renderRefusesAnFPSNothingElseReads(output: String) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", Self.scene, "-o", output, "--fps", "1e-7"], in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--fps does not take '1e-7'") && run.stderr.contains("between 1/86400 and 1000"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// A scene file's `fps` under 1/86400 is exit 3 naming the key.
    @Test func aSceneFPSBelowADayAFrameIsRefused() throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"size": [16, 8], "frames": 2, "fps": 1e-7, "layers": []}"#.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "s.json", "-o", "out"], in: dir)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("fps") && run.stderr.contains("1/86400"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    // MARK: 7. A size whose pixels round to nothing

    @Test(arguments: [["generate", "seagull", "-o", "g.png", "--size", "0.0001x0.0001"],
                      ["generate", "scatter", "-o", "g.png", "--size", "0.0001x0.0001"],
                      ["generate", "seagull", "-o", "g", "--size", "1e18x1e-18"],
                      ["slice", frame, "-o", "s.png", "--insets", "0,0,0,0", "--size", "0.0001x0.0001"],
                      ["slice", frame, "-o", "s.png", "--insets", "0,0,0,0", "--size", "1e18x1e-18"],
                      ["resize", frame, "-o", "r.png", "--size", "1e18x1e-18"],
                      ["resize", frame, "-o", "r.png", "--size", "1e19x1e-7"]])
    func aSizeOfNoPixelsIsAnArgumentMistake(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--size"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    // MARK: 8, 15. Ranges for values that gave empty output

    @Test(arguments: [["generate", "seagull", "-o", "g.gif", "--width", "1e300"], ["generate", "seagull", "-o", "g.gif", "--width", "17"],
                      ["generate", "scatter", "-o", "g.png", "--radius", "1e300"],
                      ["blur", frame, "-o", "b.png", "--sigma", "1", "--saturation", "1e19"],
                      ["blur", frame, "-o", "b.png", "--sigma", "1", "--saturation", "-1e19"],
                      ["blur", frame, "-o", "b.png", "--sigma", "1", "--downsample", "1e19"]])
    func hugeValuesAreRefused(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("\(arguments[arguments.count - 2]) does not take"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// `Blur`'s downsample below 1 was taken as 1 (NaN and +inf were refused): all are refused.
    @Test(arguments: [0, -1, -Double.infinity, .nan, .infinity, 101])
    func blurRefusesADownsampleOutOfRange(downsample: Double) throws {
        let bitmap = try Bitmap(width: 4, height: 4)
        let error = #expect(throws: SettingError.self) { _ = try Blur(sigma: 2, downsample: downsample).apply(to: bitmap) }
        #expect(error?.setting == .downsample, "\(String(describing: error))")
        #expect(error?.description.contains("between 1 and 100") == true, "\(String(describing: error))")
    }

    // MARK: 19, 20. One wording, every command's --json

    @Test func previewPrintsJSON() throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/coin")
        let run = try CLI.run(["preview", "coin", "--no-validate", "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(Set(object.keys) == ["output", "files", "sequences", "animations", "sheets", "findings", "warnings"], "\(object.keys)")
        #expect(object["sequences"] as? Int == 1 && object["output"] as? String == "coin/preview.html", "\(object)")
    }

    /// A missing project file is a missing input: exit 3, as the exit-code table says.
    @Test func aMissingProjectFileIsExitThree() throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["build", "--project", "missing.json"], in: dir)
        #expect(run.status == 3, "\(run.stderr)")
    }

    /// `--duration` refused before the work (1e300) and once the frames are counted (1e19) in one wording.
    @Test(arguments: ["1e300", "1e19"])
    func durationRefusalsAreWordedOnce(value: String) throws {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-7")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["assemble", Self.coin, "-o", "a.gif", "--duration", value], in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--duration does not take '\(value)'; it takes: the seconds of one play, positive, at most a day a frame"),
                "\(run.stderr)")
    }

    @Test func assembleHelpNamesEverySource() throws {
        let help = try CLI.run(["assemble", "--help"]).stdout
        #expect(help.contains("GIF, APNG or WebP"), "\(help)")
    }
}
