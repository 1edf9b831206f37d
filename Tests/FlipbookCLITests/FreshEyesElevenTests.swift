import Foundation
import Testing
import TestSupport

/// What fresh eyes rounds 10 and 11 found and the sessions after fixed, each on the real gold-coin
/// frames.
@Suite("Fresh eyes 11: one sheet under its names, bytes after IEND")
struct FreshEyesElevenTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A temporary folder holding `coin/` (the gold coin's four frames), as round 10's tests make it.
    static func folder() throws -> String { try FreshEyesTenTests.folder(named: "coin") }

    /// `sheet -o a.png`, then `-o a.json`, then `-o a` again: three names of one sheet (the same
    /// a.png and a.json). The second was refused as another set's files, with or without
    /// `--overwrite`'s help for ever after, each run refusing the other's record.
    @Test func oneSheetRewrittenUnderEachOfItsNames() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["a.png", "a.json", "a", "a.png"] {
            let run = try CLI.run(["sheet", "coin", "-o", name], in: dir)
            #expect(run.status == 0, "-o \(name): \(run.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["a.json", "a.png", "coin"])
    }

    /// `info` on a PNG with bytes glued after IEND described it without a word, while `validate`
    /// warns (`png.trailing-data`).
    @Test func infoSaysBytesAfterIEND() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let glued = try Data(contentsOf: URL(fileURLWithPath: "\(Self.coin)/gold_1.png")) + Data("tail".utf8)
        try glued.write(to: URL(fileURLWithPath: "\(dir)/glued.png"))
        let run = try CLI.run(["info", "glued.png"], in: dir)
        #expect(run.status == 0 && run.stderr.contains("warning: glued.png has 4 bytes after its IEND chunk"), "\(run.stderr)")
        let json = try CLI.run(["info", "glued.png", "--json"], in: dir)
        #expect(json.stdout.contains("glued.png has 4 bytes after its IEND chunk"), "\(json.stdout)")
        let plain = try CLI.run(["info", "coin/gold_1.png"], in: dir)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
    }

    /// `sheet -o t@9x.json` wrote pages named @9x with a warning: engines draw such pages at a
    /// ninth of their size and the frames unpacked from them are refused. Refused, as an animation so named is.
    @Test(arguments: ["t@9x.json", "t@4x.png", "t@5x~ipad.png"])
    func aSheetIsNotNamedPastThreeX(name: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sheet", "coin", "-o", name], in: dir)
        #expect(run.status == 2 && run.stderr.contains("sheet's pages are read at @1x…@3x"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") } == ["coin"])
    }

    /// A folder of two animations was refused as "b.gif is an animation: … not with other sources"
    /// (there were no other sources): it now says the folder holds two animations and names them.
    /// (`validate` judges each since round 13: FreshEyesThirteenTests.)
    @Test func aFolderOfTwoAnimationsNamesThem() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/two", withIntermediateDirectories: true)
        for name in ["a.gif", "b.webp"] { #expect(try CLI.run(["assemble", "coin", "-o", "two/" + name], in: dir).status == 0) }
        for command in [["assemble", "two", "-o", "x.gif"]] {
            let run = try CLI.run(command, in: dir)
            #expect(run.status == 2 && run.stderr.contains("two holds no PNG frames but 2 animations (two/a.gif, two/b.webp): "
                                                           + "each GIF, APNG or WebP is read on its own; give the one to read"),
                    "\(command): \(run.status) \(run.stderr)")
        }
    }

    /// Round 12: `validate TREE` passed a cut APNG named `.png` in a folder without frames (the
    /// tree's animation pass read `.gif`, `.apng` and `.webp` only), and a tree whose only files were
    /// two animations in a subfolder was "nothing to validate". Every animation in a folder without
    /// frames is read, whatever its extension says.
    @Test func aTreeReadsEveryAnimationOfItsFramelessFolders() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        for sub in ["tree/a", "tree/b", "only/two"] { try fm.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true) }
        try fm.copyItem(atPath: dir + "/coin", toPath: dir + "/tree/walk")
        #expect(try CLI.run(["assemble", "coin", "-o", "tree/a/coin.png"], in: dir).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/tree/a/coin.png"))
        try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: dir + "/tree/b/coin.png"))
        let tree = try CLI.run(["validate", "tree"], in: dir)
        #expect(tree.status == 1 && tree.stdout.contains("tree/b/coin.png") && tree.stdout.contains("animation.frames-lost"), "\(tree.stdout)")
        #expect(tree.stdout.contains("tree/a/coin.png: 4 frames"), "\(tree.stdout)")

        for name in ["a.gif", "b.webp"] { #expect(try CLI.run(["assemble", "coin", "-o", "only/two/" + name], in: dir).status == 0) }
        let only = try CLI.run(["validate", "only"], in: dir)
        #expect(only.status == 0 && only.stdout.contains("only/two/a.gif: 4 frames") && only.stdout.contains("only/two/b.webp: 4 frames"),
                "\(only.status) \(only.stdout) \(only.stderr)")
    }

    /// Round 12: `"highlighted": "../../outside/hl_"` made `assemble --highlighted`, `preview` and
    /// `build` read frames from outside the folder given (`validate` called it invalid). A
    /// manifest's prefixes are of frames in its own folder, for every reader.
    @Test(arguments: ["../outside/hl_", "sub/hl_"])
    func aManifestNeverReadsFramesFromElsewhere(prefix: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        for n in 1...4 { try fm.copyItem(atPath: "\(Self.coin)/gold_\(n).png", toPath: "\(dir)/outside/hl_\(n).png") }
        try fm.createSymbolicLink(atPath: dir + "/coin/sub", withDestinationPath: "../outside")
        try #"{"highlighted": "\#(prefix)"}"#.write(toFile: dir + "/coin/sequence.json", atomically: true, encoding: .utf8)
        for command in [["assemble", "coin", "--highlighted", "-o", "h.png"], ["sheet", "coin", "-o", "s.json"]] {
            let run = try CLI.run(command, in: dir)
            #expect(run.status != 0 && run.stderr.contains("highlighted") && run.stderr.contains("without a folder"), "\(command): \(run.stderr)")
        }
        #expect(!fm.fileExists(atPath: dir + "/h.png"))
        // The preview page shows what it could not play, with the reason, and no frame from outside.
        let preview = try CLI.run(["preview", "coin", "-o", "p.html"], in: dir)
        #expect(preview.stderr.contains("without a folder"), "\(preview.stderr)")
        #expect(try !String(contentsOfFile: dir + "/p.html", encoding: .utf8).contains("/hl_1.png"))
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 1 && validate.stdout.contains("manifest.invalid"), "\(validate.stdout)")
    }

    /// Round 12: `"highlighted"` naming the folder's only sequence passed `validate` and `sheet`,
    /// while `assemble` said "holds 1 sequences (…); name one by its prefix path, e.g." the very
    /// prefix given. One reason, from every reader.
    @Test func aManifestHighlightingItsOwnSequenceIsRefusedAlike() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"highlighted": "gold_"}"#.write(toFile: dir + "/coin/sequence.json", atomically: true, encoding: .utf8)
        let reason = "\"gold_\" is the sequence this manifest times"
        for command in [["assemble", "coin", "-o", "z.gif"], ["assemble", "coin/gold_", "-o", "y.gif"], ["sheet", "coin", "-o", "s.json"]] {
            let run = try CLI.run(command, in: dir)
            #expect(run.status != 0 && run.stderr.contains(reason) && !run.stderr.contains("1 sequences"), "\(command): \(run.stderr)")
        }
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 1 && validate.stdout.contains("manifest.invalid") && validate.stdout.contains(reason), "\(validate.stdout)")
    }

    /// Round 12: `sheet --scales 1,2` made a frame's @2x variant from a stray `gold_1@4x.png`
    /// (another picture, or here a size that is "not a whole number of points"), where every other
    /// reader leaves @4x out. The @2x comes from the @1x frame.
    @Test func aSheetNeverResamplesFromAnUnloadedScale() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_2.png", toPath: "\(dir)/coin/gold_1@4x.png")
        let run = try CLI.run(["sheet", "coin", "--scales", "1,2", "-o", "s.json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("4 frame variants were missing"), "\(run.stderr)")
    }

    /// Round 12: a stray data file whose `meta.image` named a real frame (`gold_4.png`) took that
    /// frame out of every reader without a word (`validate` said "3 frames — ok").
    @Test func aStrayDataFileNeverTakesAFrame() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = #"{"frames":{"c":{"frame":{"x":0,"y":0,"w":10,"h":10},"rotated":false,"trimmed":false,"#
            + #""spriteSourceSize":{"x":0,"y":0,"w":10,"h":10},"sourceSize":{"w":10,"h":10}}},"meta":{"image":"gold_4.png","size":{"w":64,"h":64},"scale":"1"}}"#
        try data.write(toFile: dir + "/coin/coin-atlas.json", atomically: true, encoding: .utf8)
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.stdout.contains("coin/gold_: 4 frames (1–4)"), "\(validate.stdout)")
        let assemble = try CLI.run(["assemble", "coin", "-o", "b.gif"], in: dir)
        #expect(assemble.status == 0 && assemble.stdout.contains("4 frames"), "\(assemble.stdout)")
    }

    /// Round 12: frames numbered with 19 digits (nanosecond timestamps) were neither frames nor
    /// images to every reader: left out without a word (`validate` passed the folder). Refused by
    /// name; zero padding does not count (`f0000000000000000000001.png` is frame 1).
    @Test func aFrameNumberTooLongIsRefusedByName() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(dir)/coin/gold_1732867200000000000.png")
        for command in [["assemble", "coin", "-o", "a.gif"], ["sheet", "coin", "-o", "s.json"]] {
            let run = try CLI.run(command, in: dir)
            #expect(run.status == 3 && run.stderr.contains("gold_1732867200000000000.png: its frame number has more than 18 digits"),
                    "\(command): \(run.status) \(run.stderr)")
        }
        // `validate` names it as a finding on the file and checks the rest (round 15).
        let validate = try CLI.run(["validate", "coin"], in: dir)
        #expect(validate.status == 1 && validate.stdout.contains("frame.number-too-long")
                && validate.stdout.contains("gold_1732867200000000000.png: its frame number has more than 18 digits")
                && validate.stdout.contains("coin/gold_: 4 frames"), "\(validate.stdout)")
        // Listed one by one (a shell glob), the same file is refused alike (it was "has no frame number").
        let listed = try CLI.run(["assemble", "coin/gold_1.png", "coin/gold_1732867200000000000.png", "-o", "l.gif"], in: dir)
        #expect(listed.status == 3 && listed.stderr.contains("its frame number has more than 18 digits"), "\(listed.stderr)")
        let padded = dir + "/padded"
        try FileManager.default.createDirectory(atPath: padded, withIntermediateDirectories: true)
        for n in 1...4 { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(n).png", toPath: "\(padded)/f000000000000000000000\(n).png") }
        let run = try CLI.run(["assemble", "padded", "-o", "p.gif"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("4 frames"), "\(run.stdout) \(run.stderr)")
    }

    /// Round 12: `--max-output-pixels` bounded a GIF source's frames but not a folder of PNGs
    /// (4 frames of 64² = 16 384 pixels passed a limit of 10 000).
    @Test(arguments: [["assemble", "coin", "-o", "a.gif"], ["resize", "coin", "--scale", "1", "-o", "r"], ["blur", "coin", "--sigma", "1", "-o", "b.gif"]])
    func theOutputPixelLimitBoundsFramesFromPNGs(command: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(command + ["--max-output-pixels", "10000"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("error: coin: needs 16 384 pixels of frames in all (4 frames of 64×64), over the limit of 10 000"),
                "\(run.status) \(run.stderr)")
        #expect(try CLI.run(command + ["--max-output-pixels", "16384"], in: dir).status == 0)
    }

    /// Round 12: `assemble DIR/*.png` over a folder of two sequences played them one after the
    /// other without a word, where `assemble DIR` refuses the folder.
    @Test func aListOfTwoSequencesIsSaid() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for n in 1...2 { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(n).png", toPath: "\(dir)/coin/silver_\(n).png") }
        let files = ["coin/gold_1.png", "coin/gold_2.png", "coin/gold_3.png", "coin/gold_4.png", "coin/silver_1.png", "coin/silver_2.png"]
        let run = try CLI.run(["assemble"] + files + ["-o", "c.gif"], in: dir)
        #expect(run.status == 0 && run.stderr.contains("the files are frames of 2 sequences (coin/gold_, coin/silver_), played one after the other"),
                "\(run.stderr)")
    }

    /// Round 12: `generate stroke` of a points file with no sample wrote a blank PNG, exit 0.
    @Test(arguments: ["[]", #"{"strokes": [[], []]}"#])
    func aStrokeOfNoSampleIsRefused(json: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try json.write(toFile: dir + "/st.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["generate", "stroke", "st.json", "-o", "st.png"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("st.json") && run.stderr.contains("nothing to draw"), "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/st.png"))
    }
}
