import Basics
import Foundation
import Raster
import Testing
import TestSupport

/// What fresh eyes round 13 found and the session after fixed, each on the real gold-coin frames.
@Suite("Fresh eyes 13: what a file is, one timing, every animation judged")
struct FreshEyesThirteenTests {
    static let coin = FreshEyesElevenTests.coin

    /// A temporary folder holding `coin/` (the gold coin's four frames).
    static func folder() throws -> String { try FreshEyesElevenTests.folder() }

    /// A file given as a frame whose name is not a PNG's is named for what its bytes are: a PNG
    /// called `pic.jpg` was "not a PNG file".
    @Test(arguments: [
        ("pic.jpg", Data?.none, "pic.jpg: it is a PNG: rename it to .png"),
        ("shot.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), "shot.jpg: it is a JPEG, which Flipbook does not read: convert it to PNG"),
        ("blank.bmp", Data(), "blank.bmp: it is empty (0 bytes)"),
        ("notes.txt", Data("frames\n".utf8), "notes.txt: not a PNG file"),
    ] as [(String, Data?, String)])
    func aMisnamedFileIsNamedForItsBytes(name: String, bytes: Data?, message: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let contents = try bytes ?? Data(contentsOf: URL(fileURLWithPath: "\(Self.coin)/gold_1.png"))
        try contents.write(to: URL(fileURLWithPath: "\(dir)/\(name)"))
        for command in [["assemble", name, "-o", "x.gif"], ["assemble", name, "coin/gold_2.png", "-o", "x.gif"], ["sheet", name, "-o", "s"]] {
            let run = try CLI.run(command, in: dir)
            #expect(run.status == 3 && run.stderr.contains(message), "\(command): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["coin", name].sorted())
    }

    /// `sheet -o b.PNG` wrote `b.png`: the pages keep the extension as typed, as every other
    /// output does, and so does the data (`-o b.JSON`).
    @Test(arguments: [("b.PNG", ["b.PNG", "b.json"]), ("c.JSON", ["c.JSON", "c.png"]), ("d.Png", ["d.Png", "d.json"])])
    func aSheetKeepsTheExtensionAsTyped(output: String, files: [String]) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["sheet", "coin", "-o", output], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") && $0 != "coin" }.sorted()
        #expect(written == files.sorted())
        let data = try String(contentsOfFile: dir + "/" + files.first { !$0.lowercased().hasSuffix(".png") }!, encoding: .utf8)
        let page = files.first { $0.lowercased().hasSuffix(".png") }!
        #expect(data.contains("\"\(page)\""), "\(data.prefix(300))")
        // The sheet reads back into its frames by the names it wrote; a rerun replaces its set.
        #expect(try CLI.run(["frames", files.first { !$0.lowercased().hasSuffix(".png") }!, "-o", "back"], in: dir).status == 0)
        #expect(try CLI.run(["sheet", "coin", "-o", output], in: dir).status == 0)
    }

    /// A frame whose zlib checksum (Adler-32) is wrong under correct CRCs: Pillow and ffmpeg refuse
    /// it, `validate --deep` called it corrupt, and `assemble` read it without a word. It is now a
    /// corrupt PNG to every reader (exit 3), nothing written.
    @Test func aFrameWithAWrongAdler32IsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/coin/gold_3.png")))
        let idat = try #require(try PNG.ChunkWalker.walk(bytes, file: "gold_3.png").last { $0.type == "IDAT" })
        let end = idat.offset + 8 + idat.length
        bytes[end - 1] ^= 0x01
        let crc = bytes.withUnsafeBufferPointer { Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(idat.offset + 4)..<end])) }
        bytes.replaceSubrange(end..<(end + 4), with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) })
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/coin/gold_3.png"))
        for command in [["assemble", "coin", "-o", "x.gif"], ["assemble", "coin", "-o", "x.webp"], ["sheet", "coin", "-o", "s"]] {
            let run = try CLI.run(command, in: dir)
            #expect(run.status == 3 && run.stderr.contains("gold_3.png") && run.stderr.contains("corrupt"), "\(command): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") } == ["coin"])
        let deep = try CLI.run(["validate", "coin", "--deep"], in: dir)
        #expect(deep.status == 1 && deep.stdout.contains("png.corrupt"), "\(deep.stdout)")
    }

    /// `validate` passes over no animation: two GIFs alone in the folder given were refused ("give
    /// the one to read", exit 2) though judged one folder down, and a cut APNG without a number
    /// among numbered frames was not read (exit 0). Each is judged; one that does not read at all
    /// is `animation.unreadable`, exit 1 (it was `folder.unreadable`, exit 3, for the whole folder).
    @Test func validateJudgesEveryAnimation() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/fx", withIntermediateDirectories: true)
        #expect(try CLI.run(["assemble", "coin", "-o", "fx/boom.gif"], in: dir).status == 0)
        #expect(try CLI.run(["assemble", "coin", "-o", "fx/fire.webp"], in: dir).status == 0)
        let two = try CLI.run(["validate", "fx"], in: dir)
        #expect(two.status == 0 && two.stdout.contains("fx/boom.gif: 4 frames") && two.stdout.contains("fx/fire.webp: 4 frames"), "\(two.stdout) \(two.stderr)")
        // Cut before its first frame: judged, named, the others still checked.
        let gif = try Data(contentsOf: URL(fileURLWithPath: dir + "/fx/boom.gif"))
        try gif.prefix(40).write(to: URL(fileURLWithPath: dir + "/fx/cut.gif"))
        let cut = try CLI.run(["validate", "fx", "--json"], in: dir)
        #expect(cut.status == 1 && cut.stdout.contains("\"animation.unreadable\"") && cut.stdout.contains("fx/cut.gif"), "\(cut.stdout)")
        #expect(cut.stdout.contains("fx/fire.webp") && !cut.stdout.contains("folder.unreadable"), "\(cut.stdout)")
        // A cut APNG without a number beside the numbered frames: no frame of theirs, but judged.
        #expect(try CLI.run(["assemble", "coin", "-o", "whole.png"], in: dir).status == 0)
        let apng = try Data(contentsOf: URL(fileURLWithPath: dir + "/whole.png"))
        try apng.prefix(apng.count * 3 / 4).write(to: URL(fileURLWithPath: dir + "/coin/anim.png"))
        let beside = try CLI.run(["validate", "coin"], in: dir)
        #expect(beside.status == 1 && beside.stdout.contains("coin/anim.png") && beside.stdout.contains("animation.frames-lost"), "\(beside.stdout)")
        #expect(beside.stdout.contains("coin/gold_: 4 frames"), "\(beside.stdout)")
    }

    /// `preview` of a folder whose `sequence.json` highlights its own sequence, or that holds a frame
    /// with a 19-digit number, said only "nothing to preview": the page now shows why, as every
    /// other reader says it.
    @Test func previewSaysWhyASequenceIsNotPlayed() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"highlighted": "gold_"}"#.write(toFile: dir + "/coin/sequence.json", atomically: true, encoding: .utf8)
        let own = try CLI.run(["preview", "coin", "--no-validate", "-o", "p.html"], in: dir)
        #expect(own.stderr.contains("\"gold_\" is the sequence this manifest times") && !own.stderr.contains("nothing to preview"), "\(own.stderr)")
        try FileManager.default.removeItem(atPath: dir + "/coin/sequence.json")
        try FileManager.default.copyItem(atPath: dir + "/coin/gold_1.png", toPath: dir + "/coin/gold_1234567890123456789.png")
        let long = try CLI.run(["preview", "coin", "--no-validate", "-o", "q.html"], in: dir)
        #expect(long.stderr.contains("gold_1234567890123456789.png") && !long.stderr.contains("nothing to preview"), "\(long.stderr)")
    }
}
