import Foundation
import Testing
import TestSupport
import Raster
@testable import Animated

/// The `uikit.*` rules on the real sequences in `Tests/Fixtures/sequences`, as they are and as
/// modified copies in a temporary folder (a frame deleted, a frame copied 1100 times, `@2x`,
/// `~ipad` and highlighted files made from real frames).
@Suite("UIKit loading rules")
struct UIKitRuleTests {
    static func real(_ name: String) -> String { RealSequences.path(name) }

    static func uikitConfig() -> ValidationConfig {
        var config = ValidationConfig()
        config.uikit = true
        return config
    }

    static func validate(_ root: String, uikit: Bool = true) throws -> ValidationReport {
        try Validator(config: uikit ? uikitConfig() : ValidationConfig()).validate([root], cancellation: nil)
    }

    static func uikitFindings(_ report: ValidationReport) -> [Finding] {
        report.findings.filter { $0.rule.rawValue.hasPrefix("uikit.") }
    }

    static func counts(_ findings: [Finding]) -> [String: Int] {
        Dictionary(grouping: findings, by: \.rule.rawValue).mapValues(\.count)
    }

    /// The PNG files of a real sequence copied into a new temporary folder.
    static func copy(_ name: String, label: String) throws -> String {
        let folder = try Fixtures.temporaryFolder("uikit-\(label)")
        for png in Fixtures.pngNames(in: "sequences/\(name)") {
            try FileManager.default.copyItem(atPath: "\(real(name))/\(png)", toPath: "\(folder)/\(png)")
        }
        return folder
    }

    /// `source` scaled up 2× by repeating each pixel: the same picture as a true `@2x` file.
    static func doubled(_ source: String, to destination: String) throws {
        let bitmap = try PNG.Decoder().decodeBitmap(file: source)
        var double = Bitmap(clearWidth: bitmap.width * 2, height: bitmap.height * 2)
        for y in 0..<double.height { for x in 0..<double.width { double[x, y] = bitmap[x / 2, y / 2] } }
        try PNG.Encoder().write(double, to: destination)
    }

    static func remove(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }

