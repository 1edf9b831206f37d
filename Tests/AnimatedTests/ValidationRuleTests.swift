import Basics
import Foundation
import Testing
import TestSupport
import Raster
@testable import Animated

/// Each rule, on a folder that must trigger it and on one that must not.
@Suite("Validation rules")
struct ValidationRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: RuleID
        var deep = false
        var config = ValidationConfig()
        var triggers: @Sendable (FixtureTree) throws -> Void
        var passes: @Sendable (FixtureTree) throws -> Void
        var testDescription: String { rule.rawValue }
    }

    static func frames(_ tree: FixtureTree, _ names: [String], size: (Int, Int) = (4, 4), color: Color? = nil) throws {
        for name in names { try tree.png("s/\(name).png", size.0, size.1, color: color) }
    }

    static let cases: [Case] = [
        Case(rule: .seqGap,
             triggers: { try frames($0, ["walk1", "walk2", "walk4"]) },
             passes: { try frames($0, ["walk0", "walk1", "walk2"]) }),
        // A last frame saved as .jpg (no gap: it was "ok"); a .psd of a frame that is there and
        // another prefix's file are no frames of it.
        Case(rule: .seqMisnamedFrame,
             triggers: { try frames($0, ["walk1", "walk2"]); try $0.write("s/WALK3.JPG", "JFIF") },
             passes: { try frames($0, ["walk1", "walk2"]); try $0.write("s/walk2.psd", "8BPS"); try $0.write("s/notes3.txt", "x") }),
        Case(rule: .seqPaddingMixed,
             triggers: { try frames($0, ["x_0008", "x_0009", "x_00010"]) },
             passes: { try frames($0, ["walk8", "walk9", "walk10", "x_0009", "x_0010"]) }),
        Case(rule: .seqDuplicateNumber,
             triggers: { try frames($0, ["a1", "a01", "a2"]) },
             passes: { try frames($0, ["a1", "a2"]); try frames($0, ["a1@2x", "a2@2x"], size: (8, 8)) }),
        Case(rule: .sizeMismatch,
             triggers: { try frames($0, ["f1", "f2"]); try frames($0, ["f3"], size: (5, 4)) },
             passes: { try frames($0, ["f1", "f2", "f3"]) }),
        Case(rule: .sizeMismatch, config: ValidationConfig(expectedSize: [2, 2]),
             triggers: { try frames($0, ["f1", "f2"]) },
             passes: { try frames($0, ["f1@2x", "f2@2x"]) }),
        Case(rule: .scaleMismatch,
             triggers: { try frames($0, ["f1@2x", "f2@2x"], size: (8, 8)); try frames($0, ["f3"]) },
             passes: { try frames($0, ["f1@2x", "f2@2x"], size: (8, 8)) }),
        Case(rule: .scaleNotMultiple,
             triggers: { try frames($0, ["f1"]); try frames($0, ["f1@2x"], size: (7, 8)) },
             passes: { try frames($0, ["f1"]); try frames($0, ["f1@2x"], size: (8, 8)); try frames($0, ["f1@3x"], size: (12, 12)) }),
        Case(rule: .scaleUnsupported,
             triggers: { try frames($0, ["f1@4x", "f2@4x"], size: (16, 16)) },
             passes: { try frames($0, ["f1@3x", "f2@3x"], size: (12, 12)) }),
        Case(rule: .scaleMissingVariant,
             triggers: { try frames($0, ["f1", "f2"]); try frames($0, ["f1@2x"], size: (8, 8)) },
             passes: { try frames($0, ["f1", "f2"]); try frames($0, ["f1@2x", "f2@2x"], size: (8, 8)) }),
        Case(rule: .scaleMissingVariant, config: ValidationConfig(requiredScales: [1, 2]),
             triggers: { try frames($0, ["f1", "f2"]) },
             passes: { try frames($0, ["f1", "f2"]); try frames($0, ["f1@2x", "f2@2x"], size: (8, 8)) }),
        Case(rule: .highlightedMismatch,
             triggers: { tree in
                 try frames(tree, ["btn1", "btn2"]); try frames(tree, ["btn_hl1", "btn_hl2"], size: (5, 5))
                 try tree.write("s/sequence.json", #"{"name": "btn", "highlighted": "btn_hl"}"#)
             },
             passes: { tree in
                 try frames(tree, ["btn1", "btn2", "btn_hl1", "btn_hl2"])
                 try tree.write("s/sequence.json", #"{"name": "btn", "highlighted": "btn_hl"}"#)
             }),
        Case(rule: .pngCorrupt,
             triggers: { tree in
                 try frames(tree, ["f1"])
                 let bytes = try FileIO.readAll(tree.path("s/f1.png"))
                 try FileIO.writeAtomically(Array(bytes.prefix(20)), to: tree.path("s/f2.png"))
             },
             passes: { try frames($0, ["f1", "f2"]) }),
        Case(rule: .pngCorrupt, deep: true,
             triggers: { tree in
                 try frames(tree, ["f1", "f2"])
                 // Image data cut short, written under a CRC that matches it: the chunk walk passes
                 // the file, only a full decode sees that the rows run out.
                 let bytes = try FileIO.readAll(tree.path("s/f2.png"))
                 var rewritten = PNG.signature
                 for chunk in try PNG.ChunkWalker.walk(bytes, file: "f2.png") {
                     let data = bytes[(chunk.offset + 8)..<(chunk.offset + 8 + chunk.length)]
                     PNGWriter.chunk(chunk.type, chunk.type == "IDAT" ? data.prefix(data.count / 2) : data, into: &rewritten)
                 }
                 try FileIO.writeAtomically(rewritten, to: tree.path("s/f2.png"))
             },
             passes: { try frames($0, ["f1", "f2"]) }),
        Case(rule: .pngTooLarge,
             triggers: { tree in
                 try frames(tree, ["f1"])
                 // A sound file whose header declares 10 000 × 10 000 pixels, over the default limit.
                 var file = PNG.signature
                 PNGWriter.chunk("IHDR", [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 6, 0, 0, 0], into: &file)
                 PNGWriter.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], into: &file)
                 PNGWriter.chunk("IEND", [UInt8](), into: &file)
                 try FileIO.writeAtomically(file, to: tree.path("s/f2.png"))
             },
             passes: { try frames($0, ["f1", "f2"]) }),
        Case(rule: .pngCgBI,
             triggers: { tree in
                 try frames(tree, ["f1"])
                 let cgbi = PNG.signature + [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x02, 0, 0, 0, 0]
                 try FileIO.writeAtomically(cgbi, to: tree.path("s/f2.png"))
             },
             passes: { try frames($0, ["f1", "f2"]) }),
        Case(rule: .pngColorTypeMixed,
             triggers: { tree in
                 try frames(tree, ["f1", "f2"])
                 try tree.png("s/f3.png", FixtureTree.gradient(20))
             },
             passes: { try frames($0, ["f1", "f2", "f3"]) }),
        Case(rule: .fileTooLarge, config: ValidationConfig(maxFileBytes: 200),
             triggers: { try $0.png("s/f1.png", FixtureTree.gradient(40)) },
             passes: { try frames($0, ["f1", "f2"], size: (1, 1)) }),
        Case(rule: .frameEmpty, deep: true,
             triggers: { try frames($0, ["f1"]); try frames($0, ["f2"], color: .clear) },
             passes: { try frames($0, ["f1", "f2"]) }),
        Case(rule: .frameDuplicate, deep: true,
             triggers: { try frames($0, ["f1", "f2"], color: Color(r: 1, g: 2, b: 3)) },
             passes: { try frames($0, ["f1", "f2"]) }),
        Case(rule: .frameHiddenColor, deep: true,
             triggers: { try frames($0, ["f1"]); try frames($0, ["f2"], color: Color(r: 9, g: 0, b: 0, a: 0)) },
             passes: { try frames($0, ["f1"], color: Color(r: 9, g: 0, b: 0, a: 1)); try frames($0, ["f2"], color: Color(r: 9, g: 0, b: 0, a: 2)) }),
        Case(rule: .manifestInvalid,
             triggers: { tree in try frames(tree, ["f1"]); try tree.write("s/sequence.json", #"{"fps": 0}"#) },
             passes: { tree in try frames(tree, ["f1"]); try tree.write("s/sequence.json", #"{"fps": 12}"#) }),
    ]

    static func findings(_ build: (FixtureTree) throws -> Void, deep: Bool, config: ValidationConfig) throws -> ValidationReport {
        let tree = try FixtureTree()
        try build(tree)
        return try Validator(config: config, deep: deep).validate([tree.root], cancellation: nil)
    }

    @Test(arguments: cases)
    func triggers(_ testCase: Case) throws {
        let report = try Self.findings(testCase.triggers, deep: testCase.deep, config: testCase.config)
        let hits = report.findings.filter { $0.rule == testCase.rule }
        #expect(!hits.isEmpty, "\(testCase.rule) should fire; found \(report.findings.map(\.rule))")
        let rule = try #require(Rules.all.first { $0.id == testCase.rule })
        #expect(hits.allSatisfy { $0.severity == rule.defaultSeverity && !$0.message.isEmpty })
    }

    @Test(arguments: cases)
    func staysQuiet(_ testCase: Case) throws {
        let report = try Self.findings(testCase.passes, deep: testCase.deep, config: testCase.config)
        #expect(report.findings.isEmpty, "expected no findings, got \(report.findings.map { "\($0.rule): \($0.message)" })")
    }

    @Test func ruleIDsAreUniqueAndStable() {
        let ids = Rules.all.map { $0.id }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids) == [.seqGap, .seqMisnamedFrame, .seqPaddingMixed, .seqDuplicateNumber, .sizeMismatch, .scaleMismatch,
                             .scaleNotMultiple, .scaleUnsupported, .scaleMissingVariant, .highlightedMismatch, .pngCorrupt,
                             .pngCgBI, .pngTooLarge, .pngAnimated, .pngTrailingData, .pngColorTypeMixed, .frameDuplicate, .frameEmpty, .frameHiddenColor, .nameCaseClash, .nameMixedNormalization,
                             .fileTooLarge, .animationLenientRead, .animationFramesLost, .animationUnreadable, .folderUnreadable, .folderLinkOutside, .configNotApplied, .configIgnoresAll, .frameLinkOutside, .frameNumberTooLong,
                             .manifestInvalid, .manifestShortDuration, .uikitPadded, .uikitGap, .uikitPast1024,
                             .uikitMixedScale, .uikitMissingScale, .uikitMixedSize, .uikitDeviceVariant,
                             .uikitHighlighted])
    }

    @Test func pixelRulesRunOnlyWhenDeep() throws {
        let build: (FixtureTree) throws -> Void = { try Self.frames($0, ["f1", "f2"], color: .clear) }
        #expect(try Self.findings(build, deep: false, config: ValidationConfig()).findings.isEmpty)
        let deep = try Self.findings(build, deep: true, config: ValidationConfig()).findings.map(\.rule)
        #expect(deep.contains(.frameEmpty) && deep.contains(.frameDuplicate))
    }

    @Test func configChangesSeveritiesAndIgnoresFiles() throws {
        let build: (FixtureTree) throws -> Void = { tree in
            try Self.frames(tree, ["walk1", "walk3"])
            try tree.png("s/backup/walk1.png", 9, 9)
        }
        let config = ValidationConfig(severities: [.seqGap: .warning], ignore: ["s/backup/*"])
        let report = try Self.findings(build, deep: false, config: config)
        #expect(report.findings.map(\.rule) == [.seqGap])
        #expect(report.findings.first?.severity == .warning && !report.hasErrors)
        #expect(report.sequences.count == 1, "the ignored folder yields no sequence")

        let off = try Self.findings(build, deep: false, config: ValidationConfig(severities: [.seqGap: .off], ignore: ["*/backup/*"]))
        #expect(off.findings.isEmpty)
    }

    @Test func readsAndChecksConfigFiles() throws {
        let tree = try FixtureTree()
        try tree.write(".flipbook.json", #"{"severities": {"frame.empty": "error"}, "requiredScales": [1, 2], "maxFileBytes": 100}"#)
        let config = try ValidationConfig.read(file: tree.path(".flipbook.json"))
        #expect(config.severities[.frameEmpty] == .error && config.requiredScales == [1, 2] && config.maxFileBytes == 100)
        for bad in [#"{"severities": {"seq.nope": "error"}}"#, #"{"severities": {"seq.gap": "fatal"}}"#,
                    #"{"expectedSize": [1]}"#, #"{"requiredScales": [4]}"#, "[]"] {
            try tree.write("bad.json", bad)
            #expect(throws: ValidationConfig.Error.self) { _ = try ValidationConfig.read(file: tree.path("bad.json")) }
        }
    }

    @Test func theShippedSequencesAreClean() throws {
        let root = Fixtures.repository + "/Sequences"
        let report = try Validator(deep: true).validate([root], cancellation: nil)
        #expect(report.sequences.count == 4)
        // Kenney's gold coin stores a colour under 3 transparent pixels (the art as published).
        #expect(report.findings.map(\.rule) == [.frameHiddenColor], "\(report.findings)")
        let finding = try #require(report.findings.first)
        #expect(finding.file?.contains("kenney-gold-coin/gold_") == true && finding.severity == .notice, "\(finding)")
        #expect(finding.message.contains(" 3 fully transparent pixels store a colour"), "\(finding.message)")
    }
}
