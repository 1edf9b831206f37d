import Foundation
import Testing
import TestSupport

/// Issue 43: `blur --sigma 0x10` blurred with σ 16 — Swift's `Double(_:)` reads hexadecimal
/// (`0x10`, `0x1p3`), `inf`, `infinity` and `nan`, and ArgumentParser takes what it reads. Numbers
/// on the command line are plain decimal: every numeric option of every command (the list
/// ``NegativeValueCommandTests`` keeps complete against each `--help`), in every form it takes
/// (`--insets 0x10,4,4,4`, `--size infx5`), refuses each spelling with exit 2, naming the option
/// and the value, and writes nothing.
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
        #expect(Self.options.count == 75)
        #expect(Self.options.filter { Self.isFloating($0.base, $0.option) }.count == 21)
        #expect(Self.cases.count == 54 + 21 * 5)
    }

    @Test(arguments: cases)
    func aNonDecimalSpellingIsRefused(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("decimal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let option = arguments[arguments.count - 2], value = arguments[arguments.count - 1]
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(option) && result.stderr.contains(value), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "\(arguments)")
    }

    /// Plain decimal forms are still taken: a sign, a fraction without a leading digit, an exponent.
    @Test(arguments: [["--sigma", "+1.5"], ["--sigma", ".5"], ["--sigma", "2e0"], ["--sigma", "1", "--saturation", "-0.5"]])
    func plainDecimalsAreTaken(options: [String]) throws {
        let dir = try Fixtures.temporaryFolder("decimal-ok")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["blur", NegativeValueCommandTests.frame, "-o", "x.png"] + options, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
