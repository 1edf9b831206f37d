import Foundation
import Testing
import TestSupport

/// `flipbook validate` given one folder twice, spelled two ways or with its parent writes the
/// report of the folders once and exits as for them; a cut frame fails without `--deep`; a frame
/// over `--max-pixels` is `png.too-large`.
@Suite("flipbook validate: repeated folders, damaged and oversized frames")
struct ValidateRepeatedFoldersCommandTests {
    static let root = CLI.repository

    @Test func theShippedFoldersHoldWhatTheTestsCount() throws {
        let json = try CLI.run(["validate", "Sequences", "--json"], in: Self.root)
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"files\" : 101"), "\(json.stdout.prefix(400))")
    }

    /// The same arguments as `alone` with one folder repeated: the same report, the same status.
    @Test(arguments: [
        (["Sequences/kenney-gold-coin"], ["Sequences/kenney-gold-coin", "Sequences/kenney-gold-coin"]),
        (["Sequences/kenney-gold-coin"], ["Sequences/kenney-gold-coin", "./Sequences/kenney-gold-coin/"]),
        (["Sequences"], ["Sequences", "Sequences/kenney-gold-coin"]),
        (["Sequences"], ["Sequences/kenney-robot-walk", "Sequences"]),
    ])
    func aRepeatedFolderGivesTheReportOfTheFolder(alone: [String], repeated: [String]) throws {
        let folder = try Fixtures.temporaryFolder("validate-repeated")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let once = try CLI.run(["validate"] + alone + ["--output", folder + "/once.json"], in: Self.root)
        let twice = try CLI.run(["validate"] + repeated + ["--output", folder + "/twice.json"], in: Self.root)
        #expect(once.status == 0 && twice.status == 0, "\(twice.stderr)")
        #expect(!twice.stderr.contains("Fatal error"))
        let onceReport = try String(contentsOfFile: folder + "/once.json", encoding: .utf8)
        let twiceReport = try String(contentsOfFile: folder + "/twice.json", encoding: .utf8)
        #expect(twice.stderr == once.stderr)
        if alone == ["Sequences/kenney-gold-coin"] {
            #expect(twiceReport == onceReport)
        } else {
            // A folder given with its parent is read as its own root (with its own settings), so
            // the sequences are listed in another order; the same ones.
            #expect(twiceReport.split(separator: "\n").sorted() == onceReport.split(separator: "\n").sorted())
        }
        let text = try CLI.run(["validate"] + repeated, in: Self.root)
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").last == once.stderr.split(separator: "\n").last.map { $0 + " (chunks and CRCs checked; --deep decodes every frame)" })
    }

    /// A real frame cut to half its length fails `validate` without `--deep` (exit 1, `png.corrupt`).
    @Test func aCutFrameFailsWithoutDeep() throws {
        let folder = try Fixtures.temporaryFolder("validate-cut-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in 1...4 {
            var bytes = try Fixtures.bytes("sequences/kenney-gold-coin/gold_\(number).png")
            if number == 2 { bytes = Array(bytes.prefix(bytes.count / 2)) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/gold_\(number).png"))
        }
        let result = try CLI.run(["validate", folder, folder])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error   png.corrupt  gold_2.png: truncated"), "\(result.stdout)")
        #expect(result.stdout.contains("1 sequence, 4 files: 1 error"))
    }

    /// `--max-pixels` below the frames' size: `png.too-large`, naming the flag, listed in `--help`.
    @Test func aFrameOverMaxPixelsIsTooLarge() throws {
        let result = try CLI.run(["validate", "Sequences/kenney-gold-coin", "--max-pixels", "4000"], in: Self.root)
        #expect(result.status == 1)
        // The four files say the same: one line (issue 44).
        #expect(result.stdout.contains("png.too-large  each of 4 files (gold_1.png, gold_2.png, gold_3.png and gold_4.png) is 64×64, "
                                       + "over the 4000-pixel limit; --max-pixels raises it"), "\(result.stdout)")
        #expect(!result.stdout.contains("png.corrupt"))
        let help = try CLI.run(["validate", "--help"])
        #expect(help.stdout.contains("png.too-large"))
        // Every rule's whole name, as .flipbook.json takes it (two were cut to 22 characters: fresh eyes 52).
        for rule in ["manifest.short-duration", "name.mixed-normalization"] {
            #expect(help.stdout.contains(rule + " "), "\(rule) in validate --help")
        }
    }
}
