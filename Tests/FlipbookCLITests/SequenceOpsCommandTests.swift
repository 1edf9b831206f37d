import Foundation
import Raster
import Testing
import TestSupport

/// Issue 46, a new user's round over `blur`, `slice`, `resize` and `note`: each finding end to
/// end through the executable, on real fixtures.
@Suite("Sequence operations, a new user's round")
struct SequenceOpsCommandTests {
    static let coin = CLI.fixtures + "/sequences/kenney-gold-coin"

    /// `resize SEQ --scale 0.000000001` wrote 1×1 frames (exit 0); one PNG is refused with exit 2.
    /// A sequence now gets the same sentence and status, for a folder, a prefix and a GIF, and
    /// `--size` too; nothing is written.
    @Test(arguments: [
        (["resize", coin, "--scale", "0.000000001"], "--scale does not take '0.000000001'"),
        (["resize", coin + "/gold_", "--scale", "1e-9"], "--scale does not take '1e-9'"),
        (["resize", CLI.fixtures + "/gif/effects/Effect_Impact.gif", "--scale", "0.001"], "--scale does not take '0.001'"),
        (["resize", coin, "--size", "0.1x0.1"], "--size does not take '0.1x0.1'"),
        (["slice", coin, "--size", "0.1x30", "--insets", "1,1,1,1"], "--size does not take '0.1x30'"),
    ] as [([String], String)])
    func aSequenceRoundingToNoPixelIsRefusedAsOnePNGIs(arguments: [String], sentence: String) throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-no-pixels")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(arguments + ["-o", "out"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(sentence); it takes: a size of at least one pixel a side (this one rounds to 0×"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: flipbook \(arguments[0]) --help"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // One PNG of the sequence: the same sentence.
        if arguments[0] == "resize", arguments[2] == "--scale", arguments[3] == "0.000000001" {
            let one = try CLI.run(["resize", Self.coin + "/gold_1.png", "-o", "one.png", "--scale", "0.000000001"], in: dir)
            #expect(one.status == 2 && one.stderr.split(separator: "\n").first == result.stderr.split(separator: "\n").first, "\(one.stderr)")
        }
    }

    /// `--max-frames` over a folder or prefix said "Animation.load: needs 4 frames …"; a GIF said
    /// "fire.gif: …". Each names what the user gave, in blur, slice, resize and assemble.
    @Test(arguments: [["blur", "coin", "--sigma", "1"], ["resize", "coin/gold_", "--scale", "0.5"],
                      ["slice", "coin", "--size", "40x40", "--insets", "4,4,4,4"], ["assemble", "coin"]])
    func aFrameLimitNamesTheFolderOrPrefix(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-max-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/coin")
        let result = try CLI.run(arguments + ["-o", "out.gif", "--max-frames", "2"], in: dir)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(arguments[1]): needs 4 frames, over the limit of 2"), "\(result.stderr)")
    }

    /// Round 64t #3: `blur coin -o coin/inside.gif` said "left out, no frames: coin/inside.gif" of the
    /// GIF it had itself just written (the note was made after writing); a rerun said it of the
    /// earlier run's GIF. A job's own output is never "left out"; another GIF beside the frames is.
    @Test(arguments: [["blur", "coin", "--sigma", "1"], ["assemble", "coin"]])
    func theJobsOwnOutputBesideTheFramesIsNotLeftOut(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-own-output")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin, toPath: dir + "/coin")
        for _ in 0..<2 {
            let run = try CLI.run(arguments + ["-o", "coin/inside.gif"], in: dir)
            #expect(run.status == 0 && !run.stderr.contains("left out"), "\(run.stderr)")
        }
        try FileManager.default.copyItem(atPath: dir + "/coin/inside.gif", toPath: dir + "/coin/other.gif")
        let other = try CLI.run(arguments + ["-o", "coin/inside.gif"], in: dir)
        #expect(other.status == 0 && other.stderr.contains("left out, no frames: coin/other.gif") && !other.stderr.contains("inside.gif ("),
                "\(other.stderr)")
    }

    /// Round 64t #8: `resize gold_1.png --scale 2 -o ms/c1@2x.png` beside a lone `ms/c1.png` (that image's
    /// own @2x file, as meant) warned it was "a variant of frame 1 of the sequence c1…1"; a second
    /// numbered image beside one is still said, as "the sequence c1".
    @Test func anImagesOwnVariantBesideItIsNoAddedFrame() throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-own-variant")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/ms", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: dir + "/ms/c1.png")
        let variant = try CLI.run(["resize", "ms/c1.png", "--scale", "2", "-o", "ms/c1@2x.png"], in: dir)
        #expect(variant.status == 0 && !variant.stderr.contains("warning"), "\(variant.stderr)")
        let another = try CLI.run(["resize", "ms/c1.png", "--scale", "1", "-o", "ms/c3.png"], in: dir)
        #expect(another.status == 0 && another.stderr.contains("ms/c3.png is named as frame 3 of the sequence c…, whose frame c1 is beside it: every reader of ms now"), "\(another.stderr)")
    }

    /// `--downsample 0.5` and `--downsample nan` were refused in two wordings (`--saturation`,
    /// `resize --scale` too): one sentence per option's range, parsed as `flipbook` parses.
    @Test(arguments: [("blur", "--downsample", "0.5"), ("blur", "--saturation", "101"), ("blur", "--sigma", "-1"), ("resize", "--scale", "-2")])
    func oneWordingPerRange(command: String, option: String, outOfRange: String) throws {
        let base = command == "blur" ? ["blur", "in.png", "-o", "o.png"] + (option == "--sigma" ? [] : ["--sigma", "2"]) : ["resize", "in.png", "-o", "o.png"]
        func takes(_ value: String) -> String? {
            CommandLineParse.refusal(base + [option, value]).flatMap { $0.message.components(separatedBy: "; it takes: ").last }
        }
        let range = takes(outOfRange), notANumber = takes("nan")
        #expect(range != nil && range == notANumber, "\(option): '\(range ?? "taken")' and '\(notANumber ?? "taken")'")
    }

    /// `note ""` was a note narrower than its chrome, exit 0: refused (exit 2), nothing written.
    @Test func anEmptyNoteIsRefused() throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-empty-note")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["note", "", "--chrome", CLI.fixtures + "/text/chrome/note-chrome.png", "--insets", "37,12,12,12", "-o", "e.png"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: the note's text sets no width (it is empty"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // Round 61 #14: accents with no letter set no width either, and are not called empty.
        let marks = try CLI.run(["note", "\u{301}\u{308}", "--chrome", CLI.fixtures + "/text/chrome/note-chrome.png", "--insets", "37,12,12,12", "-o", "e.png"], in: dir)
        #expect(marks.status == 2 && marks.stderr.contains("marks that take none"), "\(marks.stderr)")
    }

    /// Round 61 #14: the docs say every word after `--` is text; `note … -- Tap to explode` was
    /// refused ("2 unexpected arguments"). Words given apart are joined by a space, as `echo` joins them.
    @Test func wordsAfterTheTerminatorAreOneText() throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-note-words")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let chrome = ["--chrome", CLI.fixtures + "/text/chrome/note-chrome.png", "--insets", "37,12,12,12"]
        let apart = try CLI.run(["note"] + chrome + ["-o", "apart.png", "--", "Tap", "to", "explode"], in: dir)
        let joined = try CLI.run(["note", "Tap to explode"] + chrome + ["-o", "joined.png"], in: dir)
        #expect(apart.status == 0 && joined.status == 0, "\(apart.stderr)\(joined.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/apart.png") == FileManager.default.contents(atPath: dir + "/joined.png"))
        let none = try CLI.run(["note"] + chrome + ["-o", "none.png"], in: dir)
        #expect(none.status == 2 && none.stderr.contains("give the text to set"), "\(none.stderr)")
    }

    /// Round 61: `note` took `--insets ' 37, 12,12,12'` and `slice` read insets with a parser of
    /// its own. One reader now: spaces around the commas are fine for both, and change nothing.
    @Test func insetsWithSpacesAreTheSameInsets() throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-insets-spaces")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let chrome = CLI.fixtures + "/text/chrome/note-chrome.png", frame = CLI.fixtures + "/sequences/kenney-gold-coin/gold_1.png"
        for (insets, name) in [("37,12,12,12", "a"), (" 37, 12 ,12,\t12 ", "b")] {
            let note = try CLI.run(["note", "Hi", "--chrome", chrome, "--insets", insets, "-o", "note-\(name).png"], in: dir)
            let slice = try CLI.run(["slice", frame, "--insets", insets.replacingOccurrences(of: "37", with: "4"), "--size", "80x80",
                                     "-o", "slice-\(name).png"], in: dir)
            #expect(note.status == 0 && slice.status == 0, "\(note.stderr)\(slice.stderr)")
        }
        for kind in ["note", "slice"] {
            #expect(FileManager.default.contents(atPath: dir + "/\(kind)-a.png") == FileManager.default.contents(atPath: dir + "/\(kind)-b.png"))
        }
    }

    /// A 16-bit grey PNG came back 8-bit at σ > 0 without a word: a note says so (σ 0 gives the
    /// file back byte for byte, 16 bits kept, and says nothing); `resize` and `slice` say it too.
    @Test(arguments: [(["blur", "--sigma", "1"], true), (["blur", "--sigma", "0"], false), (["resize", "--scale", "0.5"], true),
                      (["slice", "--size", "40x40", "--insets", "4,4,4,4"], true)] as [([String], Bool)])
    func sixteenBitsComingBackInEightAreSaid(arguments: [String], said: Bool) throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-deep")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = CLI.fixtures + "/pngsuite/valid/basn0g16.png"
        let result = try CLI.run([arguments[0], input, "-o", "o.png"] + arguments.dropFirst(), in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: \(input) has 16-bit samples: written with 8 bits a sample") == said, "\(result.stderr)")
    }

    /// One PNG's `--json` had no `notes` (every command's JSON has the list): the 16-bit note is in it.
    @Test(arguments: [("basn0g16.png", 1), ("basn0g08.png", 0)])
    func onePNGsJSONCarriesItsNotes(file: String, notes: Int) throws {
        let dir = try Fixtures.temporaryFolder("seqops-cli-json")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try CLI.run(["blur", CLI.fixtures + "/pngsuite/valid/" + file, "--sigma", "1", "-o", "o.png", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let said = try #require(object["notes"] as? [String], "\(result.stdout)")
        #expect(said.count == notes && said.allSatisfy { $0.contains("16-bit samples") }, "\(said)")
    }

    /// #46 round 57b: `assemble` (an APNG could have kept 16 bits) and `sheet` took 16-bit frames
    /// down to 8 without a word, where the sequence operations said it: one note everywhere, none
    /// for 8-bit frames.
    @Test(arguments: [(["assemble", "IN", "-o", "a.png"], "a.png"), (["assemble", "IN", "-o", "a.gif"], "a.gif"),
                      (["sheet", "IN", "-o", "s.png"], "s.png")] as [([String], String)])
    func everyReaderOfFramesSaysSixteenBits(command: [String], output: String) throws {
        let dir = try Fixtures.temporaryFolder("deep-readers")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/deep", withIntermediateDirectories: true)
        for number in 1...2 {
            try FileManager.default.copyItem(atPath: CLI.fixtures + "/pngsuite/valid/basn6a16.png", toPath: dir + "/deep/g\(number).png")
        }
        let deep = try CLI.run(command.map { $0 == "IN" ? "deep" : $0 }, in: dir)
        #expect(deep.status == 0 && deep.stderr.contains("note: the frames have 16-bit samples: written with 8 bits a sample"), "\(deep.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/" + output)
        let eight = try CLI.run(command.map { $0 == "IN" ? CLI.fixtures + "/sequences/kenney-gold-coin" : $0 }, in: dir)
        #expect(eight.status == 0 && !eight.stderr.contains("16-bit"), "\(eight.stderr)")
    }
}
