import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// Issue 44, the commands' output habits made one: every command creates the missing folders of
/// its output; every command with `-o` has `--overwrite`, with the same words; an output folder
/// that cannot be written is refused before the work; notes are printed only once the output is
/// written (the odd-sized `@2x` that exited 1 is `SheetScaleTests`).
/// Inputs are the real fixtures named in each case.
@Suite("Output habits (commands)")
struct OutputHabitsCommandTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let scene = Fixtures.path("framegen/scenes/overlap-alpha.json")
    static let smoke = Fixtures.path("sequences/unity-wispy-smoke-03b-faint")

    /// Each command's arguments with `OUT` for its single-file output (placed two missing
    /// folders deep): before issue 44 all of these exited 4 "No such file or directory".
    static let singleFileCommands: [[String]] = [
        ["assemble", coin, "-o", "OUT.gif"],
        ["assemble", coin, "-o", "OUT.webp"],
        ["blur", frame, "-o", "OUT.png", "--sigma", "1"],
        ["resize", frame, "-o", "OUT.png", "--scale", "0.5"],
        ["slice", frame, "-o", "OUT.png", "--insets", "4,4,4,4", "--size", "80x80"],
        ["validate", coin, "--output", "OUT.sarif"],
        ["draw", scene, "-o", "OUT.png"],
        ["render", Fixtures.repository + "/Examples/frosted-panel.json", "-o", "OUT.gif", "--fps", "2"],
        ["generate", "seagull", "--frames", "2", "-o", "OUT.gif"],
        ["generate", "seagull", "--frames", "1", "-o", "OUT.png"],
    ]

    @Test(arguments: singleFileCommands)
    func missingFoldersOfASingleFileOutputAreCreated(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("habits-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = arguments.first { $0.hasPrefix("OUT.") }!
        let path = "new/deeper/x." + OutputNameExtension.of(output)
        let result = try CLI.run(arguments.map { $0 == output ? path : $0 }, in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/\(path)"))
        // Nothing else: no temporary file beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/new/deeper").filter { !$0.hasPrefix(".flipbook-outputs") }
                == ["x." + OutputNameExtension.of(output)])
    }

    /// A file where a folder should be (`/dev/null/…`, refused for every user, root too) is an
    /// output that cannot be written: exit 4, before any work, and no folder is left behind.
    @Test(arguments: singleFileCommands)
    func anOutputUnderAFileExits4(arguments: [String]) throws {
        let output = arguments.first { $0.hasPrefix("OUT.") }!
        let result = try CLI.run(arguments.map { $0 == output ? "/dev/null/new/x." + OutputNameExtension.of(output) : $0 })
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/null"), "\(result.stderr)")
    }

    /// `sheet` and `frames` write sets into a folder: a file where that folder should be exited 2
    /// (`sheet`, with the folder's absolute path) where every other command exits 4 (found by a
    /// new-user round); now 4, naming the path as given.
    @Test(arguments: [["sheet", coin, "-o", "notes.txt/s.png"], ["sheet", coin, "-o", "s.png", "--data", "notes.txt/s.json"],
                      ["frames", Fixtures.path("gif/giflib/fire.gif"), "-o", "notes.txt/frames"],
                      ["generate", "seagull", "--frames", "2", "-o", "notes.txt/birds"],
                      ["resize", coin, "--scale", "0.5", "-o", "notes.txt/half"]])
    func aSetUnderAFileExits4(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("habits-file-folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "mine".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 4, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("notes.txt") && !result.stderr.contains(dir), "\(result.stderr)")
        // Said as the file it is, in every command (fresh eyes 53: `frames` said only "Not a directory").
        #expect(result.stderr.contains("notes.txt is not a folder") || result.stderr.contains("into notes.txt: a file is there, not a folder"),
                "\(result.stderr)")
    }

    /// `assemble --max-bytes` encodes several times before it writes: an output folder that cannot
    /// be written was found only after all that work (and the alpha note printed). Now it is refused
    /// by the plan, before any frame is encoded, and with nothing printed but the error.
    @Test func anUnwritableOutputIsRefusedBeforeEncoding() throws {
        let result = try CLI.run(["assemble", Self.smoke, "-o", "/dev/null/smoke.gif", "--max-bytes", "1000"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr == "error: cannot write /dev/null/smoke.gif: /dev/null is not a folder\n", "\(result.stderr)")
        // A link leading nowhere where the folder should be is said as such (fresh eyes 53: "No such file or directory").
        let dir = try Fixtures.temporaryFolder("output-dangling")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/deep2", withDestinationPath: "gone")
        let dangling = try CLI.run(["assemble", Self.smoke, "-o", "deep2/c.gif"], in: dir)
        #expect(dangling.status == 4 && dangling.stderr == "error: cannot write deep2/c.gif: deep2 is a link to gone, which leads nowhere\n",
                "\(dangling.stderr)")
    }

    /// The GIF alpha note was printed before a run that then failed (here: the GIF is over the
    /// file-size limit, exit 4). Notes now come only with the file they describe.
    @Test func notesComeOnlyAfterSuccess() throws {
        let dir = try Fixtures.temporaryFolder("habits-notes")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let failed = try CLI.run(["assemble", Self.smoke, "-o", "smoke.gif"], shellLimits: "ulimit -f 4", in: dir)
        #expect(failed.status == 4, "\(failed.stderr)")
        #expect(!failed.stderr.contains("note:"), "\(failed.stderr)")
        let written = try CLI.run(["assemble", Self.smoke, "-o", "smoke.gif"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("note: ") && written.stderr.contains("semi-transparent"), "\(written.stderr)")
    }

    /// The same into a full standard output (`-o - > /dev/full`): the note was printed, then the
    /// write failed (fresh eyes 55). The error alone now.
    @Test func notesComeOnlyAfterStandardOutputIsWritten() throws {
        let failed = try CLI.run(["assemble", Self.smoke, "-o", "-", "--format", "gif"], shellLimits: "exec >/dev/full")
        #expect(failed.status == 4, "\(failed.stderr)")
        #expect(failed.stderr.contains("cannot write standard output") && !failed.stderr.contains("note:"), "\(failed.stderr)")
    }

    /// Warnings came before the run too (`assemble`: before encoding; `sheet`: before writing),
    /// so a run that then failed had printed `warning: …` about output it never wrote. Now the
    /// warnings and notes come with the outcome, and with `--json` the notes are in the object too
    /// (issue 44, fresh eyes). Here: frames 1, 2 and 4 of the coin (a gap: a warning), written
    /// over the file-size limit (exit 4), then written.
    @Test(arguments: [["assemble", "gap", "-o", "coin.gif"], ["sheet", "gap", "-o", "coin.png"]])
    func warningsComeOnlyAfterSuccess(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("habits-warnings")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/gap", withIntermediateDirectories: true)
        for number in [1, 2, 4] {
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(number).png"), toPath: dir + "/gap/gold_\(number).png")
        }
        let failed = try CLI.run(arguments, shellLimits: "ulimit -f 0", in: dir)
        #expect(failed.status == 4, "\(failed.stderr)")
        #expect(!failed.stderr.contains("warning:") && !failed.stderr.contains("note:"), "\(failed.stderr)")
        let written = try CLI.run(arguments + ["--json"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("warning: "), "\(written.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any]
        #expect((json?["warnings"] as? [String])?.count == 1, "\(written.stdout)")
        #expect(json?["notes"] is [String], "\(written.stdout)")
    }

    /// The notes printed are the JSON's `notes`, word for word.
    @Test func theNotesAreInTheJSON() throws {
        let dir = try Fixtures.temporaryFolder("habits-notes-json")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let written = try CLI.run(["assemble", Self.smoke, "-o", "smoke.gif", "--json"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any]
        let notes = try #require(json?["notes"] as? [String], "\(written.stdout)")
        #expect(notes.contains { $0.contains("semi-transparent") }, "\(notes)")
        #expect(notes.map { "note: \($0)" } == written.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }.map(String.init))
    }

    /// Every command with `-o` has `--overwrite`, with the same help; `frames` had none.
    @Test(arguments: [["assemble"], ["frames"], ["generate", "seagull"], ["generate", "explosion"], ["generate", "scatter"],
                      ["generate", "stroke"], ["draw"], ["render"], ["blur"], ["slice"], ["resize"], ["sheet"], ["validate"]])
    func everyCommandWithAnOutputHasTheSameOverwrite(command: [String]) throws {
        let help = try CLI.run(command + ["--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--overwrite Replace an output file Flipbook did not write (never an input, never a file of another Flipbook set)."),
                "\(help.stdout)")
    }

    /// `frames --overwrite` means what it means elsewhere: a file of the user's at a name the run
    /// writes is replaced (without it: refused, exit 2); the input never is.
    @Test func framesOverwriteReplacesAUsersFileAtAFrameName() throws {
        let dir = try Fixtures.temporaryFolder("habits-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gif = Fixtures.path("gif/giflib/fire.gif")
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/out/fire1.png"))
        let refused = try CLI.run(["frames", gif, "-o", "out"], in: dir)
        #expect(refused.status == 2 && refused.stderr.contains("fire1.png"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: dir + "/out/fire1.png", encoding: .utf8) == "mine")
        let replaced = try CLI.run(["frames", gif, "-o", "out", "--overwrite"], in: dir)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try PNG.Decoder().decodeBitmap(file: dir + "/out/fire1.png").width == 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }.count == 33)
    }

    /// The same for a sheet's frames: a user's file at a sprite's name is replaced with `--overwrite`.
    @Test func framesOverwriteOfASheetsFrames() throws {
        let dir = try Fixtures.temporaryFolder("habits-sheet-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let packed = try CLI.run(["sheet", Self.coin, "-o", "coin.png"], in: dir)
        #expect(packed.status == 0, "\(packed.stderr)")
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/out/gold_2.png"))
        #expect(try CLI.run(["frames", "coin.json", "-o", "out"], in: dir).status == 2)
        let replaced = try CLI.run(["frames", "coin.json", "-o", "out", "--overwrite"], in: dir)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try FileIO.readAll(dir + "/out/gold_2.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

/// The extension of `OUT.gif` and the like.
enum OutputNameExtension {
    static func of(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
}
