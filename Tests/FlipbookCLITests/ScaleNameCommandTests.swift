import Foundation
import Testing
import TestSupport

/// The @2x scale dropped out of outputs without a word: `slice spin@2x.png -o wide2.png` wrote a
/// file every reader takes as @1x, `assemble` of @2x frames to `spin.gif` unpacked as @1x frames,
/// and `sheet` of a folder holding @1x and @2x files packed the @1x ones and said nothing. Real
/// frames: the Emt watch spinner (@2x, 80×80 px) and Kenney's coin (@1x).
@Suite("A scale is not lost without a word")
struct ScaleNameCommandTests {
    static let spinner = Fixtures.path("sequences/emt-watch-spinner-2x")

    /// A name without the input's scale is written, with a warning naming the one that keeps it;
    /// the right name gives no warning.
    @Test(arguments: [("wide2.png", true), ("wide2@2x.png", false)])
    func sliceWarnsWhenTheNameDropsTheScale(output: String, warned: Bool) throws {
        let dir = try Fixtures.temporaryFolder("scale-name")
        try FileManager.default.copyItem(atPath: "\(Self.spinner)/waitIndicatorGraphic-0@2x.png", toPath: "\(dir)/spin@2x.png")
        let result = try CLI.run(["slice", "spin@2x.png", "-o", output, "--insets", "10,10,10,10", "--size", "200x40", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let warnings = try #require(object?["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("name it wide2@2x.png") } == warned, "\(warnings)")
        #expect(result.stderr.contains("warning: wide2.png is named @1x, so every reader takes its 400×80 px as 400×80 pt") == warned,
                "\(result.stderr)")
    }

    @Test(arguments: [("spin.gif", true), ("spin@2x.gif", false), ("spin@2x.webp", false)])
    func assembleWarnsWhenTheNameDropsTheScale(output: String, warned: Bool) throws {
        let dir = try Fixtures.temporaryFolder("scale-name")
        let result = try CLI.run(["assemble", Self.spinner, "-o", output, "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let warnings = try #require(object?["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("the frames are @2x but spin.gif is named @1x") && $0.contains("name it spin@2x.gif") } == warned,
                "\(warnings)")
    }

    /// `mix/`: the coin's 4 frames and 4 `@2x` files (the spinner's first frames, renamed).
    @Test func sheetSaysWhichScalesItPacked() throws {
        let dir = try Fixtures.temporaryFolder("scale-name")
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/mix")
        for number in 1...4 {
            try FileManager.default.copyItem(atPath: "\(Self.spinner)/waitIndicatorGraphic-\(number)@2x.png", toPath: "\(dir)/mix/gold_\(number)@2x.png")
        }
        let result = try CLI.run(["sheet", "mix", "-o", "s/mix.png", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: found @1x, @2x files, packed @1x: 4 files at another scale left out (mix/gold_1@2x.png…); "
                                       + "--scales 1,2 packs each scale with one layout"), "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["sprites"] as? Int == 4)
        // Only one scale: nothing to say.
        let plain = try CLI.run(["sheet", Fixtures.path("sequences/kenney-gold-coin"), "-o", "s/coin.png"], in: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("found @"), "\(plain.stderr)")
    }
}