    @Test func theListCoversEveryRealSequence() throws {
        let found = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("sequences"))
            .filter { var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: Self.real($0), isDirectory: &folder) && folder.boolValue }
        #expect(found.count == 8, "\(found.sorted())")
        #expect(found.sorted() == RealSequences.names, "a new fixture needs its expected uikit findings")
        let padded = found.filter { name in
            Fixtures.pngNames(in: "sequences/\(name)").contains { file in
                let digits = file.dropLast(4).reversed().prefix { $0.isNumber }
                return digits.count > 1 && digits.last == "0"
            }
        }
        #expect(padded.sorted() == RealSequences.padded.sorted())
    }

    @Test(arguments: RealSequences.names)
    func realSequencesGiveTheExpectedFindings(name: String) throws {
        let expected = try #require(RealSequences.uikitFindings[name])
        let report = try Self.validate(Self.real(name))
        #expect(report.sequences.count == 1)
        let findings = Self.uikitFindings(report)
        #expect(Self.counts(findings) == expected, "\(findings.map { "\($0.rule): \($0.message)" })")
        for finding in findings {
            let rule = try #require(Rules.uikit.first { $0.id == finding.rule })
            #expect(finding.severity == rule.defaultSeverity && finding.file != nil)
        }
        // Off unless asked for.
        #expect(Self.uikitFindings(try Self.validate(Self.real(name), uikit: false)).isEmpty)
    }

    /// The padded count is taken from the file names here, independently of FrameFile.
    @Test(arguments: RealSequences.padded)
    func zeroPaddedRealNamesAreFlagged(name: String) throws {
        let pngs = Fixtures.pngNames(in: "sequences/\(name)")
        let padded = pngs.filter { file in
            let digits = file.dropLast(4).reversed().prefix { $0.isNumber }
            return digits.count > 1 && digits.last == "0"
        }
        #expect(!padded.isEmpty)
        let finding = try #require(Self.uikitFindings(try Self.validate(Self.real(name))).first { $0.rule == .uikitPadded })
        #expect(finding.message.contains("UIKit never loads \(padded.count) zero-padded frame"), "\(finding.message)")
        #expect(finding.file?.hasSuffix("/" + padded[0]) == true, "\(finding.file ?? "nil")")
        // UIKit finds none of this sequence's frames.
        let sequence = try #require(try Discovery.sequences(from: [Self.real(name)]).first)
        #expect(UIKitFrames(sequence: sequence).files.isEmpty)
        #expect(finding.message.contains("loads no frame at all"))
    }

    @Test func renamingThePaddedRealFramesClearsEveryFinding() throws {
        let folder = try Self.copy("ansimuz-fire-bomb-pixel", label: "renamed")
        defer { Self.remove(folder) }
        for n in 0...13 {
            let padded = String(format: "frame-%03d.png", n)
            try FileManager.default.moveItem(atPath: "\(folder)/\(padded)", toPath: "\(folder)/frame-\(n).png")
        }
        let report = try Self.validate(folder)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }

    @Test func theDinoGapDropsTheLaterRealFrames() throws {
        let finding = try #require(Self.uikitFindings(try Self.validate(Self.real("gameart2d-dino-jump"))).first)
        #expect(finding.rule == .uikitGap)
        #expect(finding.message == "UIKit stops at the missing jump-2 after 1 frame: frames 6, 11 (2 frames) never load")
        #expect(finding.file?.hasSuffix("/jump-6.png") == true)
    }

    /// A real sequence with one middle frame deleted: UIKit shows the frames before it only.
    @Test(arguments: [("kenney-gold-coin", "gold_", 2, 1...4), ("emt-watch-spinner-2x", "waitIndicatorGraphic-", 15, 0...29)])
    func aDeletedMiddleFrameDropsEveryLaterFrame(name: String, prefix: String, deleted: Int, numbers: ClosedRange<Int>) throws {
        let folder = try Self.copy(name, label: "gap")
        defer { Self.remove(folder) }
        let victim = try #require(Fixtures.pngNames(in: "sequences/\(name)").first { $0.hasPrefix("\(prefix)\(deleted).") || $0.hasPrefix("\(prefix)\(deleted)@") })
        try FileManager.default.removeItem(atPath: "\(folder)/\(victim)")
        let report = try Self.validate(folder)
        let uikit = Self.uikitFindings(report)
        #expect(uikit.map(\.rule) == [.uikitGap], "\(uikit.map(\.message))")
        #expect(report.findings.contains { $0.rule == .seqGap }, "the general rule still names the missing number")
        let lost = numbers.filter { $0 > deleted }
        let loaded = deleted - numbers.lowerBound
        #expect(uikit.first?.message == "UIKit stops at the missing \(prefix)\(deleted) after \(loaded) frame\(loaded == 1 ? "" : "s"): "
                + "frames \(lost.first!)–\(lost.last!) (\(lost.count) frames) never load")
    }

    /// One real frame copied 1100 times with unpadded numbers from 1 (and from 0): UIKit stops at 1024.
    @Test(arguments: [1, 0])
    func moreThan1025FramesLoseThoseAbove1024(firstNumber: Int) throws {
        let folder = try Fixtures.temporaryFolder("uikit-1100")
        defer { Self.remove(folder) }
        let source = Self.real("kenney-gold-coin") + "/gold_1.png"
        let numbers = firstNumber..<(firstNumber + 1100)
        for n in numbers { try FileManager.default.copyItem(atPath: source, toPath: "\(folder)/gold_\(n).png") }
        let sequence = try #require(try Discovery.sequences(from: [folder]).first)
        #expect(sequence.frames.count == 1100)
        #expect(UIKitFrames(sequence: sequence).files.count == 1024 - firstNumber + 1)

        let findings = Self.uikitFindings(try Self.validate(folder))
        #expect(findings.map(\.rule) == [.uikitPast1024], "\(findings.map(\.message))")
        let past = numbers.filter { $0 > 1024 }
        #expect(findings.first?.message == "UIKit tries gold_0…gold_1024 only: frames 1025–\(past.last!) (\(past.count) frames) never load")
        #expect(findings.first?.file?.hasSuffix("/gold_1025.png") == true)
    }

    /// A real @1x sequence with true @2x files for frames 1–2 only.
    @Test func aPartialRetinaSetLoadsTheOthersAtOneX() throws {
        let folder = try Self.copy("kenney-gold-coin", label: "partial2x")
        defer { Self.remove(folder) }
        for n in 1...2 { try Self.doubled("\(folder)/gold_\(n).png", to: "\(folder)/gold_\(n)@2x.png") }
        let report = try Self.validate(folder)
        let uikit = Self.uikitFindings(report)
        #expect(uikit.map(\.rule) == [.uikitMissingScale], "\(uikit.map(\.message))")
        #expect(uikit.first?.message == "on @2x and @3x screens, frames 3–4 of gold_ have no @2x file and load @1x "
                + "(gold_3.png, …) beside @2x frames: upscaled, so blurred beside the others")
        #expect(uikit.first?.file?.hasSuffix("/gold_3.png") == true)
        #expect(report.findings.contains { $0.rule == .scaleMissingVariant })

        // The full set is clean.
        for n in 3...4 { try Self.doubled("\(folder)/gold_\(n).png", to: "\(folder)/gold_\(n)@2x.png") }
        let full = try Self.validate(folder)
        #expect(Self.uikitFindings(full).isEmpty && !full.findings.contains { $0.rule.rawValue.hasPrefix("scale.") },
                "\(full.findings.map { "\($0.rule): \($0.message)" })")
    }

    /// The real @2x spinner with a true @1x file (its @2x frame with every other pixel) for 3 frames.
    @Test func aPartialOneXSetIsShownFromTheRetinaFilesOnOneXScreens() throws {
        let folder = try Self.copy("emt-watch-spinner-2x", label: "partial1x")
        defer { Self.remove(folder) }
        for n in 0...2 {
            let big = try PNG.Decoder().decodeBitmap(file: "\(folder)/waitIndicatorGraphic-\(n)@2x.png")
            var small = Bitmap(clearWidth: big.width / 2, height: big.height / 2)
            for y in 0..<small.height { for x in 0..<small.width { small[x, y] = big[x * 2, y * 2] } }
            try PNG.Encoder().write(small, to: "\(folder)/waitIndicatorGraphic-\(n).png")
        }
        let uikit = Self.uikitFindings(try Self.validate(folder))
        #expect(uikit.map(\.rule) == [.uikitMissingScale], "\(uikit.map(\.message))")
        #expect(uikit.first?.message.hasPrefix("on @1x screens, frames 3–29 of waitIndicatorGraphic- have no @1x file and load @2x") == true,
                "\(uikit.first?.message ?? "")")
    }

    /// Frames 1–2 of the real coin only at @1x, frames 3–4 only as true @2x files: every screen mixes.
    @Test func framesWithNoScaleInCommonMixOnEveryScreen() throws {
        let folder = try Self.copy("kenney-gold-coin", label: "mixed")
        defer { Self.remove(folder) }
        for n in 3...4 {
            try Self.doubled("\(folder)/gold_\(n).png", to: "\(folder)/gold_\(n)@2x.png")
            try FileManager.default.removeItem(atPath: "\(folder)/gold_\(n).png")
        }
        let uikit = Self.uikitFindings(try Self.validate(folder))
        #expect(uikit.map(\.rule) == [.uikitMixedScale], "same point size, so no uikit.mixed-size: \(uikit.map(\.message))")
        #expect(uikit.first?.message == "no scale has every frame UIKit loads, so every screen mixes scales: "
                + "frames 1–2 only @1x; frames 3–4 only @2x")
    }

    /// A real frame of another size (the spinner's 80×80 px, named as an @1x coin frame) after the coin's four.
    @Test func aFrameOfAnotherPointSizeIsFlagged() throws {
        let folder = try Self.copy("kenney-gold-coin", label: "size")
        defer { Self.remove(folder) }
        try FileManager.default.copyItem(atPath: Self.real("emt-watch-spinner-2x") + "/waitIndicatorGraphic-0@2x.png",
                                         toPath: "\(folder)/gold_5.png")
        let uikit = Self.uikitFindings(try Self.validate(folder))
        #expect(uikit.map(\.rule) == [.uikitMixedSize], "\(uikit.map(\.message))")
        #expect(uikit.first?.message == "on every screen UIKit shows frames of different sizes: frame 5 is 80×80 pt "
                + "(gold_5.png); the others are 64×64 pt")

        // As @2x (40 pt) beside the coin's @1x frames it is both another scale and another size.
        try FileManager.default.moveItem(atPath: "\(folder)/gold_5.png", toPath: "\(folder)/gold_5@2x.png")
        let rules = Set(Self.uikitFindings(try Self.validate(folder)).map(\.rule))
        #expect(rules == [.uikitMixedScale, .uikitMixedSize])
    }

    /// `~ipad` copies of two real coin frames: iPads show two sets of artwork; iPhones are unaffected.
    @Test func aDeviceVariantForSomeFramesMixesArtworkOnThatDevice() throws {
        let folder = try Self.copy("kenney-gold-coin", label: "ipad")
        defer { Self.remove(folder) }
        let emt = Self.real("emt-watch-spinner-2x")
        for n in 1...2 {
            // Artwork for iPad: the top-left 64×64 px of a spinner frame (another real picture).
            let big = try PNG.Decoder().decodeBitmap(file: "\(emt)/waitIndicatorGraphic-\(n)@2x.png")
            var art = Bitmap(clearWidth: 64, height: 64)
            for y in 0..<64 { for x in 0..<64 { art[x, y] = big[x, y] } }
            try PNG.Encoder().write(art, to: "\(folder)/gold_\(n)~ipad.png")
        }
        let uikit = Self.uikitFindings(try Self.validate(folder))
        #expect(uikit.map(\.rule) == [.uikitDeviceVariant], "\(uikit.map(\.message))")
        #expect(uikit.first?.message == "on every iPad, frames 1–2 load their ~ipad file and frames 3–4 the generic one: "
                + "the animation mixes two sets of artwork")
        #expect(uikit.first?.file?.hasSuffix("/gold_1~ipad.png") == true)

        // A frame that exists only for iPad is a gap on iPhone.
        try FileManager.default.moveItem(atPath: "\(folder)/gold_3.png", toPath: "\(folder)/gold_3~ipad.png")
        let findings = Self.uikitFindings(try Self.validate(folder))
        #expect(findings.contains { $0.rule == .uikitGap && $0.message == "iPhone: UIKit stops at the missing gold_3 "
                    + "(only gold_3~ipad.png, for ~ipad, exists) after 2 frames: frame 4 never loads" }, "\(findings.map(\.message))")
        #expect(!findings.contains { $0.rule == .uikitGap && $0.message.hasPrefix("iPad") })
    }

    @Test func aDeviceVariantForEveryFrameIsClean() throws {
        let folder = try Self.copy("kenney-gold-coin", label: "ipad-all")
        defer { Self.remove(folder) }
        for n in 1...4 { try FileManager.default.copyItem(atPath: "\(folder)/gold_\(n).png", toPath: "\(folder)/gold_\(n)~ipad.png") }
        #expect(Self.uikitFindings(try Self.validate(folder)).isEmpty)
    }

    /// The coin with a highlighted sequence made of real frames: fewer of them, then another size.
    @Test func aHighlightedSequenceOfAnotherCountOrSizeIsFlagged() throws {
        let folder = try Self.copy("kenney-gold-coin", label: "highlighted")
        defer { Self.remove(folder) }
        try Data(#"{"name": "gold_", "highlighted": "gold_hl"}"#.utf8).write(to: URL(fileURLWithPath: "\(folder)/sequence.json"))
        for n in 1...3 { try FileManager.default.copyItem(atPath: "\(folder)/gold_\(n).png", toPath: "\(folder)/gold_hl\(n).png") }
        var uikit = Self.uikitFindings(try Self.validate(folder))
        #expect(uikit.map(\.rule) == [.uikitHighlighted], "\(uikit.map(\.message))")
        #expect(uikit.first?.message == "UIKit loads 4 frames of gold_ but 3 of the highlighted gold_hl: both play in one "
                + "animationDuration, so the highlighted frames run at another frame rate")
        #expect(uikit.first?.sequence.hasSuffix("/gold_") == true)

        try FileManager.default.copyItem(atPath: "\(folder)/gold_4.png", toPath: "\(folder)/gold_hl4.png")
        #expect(Self.uikitFindings(try Self.validate(folder)).isEmpty, "same count and size: clean")

        // The spinner's real 40 pt frames as the highlighted ones.
        for n in 1...4 {
            try FileManager.default.removeItem(atPath: "\(folder)/gold_hl\(n).png")
            try FileManager.default.copyItem(atPath: Self.real("emt-watch-spinner-2x") + "/waitIndicatorGraphic-\(n)@2x.png",
                                             toPath: "\(folder)/gold_hl\(n)@2x.png")
        }
        uikit = Self.uikitFindings(try Self.validate(folder))
        #expect(uikit.map(\.rule) == [.uikitHighlighted], "\(uikit.map(\.message))")
        #expect(uikit.first?.message == "on every screen the highlighted frames gold_hl are 40×40 pt and the normal ones "
                + "64×64 pt: the view changes size when highlighted")
    }

    @Test func theShippedSequencesAreCleanUnderUIKitRules() throws {
        let report = try Self.validate(Fixtures.repository + "/Sequences")
        #expect(report.sequences.count == 4)
        #expect(Self.uikitFindings(report).isEmpty, "\(report.findings.map(\.message))")
    }

    @Test func configTurnsTheRulesOnAndSetsTheirSeverities() throws {
        let on = try ValidationConfig.decode(Array(#"{"uikit": true, "severities": {"uikit.padded": "warning"}}"#.utf8), file: "c.json")
        #expect(on.uikit && on.severities[.uikitPadded] == .warning)
        #expect(try !ValidationConfig.decode(Array("{}".utf8), file: "c.json").uikit)
        #expect(throws: ValidationConfig.Error.self) {
            _ = try ValidationConfig.decode(Array(#"{"uikit": "yes"}"#.utf8), file: "c.json")
        }
        let report = try Validator(config: on).validate([Self.real("unity-wispy-smoke-03b-faint")], cancellation: nil)
        #expect(report.findings.map(\.severity) == [.warning] && !report.hasErrors)
    }

    /// Each uikit finding appears in every report format, and SARIF describes its rule.
    @Test func everyFormatCarriesTheUIKitFindings() throws {
        let report = try Self.validate(Self.real("unity-explosion02hd-fadeout"))
        let uikit = Self.uikitFindings(report)
        #expect(uikit.count == 2)
        for format in ReportFormat.allCases {
            let text = format.render(report, base: Fixtures.root)
            for finding in uikit {
                #expect(text.contains(finding.rule.rawValue), "\(format) names \(finding.rule)")
            }
        }
        let sarif = ReportFormat.sarif.render(report, base: Fixtures.root)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results where (result["ruleId"] as? String)?.hasPrefix("uikit.") == true {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let help = (rules[index]["help"] as? [String: Any])?["text"] as? String
            #expect(help?.contains("Apple") == true || help?.contains("observed") == true)
        }
    }

    @Test func everyUIKitRuleIsDocumentedAndOptIn() {
        #expect(Rules.uikit.map { $0.id } == [.uikitPadded, .uikitGap, .uikitPast1024, .uikitMixedScale,
                                              .uikitMissingScale, .uikitMixedSize, .uikitDeviceVariant,
                                              .uikitHighlighted])
        for rule in Rules.uikit {
            #expect(rule.needsUIKit && !rule.needsPixels)
            #expect(rule.id.rawValue.count <= 21, "the --help table pads IDs to 22 columns")
            #expect(rule.explanation.contains("Apple") || rule.explanation.contains("observed"), "\(rule.id)")
            #expect(Rules.all.contains { $0.id == rule.id })
        }
        #expect(Rules.all.filter { $0.needsUIKit }.count == Rules.uikit.count)
    }
}
