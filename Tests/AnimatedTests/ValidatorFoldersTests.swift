import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// `Validator` stays inside the folders it is given (a link leading out is not followed, and said),
/// checks each folder with its own settings, and checks a `ValidationConfig` built in Swift as
/// `.flipbook.json` is checked.
@Suite("Validator: folders, links and their settings")
struct ValidatorFoldersTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A temporary folder holding copies of the coin's frames `numbers`.
    static func coinCopy(_ label: String, _ numbers: [Int] = [1, 2, 3, 4]) throws -> String {
        let folder = try Fixtures.temporaryFolder(label)
        for number in numbers {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(number).png", toPath: "\(folder)/gold_\(number).png")
        }
        return folder
    }

    /// A link to a folder outside the one validated is not followed: its frames are neither counted
    /// nor judged, and a `folder.link-outside` finding names the link and where it leads.
    @Test(arguments: [false, true])
    func aLinkLeadingOutIsNotFollowed(deep: Bool) throws {
        let folder = try Self.coinCopy("validate-link-out")
        let outside = try Fixtures.temporaryFolder("validate-outside")
        defer { for path in [folder, outside] { try? FileManager.default.removeItem(atPath: path) } }
        // Outside: a broken frame that would fail the run were it read.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: outside + "/boom1.png"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/elsewhere", withDestinationPath: outside)
        let report = try Validator(deep: deep).validate([folder], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.sequences.map(\.name) == [folder + "/gold_"])
        #expect(!report.hasErrors)
        let links = report.findings.filter { $0.rule == .folderLinkOutside }
        #expect(links.count == 1)
        #expect(links.first?.file == folder + "/elsewhere")
        #expect(links.first?.severity == .warning)
        #expect(links.first?.message.contains(FileIO.resolvedPath(outside) ?? outside) == true)
        // Validated itself, the folder the link leads to is read.
        #expect(throws: Never.self) { _ = try Validator().validate([outside], cancellation: nil) }
    }

    /// A link that stays inside the folder is followed, each folder once; a link back to the folder
    /// itself (a loop) ends the walk.
    @Test func linksInsideAreFollowedAndLoopsEnd() throws {
        let folder = try Fixtures.temporaryFolder("validate-link-in")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        for number in 1...4 {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(folder)/real/gold_\(number).png")
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias", withDestinationPath: folder + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder + "/real/loop", withDestinationPath: folder)
        let report = try Validator().validate([folder], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.sequences.count == 1)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    /// Each folder is checked with its own settings: a folder's `ignore` glob and severities do not
    /// reach another folder, whichever comes first.
    @Test func eachFolderUsesItsOwnConfig() throws {
        let gap = try Self.coinCopy("validate-own-config", [1, 3, 4])
        defer { try? FileManager.default.removeItem(atPath: gap) }
        let gapConfig = try ValidationConfig.decode(Array(#"{"severities":{"seq.gap":"warning"},"ignore":["*_4.png"]}"#.utf8), file: "gap")
        let folders: [(folder: String, config: ValidationConfig)] = [(gap, gapConfig), (Self.coin, ValidationConfig())]
        let gapFirst = try Validator().validate(folders: folders, cancellation: nil)
        let coinFirst = try Validator().validate(folders: folders.reversed(), cancellation: nil)
        for report in [gapFirst, coinFirst] {
            #expect(report.fileCount == 2 + 4)   // gap's gold_4 ignored, the coin's not
            #expect(!report.hasErrors)
            #expect(report.findings.map(\.rule) == [.seqGap])
            #expect(report.findings.first?.severity == .warning)
        }
        #expect(Set(gapFirst.sequences.map(\.name)) == Set(coinFirst.sequences.map(\.name)))
        // `find` finds each folder's own file.
        try Data(#"{"severities":{"seq.gap":"warning"}}"#.utf8).write(to: URL(fileURLWithPath: gap + "/.flipbook.json"))
        #expect(try ValidationConfig.find(for: [gap]).severities == [.seqGap: .warning])
        #expect(try ValidationConfig.find(for: [Self.coin]) == ValidationConfig())
    }

    /// The `async` form reads each folder with its own config too.
    @Test func theAsyncFormTakesAConfigPerFolder() async throws {
        let strict = ValidationConfig(expectedSize: [10, 10])
        let report = try await Validator().validate(folders: [(Self.coin, strict), (Self.coin + "/", ValidationConfig())], progress: nil)
        #expect(report.fileCount == 4)
        #expect(report.findings.filter { $0.rule == .sizeMismatch }.count == 4)
    }

    /// Values `.flipbook.json` refuses are refused in a config built in Swift too, with the same
    /// typed error, before anything is read.
    @Test(arguments: [
        (ValidationConfig(expectedSize: [.nan, 1]), #"{"expectedSize": [0, 1]}"#, "expectedSize[0]"),
        (ValidationConfig(expectedSize: [-1, 1]), #"{"expectedSize": [-1, 1]}"#, "expectedSize[0]"),
        (ValidationConfig(expectedSize: []), #"{"expectedSize": []}"#, "expectedSize"),
        (ValidationConfig(requiredScales: [0, Int.max]), #"{"requiredScales": [0, 9]}"#, "requiredScales[0]"),
        (ValidationConfig(maxFileBytes: -1), #"{"maxFileBytes": -1}"#, "maxFileBytes"),
    ])
    func aConfigBuiltInSwiftIsChecked(config: ValidationConfig, json: String, key: String) throws {
        let upload = [InMemoryFile(name: "gold_1.png", bytes: try Fixtures.bytes("sequences/kenney-gold-coin/gold_1.png"))]
        let fromDisk = #expect(throws: Validator.Error.self) { _ = try Validator(config: config).validate([Self.coin], cancellation: nil) }
        let inMemory = #expect(throws: Validator.Error.self) { _ = try Validator(config: config).validate(files: upload, cancellation: nil) }
        let fromJSON = #expect(throws: ValidationConfig.Error.self) { _ = try ValidationConfig.decode(Array(json.utf8), file: "") }
        for error in [fromDisk, inMemory] {
            guard case .config(let configError)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(configError.schemaError?.path.description == key)
            #expect(configError.schemaError?.path == fromJSON?.schemaError?.path)
        }
    }

    /// A folder with nothing to check — empty, `logo.png` alone (no frame number), a licence alone —
    /// is one rule: `nothingToCheck`, in validation's own words, whatever it holds.
    @Test(arguments: [[String](), ["sequences/kenney-gold-coin/gold_1.png"], ["sequences/kenney-gold-coin/License.txt"]])
    func aFolderWithNothingToCheckIsOneError(holding: [String]) throws {
        let folder = try Fixtures.temporaryFolder("validate-nothing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in holding {
            let name = file.hasSuffix(".png") ? "logo.png" : "License.txt"
            try FileManager.default.copyItem(atPath: Fixtures.path(file), toPath: folder + "/" + name)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == holding.count)
        #expect(throws: Validator.Error.nothingToCheck(folder: folder)) { _ = try Validator().validate([folder], cancellation: nil) }
        #expect(Validator.Error.nothingToCheck(folder: folder).description.hasPrefix(folder + ": nothing to validate"))
    }

    /// A folder whose every frame the ignore globs leave out checks nothing: one
    /// `config.ignores-all` warning naming the count and the globs (it was an empty report). A
    /// folder whose files are read under a deeper root given with it (`par`, `par/dino`) is not that.
    @Test func aFolderWhoseEveryFrameIsIgnoredIsSaid() throws {
        let ignored = try Validator(config: ValidationConfig(ignore: ["gold_*"])).validate([Self.coin], cancellation: nil)
        #expect(ignored.findings.map(\.rule) == [.configIgnoresAll] && ignored.findings.first?.severity == .warning)
        #expect(ignored.findings.first?.message.contains("all 4 of its frames and animations are ignored by the settings' ignore globs (\"gold_*\")") == true,
                "\(ignored.findings)")
        #expect(ignored.sequences.isEmpty && ignored.folderErrors.isEmpty)
        let parent = try Fixtures.temporaryFolder("validate-claimed")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: parent + "/coin", withIntermediateDirectories: true)
        for name in ["gold_1.png", "gold_2.png"] { try FileManager.default.copyItem(atPath: Self.coin + "/" + name, toPath: parent + "/coin/" + name) }
        let report = try Validator().validate(folders: [(parent, ValidationConfig(ignore: ["nothing-matches"])), (parent + "/coin", ValidationConfig())],
                                              cancellation: nil)
        #expect(report.folderErrors.isEmpty && report.fileCount == 2 && report.findings.isEmpty, "\(report.findings)")
    }

    /// A missing folder among good ones does not lose the good ones' report: it is a
    /// `folder.unreadable` error finding and a folder error, and the good folder is validated.
    @Test func aMissingFolderAmongGoodOnesKeepsTheirReport() throws {
        let missing = Self.coin + "-missing"
        let report = try Validator().validate(folders: [(Self.coin, ValidationConfig()), (missing, ValidationConfig())], cancellation: nil)
        #expect(report.fileCount == 4)
        #expect(report.sequences.map(\.name) == [Self.coin + "/gold_"])
        #expect(report.folderErrors == [.source(.notFound(source: missing))])
        #expect(report.findings.map(\.rule) == [.folderUnreadable])
        #expect(report.findings.first?.file == missing)
        #expect(report.hasErrors)
        let text = ReportFormat.text.render(report, base: "")
        #expect(text.contains("folder.unreadable"), "\(text)")
        #expect(ReportFormat.sarif.render(report, base: "").contains("folder.unreadable"))
        // The one-call form still throws the folder's error.
        #expect(throws: Validator.Error.source(.notFound(source: missing))) { _ = try Validator().validate([Self.coin, missing], cancellation: nil) }
    }

    /// Fresh eyes: a folder whose one GIF did not read at all (cut to 40 bytes, or asking for more
    /// than the limits) made the whole run throw — no report, the other folders never checked. It
    /// is an `animation.unreadable` finding naming the file (exit 1, as a corrupt frame; round 13:
    /// it was the folder's error, exit 3), and the good folder is validated.
    @Test(arguments: [false, true])
    func anUnreadableLoneAnimationDoesNotStopTheOtherFolders(overLimit: Bool) throws {
        let folder = try Fixtures.temporaryFolder("validate-bad-gif")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gif = try Fixtures.bytes("gif/effects/Effect_Kabooms_2x.gif")
        try Data(overLimit ? gif : Array(gif.prefix(40))).write(to: URL(fileURLWithPath: folder + "/boom.gif"))
        var limits = ResourceLimits.default
        if overLimit { limits.maxOutputPixels = 1_000_000 }
        let report = try Validator(limits: limits).validate(folders: [(folder, ValidationConfig()), (Self.coin, ValidationConfig())], cancellation: nil)
        #expect(report.fileCount == 5 && report.sequences.map(\.name) == [Self.coin + "/gold_"])
        #expect(report.folderErrors.isEmpty)
        #expect(report.findings.map(\.rule) == [.animationUnreadable] && report.findings.first?.file == folder + "/boom.gif")
        #expect(report.findings.first?.message.contains(overLimit ? "pixels" : "boom.gif") == true, "\(report.findings)")
        #expect(report.hasErrors)
        // The one-call form returns the report: the file is judged, not the folder refused.
        #expect(try Validator(limits: limits).validate([folder], cancellation: nil).findings.map(\.rule) == [.animationUnreadable])
    }

    /// A GIF that lacks only its trailer byte lost no frame: a warning (`animation.lenient-read`),
    /// no error; the same GIF cut inside a frame lost frames: an `animation.frames-lost` error.
    @Test func aGIFWithoutItsTrailerIsAWarningButLostFramesAreAnError() throws {
        let whole = try Fixtures.bytes("gif/effects/Effect_BigHit.gif")
        #expect(whole.last == 0x3B)
        let noTrailer = try Validator().validate(files: [InMemoryFile(name: "hit.gif", bytes: Array(whole.dropLast()))], cancellation: nil)
        #expect(noTrailer.findings.map(\.rule) == [.animationLenientRead], "\(noTrailer.findings)")
        #expect(!noTrailer.hasErrors)
        let cut = try Validator().validate(files: [InMemoryFile(name: "hit.gif", bytes: Array(whole.prefix(whole.count / 2)))], cancellation: nil)
        #expect(cut.findings.map(\.rule) == [.animationFramesLost], "\(cut.findings)")
        #expect(cut.hasErrors)
    }
}
