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
        (["assemble", coin, "-o", "x.gif", "--colors", "1"], "--colors must be 2…256.", "flipbook assemble"),
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
