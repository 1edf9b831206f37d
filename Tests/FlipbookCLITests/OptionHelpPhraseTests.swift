import Foundation
import Testing
import TestSupport

/// An option's help is also what a refusal says it takes (`--max-pixels does not take ' 5'; it
/// takes: …`), so it is a phrase for what the value is, never an order (round 59: every limit flag
/// said "it takes: refuse to draw more than this…").
@Suite("Option help says what the value is")
struct OptionHelpPhraseTests {
    /// Words an order starts with, seen in options' help before.
    static let orders: Set<String> = ["Refuse", "Write", "Check", "Build", "Pick", "Override", "Repeat", "Blend", "Use", "Let", "Print", "Where", "Of"]

    /// Every value-taking option of every command, as the parser describes it: `(command, --name, help)`.
    static func options() throws -> [(command: String, name: String, help: String)] {
        let result = try CLI.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var found: [(String, String, String)] = []
        func walk(_ command: [String: Any], _ path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                found.append((path, names.max { $0.count < $1.count } ?? "", argument["abstract"] as? String ?? ""))
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path + " " + (sub["commandName"] as? String ?? "")) }
        }
        walk(try #require(root["command"] as? [String: Any]), "flipbook")
        return found
    }

    @Test func everyOptionsHelpIsAPhraseForItsValue() throws {
        let options = try Self.options()
        // Every command's options, the limit flags of many commands among them.
        #expect(options.count >= 180, "\(options.count) options")
        for option in options {
            let first = option.help.prefix { $0.isLetter }
            #expect(!Self.orders.contains(String(first)), "\(option.command) \(option.name): \(option.help)")
        }
    }

    /// A number padded with a space (a shell variable's padding) is said as such, with the phrase.
    @Test(arguments: [
        (["assemble", "x", "-o", "y.gif", "--max-pixels", " 5"],
         "error: --max-pixels does not take ' 5'; it takes a number written without spaces: the most pixels an image may have"),
        (["render", "s.json", "-o", "o", "--max-drawing-work", "5 "],
         "error: --max-drawing-work does not take '5 '; it takes a number written without spaces: the most drawing done over all the frames"),
        (["validate", "x", "--max-frames", "many"], "error: --max-frames does not take 'many'; it takes: the most frames an animation may have"),
        // Round 60 #7: other digits and separators said how to write them, in ArgumentParser's refusals and the commands' own.
        (["validate", "x", "--max-frames", "５"], "error: --max-frames does not take '５'; it takes a number written in the digits 0–9: the most frames"),
        (["validate", "x", "--max-frames", "١٢"], "error: --max-frames does not take '١٢'; it takes a number written in the digits 0–9: the most frames"),
        (["validate", "x", "--max-pixels", "5,000"], "error: --max-pixels does not take '5,000'; it takes a number written without separators (5000): the most"),
        (["sheet", "x", "-o", "s.png", "--padding", "1_000"], "error: --padding does not take '1_000'; it takes a number written without separators (1000): "),
        (["blur", "x.png", "-o", "y.png", "--sigma", " 3"], "error: --sigma does not take ' 3'; it takes a number written without spaces: the blur's"),
        (["assemble", "x", "-o", "y.gif", "--fps", "1,5"], "error: --fps does not take '1,5'; it takes a number written with a decimal point (1.5): "),
        (["assemble", "x", "-o", "y.gif", "--fps", "1,500"], "error: --fps does not take '1,500'; it takes a number written without separators (1500): "),
        // Round 61b #4: a space or a no-break space between thousands, and a minus sign that is no hyphen.
        (["note", "x", "--chrome", "c.png", "--insets", "1,1,1,1", "-o", "n.png", "--font-size", "1 000"],
         "error: --font-size does not take '1 000'; it takes a number written without separators (1000): "),
        (["validate", "x", "--max-frames", "1\u{A0}000"], "error: --max-frames does not take '1\u{A0}000'; it takes a number written without separators (1000): "),
        (["validate", "x", "--max-frames", "\u{2212}5"], "error: --max-frames does not take '\u{2212}5'; it takes a number whose minus is the hyphen - (-5): "),
        (["validate", "x", "--max-frames", "1e3"], "error: --max-frames does not take '1e3'; it takes a whole number written in digits: the most frames"),
    ])
    func aLimitsRefusalSaysWhatItTakes(arguments: [String], line: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2 && result.stderr.hasPrefix(line), "\(result.stderr)")
    }
}
