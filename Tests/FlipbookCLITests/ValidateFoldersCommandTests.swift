import Foundation
import Testing
import TestSupport

/// `flipbook validate` checks each folder with its own `.flipbook.json` (whatever the order), does
/// not follow a link out of a folder, and takes `-o` as every writing command does.
@Suite("flipbook validate: each folder on its own")
struct ValidateFoldersCommandTests {
    static let coin = CLI.repository + "/Sequences/kenney-gold-coin"

    /// `gap` holds frames 1, 3 and 4 of the coin and a config making the gap a warning and ignoring
    /// `*_4.png`; in either order, the gap is a warning and the coin's own frame 4 is checked.
    @Test func eachFolderUsesItsOwnConfigInEitherOrder() throws {
        let work = try Fixtures.temporaryFolder("validate-own-config-cli")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let gap = work + "/gap"
        try FileManager.default.createDirectory(atPath: gap, withIntermediateDirectories: true)
        for number in [1, 3, 4] { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(gap)/gold_\(number).png") }
        try Data(#"{"severities":{"seq.gap":"warning"},"ignore":["*_4.png"]}"#.utf8).write(to: URL(fileURLWithPath: gap + "/.flipbook.json"))
        for order in [[gap, Self.coin], [Self.coin, gap]] {
            let run = try CLI.run(["validate"] + order)
            #expect(run.status == 0, "\(order): \(run.stdout) \(run.stderr)")
            #expect(run.stdout.contains("2 sequences, 6 files: 0 errors, 1 warning"), "\(run.stdout)")
        }
        // --config applies one file to every folder: the coin's gold_4.png is ignored too.
        let shared = try CLI.run(["validate", Self.coin, gap, "--config", gap + "/.flipbook.json"])
        #expect(shared.status == 0)
        #expect(shared.stdout.contains("2 sequences, 5 files"), "\(shared.stdout)")
    }

    /// A link to `/usr` inside the folder is reported, not walked: the run reads the folder's four
    /// frames only.
    @Test func aLinkOutOfTheFolderIsNotWalked() throws {
        let folder = try Fixtures.temporaryFolder("validate-link-out-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in 1...4 { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(folder)/gold_\(number).png") }
        try FileManager.default.createSymbolicLink(atPath: folder + "/usr", withDestinationPath: "/usr")
        let run = try CLI.run(["validate", folder])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("folder.link-outside"), "\(run.stdout)")
        #expect(run.stdout.contains("\(folder)/usr is a link to /usr"), "\(run.stdout)")
        #expect(run.stdout.contains("1 sequence, 4 files: 0 errors, 1 warning"), "\(run.stdout)")
    }

    /// `-o` is `--output`, as in every other writing command.
    @Test func dashOWritesTheReport() throws {
        let folder = try Fixtures.temporaryFolder("validate-dash-o")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["validate", Self.coin, "-o", folder + "/report.sarif"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try String(contentsOfFile: folder + "/report.sarif", encoding: .utf8)
        #expect(report.contains("sarif-2.1.0"), "\(report.prefix(300))")
    }

    /// `--json --format sarif` printed JSON without a word: the two contradict each other.
    @Test func jsonAndAnotherFormatContradict() throws {
        let run = try CLI.run(["validate", Self.coin, "--json", "--format", "sarif"])
        #expect(run.status == 2 && run.stderr.contains("--json is --format json") && !run.stdout.contains("sequences"), "\(run.stderr)")
    }

    /// A folder given by its absolute path: the JSON report's sequences are relative to the current
    /// folder as its files are (a finding's file was relative, its sequence absolute).
    @Test func anAbsoluteFolderIsReportedRelative() throws {
        let folder = try Fixtures.temporaryFolder("validate-relative")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Assets/clash", withIntermediateDirectories: true)
        for (from, to) in [("gold_1", "fire1"), ("gold_2", "fire2"), ("gold_3", "fire02")] {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/\(from).png", toPath: "\(folder)/Assets/clash/\(to).png")
        }
        let run = try CLI.run(["validate", "Assets", folder + "/Assets/clash", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains(#""Assets/clash/fire""#) && !run.stdout.contains(folder + "/"), "\(run.stdout)")
    }

    /// A missing folder among good ones: exit 3, and the SARIF report of the good folder is written
    /// with the missing one as a `folder.unreadable` error.
    @Test func aMissingFolderStillWritesTheReport() throws {
        let folder = try Fixtures.temporaryFolder("validate-missing-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["validate", Self.coin, folder + "/nonexist", "--format", "sarif", "-o", folder + "/m.sarif"])
        #expect(run.status == 3, "\(run.stderr)")
        let report = try String(contentsOfFile: folder + "/m.sarif", encoding: .utf8)
        #expect(report.contains("\"ruleId\" : \"folder.unreadable\""), "\(report.prefix(400))")
        // The good folder's sequence is in the report (JSON lists sequences; SARIF only results).
        let json = try CLI.run(["validate", folder + "/nonexist", Self.coin, "-o", folder + "/m.json"])
        #expect(json.status == 3, "\(json.stderr)")
        let jsonReport = try String(contentsOfFile: folder + "/m.json", encoding: .utf8)
        #expect(jsonReport.contains("kenney-gold-coin/gold_") && jsonReport.contains("folder.unreadable"), "\(jsonReport.prefix(400))")
    }

    /// An empty folder and one of `logo.png` alone exit alike: 3, in validate's words.
    @Test func foldersWithNothingToCheckExitAlike() throws {
        let work = try Fixtures.temporaryFolder("validate-nothing-cli")
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work + "/empty", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work + "/logo", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: work + "/logo/logo.png")
        for folder in ["empty", "logo"] {
            let run = try CLI.run(["validate", work + "/" + folder])
            #expect(run.status == 3, "\(folder): \(run.stdout)")
            #expect(run.stderr.contains("nothing to validate"), "\(run.stderr)")
            #expect(!run.stderr.contains("expected a folder, PNG files, or a prefix"))
        }
    }
}
