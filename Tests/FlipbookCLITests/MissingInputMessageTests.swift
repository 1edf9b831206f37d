import Foundation
import Testing
import TestSupport

/// A missing input is named once in its message, by every command and for every kind of input:
/// `frames missing.plist` said `missing.plist: missing.plist: No such file or directory` (issue 44).
@Suite("Missing inputs are named once")
struct MissingInputMessageTests {
    static let cases: [[String]] = [
        ["frames", "gone.plist", "-o", "out"], ["frames", "gone.json", "-o", "out"], ["frames", "gone.atlas", "-o", "out"],
        ["frames", "gone.tres", "-o", "out"], ["frames", "gone.atlasc", "-o", "out"], ["frames", "gone.gif", "-o", "out"],
        ["frames", "gone.webp", "-o", "out"], ["frames", "gone.png", "-o", "out"],
        ["assemble", "gone", "-o", "a.gif"], ["assemble", "gone.gif", "-o", "a.gif"], ["assemble", "gone.png", "-o", "a.gif"],
        ["sheet", "gone", "-o", "s.png"], ["sheet", "gone.png", "-o", "s.png"],
        ["validate", "gone"], ["validate", ".", "--config", "gone.json"],
        ["info", "gone.png"], ["info", "gone.gif"],
        ["blur", "gone.png", "-o", "b.png", "--sigma", "1"], ["blur", "gone.png", "-o", "b.png", "--sigma", "0"],
        ["slice", "gone.png", "-o", "b.png", "--insets", "1,1,1,1", "--size", "4x4"],
        ["resize", "gone.png", "-o", "b.png", "--scale", "2"],
        ["generate", "stroke", "gone.json", "-o", "s.gif"], ["draw", "gone.json", "-o", "d.png"], ["render", "gone.json", "-o", "r.gif"],
        ["note", "hi", "--chrome", "gone.png", "--insets", "1,1,1,1", "-o", "n.png"],
        ["note", "hi", "--font", "gone.ttf", "--chrome", "gone.png", "--insets", "1,1,1,1", "-o", "n.png"],
        ["build", "--project", "gone.json"],
        ["preview", "gone"], ["preview", "gone.json"],
    ]

    @Test func everyCommandWithAnInputIsCovered() {
        let covered = Set(Self.cases.map(\.[0]))
        #expect(covered == Set(CLIDocsAgreeTests.commands))
        #expect(Self.cases.count == 29)
    }

    @Test(arguments: cases)
    func theMissingPathIsNamedOnce(arguments: [String]) throws {
        let folder = try Fixtures.temporaryFolder("missing-input")
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 3 || result.status == 2, "\(result.stderr)")
        let missing = try #require(arguments.first { $0.hasPrefix("gone") })
        // The path as a whole (`gone1.png…`, the frames a prefix `gone` would stand for, is not it).
        let pattern = try NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: missing) + "(?![A-Za-z0-9])")
        let named = pattern.numberOfMatches(in: result.stderr, range: NSRange(result.stderr.startIndex..., in: result.stderr))
        #expect(named == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written")
    }
}
