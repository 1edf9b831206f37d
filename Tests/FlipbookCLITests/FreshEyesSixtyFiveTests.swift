import Foundation
import Testing
import TestSupport

/// What fresh eyes round 65 found (session 35), on the gold coin and the pixel-art fire bomb.
@Suite("Fresh eyes 65: case twins of the user's files, portable frame prefixes, unused settings")
struct FreshEyesSixtyFiveTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A folder holding the coin's first frame as `in.png` and the user's own file `name`.
    static func folder(users name: String) throws -> String {
        let folder = try Fixtures.temporaryFolder("fe65")
        try FileManager.default.copyItem(atPath: coin + "/gold_3.png", toPath: folder + "/in.png")
        try FileManager.default.copyItem(atPath: coin + "/gold_4.png", toPath: folder + "/" + name)
        return folder
    }

    /// #4: `-o NOTES.png` beside the user's `notes.png` (and `café.png` in the other Unicode
    /// normalisation) was written without a word: on macOS and Windows one file, replaced. Refused
    /// as the exact name is, and written with --overwrite; the user's file is untouched.
    @Test(arguments: [("notes.png", "NOTES.png"), ("notes.png", "Notes.png"), ("caf\u{E9}.png", "cafe\u{301}.png")])
    func anOutputThatIsTheUsersFileOnMacOSIsRefused(users: String, output: String) throws {
        let folder = try Self.folder(users: users)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + users))
        let run = try CLI.run(["blur", "in.png", "--sigma", "2", "-o", output], in: folder)
        #expect(run.status == 2 && run.stderr.contains("differ only in case or Unicode normalisation"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.count == 2)
        #expect(try CLI.run(["blur", "in.png", "--sigma", "2", "-o", output, "--overwrite"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + users)) == before)
    }

    /// #4: a sheet's data beside the user's `S.json` is refused too; a rerun of Flipbook's own
    /// output under its own name is not.
    @Test func aSheetsDataBesideTheUsersTwinIsRefused() throws {
        let folder = try Self.folder(users: "S.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", Self.coin, "-o", "s.png"], in: folder)
        #expect(run.status == 2 && run.stderr.contains("s.json and S.json"), "\(run.stderr)")
        #expect(try CLI.run(["sheet", Self.coin, "-o", "t.png"], in: folder).status == 0)
        #expect(try CLI.run(["sheet", Self.coin, "-o", "t.png"], in: folder).status == 0)
    }

    /// #7, #8: `--prefix 'a\b'` ended as exit 4 and a message about another manifest's prefix;
    /// `boom:v2*.webp` wrote `boom:v2*1.png`, a name Windows cannot check out. The prefix given is
    /// refused up front; a file's name is made portable, with a warning.
    @Test func framesPrefixesArePortable() throws {
        let folder = try Fixtures.temporaryFolder("fe65-prefix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bomb = Fixtures.path("webp-img2webp/ansimuz-fire-bomb-pixel.webp")
        for prefix in ["a\\b", "a|b", "a:b"] {
            let run = try CLI.run(["frames", bomb, "-o", "p", "--prefix", prefix], in: folder)
            #expect(run.status == 2 && run.stderr.contains("--prefix must be a plain file name prefix"), "\(prefix): \(run.stderr)")
        }
        try FileManager.default.copyItem(atPath: bomb, toPath: folder + "/boom:v2*.webp")
        let run = try CLI.run(["frames", "boom:v2*.webp", "-o", "q"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("its frames are boom_v2_1.png…"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/q/boom_v2_1.png"))
    }

    /// #9: `--trim-margin 5` without `--trim` changed nothing without a word.
    @Test func aTrimMarginWithoutTrimIsWarnedOf() throws {
        let folder = try Fixtures.temporaryFolder("fe65-trim")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["sheet", Self.coin, "-o", "s.png", "--trim-margin", "5"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("warning: --trim-margin 5 is unused: it keeps pixels around trimmed content, and --trim is not given"),
                "\(run.stderr)")
        #expect(!(try CLI.run(["sheet", Self.coin, "-o", "t.png", "--trim-margin", "5", "--trim"], in: folder).stderr.contains("unused")))
    }

    /// #13: a folder past the longest path the system opens was passed over, and `validate` went
    /// green over the corrupt frames in it. It is a finding on the folder that holds it, exit 1.
    @Test func aFolderPastTheLongestPathIsAFindingNotSkipped() throws {
        let folder = try Fixtures.temporaryFolder("fe65-long")
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/rm"), arguments: ["-rf", folder]).waitUntilExit() }
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: folder + "/art/gold_1.png")
        // 25 names of 200 bytes: past 4096 bytes (macOS: 1024), made one level at a time (no
        // call takes a path that long) by a shell that changes into each.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "cd \"$1\"/art && n=$(printf 'f%.0s' $(seq 200)) && for i in $(seq 25); do mkdir $n; cd -P $n 2>/dev/null; done; "
                         + "printf 'not a png' > bad1.png && test $(find \"$1\" -name bad1.png | wc -c) -gt 5000", "sh", folder]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        // Round 70: the branch too deep is a finding on its folder and the rest of the tree is still
        // checked (a sequence with a gap beside it went unsaid: the report held that finding alone).
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_3.png", toPath: folder + "/art/gold_3.png")
        let run = try CLI.run(["validate", "art"], in: folder)
        #expect(run.status == 1 && run.stdout.contains("folder.unreadable") && run.stdout.contains("lies past the longest path the system opens")
                && run.stdout.contains("seq.gap"), "\(run.status) \(run.stdout.suffix(600))")
    }

    /// #13: a chain of folders was walked in time growing with the cube of its depth (`realpath`
    /// of every folder). Real paths are found from the parent's now; what the walk finds is the
    /// same, links included: corrupt frames at the bottom of a 200-level chain reached through a
    /// link inside the tree are reported once, a link out of the tree is said.
    @Test func aDeepChainIsWalkedWithItsLinks() throws {
        let folder = try Fixtures.temporaryFolder("fe65-deep")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let art = folder + "/art"
        var deep = art
        for _ in 0..<200 { deep += "/a" }
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        for name in ["bad1.png", "bad2.png"] { try Data("not a png".utf8).write(to: URL(fileURLWithPath: deep + "/" + name)) }
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: art + "/gold_1.png")
        try FileManager.default.createSymbolicLink(atPath: art + "/a/a/short", withDestinationPath: String(repeating: "a/", count: 150))
        try FileManager.default.createSymbolicLink(atPath: art + "/a/out", withDestinationPath: "../../..")
        let run = try CLI.run(["validate", "art"], in: folder)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("each of 2 files (bad1.png and bad2.png) is not a PNG file"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "png.corrupt").count == 2, "\(run.stdout)")
        #expect(run.stdout.contains("folder.link-outside"), "\(run.stdout)")
    }
}
