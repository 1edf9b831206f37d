import Foundation
import Testing
import TestSupport
@testable import flipbook

/// Issue 43: `blur --sigma 0x10` blurred with σ 16 — Swift's `Double(_:)` reads hexadecimal
/// (`0x10`, `0x1p3`), `inf`, `infinity` and `nan`, and ArgumentParser takes what it reads. Numbers
/// on the command line are plain decimal: every numeric option of every command (the list
/// ``NegativeValueCommandTests`` keeps complete against each `--help`), in every form it takes
/// (`--insets 0x10,4,4,4`, `--size infx5`), refuses each spelling with exit 2, naming the option
/// and the value, and writes nothing.
///
/// The 149 spellings are parsed in this process, as `flipbook` parses them (``CommandLineParse``:
/// the same parser, the same `validate()`s, the same ``UsageMessage``); they were 146 processes at first.
/// A few run the executable end to end: exit 2, the two lines, nothing written.
@Suite("Plain decimal option values")
struct DecimalOptionTests {
    /// Spellings `Double(_:)` takes and no user means; floating options are tried with each,
    /// whole-number options (read by `Int(_:)`, one parser for all of them) with the first.
    static let spellings = ["0x10", "inf", "nan", "0x1p3", "-Infinity"]

    /// The options that take a fraction (the others take whole numbers).
    static let floating: Set<String> = ["--fps", "--duration", "--delays", "--quality", "--width", "--radius", "--sigma", "--saturation",
                                        "--downsample", "--insets", "--size"]

    static func isFloating(_ base: [String], _ option: String) -> Bool {
        floating.contains(option) || (base[0] == "resize" && option == "--scale")
    }

    /// `spelling` in the form `option` takes (a list, a size).
    static func value(_ spelling: String, for option: String) -> String {
        switch option {
        case "--delays", "--scales": "\(spelling),2"
        case "--insets": "4,\(spelling),4,4"
        case "--size": "5x\(spelling)"
        default: spelling
        }
    }

    static let options: [(base: [String], option: String)] =
        NegativeValueCommandTests.commands.flatMap { command in command.options.map { (command.base, $0) } }
        + [(["blur", NegativeValueCommandTests.frame, "-o", "x.png"], "--saturation")]

    static let cases: [[String]] = options.flatMap { base, option in
        spellings.prefix(isFloating(base, option) ? 5 : 1).map { base + NegativeValueCommandTests.completing(base, option) + [option, value($0, for: option)] }
    }

    @Test func everyOptionIsTried() {
        #expect(Self.options.count == 94)
        #expect(Self.options.filter { Self.isFloating($0.base, $0.option) }.count == 21)
        #expect(Self.cases.count == 73 + 21 * 5)
    }

    /// Every case, parsed here: an argument mistake (exit 2) whose sentence names the option and
    /// the value — the item of a list or size it is in — in the one style; the first spelling of
    /// each option also with what it takes and the hint line, as printed (rendering the help text
    /// that says what an option takes is a third of a case's time: once per option is enough).
    @Test(arguments: cases)
    func aNonDecimalSpellingIsRefused(arguments: [String]) {
        let option = arguments[arguments.count - 2], value = arguments[arguments.count - 1]
        if value != Self.value(Self.spellings[0], for: option) {
            let sentence = CommandLineParse.briefRefusal(arguments)
            #expect(sentence?.hasPrefix("\(option) does not take '") == true && sentence?.contains(value) == true, "\(arguments): \(sentence ?? "taken")")
            return
        }
        guard let refusal = CommandLineParse.refusal(arguments) else {
            Issue.record("\(arguments): taken")
            return
        }
        #expect(refusal.message.hasPrefix("\(option) does not take '"), "\(arguments): \(refusal.message)")
        #expect(refusal.message.contains(value), "\(arguments): \(refusal.message)")
        #expect(refusal.hint == "hint: \(UsageMessage.commandNames(arguments).joined(separator: " ")) --help lists its options", "\(refusal.hint)")
    }

    /// End to end, one of each form (a number, a list, a size, an option group's): the executable
    /// exits 2 with the sentence and the hint, and writes nothing.
    @Test(arguments: [cases[0], cases.first { $0.contains("--delays") }!, cases.first { $0.contains("--insets") }!,
                      cases.first { $0.contains("--max-memory") }!])
    func theExecutableRefusesItToo(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("decimal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let option = arguments[arguments.count - 2]
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("error: \(option) does not take '") && lines[1].hasPrefix("hint: "), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "\(arguments)")
    }

    /// Plain decimal forms are still taken: a sign, a fraction without a leading digit, an exponent.
    @Test(arguments: [["--sigma", "+1.5"], ["--sigma", ".5"], ["--sigma", "2e0"], ["--sigma", "1", "--saturation", "-0.5"]])
    func plainDecimalsAreTaken(options: [String]) throws {
        #expect(CommandLineParse.refusal(["blur", NegativeValueCommandTests.frame, "-o", "x.png"] + options) == nil)
    }

    /// One plain decimal end to end: the blur is written.
    @Test func aPlainDecimalIsTakenByTheExecutable() throws {
        let dir = try Fixtures.temporaryFolder("decimal-ok")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["blur", NegativeValueCommandTests.frame, "-o", "x.png", "--sigma", ".5"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
