import Foundation
import Testing
import TestSupport

/// Issue 44: a negative value (`--max-pixels -1`, `--padding -1`, `--delays -1,2`) was read as a
/// flag by the argument parser, which said "Missing value for '--padding <padding>'". Every numeric
/// option of every command now takes the value and our own check answers, naming the option
/// (exit 2), or takes it when it means something (`--saturation -1` inverts colours).
/// Inputs are the real fixtures named below; nothing is written (every case is refused first).
@Suite("Negative option values (commands)")
struct NegativeValueCommandTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let scene = Fixtures.path("framegen/scenes/overlap-alpha.json")
    static let gif = Fixtures.path("gif/giflib/fire.gif")

    /// Each command's arguments before the option tried, and the numeric options it takes.
    static let commands: [(base: [String], options: [String])] = [
        (["assemble", coin, "-o", "x.gif"], ["--fps", "--duration", "--delays", "--repeat", "--scale", "--colors", "--max-bytes",
                                            "--threads", "--max-pixels", "--max-frames", "--max-memory", "--max-output-pixels"]),
        (["assemble", coin, "-o", "x.webp", "--lossy"], ["--quality"]),
        (["sheet", coin, "-o", "s.png"], ["--padding", "--border", "--trim-margin", "--extrude", "--scales", "--max-size", "--fps",
                                         "--png-level", "--threads", "--max-pixels", "--max-frames", "--max-memory"]),
        (["frames", gif, "-o", "out"], ["--threads", "--max-pixels", "--max-frames", "--max-output-pixels"]),
        (["validate", coin], ["--threads", "--max-pixels", "--max-frames", "--max-output-pixels"]),
        (["info", frame], ["--max-pixels", "--max-frames", "--max-output-pixels"]),
        (["generate", "seagull", "-o", "x.gif"], ["--size", "--frames", "--width", "--scale", "--fps", "--repeat", "--max-pixels",
                                                   "--max-frames", "--max-memory", "--max-output-pixels"]),
        (["generate", "explosion", "-o", "x.gif"], ["--size", "--frames", "--seed", "--sparks", "--max-drawing-work"]),
        (["generate", "scatter", "-o", "x.png"], ["--size", "--count", "--seed", "--radius"]),
        (["generate", "stroke", "points.json", "-o", "x.png"], ["--frames", "--size", "--width", "--max-path-segments", "--max-edges",
                                                                "--max-drawing-work"]),
        (["draw", scene, "-o", "x.png"], ["--scale", "--max-pixels", "--max-path-segments", "--max-edges", "--max-drawing-work", "--max-memory"]),
        (["render", Fixtures.repository + "/Examples/frosted-panel.json", "-o", "x.gif"],
         ["--scale", "--fps", "--repeat", "--threads", "--max-pixels", "--max-frames", "--max-output-pixels", "--max-path-segments",
          "--max-edges", "--max-drawing-work", "--max-memory"]),
        (["blur", frame, "-o", "x.png"], ["--sigma", "--downsample", "--max-pixels", "--max-frames", "--max-output-pixels"]),
        (["slice", frame, "-o", "x.png"], ["--insets", "--size", "--max-pixels", "--max-frames", "--max-output-pixels"]),
        (["resize", frame, "-o", "x.png"], ["--size", "--scale", "--max-pixels", "--max-frames", "--max-output-pixels"]),
    ]

    /// What each option needs beside it to reach its own check (a blur needs a sigma...).
    static func completing(_ base: [String], _ option: String) -> [String] {
        switch (base[0], option) {
        case ("blur", "--sigma"): []
        case ("blur", _): ["--sigma", "1"]
        case ("slice", "--insets"): ["--size", "80x80"]
        case ("slice", "--size"): ["--insets", "4,4,4,4"]
        case ("slice", _): ["--insets", "4,4,4,4", "--size", "80x80"]
        case ("resize", "--size"), ("resize", "--scale"): []
        case ("resize", _): ["--scale", "2"]
        default: []
        }
    }

    /// A negative value for the option: `-1`, or the list and size forms (`-1,2`, `-1x2`).
    static func negative(_ option: String) -> String {
        switch option {
        case "--delays", "--scales": "-1,2"
        case "--insets": "-1,4,4,4"
        case "--size": "-1x2"
        default: "-1"
        }
    }

    static let cases: [[String]] = commands.flatMap { command in
        command.options.map { command.base + completing(command.base, $0) + [$0, negative($0)] }
    }

    @Test(arguments: cases)
    func aNegativeValueReachesTheOptionsOwnCheck(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("negative")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let option = arguments[arguments.count - 2]
        let result = try CLI.run(arguments, in: dir)
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(option), "\(result.stderr)")
        // Refused before anything is written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Every refusal above, and every value a command's own check refuses, is the one sentence of
    /// argument mistakes (issue 44, fresh eyes: `--scale must be 1…8.`, `--colors must be 2…256.`
    /// did not name the value): `--X does not take 'V'` (the bad item of a list or size, with the
    /// whole value), then the hint line. Parsed in this process (``CommandLineParse``), as the
    /// executable parses them.
    @Test func everyRefusalIsTheOneSentence() {
        #expect(Self.cases.count == 93)
        for arguments in Self.cases {
            let option = arguments[arguments.count - 2], value = arguments[arguments.count - 1]
            guard let refusal = CommandLineParse.refusal(arguments) else {
                Issue.record("\(arguments): not refused while parsing")
                continue
            }
            #expect(refusal.message.hasPrefix("\(option) does not take '") && refusal.message.contains(value) && refusal.message.contains("; it takes"),
                    "\(arguments): \(refusal.message)")
            #expect(refusal.hint.hasPrefix("hint: flipbook ") && refusal.hint.hasSuffix(" --help lists its options"), "\(refusal.hint)")
        }
    }

    /// A saturation below 0 is a colour inversion, as in Core Image: taken, not refused.
    @Test func aNegativeSaturationIsTaken() throws {
        let dir = try Fixtures.temporaryFolder("negative-saturation")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["blur", Self.frame, "-o", "x.png", "--sigma", "1", "--saturation", "-1"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The options that take a value but no number; every other option with a value in any
    /// command's help must be in ``commands`` (a new numeric option cannot be missed).
    static let nonNumeric: Set<String> = [
        "--output", "--format", "--effort", "--compatibility", "--dither", "--alpha", "--edge-matte", "--on-duplicate-number",
        "--data", "--engine", "--layout", "--alpha-handling", "--config", "--prefix", "--name", "--color", "--images",
        "--background", "--method", "--edge", "--tint", "--preset", "--mode", "--filter", "--fit", "--smoothing", "--quality",
        "--saturation", "--shard", "--animation",
    ]

    @Test(arguments: [["assemble"], ["sheet"], ["frames"], ["validate"], ["info"], ["generate", "seagull"], ["generate", "explosion"],
                      ["generate", "scatter"], ["generate", "stroke"], ["draw"], ["render"], ["blur"], ["slice"], ["resize"]])
    func everyNumericOptionIsCovered(command: [String]) throws {
        let help = try CLI.run(command + ["--help"])
        #expect(help.status == 0)
        let words = help.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        let taking = Set(zip(words, words.dropFirst()).filter { $0.0.hasPrefix("--") && $0.1.hasPrefix("<") }.map(\.0))
        #expect(taking.count >= 2, "\(help.stdout)")
        // The generators share their output options: a case under any of them covers all.
        let covered = Set(Self.commands.filter { $0.base[0] == command[0] }.flatMap(\.options))
        #expect(taking.subtracting(covered).subtracting(Self.nonNumeric).isEmpty, "\(taking.subtracting(covered).subtracting(Self.nonNumeric))")
    }
}
