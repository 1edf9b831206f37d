import Foundation
import Raster
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The eighth fresh-eyes round (a new user with the docs alone, on the release build of main): a
/// resize by a factor warned about on sequences only, frames resampled from another scale without
/// a word, a note's text starting with `-`, colours without `#`, messages that did not name the
/// file, the key or the value, and a scene read from `/dev/stdin`. Each runs the built command on
/// the real `kenney-gold-coin` frames, a real GIF or a tiny file built here.
@Suite("Fresh eyes 8: what a new user met")
struct FreshEyesEightTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let frame = Fixtures.path("sequences/kenney-gold-coin/gold_1.png")
    static let chrome = Fixtures.path("text/chrome/note-chrome.png")
    /// 60×63 px, 10 KB.
    static let smallGIF = Fixtures.path("gif/effects/Effect_BloodImpact.gif")
    /// 66×66 px.
    static let shieldGIF = Fixtures.path("gif/effects/Effect_ElectricShield.gif")

    static func folder() throws -> String { try Fixtures.temporaryFolder("fresh-eyes-8") }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: 5. resize --scale on a sequence is not warned about

    /// `resize --scale 2` of @1x frames to `x@2x.gif` changes the pixel size on purpose (docs/CLI.md);
    /// the sequence forms warned "the frames are @1x but … is named @2x" where one PNG does not.
    @Test(arguments: [("coin", "gseq@2x.gif"), ("gif", "coin@2x.webp"), ("png", "one@2x.png")])
    func aResizeByAFactorIsNotWarnedAbout(source: String, output: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = switch source { case "coin": Self.coin; case "gif": Self.smallGIF; default: Self.frame }
        let run = try CLI.run(["resize", input, "-o", output, "--scale", "2", "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((json?["warnings"] as? [String])?.isEmpty == true, "\(run.stdout)")
        // A size in points still warns when the name says another scale than the frames'.
        if source == "coin" {
            let sized = try CLI.run(["resize", Self.coin, "-o", "sized@2x.gif", "--size", "32x32"], in: dir)
            #expect(sized.status == 0 && sized.stderr.contains("warning: the frames are @1x but sized@2x.gif is named @2x"), "\(sized.stderr)")
        }
    }

    // MARK: 6. Frames without an @2x file are said

    /// Frames 1 and 2 have `@2x` files, frame 3 has not: its `3@2x.png` is made from `3.png`, and
    /// the run says so (printed and in `--json`'s notes), as `assemble` and `sheet` do.
    @Test(arguments: [["blur", "--sigma", "1"], ["resize", "--size", "4x4"]])
    func framesResampledFromAnotherScaleAreNoted(operation: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/n", withIntermediateDirectories: true)
        for (name, side) in [("1", 8), ("2", 8), ("3", 8), ("1@2x", 16), ("2@2x", 16)] {
            var bitmap = Bitmap(clearWidth: side, height: side)
            bitmap[1, 1] = Color(r: UInt8(name.count * 40), g: 9, b: 200)
            try PNG.Encoder().write(bitmap, to: "\(dir)/n/\(name).png")
        }
        let said = "1 of 3 frames has no @2x file: resampled from another scale (3.png)"
        let printed = try CLI.run([operation[0], "n", "-o", "out"] + operation.dropFirst(), in: dir)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stderr.contains("note: " + said), "\(printed.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/frame3@2x.png"))
        let json = try CLI.run([operation[0], "n", "-o", "out2", "--json"] + operation.dropFirst(), in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["notes"] as? [String])?.contains { $0.hasPrefix(said) } == true, "\(json.stdout)")
    }

    // MARK: 7. A note's text starting with "-"

    /// `note "-50% off" --chrome …` said only "unknown option '-50% off'", and `note -- "-50% off"
    /// --chrome …` "missing expected argument '--chrome'": both now say how (options, `--`, text),
    /// and that form works.
    @Test func aTextStartingWithADashIsExplained() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ["--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", "x.png"]
        let first = try CLI.run(["note", "-50% off"] + options, in: dir)
        #expect(first.status == 2 && first.stderr.contains("unknown option '-50% off'")
                && first.stderr.contains("a text starting with '-' goes after '--', at the end"), "\(first.stderr)")
        let after = try CLI.run(["note", "--", "-50% off"] + options, in: dir)
        #expect(after.status == 2 && after.stderr.contains("every word after '--' is an argument (a file, a folder, a text), so --chrome after it was not read as an option"),
                "\(after.stderr)")
        let right = try CLI.run(["note"] + options + ["--", "-50% off"], in: dir)
        #expect(right.status == 0, "\(right.stderr)")
        let help = try CLI.run(["note", "--help"])
        #expect(help.stdout.contains("-o tag.png -- \"-50% off\""), "\(help.stdout)")
        // An option's ordinary misspelling gets no such advice.
        let typo = try CLI.run(["note", "hi", "--chrom", Self.chrome, "--insets", "1,1,1,1", "-o", "x.png"], in: dir)
        #expect(typo.status == 2 && !typo.stderr.contains("'--'"), "\(typo.stderr)")
    }

    // MARK: 8. Colours take their "#"

    /// `"background":"87CEEB"`, `"color":"00FF00"` and `--color 00FF00` were taken although the
    /// docs write `#RRGGBB`; now refused as `--color red` is, quoting what was found.
    @Test(arguments: [
        ("render", ##"{"size": [8, 8], "frames": 1, "background": "87CEEB", "layers": []}"##, ##"background: expected #RRGGBB or #RRGGBBAA, found "87CEEB"; write "#87CEEB""##),
        ("render", ##"{"size": [8, 8], "frames": 1, "background": "#87CEE", "layers": []}"##, ##"found "#87CEE""##),
        ("draw", ##"{"size": [8, 8], "ops": [{"fill": "M0 0h4v4h-4z", "color": "00FF00"}]}"##, #"ops[0].color: expected #RRGGBB or #RRGGBBAA, found "00FF00""#),
        ("note", "00FF00", "--color does not take '00FF00'; it takes #RRGGBB or #RRGGBBAA"),
    ])
    func aColourWithoutItsHashIsRefused(command: String, input: String, expected: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run: CLI.Result
        if command == "note" {
            run = try CLI.run(["note", "hi", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", "x.png", "--color", input], in: dir)
        } else {
            try Self.write(input, to: dir + "/scene.json")
            run = try CLI.run([command, "scene.json", "-o", command == "render" ? "x.gif" : "x.png"], in: dir)
        }
        #expect(run.status != 0 && run.stderr.contains(expected), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png") && !FileManager.default.fileExists(atPath: dir + "/x.gif"))
    }

    // MARK: 9. Messages that name the file, the key and the value

    /// (a) A draw scene's font that is no font, or missing, is named with the scene file and the
    /// op's key path, as `render` names a layer's.
    @Test(arguments: [("gold.png", "scene.json: ops[0].font: ./gold.png: cannot be used as a font"),
                      ("nope.ttf", "scene.json: ops[0].font: font nope.ttf not found in .")])
    func aDrawFontIsNamedByItsKeyPath(font: String, expected: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.frame, toPath: dir + "/gold.png")
        try Self.write(##"{"size": [8, 8], "ops": [{"text": "hi", "font": ""## + font + ##""}]}"##, to: dir + "/scene.json")
        let run = try CLI.run(["draw", "scene.json", "-o", "x.png"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("error: " + expected), "\(run.stderr)")
    }

    /// (c) `--insets 1e308,12,12,12` said "cap insets take 24×1000000000000012 px": the inset is
    /// refused as given.
    @Test(arguments: [["note", "hi", "--chrome", FreshEyesEightTests.chrome, "-o", "x.png"], ["slice", FreshEyesEightTests.frame, "--size", "40x40", "-o", "x.png"]])
    func anAbsurdInsetIsRefusedAsGiven(command: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(command + ["--insets", "1e308,12,12,12"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("--insets does not take '1e308' (in '1e308,12,12,12')")
                && !run.stderr.contains("1000000000000012"), "\(run.stderr)")
    }

    /// (d) `note --font` on a FIFO or a device said "You don't have permission"; `draw` says "not a
    /// regular file", and so does `note` now (without waiting on the FIFO).
    @Test(arguments: ["/dev/null", "fifo"])
    func aNoteFontThatIsNoRegularFileIsSaidSo(font: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if font == "fifo" { #expect(mkfifo(dir + "/fifo", 0o600) == 0) }
        let run = try CLI.run(["note", "hi", "--chrome", Self.chrome, "--insets", "37,12,12,12", "-o", "x.png", "--font", font], in: dir)
        #expect(run.status == 3 && run.stderr.contains("\(font): cannot be used as a font: cannot be read (not a regular file)"), "\(run.stderr)")
    }

    /// (e) Slicing a GIF named `@2x` whose insets leave no centre said "frame 1: …", naming no file.
    @Test func aSliceOfAnAnimationNamesItsFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.shieldGIF, toPath: dir + "/sp@2x.gif")
        // 66 px at @2x is 33 pt: left + right of 33 pt leave no horizontal centre.
        let run = try CLI.run(["slice", "sp@2x.gif", "-o", "s@2x.gif", "--insets", "10,16.5,10,16.5", "--size", "40x40"], in: dir)
        #expect(run.status != 0 && run.stderr.contains("frame 1 of sp@2x.gif: the insets leave no horizontal centre"), "\(run.stderr)")
    }

    // MARK: 11. A scene read through /dev/stdin

    /// `draw /dev/stdin -o x.png < scene.json` read the scene and then looked for its images in
    /// /dev ("/dev/gold.png: image not found"); `render` in the scene's folder, which /dev is not.
    /// Both refuse the name as not a regular file, as they refuse a pipe, and write nothing.
    @Test(arguments: [("draw", ##"{"size": [8, 8], "ops": [{"image": "gold.png", "at": [0, 0]}]}"##, "x.png"),
                      ("render", ##"{"size": [8, 8], "frames": 1, "layers": [{"image": "gold.png"}]}"##, "x.gif")])
    func aSceneNamedByADescriptorIsRefused(command: String, scene: String, output: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.frame, toPath: dir + "/gold.png")
        try Self.write(scene, to: dir + "/scene.json")
        let run = try CLI.run([command, "/dev/stdin", "-o", output], shellLimits: "exec < scene.json", in: dir)
        #expect(run.status == 3 && run.stderr.contains("/dev/stdin") && run.stderr.contains("not a regular file")
                && !run.stderr.contains("/dev/gold.png"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + output))
        // The scene by its own name draws.
        #expect(try CLI.run([command, "scene.json", "-o", output], in: dir).status == 0)
    }
}
