import Foundation
import Raster
import Testing
import TestSupport

/// The twelfth fresh-eyes round's findings on `flipbook frames` (issue 43, "nothing wrong without a
/// word"): sheet data named `@9x` wrote frames every reader refuses; `t@2x.json` came back at @1x
/// while `l@2x.atlas` came back at @2x; a still PNG named `.jpg` was exploded while the same file
/// named `.png` was refused; a BMFont `.fnt` and a `sequence.json` were called "not a PNG" and
/// "missing key frames"; a `--prefix` warning named files that were not written; a `~ipad` name
/// kept the device inside the prefix; premultiplied pages came back a few levels off without a note.
@Suite("Fresh eyes 12: frames says what it reads and names what it writes")
struct FramesFreshEyesTwelveTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let gif = Fixtures.path("gif/effects/Effect_SmallHit.gif")

    static func folder() throws -> String { try Fixtures.temporaryFolder("frames-fresh-12") }

    static func pngs(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Sheet data named `@9x` is refused before anything is written, as `coin@9x.gif` is (it wrote
    /// `gold_1@9x.png…`, which `assemble` and `validate` then refused, exit 0).
    @Test(arguments: [("l@9x.atlas", "libgdx"), ("p@9x.plist", "cocos2d"), ("t@4x.json", "pixi")])
    func sheetDataNamedAboveThreeXIsRefused(data: String, engine: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stem = String(data.prefix(1)), ext = String(data.split(separator: ".").last!)
        // `sheet` refuses to write such a name (exit 2); data renamed by hand is what `frames` meets.
        #expect(try CLI.run(["sheet", Self.coin, "-o", data, "--engine", engine], in: dir).status == 2)
        #expect(try CLI.run(["sheet", Self.coin, "-o", "\(stem).\(ext)", "--engine", engine], in: dir).status == 0)
        try FileManager.default.copyItem(atPath: "\(dir)/\(stem).\(ext)", toPath: "\(dir)/\(data)")
        let run = try CLI.run(["frames", data, "-o", "out"], in: dir)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("\(data) is not read") && run.stderr.contains("name it \(stem).\(ext) or \(stem)@3x.\(ext)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// One rule for every format: a data file named `@2x` gives `@2x` frames, as `sheet` warns and
    /// PixiJS reads it (the JSON came back at its `meta.scale` 1, the others at @2x).
    @Test(arguments: [("t@2x.json", "pixi"), ("l@2x.atlas", "libgdx"), ("p@2x.plist", "cocos2d"), ("a@2x.json", "aseprite")])
    func dataNamedTwoXGivesTwoXFramesInEveryFormat(data: String, engine: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sheet = try CLI.run(["sheet", Self.coin, "-o", data, "--engine", engine], in: dir)
        #expect(sheet.status == 0 && sheet.stderr.contains("readers take it as @2x"), "\(sheet.stderr)")
        let run = try CLI.run(["frames", data, "-o", "out"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.pngs(dir + "/out") == ["gold_1@2x.png", "gold_2@2x.png", "gold_3@2x.png", "gold_4@2x.png"])
    }

    /// A still PNG is refused whatever its name (it was exploded into one frame as `.jpg`, `.bmp`
    /// or without an extension, and refused as `.png`); nothing is written.
    @Test(arguments: ["pic.png", "pic.jpg", "pic.bmp", "pic"])
    func aStillPNGIsRefusedWhateverItsName(name: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.coin + "/gold_1.png", toPath: dir + "/" + name)
        let run = try CLI.run(["frames", name, "-o", "out"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("\(name) is a still PNG"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// A file that is no animation and no sheet data is called that, with what `frames` reads (a
    /// BMFont was "not a PNG file", a `sequence.json` "missing key frames"); an animation under a
    /// name of another format is named for what it is.
    @Test(arguments: [
        ("font.fnt", "info face=\"Arial\" size=32\ncommon lineHeight=32 base=26 scaleW=256 scaleH=256 pages=1\npage id=0 file=\"font.png\"\n",
         "font.fnt: not an animation or sheet data Flipbook reads (a BMFont .fnt"),
        ("sequence.json", #"{"fps": 12, "repeatCount": 0}"#, "sequence.json: not sheet data Flipbook reads"),
        ("other.json", #"{"name": "x"}"#, "other.json: not sheet data Flipbook reads"),
    ])
    func aFileOfNoFormatReadIsSaidToBeOne(name: String, text: String, expected: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        let run = try CLI.run(["frames", name, "-o", "out"], in: dir)
        #expect(run.status == 3 && run.stderr.contains(expected) && !run.stderr.contains("PNG signature")
                && !run.stderr.contains("missing key"), "\(run.stderr)")
        #expect(run.stderr.contains("libGDX (.atlas)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func aGIFNamedJPEGIsNamedForWhatItIs() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.gif, toPath: dir + "/hit.jpg")
        let run = try CLI.run(["frames", "hit.jpg", "-o", "out"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("hit.jpg: frames reads no .jpg file") && run.stderr.contains("it is a GIF: rename it to .gif"),
                "\(run.stderr)")
    }

    /// The `--prefix` warning names the files written: `x1@2x` gives `x1_1.png…` (it said `x11.png…`).
    @Test func thePrefixWarningNamesTheFilesWritten() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["frames", Self.gif, "-o", "out", "--prefix", "x1@2x"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("they are x1_1.png…"), "\(run.stderr)")
        #expect(try Self.pngs(dir + "/out").first == "x1_1.png")
    }

    /// `coin~ipad@3x.gif` and UIKit's `coin@3x~ipad.gif` give the same `coin1@3x.png…` (the first
    /// wrote `coin~ipad1@3x.png…`), and the device left out is said.
    @Test(arguments: ["coin~ipad@3x.gif", "coin@3x~ipad.gif"])
    func aDeviceInTheNameIsLeftOutAndSaid(name: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.gif, toPath: dir + "/" + name)
        let run = try CLI.run(["frames", name, "-o", "out"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let pngs = try Self.pngs(dir + "/out")
        #expect(!pngs.isEmpty && pngs.allSatisfy { $0.hasPrefix("coin") && $0.hasSuffix("@3x.png") && !$0.contains("~") }, "\(pngs)")
        #expect(run.stderr.contains("\(name)'s name: ~ipad left out of the frames' names; they are coin1@3x.png…"), "\(run.stderr)")
    }

    /// The `@4x` refusal suggests names in UIKit's order, the scale before the device.
    @Test func theScaleRefusalSuggestsUIKitsOrder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.gif, toPath: dir + "/coin@4x~ipad.gif")
        let run = try CLI.run(["frames", "coin@4x~ipad.gif", "-o", "out"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("name it coin~ipad.gif or coin@3x~ipad.gif"), "\(run.stderr)")
    }

    /// Frames of premultiplied pages come back with a note, within the levels it gives (128/alpha;
    /// alpha exactly); straight pages come back bit for bit, without it.
    @Test(arguments: ["sequences/unity-wispy-smoke-03b-faint", "sequences/kenney-gold-coin"])
    func premultipliedPagesComeBackWithinTheNotesLevels(sequence: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = Fixtures.path(sequence)
        for alpha in ["premultiply", "keep"] {
            #expect(try CLI.run(["sheet", source, "-o", "\(alpha).json", "--alpha-handling", alpha], in: dir).status == 0)
            let run = try CLI.run(["frames", "\(alpha).json", "-o", alpha], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("the pages are premultiplied") == (alpha == "premultiply"), "\(run.stderr)")
            var worst = 0
            for name in Fixtures.pngNames(in: sequence) {
                let original = try PNG.Decoder().decodeBitmap(file: source + "/" + name)
                let back = try PNG.Decoder().decodeBitmap(file: "\(dir)/\(alpha)/\(name)")
                #expect(back.width == original.width && back.height == original.height)
                let a = original.pixels, b = back.pixels
                for i in stride(from: 0, to: a.count, by: 4) where a[i + 3] > 0 {
                    #expect(a[i + 3] == b[i + 3])
                    let bound = alpha == "keep" ? 0 : Int((127.5 / Double(a[i + 3])).rounded(.up))
                    for c in 0..<3 where abs(Int(a[i + c]) - Int(b[i + c])) > bound {
                        worst = max(worst, abs(Int(a[i + c]) - Int(b[i + c])))
                    }
                }
            }
            #expect(worst == 0, "\(alpha): a colour came back \(worst) levels off, past the note's bound")
        }
    }
}
