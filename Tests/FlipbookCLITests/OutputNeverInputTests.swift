import Basics
import Foundation
import Testing
import TestSupport

/// The eighth fresh-eyes round (a new user, the docs alone) found outputs that become inputs:
/// `render` replaced the GIF its scene plays, `render`/`blur` wrote a PNG named as the next frame
/// of the sequence they read (which every later command then refused or misread), `note` and
/// `draw` wrote a file that their next run at another scale read in place of the chrome or image,
/// and an APNG was taken for a still image by its first frame. Each runs the built command on the
/// real `kenney-gold-coin` frames, the seagull example or a real APNG fixture.
@Suite("Fresh eyes 8 and 9: an output never becomes an input")
struct OutputNeverInputTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")
    static let apng = Fixtures.path("apng-decoders/pillow-over-semi-transparent.png")

    /// A new folder holding the coin's frames as `coin/gold_1…4.png` and `gold.png` (its first frame).
    static func folder() throws -> String {
        let dir = try Fixtures.temporaryFolder("fresh-eyes-8")
        try FileManager.default.createDirectory(atPath: dir + "/coin", withIntermediateDirectories: true)
        for name in Fixtures.pngNames(in: "sequences/kenney-gold-coin") {
            try FileManager.default.copyItem(atPath: "\(coin)/\(name)", toPath: "\(dir)/coin/\(name)")
        }
        try FileManager.default.copyItem(atPath: "\(coin)/gold_1.png", toPath: "\(dir)/gold.png")
        #expect(Fixtures.pngNames(in: "sequences/kenney-gold-coin").count == 4)
        return dir
    }

    /// `render -o coin.gif` of a scene whose sequence layer plays coin.gif replaced it (exit 0),
    /// and so did `--overwrite`; the GIF is an input of the render, as frames and images were.
    @Test(arguments: ["coin.gif", "coin.webp", "coin.apng"])
    func renderNeverReplacesTheAnimationItsSceneplays(animation: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try CLI.run(["assemble", "coin", "-o", animation], in: dir).status == 0)
        let scene = #"{"size": [80, 80], "duration": 1, "fps": 4, "layers": [{"sequence": {"source": "\#(animation)"}, "position": [40, 40]}]}"#
        try scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let before = try FileIO.readAll(dir + "/" + animation)
        for extra in [[], ["--overwrite"]] {
            let run = try CLI.run(["render", "scene.json", "-o", animation] + extra, in: dir)
            #expect(run.status != 0 && run.stderr.contains(animation), "\(run.status) \(run.stderr)")
            #expect(try FileIO.readAll(dir + "/" + animation) == before)
        }
    }

    /// `render`, `blur`, `resize` and `slice` wrote an APNG (or PNG) named as the next frame of
    /// the sequence they read: `assemble` refused the same name; now all of them do.
    @Test(arguments: [
        ["blur", "coin", "-o", "coin/gold_5.png", "--sigma", "1"],
        ["resize", "coin", "-o", "coin/gold_9.png", "--scale", "0.5"],
        ["slice", "coin", "-o", "coin/Gold_7.png", "--insets", "8,8,8,8", "--size", "100x50"],
        ["render", "scene.json", "-o", "coin/gold_5.png"],
    ])
    func noOutputIsNamedAsTheNextFrameOfItsSource(arguments: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"{"size": [80, 80], "duration": 1, "fps": 4, "layers": [{"sequence": {"source": "coin"}, "position": [40, 40]}]}"#
        try scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2 && run.stderr.contains("its name makes it a frame of the sequence it is made of (gold_"), "\(run.status) \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/coin").filter { !$0.hasPrefix(".") }.count == 4)
        #expect(try CLI.run(["validate", "coin"], in: dir).status == 0)
    }

    /// `note -o note-chrome@3x.png` beside `note-chrome.png`, and `draw -o gold@2x.png` beside the
    /// scene's `gold.png`, wrote files the next @3x note or @2x draw read in place of the chrome or
    /// the image; both are refused before anything is written.
    @Test func noOutputIsNamedAsAScaleVariantOfAnImageItReads() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Fixtures.path("text/chrome/note-chrome.png"), toPath: dir + "/note-chrome.png")
        let note = try CLI.run(["note", "Hi", "--chrome", "note-chrome.png", "--insets", "37,12,12,12", "-o", "note-chrome@3x.png"], in: dir)
        #expect(note.status == 2 && note.stderr.contains("it is named as the @3x variant of note-chrome.png"), "\(note.stderr)")
        try #"{"size": [80, 80], "ops": [{"image": "gold.png"}]}"#.write(toFile: dir + "/draw.json", atomically: true, encoding: .utf8)
        let draw = try CLI.run(["draw", "draw.json", "-o", "gold@2x.png"], in: dir)
        #expect(draw.status == 2 && draw.stderr.contains("it is named as the @2x variant of"), "\(draw.stderr)")
        try #"{"size": [80, 80], "duration": 1, "fps": 1, "layers": [{"image": "gold.png", "position": [40, 40]}]}"#
            .write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let render = try CLI.run(["render", "scene.json", "-o", "gold@2x.png"], in: dir)
        #expect(render.status == 2 && render.stderr.contains("it is named as the @2x variant of"), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/note-chrome@3x.png") && !FileManager.default.fileExists(atPath: dir + "/gold@2x.png"))
        // Another name beside them is fine.
        #expect(try CLI.run(["draw", "draw.json", "-o", "drawn@2x.png"], in: dir).status == 0)
    }

    /// An APNG was drawn by its first frame in `draw` image ops and `render` image layers (a GIF
    /// or WebP there is refused, and so is an APNG among frames): refused as every still image is.
    @Test func anAPNGIsNoStillImage() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.apng, toPath: dir + "/anim.png")
        try #"{"size": [8, 8], "ops": [{"image": "anim.png"}]}"#.write(toFile: dir + "/draw.json", atomically: true, encoding: .utf8)
        try #"{"size": [8, 8], "duration": 1, "fps": 1, "layers": [{"image": "anim.png", "position": [4, 4]}]}"#
            .write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        for arguments in [["draw", "draw.json", "-o", "d.png"], ["render", "scene.json", "-o", "r.png"]] {
            let run = try CLI.run(arguments, in: dir)
            #expect(run.status == 3 && run.stderr.contains("anim.png: an animated PNG (APNG) where a still image is read"), "\(arguments) \(run.stderr)")
        }
    }

    /// `-o nx/../gold.png`, through a folder that does not exist yet, passed every check (stat of
    /// the path failed, so it named no input and no file) and replaced the input: `resize`,
    /// `slice`, `blur`, `draw`, `note`, `assemble` and `render` alike. The detour is refused; the
    /// input is unchanged and no folder is left behind.
    @Test(arguments: [
        ["resize", "gold.png", "--scale", "2", "-o", "nx/../gold.png"],
        ["slice", "gold.png", "--insets", "4,4,4,4", "--size", "80x80", "-o", "nx/../gold.png"],
        ["blur", "--sigma", "1", "coin", "-o", "nx/../coin/gold_1.png"],
        ["assemble", "coin", "-o", "coin/nx/../gold_1.png"],
        ["note", "hi", "--chrome", "gold.png", "--insets", "4,4,4,4", "-o", "nx/../gold.png"],
        ["draw", "draw.json", "-o", "nx/../gold.png"],
        ["validate", "coin", "--format", "json", "--output", "nx/ny/../../mine.json"],
    ])
    func anOutputThatClimbsOutOfAMissingFolderIsRefused(arguments: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"size": [8, 8], "ops": [{"image": "gold.png"}]}"#.write(toFile: dir + "/draw.json", atomically: true, encoding: .utf8)
        try "mine".write(toFile: dir + "/mine.json", atomically: true, encoding: .utf8)
        let before = try [FileIO.readAll(dir + "/gold.png"), FileIO.readAll(dir + "/coin/gold_1.png"), FileIO.readAll(dir + "/mine.json")]
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2 && run.stderr.contains("a folder that does not exist yet"), "\(run.status) \(run.stderr)")
        #expect(try [FileIO.readAll(dir + "/gold.png"), FileIO.readAll(dir + "/coin/gold_1.png"), FileIO.readAll(dir + "/mine.json")] == before)
        #expect(!FileManager.default.fileExists(atPath: dir + "/nx") && !FileManager.default.fileExists(atPath: dir + "/coin/nx"))
    }

    /// An animation named as a numbered frame of another prefix in the folder it is made of
    /// (`coin/gold5.png` beside `gold_1…4.png`) was written, and every later read of the folder
    /// found two sequences (fresh eyes 9); refused as a frame of the same prefix is.
    @Test(arguments: [
        ["blur", "--sigma", "1", "coin", "-o", "coin/gold5.png"],
        ["assemble", "coin", "-o", "coin/x7.png"],
        ["render", "scene.json", "-o", "coin/gold5.png"],
    ])
    func noOutputIsANumberedFrameInTheFolderItIsMadeOf(arguments: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = #"{"size": [80, 80], "duration": 1, "fps": 4, "layers": [{"sequence": {"source": "coin"}, "position": [40, 40]}]}"#
        try scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 2 && run.stderr.contains("its name makes it a numbered frame in ") && run.stderr.contains("coin, beside the sequence it is made of (gold_"), "\(run.status) \(run.stderr)")
        #expect(try CLI.run(["validate", "coin"], in: dir).status == 0)
    }
    /// An APNG named as a frame of *another* sequence's folder (not an input: `bomb/gold_7.png`
    /// beside `bomb/gold_001.png …`) would join that sequence — as a duplicate frame 7 it broke
    /// the folder for `assemble` and `validate` (fresh eyes, session 45): refused, nothing written.
    /// Another prefix there, or a rerun into its own name, is not refused.
    @Test func anAnimationIsNotWrittenIntoAnotherSequence() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/bomb", withIntermediateDirectories: true)
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(dir)/bomb/gold_00\(number).png")
        }
        let joined = try CLI.run(["assemble", "coin", "-o", "bomb/gold_7.png"], in: dir)
        #expect(joined.status == 2 && joined.stderr.contains("its name makes it a frame of the sequence beside it (gold_001.png …)"),
                "\(joined.status) \(joined.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bomb/gold_7.png"))
        #expect(try CLI.run(["validate", "bomb"], in: dir).status == 0)
        #expect(try CLI.run(["assemble", "coin", "-o", "bomb/spin7.png"], in: dir).status == 0, "another prefix")
        #expect(try CLI.run(["assemble", "coin", "-o", "bomb/spin7.png", "--overwrite"], in: dir).status == 0, "its own name again")
    }

    /// A frame's name with an extension hidden twice (`coin/gold_1.png.png`, `bomb/gold_002.jpg.png`)
    /// was written, and `validate` then reported the folder's stray copy of that frame (fresh eyes,
    /// session 45): refused, nothing written, in the folder the APNG is made of and in another.
    @Test(arguments: ["coin/gold_1.png.png", "bomb/gold_002.jpg.png", "bomb/GOLD_9.PNG.png"])
    func anAnimationIsNotAFrameWithAnExtensionHiddenTwice(output: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/bomb", withIntermediateDirectories: true)
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(dir)/bomb/gold_00\(number).png")
        }
        let run = try CLI.run(["assemble", "coin", "-o", output], in: dir)
        #expect(run.status == 2 && run.stderr.contains("with an extension hidden twice, so every read of the folder takes it for a misnamed frame (seq.misnamed-frame)"),
                "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + output))
        #expect(try CLI.run(["validate", "coin", "bomb"], in: dir).status == 0)
        #expect(try CLI.run(["assemble", "coin", "-o", "bomb/spin.png.png"], in: dir).status == 0, "no number: no frame's name")
    }
}
