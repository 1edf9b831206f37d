import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// `Validator` reads each file once however the input names it: a folder given twice, spelled two
/// ways, through a link, or with its parent; an upload that repeats a name. It never traps.
@Suite("Validator: each file once")
struct ValidatorRepeatedInputTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let sequences = Fixtures.path("sequences")

    /// What a report says, paths and all, for comparing two reports.
    static func summary(_ report: ValidationReport) -> [String] {
        ["\(report.fileCount) files"] + report.sequences.map { "\($0.name) \($0.frameCount)" }
            + report.findings.map { "\($0.rule) \($0.severity) \($0.file ?? "-") \($0.message)" }
    }

    @Test func theFoldersHoldWhatTheTestsCount() throws {
        #expect(try Validator().validate([Self.coin], cancellation: nil).fileCount == 4)
        #expect(try Validator().validate([Self.sequences], cancellation: nil).fileCount == 67)
        #expect(try Validator().validate([Self.sequences], cancellation: nil).sequences.count == 8)
    }

    /// One folder given twice, or spelled two ways: the report of the folder alone.
    @Test(arguments: [false, true])
    func oneFolderTwiceIsOneFolder(deep: Bool) throws {
        let link = try Fixtures.temporaryFolder("validate-link") + "/coin"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.coin)
        let alone = try Validator(deep: deep).validate([Self.coin], cancellation: nil)
        #expect(alone.fileCount == 4)
        let spellings = [Self.coin, Self.coin + "/", Self.sequences + "/./kenney-gold-coin",
                         Self.sequences + "/kenney-gold-coin/../kenney-gold-coin", link]
        for second in spellings {
            let twice = try Validator(deep: deep).validate([Self.coin, second], cancellation: nil)
            #expect(Self.summary(twice) == Self.summary(alone), "\(second)")
        }
        // Spelled another way first, the files are named the way that reached them first.
        let throughLink = try Validator(deep: deep).validate([link, Self.coin], cancellation: nil)
        #expect(throughLink.fileCount == 4)
        #expect(throughLink.sequences.map(\.name) == [link + "/gold_"])
    }

    /// A folder and its parent, in either order (a CI job passing `Assets Assets/Characters`): the
    /// parent's report.
    @Test(arguments: [false, true])
    func aFolderAndItsParentAreTheParent(deep: Bool) throws {
        let parent = try Validator(deep: deep).validate([Self.sequences], cancellation: nil)
        #expect(parent.fileCount == 67)
        let childFirst = try Validator(deep: deep).validate([Self.coin, Self.sequences], cancellation: nil)
        let parentFirst = try Validator(deep: deep).validate([Self.sequences, Self.coin, Self.sequences + "/"], cancellation: nil)
        #expect(parentFirst.fileCount == 67 && childFirst.fileCount == 67)
        #expect(Self.summary(parentFirst).sorted() == Self.summary(parent).sorted())
        #expect(Self.summary(childFirst).sorted() == Self.summary(parent).sorted())
    }

    /// Fresh eyes: `validate par par/dino` failed (the gap rule on) and `validate par/dino par`
    /// passed, where `par/dino/.flipbook.json` turns `seq.gap` off: a file under both roots was
    /// judged with the settings of whichever came first. It belongs to the deepest root now.
    @Test func aFolderKeepsItsOwnSettingsBesideItsParentInEitherOrder() throws {
        let parent = try Fixtures.temporaryFolder("validate-parent-settings")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let child = parent + "/dino"
        try FileManager.default.createDirectory(atPath: child, withIntermediateDirectories: true)
        for number in [1, 2, 4] { try FileManager.default.copyItem(atPath: Self.coin + "/gold_\(number).png", toPath: child + "/gold_\(number).png") }
        let gapOff = try ValidationConfig.decode(Array(#"{"severities": {"seq.gap": "off"}}"#.utf8), file: ".flipbook.json")
        let folders = [(parent, ValidationConfig()), (child, gapOff)]
        let parentFirst = try Validator().validate(folders: folders, cancellation: nil), childFirst = try Validator().validate(folders: folders.reversed(), cancellation: nil)
        #expect(!parentFirst.hasErrors && !childFirst.hasErrors, "\(parentFirst.findings.map(\.rule)) \(childFirst.findings.map(\.rule))")
        #expect(parentFirst.fileCount == 3 && childFirst.fileCount == 3)
        // Alone, the parent's defaults judge the gap.
        #expect(try Validator().validate(folders: [(parent, ValidationConfig())], cancellation: nil).findings.map(\.rule) == [.seqGap])
    }

    /// Two names in one folder are two frames, even when one links to the other.
    @Test func aLinkedFrameInOneFolderIsItsOwnFrame() throws {
        let folder = try Fixtures.temporaryFolder("validate-linked-frame")
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: Self.coin + "/gold_\(number).png", toPath: folder + "/gold_\(number).png")
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/gold_4.png", withDestinationPath: folder + "/gold_1.png")
        let report = try Validator().validate([folder, folder], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.sequences.map(\.frameCount) == [4])
    }

    /// Round 62: `validate v/a v v/a/self` said one link out of `v/a` three times (once per root
    /// that reached it), where its frame was counted once. A link out is said once, as its folder's
    /// frames are read once, under the deepest root.
    @Test func aLinkOutIsSaidOnceHoweverItsFolderIsReached() throws {
        let top = try Fixtures.temporaryFolder("validate-link-once")
        defer { try? FileManager.default.removeItem(atPath: top) }
        let v = top + "/v", a = v + "/a"
        try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: top + "/out", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: a + "/f1.png")
        try FileManager.default.createSymbolicLink(atPath: a + "/outdir", withDestinationPath: "../../out")
        try FileManager.default.createSymbolicLink(atPath: a + "/self", withDestinationPath: ".")
        let alone = try Validator().validate([a], cancellation: nil)
        #expect(alone.findings.map(\.rule) == [.folderLinkOutside])
        for roots in [[a, v, a + "/self"], [v, a], [a + "/self", a], [a, a + "/"]] {
            let report = try Validator().validate(roots, cancellation: nil)
            #expect(report.fileCount == 1, "\(roots)")
            #expect(report.findings.map(\.rule) == [.folderLinkOutside], "\(roots)")
        }
    }

    static func frame(_ number: Int) throws -> [UInt8] { try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(number).png") }

    /// An upload repeating a name with other bytes is refused, naming both as given, also when
    /// only the spelling differs; a `sequence.json` twice too. `Validator` had a case of its own
    /// (`sameName`) for what `Animation.load(files:)` calls `repeatedName`: one case now.
    @Test func anUploadRepeatingANameIsRefused() throws {
        let one = try Self.frame(1), two = try Self.frame(2)
        let cases: [([InMemoryFile], Discovery.Error)] = [
            ([InMemoryFile(name: "coin1.png", bytes: one), InMemoryFile(name: "coin1.png", bytes: two)],
             .repeatedName(first: "coin1.png", second: "coin1.png")),
            ([InMemoryFile(name: "./coin1.png", bytes: one), InMemoryFile(name: "coin2.png", bytes: two), InMemoryFile(name: "coin1.png", bytes: two)],
             .repeatedName(first: "./coin1.png", second: "coin1.png")),
            ([InMemoryFile(name: "fx/coin1.png", bytes: one), InMemoryFile(name: "fx//x/../coin1.png", bytes: two)],
             .repeatedName(first: "fx/coin1.png", second: "fx//x/../coin1.png")),
            ([InMemoryFile(name: "coin1.png", bytes: one), InMemoryFile(name: "sequence.json", bytes: Array(#"{"fps": 12}"#.utf8)),
              InMemoryFile(name: "./sequence.json", bytes: Array(#"{"fps": 24}"#.utf8))],
             .repeatedName(first: "sequence.json", second: "./sequence.json")),
        ]
        for (files, expected) in cases {
            for deep in [false, true] {
                #expect(throws: Validator.Error.source(expected)) { _ = try Validator(deep: deep).validate(files: files, cancellation: nil) }
            }
        }
        // One case for one thing: what the validator refuses, assembly refuses alike.
        for (files, expected) in cases {
            #expect(throws: Animation.LoadError.discovery(expected)) { _ = try Animation.load(files: files) }
        }
        let error = Validator.Error.source(.repeatedName(first: "./coin1.png", second: "coin1.png"))
        #expect(error.description.contains("./coin1.png and coin1.png name one file among the files given"))
        #expect(Validator.Error.source(.repeatedName(first: "a.png", second: "a.png")).description
            .contains("a.png is given twice among the files given"))
    }

    /// The same bytes under one name twice (an upload that repeats a part) are one file; names
    /// are normalised, and findings name the normalised form.
    @Test func anUploadRepeatingAFileCountsItOnce() throws {
        let frames = try (1...4).map(Self.frame)
        let files = [InMemoryFile(name: "coin1.png", bytes: frames[0]), InMemoryFile(name: "./coin2.png", bytes: frames[1]),
                     InMemoryFile(name: "coin1.png", bytes: frames[0]), InMemoryFile(name: "coin2.png", bytes: frames[1]),
                     InMemoryFile(name: "coin3.png", bytes: frames[2]), InMemoryFile(name: "x/../coin4.png", bytes: Array(frames[3].prefix(100)))]
        for deep in [false, true] {
            let report = try Validator(deep: deep).validate(files: files, cancellation: nil)
            #expect(report.fileCount == 4)
            #expect(report.sequences.map(\.frameCount) == [4])
            #expect(report.errors.map(\.rule) == [.pngCorrupt])
            #expect(report.errors.map(\.file) == ["coin4.png"])
        }
        // A name that is ignored is not read, so it may repeat.
        var ignoring = Validator()
        ignoring.config.ignore = ["old/*"]
        let ignored = [InMemoryFile(name: "coin1.png", bytes: frames[0]), InMemoryFile(name: "old/coin1.png", bytes: frames[0]),
                       InMemoryFile(name: "old/coin1.png", bytes: frames[1])]
        #expect(try ignoring.validate(files: ignored, cancellation: nil).fileCount == 1)
    }
}
