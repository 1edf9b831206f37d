import Foundation
import Testing
import TestSupport

/// Issue 44: an argument mistake looked one of two ways. ArgumentParser's own (an unknown option,
/// a missing value, a value that does not parse) printed `Error: The value '-1' is invalid for
/// '--seed <seed>'` and then the whole usage text; Flipbook's printed `error: …` in its words. Now
/// every one is `error: ` and one sentence naming the option, the value and what it takes, then one
/// line pointing at the command's `--help`, exit 2. Inputs are the real fixtures named below;
/// nothing is written (every case is refused before).
@Suite("One style for argument mistakes")
struct UsageErrorStyleTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let gif = Fixtures.path("gif/giflib/fire.gif")

    /// (arguments, the error line after `error: `, the command whose --help the hint names)
    static let cases: [([String], String, String)] = [
        // Unknown options, with and without a near name.
        (["assemble", coin, "-o", "x.gif", "--fsp", "12"], "unknown option '--fsp'; did you mean '--fps'?", "flipbook assemble"),
        (["sheet", coin, "-o", "s.png", "--bogus"], "unknown option '--bogus'", "flipbook sheet"),
        (["generate", "explosion", "-o", "x.gif", "--sead", "3"], "unknown option '--sead'; did you mean '--seed'?", "flipbook generate explosion"),
        // A misspelt required option is unknown, not missing (was "give --sigma or --preset.",
        // "give either --size or --scale.", "missing expected argument '--chrome'" / "'--insets'").
        (["blur", coin, "-o", "x", "--sigm", "2"], "unknown option '--sigm'; did you mean '--sigma'?", "flipbook blur"),
        (["resize", frame, "-o", "r.png", "--scal", "2"], "unknown option '--scal'; did you mean '--scale'?", "flipbook resize"),
        (["note", "hi", "--chrom", frame, "--insets", "4,4,4,4", "-o", "n.png"], "unknown option '--chrom'; did you mean '--chrome'?", "flipbook note"),
        (["slice", frame, "-o", "s.png", "--inset", "4,4,4,4", "--size", "10x10"], "unknown option '--inset'; did you mean '--insets'?", "flipbook slice"),
        // A near value of a list gets its "did you mean" too.
        (["note", "x", "--chrome", frame, "--insets", "4,4,4,4", "-o", "n.png", "--align", "centre"],
         "--align does not take 'centre'; it takes one of natural, left, center or right; did you mean 'center'?", "flipbook note"),
        // Values that do not parse: the option, the value and what it takes.
        (["generate", "explosion", "-o", "x.gif", "--seed", "-1"], "--seed does not take '-1'; it takes: random seed, a whole number from 0", "flipbook generate explosion"),
        (["assemble", coin, "-o", "x.webp", "--lossy", "--quality", "-1"],
         "--quality does not take '-1'; it takes one of fast, standard, high or 0…100", "flipbook assemble"),
        (["assemble", coin, "-o", "x.gif", "--fps", "abc"], "--fps does not take 'abc'; it takes: frames per second", "flipbook assemble"),
        (["resize", frame, "-o", "x.png", "--scale", "2", "--filter", "sharp"],
         "--filter does not take 'sharp'; it takes one of nearest, bilinear, bicubic or lanczos", "flipbook resize"),
        // A missing value or argument, a flag given a value.
        (["frames", gif, "-o"], "-o needs a value after it; it takes: ", "flipbook frames"),
        (["info"], "missing <paths>; it takes: ", "flipbook info"),
        (["validate", coin, "--json=yes"], "--json is a flag and takes no value (got 'yes'); give it alone", "flipbook validate"),
        // Flipbook's own checks (a command's validate()) look the same.
        (["assemble", coin, "-o", "x.gif", "--colors", "1"], "--colors does not take '1'; it takes: 2…256 colours a frame draws", "flipbook assemble"),
        (["blur", frame, "-o", "x.png"], "", "flipbook blur"),
    ]

    @Test(arguments: cases)
    func aMistakeIsOneErrorLineAndAHint(arguments: [String], message: String, command: String) throws {
        let dir = try Fixtures.temporaryFolder("usage-style")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        // Two lines: the error and the hint (the usage text was 5 to 40 lines).
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("error: \(message)") == true, "\(result.stderr)")
        #expect(lines.last == "hint: \(command) --help lists its options", "\(result.stderr)")
        #expect(!result.stderr.contains("Error:") && !result.stderr.contains("Usage:") && !result.stderr.contains("Help:"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }

    /// Fresh eyes: `--colors abc` printed the option's whole help (five sentences) as what it
    /// takes; a value that is no number gets its first sentence only.
    @Test func aValueOfTheWrongKindGetsTheHelpsFirstSentence() throws {
        let dir = try Fixtures.temporaryFolder("usage-first-sentence")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["assemble", Self.coin, "-o", "x.gif", "--colors", "abc"], in: dir)
        #expect(result.status == 2)
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "error: --colors does not take 'abc'; it takes: most colours a frame draws, 2–256", "\(result.stderr)")
    }

    static let scene = Fixtures.path("framegen/scenes/overlap-alpha.json")

    /// Issue 44 (fresh eyes): the commands' own checks each had words of their own — `--scale is
    /// 1…3 (got 4).`, `--colors must be 2…256.` (the value not named), `--insets is top,left,… (got
    /// '4,0x10,4,4')` (the list named, not the bad item), `2 delays for 4 frames: give one per frame`
    /// (found once the work began: no hint), `unknown command 'bogus' (…)` (no hint, no suggestion).
    /// Each is now the one sentence and the hint line, exit 2, nothing written. (arguments, the two
    /// lines whole)
    static let ownChecks: [([String], String, String)] = [
        (["assemble", coin, "-o", "a.gif", "--scale", "4"], "--scale does not take '4'; it takes: 1…3, the @Nx files to pick", "flipbook assemble"),
        (["draw", scene, "-o", "d.png", "--scale", "9"], "--scale does not take '9'; it takes: 1…8 pixels per point", "flipbook draw"),
        (["resize", frame, "-o", "r.png", "--scale", "0"], "--scale does not take '0'; it takes: a positive factor applied to the pixel size (2 doubles it)", "flipbook resize"),
        (["slice", frame, "-o", "s.png", "--insets", "4,0x10,4,4", "--size", "10x10"],
         "--insets does not take '0x10' (in '4,0x10,4,4'); it takes: top,left,bottom,right in points, each 0 to 100000, e.g. 37,12,12,12", "flipbook slice"),
        (["slice", frame, "-o", "s.png", "--insets", "4,4,4", "--size", "10x10"],
         "--insets does not take '4,4,4'; it takes: top,left,bottom,right in points, each 0 to 100000, e.g. 37,12,12,12", "flipbook slice"),
        // `note` reads --insets as `slice` does (it had a second reader, in words of its own).
        (["note", "Hi", "--chrome", frame, "-o", "n.png", "--insets", "4,0x10,4,4"],
         "--insets does not take '0x10' (in '4,0x10,4,4'); it takes: top,left,bottom,right in points, each 0 to 100000, e.g. 37,12,12,12", "flipbook note"),
        (["note", "Hi", "--chrome", frame, "-o", "n.png", "--insets", "4, 4, 4"],
         "--insets does not take '4, 4, 4'; it takes: top,left,bottom,right in points, each 0 to 100000, e.g. 37,12,12,12", "flipbook note"),
        (["resize", frame, "-o", "r.png", "--size", "20x0"], "--size does not take '0' (in '20x0'); it takes: WIDTHxHEIGHT in points, both positive plain decimals, e.g. 120x44",
         "flipbook resize"),
        (["sheet", coin, "-o", "s.png", "--scales", "1,4"], "--scales does not take '4' (in '1,4'); it takes: scales 1…3 separated by commas, e.g. 1,2", "flipbook sheet"),
        (["sheet", coin, "-o", "s.png", "--padding", "-2"], "--padding does not take '-2'; it takes: a number of pixels, 0 or more", "flipbook sheet"),
        (["sheet", coin, "-o", "s.png", "--png-level", "10"], "--png-level does not take '10'; it takes: 0 (stored) to 9 (smallest)", "flipbook sheet"),
        (["validate", coin, "--threads", "0"], "--threads does not take '0'; it takes: a number of threads, 1 or more", "flipbook validate"),
        (["info", frame, "--max-pixels", "0"], "--max-pixels does not take '0'; it takes: a positive number", "flipbook info"),
        (["blur", frame, "-o", "b.png", "--sigma", "-1"], "--sigma does not take '-1'; it takes: the blur's standard deviation in points, 0…", "flipbook blur"),
        (["blur", frame, "-o", "b.png", "--sigma", "1", "--tint", "red"], "--tint does not take 'red'; it takes: a colour #RRGGBB or #RRGGBBAA", "flipbook blur"),
        (["assemble", coin, "-o", "a.gif", "--fps", "0"], "--fps does not take '0'; it takes: frames per second, between 1/86400 and 1000", "flipbook assemble"),
        (["assemble", coin, "-o", "a.gif", "--delays", "100,,100"],
         "--delays does not take '100,,100': a part of it is missing; it takes: positive milliseconds, at most a day each, one per frame, separated by commas (100,80,120)",
         "flipbook assemble"),
        (["generate", "explosion", "-o", "x.gif", "--sparks", "200000"], "--sparks does not take '200000'; it takes: 0…100000 sparks", "flipbook generate explosion"),
        (["generate", "seagull", "-o", "x.gif", "--repeat", "70000"],
         "--repeat does not take '70000'; it takes: 0 (forever) or a number of plays, 1…65536 (a GIF's loop block holds 16 bits)", "flipbook generate seagull"),
        // Found once the work began, said the same way.
        (["assemble", coin, "-o", "a.gif", "--delays", "1,2"], "--delays does not take '1,2'; it takes: one delay per frame, 4 here (got 2)", "flipbook assemble"),
        (["assemble", coin, "-o", "a.gif", "--repeat", "70000"],
         "--repeat does not take '70000'; it takes: 0 (forever) or 1…65536 plays for GIF", "flipbook assemble"),
    ]

    @Test(arguments: ownChecks)
    func aCommandsOwnCheckIsTheSameSentenceAndHint(arguments: [String], message: String, command: String) throws {
        try Self.expectOneStyle(arguments, message: message, hint: "hint: \(command) --help lists its options")
    }

    /// A word that is no command: the nearest command when one is near, else the commands there are.
    @Test(arguments: [
        (["bogus"], "unknown command 'bogus'; the commands are info, validate, assemble, frames, generate, draw, render, blur, slice, resize, note, sheet",
         "hint: flipbook --help lists the commands"),
        (["assmble", "x", "-o", "y"], "unknown command 'assmble'; did you mean 'assemble'?", "hint: flipbook --help lists the commands"),
        (["help", "sheeet"], "unknown command 'sheeet'; did you mean 'sheet'?", "hint: flipbook --help lists the commands"),
        (["generate", "seagul", "-o", "x.gif"], "unknown generator 'seagul'; did you mean 'seagull'?", "hint: flipbook generate --help lists the generators"),
    ])
    func anUnknownCommandIsTheSameSentenceAndHint(arguments: [String], message: String, hint: String) throws {
        try Self.expectOneStyle(arguments, message: message, hint: hint)
    }

    /// Exit 2, `error: ` + `message` (its start) and `hint`, nothing else, nothing written.
    static func expectOneStyle(_ arguments: [String], message: String, hint: String) throws {
        let dir = try Fixtures.temporaryFolder("usage-style")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("error: \(message)") == true, "\(result.stderr)")
        #expect(lines.last == hint, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }

    /// With `--json` the mistake is also the JSON error object, in the same words, without the hint.
    @Test func theJSONErrorHasTheSameWords() throws {
        let dir = try Fixtures.temporaryFolder("usage-style")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["assemble", Self.coin, "-o", "x.gif", "--fps", "abc", "--json"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let error = try #require(json?["error"] as? String)
        #expect(error.hasPrefix("--fps does not take 'abc'"), "\(error)")
        #expect(json?["exitCode"] as? Int == 2)
    }
}
