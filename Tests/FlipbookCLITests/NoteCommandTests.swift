import Foundation
import Raster
import Testing
import TestSupport

/// `flipbook note`: the example's note from the command line, its scale rules and its refusals.
@Suite struct NoteCommandTests {
    static let chrome = Fixtures.path("text/chrome/note-chrome.png")

    @Test func writesTheNoteAtTheOutputsScaleWithTheChromesVariant() throws {
        let folder = try Fixtures.temporaryFolder("note-command")
        try FileManager.default.copyItem(atPath: Self.chrome, toPath: folder + "/chrome.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome@2x.png"), toPath: folder + "/chrome@2x.png")
        let result = try CLI.run(["note", "Tap to explode.", "--chrome", "chrome.png", "--insets", "37,12,12,12",
                                  "--font-size", "25", "-o", "note@2x.png", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"chrome\" : \"chrome@2x.png\""))
        // The same pixels as the library's note (NoteTests' golden of the short note).
        let written = try PNG.Decoder().decodeBitmap(file: folder + "/note@2x.png")
        let golden = try PNG.Decoder().decodeBitmap(file: Fixtures.path("text/notes/short@2x.png"))
        let same = written.pixels == golden.pixels && written.width == golden.width
        #expect(same)
    }

    @Test func missingGlyphsAreAWarningNamingThem() throws {
        let folder = try Fixtures.temporaryFolder("note-missing")
        let result = try CLI.run(["note", "爆 boom", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", folder + "/n.png"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: the font (DejaVu Sans) has no glyph for U+7206 '爆'"))
    }

    @Test(arguments: [
        (["--insets", "37,12,12"], "--insets does not take '37,12,12'"),
        (["--insets", "37,12,1x2,12"], "--insets does not take '1x2'"),
        (["--insets", "37,12,12,12", "--font-size", "0"], "--font-size does not take '0'"),
        (["--insets", "37,12,12,12", "--scale", "4"], "--scale does not take '4'"),
        (["--insets", "37,12,12,12", "--color", "red"], "--color does not take 'red'"),
        (["--insets", "60,12,12,12"], "--insets does not take '60,12,12,12'; it takes: left + right under 25 and top + bottom under 50 (points) (the chrome"),
        // Fresh eyes: numbers past Int's range trapped while the refusal was being written (exit 132).
        (["--insets", "37,12,12,12", "--font-size", "9.3e18"], "--font-size"),
        (["--insets", "37,12,12,12", "--max-width", "9.3e18"], "--max-width"),
        (["--insets", "37,12,12,12", "--line-spacing", "1e19"], "--line-spacing"),
        (["--insets", "37,12,12,12", "--line-spacing", "-1e19"], "--line-spacing"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let folder = try Fixtures.temporaryFolder("note-usage")
        let result = try CLI.run(["note", "x", "--chrome", Self.chrome, "-o", folder + "/n.png"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/n.png"))
    }

    /// #46 round 57b: `--font-size 0` and `--font-size nan` were refused in two wordings of one range
    /// (the second quoted the help, "points per em (default 17)", without the range).
    @Test(arguments: [("--font-size", ["0", "nan", "1001"], "points per em: above 0, at most 1000"),
                      ("--max-width", ["0", "inf", "-5"], "the widest the text may be, in points: above 0, at most 100000"),
                      ("--line-spacing", ["-1", "nan", "1e9"], "points added between lines: 0 to 1000")])
    func aNumbersRangeIsSaidOneWay(flag: String, values: [String], takes: String) throws {
        let folder = try Fixtures.temporaryFolder("note-range")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for value in values {
            let result = try CLI.run(["note", "x", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", folder + "/n.png", flag, value])
            #expect(result.status == 2 && result.stderr.contains("error: \(flag) does not take '\(value)'; it takes: \(takes)"), "\(result.stderr)")
        }
    }

    /// An @4x output name was written as @4x although `--scale 4` is refused: both are refused alike.
    @Test(arguments: ["n@4x.png", "n@9x.png"])
    func anOutputNamedAtAScaleOverThreeIsRefusedAsTheScaleIs(_ name: String) throws {
        let folder = try Fixtures.temporaryFolder("note-scale4")
        let result = try CLI.run(["note", "x", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", folder + "/" + name])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("\(name): its @\(name.dropFirst(2).prefix(1))x is not a scale a note is drawn at (--scale takes 1, 2 or 3)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// An output inside a file said "FILE: cannot write PNG: cannot write FILE: …": the file once.
    @Test func anOutputUnderAFileNamesItOnce() throws {
        let folder = try Fixtures.temporaryFolder("note-under-file")
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/afile"))
        let result = try CLI.run(["note", "x", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", folder + "/afile/n.png"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "afile/n.png").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write PNG: \(folder)/afile is not a folder"), "\(result.stderr)")
    }

    /// A chrome that is a GIF named .gif was told to "rename it to .gif": it says a PNG is needed.
    @Test func aGIFChromeIsToldToBecomeAPNG() throws {
        let gif = Fixtures.path("gif/giflib/fire.gif")
        let folder = try Fixtures.temporaryFolder("note-gif-chrome")
        let result = try CLI.run(["note", "x", "--chrome", gif, "--insets", "4,4,4,4", "-o", folder + "/n.png"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("fire.gif: a GIF, where only a PNG is read: convert it to PNG (flipbook frames writes an animation's frames as PNGs)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("rename it"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/n.png"))
    }

    @Test func aFileThatIsNoFontIsAnUnreadableInput() throws {
        let folder = try Fixtures.temporaryFolder("note-font")
        let result = try CLI.run(["note", "x", "--chrome", Self.chrome, "--insets", "37,12,12,12", "--font", Self.chrome,
                                  "-o", folder + "/n.png"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot be used as a font: it is a PNG image, not a font"), "\(result.stderr)")
    }
}

/// The last fresh-eyes round on `flipbook note`: the chrome variant at --scale 3, a folder as
/// --font.
@Suite struct NoteCommandFreshEyesTests {
    static let chrome = Fixtures.path("text/chrome/note-chrome.png")

    /// At @3x with a 1x and a @2x chrome beside each other, the @2x is taken (downscaled: the
    /// nearest larger-or-equal variant there is), and a note says so.
    @Test func scaleThreeTakesTheTwoXChromeAndSaysSo() throws {
        let folder = try Fixtures.temporaryFolder("note-scale3")
        try FileManager.default.copyItem(atPath: Self.chrome, toPath: folder + "/chrome.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome@2x.png"), toPath: folder + "/chrome@2x.png")
        let result = try CLI.run(["note", "Tap", "--chrome", "chrome.png", "--insets", "37,12,12,12", "--scale", "3",
                                  "-o", "note@3x.png", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"chrome\" : \"chrome@2x.png\""), "\(result.stdout)")
        #expect(result.stderr.contains("note: the chrome chrome@2x.png is @2x, resampled to @3x"), "\(result.stderr)")
        // Round 61 #13: and in `--json`'s notes, which were empty.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["notes"] as? [String])?.contains { $0.hasPrefix("the chrome chrome@2x.png is @2x, resampled to @3x") } == true, "\(result.stdout)")
    }

    /// Round 64t: `--chrome chrome@2x.png` for a @1x note downscaled the @2x although `chrome.png`
    /// was beside it. A scaled name is a name of the family: the note's own scale is taken, and
    /// said; the note is the one `--chrome chrome.png` makes, byte for byte.
    @Test func aTwoXChromeNameTakesTheOneXBesideItForAOneXNote() throws {
        let folder = try Fixtures.temporaryFolder("note-scale1")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.chrome, toPath: folder + "/chrome.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome@2x.png"), toPath: folder + "/chrome@2x.png")
        let result = try CLI.run(["note", "Tap", "--chrome", "chrome@2x.png", "--insets", "37,12,12,12", "-o", "a.png", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"chrome\" : \"chrome.png\""), "\(result.stdout)")
        #expect(result.stderr.contains("note: the chrome chrome@2x.png is @2x: its variant chrome.png beside it is used for a @1x note")
                && !result.stderr.contains("resampled"), "\(result.stderr)")
        #expect(try CLI.run(["note", "Tap", "--chrome", "chrome.png", "--insets", "37,12,12,12", "-o", "b.png"], in: folder).status == 0)
        #expect(FileManager.default.contentsEqual(atPath: folder + "/a.png", andPath: folder + "/b.png"))
    }

    /// The warnings name the character that is missing (the mark U+0350, not the `a` it sits on)
    /// and the control characters that are not drawn, by code point.
    @Test func warningsNameTheMissingMarkAndTheControlCharacters() throws {
        let folder = try Fixtures.temporaryFolder("note-warnings")
        let result = try CLI.run(["note", "xa\u{0350}y\u{07}\tz", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", folder + "/n.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("has no glyph for U+0350 '\u{0350}':"), "\(result.stderr)")
        #expect(result.stderr.contains("the text holds control character U+0007: not drawn"), "\(result.stderr)")
    }

    @Test func aFolderAsFontIsAUsageErrorSayingSo() throws {
        let folder = try Fixtures.temporaryFolder("note-font-folder")
        let result = try CLI.run(["note", "x", "--chrome", Self.chrome, "--insets", "37,12,12,12", "--font", folder,
                                  "-o", folder + "/n.png"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--font does not take '\(folder)'; it takes: a TTF/OTF font file; \(folder) is a folder"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/n.png"))
    }

    /// Round 64t #1: a word given apart from the text among the options (`--font-size 20 30`, a
    /// doubled value) was joined to the text: the note said "Hi 30", exit 0. Before `--` the text is
    /// one argument now; after `--` words are still joined.
    @Test(arguments: [(["Hi", "--font-size", "20", "30"], "unexpected argument '30'"),
                      (["Save", "--max-width", "100", "200"], "unexpected argument '200'"),
                      (["Tap", "to", "explode"], "unexpected argument 'to', 'explode'"),
                      // Round 64t #8: unquoted spaces in the list said only "does not take '37,'".
                      (["Hi", "--insets", "37,", "12,", "12,", "12"], "split by the shell")])
    func aWordApartFromTheTextIsRefused(words: [String], message: String) throws {
        let folder = try Fixtures.temporaryFolder("note-stray")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let insets = words.contains("--insets") ? [] : ["--insets", "37,12,12,12"]
        let result = try CLI.run(["note"] + words + ["--chrome", Self.chrome, "-o", "n.png"] + insets, in: folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("a note's text is one argument: quote it") == !words.contains("--insets"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/n.png"))
    }

    /// Round 64t2 #4: `--max-pixels` raised as the refusal advised, a long text at 1000 pt aborted in
    /// the allocator (238 GB asked, signal 6). Its raster is refused against --max-memory, exit 3.
    @Test func aHugeTextRasterIsRefusedAgainstMaxMemory() throws {
        let folder = try Fixtures.temporaryFolder("note-huge")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 3700)
        let result = try CLI.run(["note", text, "--chrome", Self.chrome, "--insets", "37,12,12,12", "--font-size", "1000",
                                  "--max-pixels", "1000000000000", "-o", "n.png"], in: folder)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("the note") && result.stderr.contains("--max-memory"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/n.png"))
    }

    @Test func wordsAfterTheTerminatorAreJoinedAndTheTextIsGivenOnce() throws {
        let folder = try Fixtures.temporaryFolder("note-words")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = ["--chrome", Self.chrome, "--insets", "37,12,12,12", "--json"]
        let joined = try CLI.run(["note"] + options + ["-o", "a.png", "--", "Tap", "to", "explode."], in: folder)
        let quoted = try CLI.run(["note", "Tap to explode."] + options + ["-o", "b.png"], in: folder)
        #expect(joined.status == 0 && quoted.status == 0, "\(joined.stderr) \(quoted.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.png")) == Data(contentsOf: URL(fileURLWithPath: folder + "/b.png")))
        let twice = try CLI.run(["note", "Hi"] + options + ["-o", "c.png", "--", "there"], in: folder)
        #expect(twice.status == 2 && twice.stderr.contains("the text is given twice: 'Hi' among the options and 'there' after --"), "\(twice.stderr)")
    }
}
