import Basics
import Foundation
import Testing
import TestSupport

/// An animated file cut short is read the same way in every format: `frames` and `info` keep its
/// whole frames and print a warning naming it, as they did only for a GIF (a cut APNG or WebP was
/// refused with exit 3).
@Suite("animated files cut short, read with a warning")
struct CutShortAnimationTests {
    @Test(arguments: ["apng", "webp", "gif"])
    func framesAndInfoKeepTheWholeFramesWithAWarning(format: String) throws {
        let dir = try Fixtures.temporaryFolder("cut-short")
        let made = try CLI.run(["assemble", CLI.fixtures + "/sequences/kenney-gold-coin", "-o", "coin.\(format)"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let bytes = try FileIO.readAll("\(dir)/coin.\(format)")
        try Data(bytes.prefix(bytes.count * 3 / 4)).write(to: URL(fileURLWithPath: "\(dir)/cut.\(format)"))

        let frames = try CLI.run(["frames", "cut.\(format)", "-o", "out"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(frames.stderr.contains("warning: cut.\(format) is cut short ("), "\(frames.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out").filter { $0.hasSuffix(".png") }
        #expect((1..<4).contains(written.count), "\(written)")

        let info = try CLI.run(["info", "cut.\(format)"], in: dir)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stderr.contains("warning: cut.\(format) is cut short ("), "\(info.stderr)")
        #expect(info.stdout.contains("\(written.count) frame"), "\(info.stdout)")
    }

    /// The warning is one sentence: the file, where it ends, the frames read (of the frames it
    /// declares, when the format declares them: an APNG's acTL) and what to do. It was
    /// `cut.gif: stopped after frame 2: file is truncated (Failed to read from given file); the
    /// frames before are kept`, worded another way by each format (a new-user round).
    @Test(arguments: ["apng", "webp", "gif"])
    func theWarningIsOneClearSentence(format: String) throws {
        let dir = try Fixtures.temporaryFolder("cut-short-text")
        let made = try CLI.run(["assemble", CLI.fixtures + "/sequences/kenney-gold-coin", "-o", "coin.\(format)"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let bytes = try FileIO.readAll("\(dir)/coin.\(format)")
        try Data(bytes.prefix(bytes.count * 3 / 4)).write(to: URL(fileURLWithPath: "\(dir)/cut.\(format)"))
        let frames = try CLI.run(["frames", "cut.\(format)", "-o", "out"], in: dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out").filter { $0.hasSuffix(".png") }.count
        let lines = frames.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(lines.count == 1, "\(frames.stderr)")
        let line = String(lines.first ?? "")
        let were = kept == 1 ? "was" : "were"
        // Whole frames only in every format: a GIF frame cut inside its pixels is left out.
        let read = format == "apng" ? "\(kept) of its 4 frames \(were) read and"
            : "the \(kept) whole frame\(kept == 1 ? "" : "s") before the cut \(were) read and"
        #expect(line.hasPrefix("warning: cut.\(format) is cut short (") && line.contains("): \(read)"), "\(line)")
        #expect(line.hasSuffix(" kept; to get the rest, export or copy the file again"), "\(line)")
        #expect(!line.contains("giflib") && !line.contains("Failed to read"), "\(line)")
    }

    /// An APNG whose `acTL` promises 6 frames where it holds 4: read with a warning by `frames` and
    /// `info` (it was read without a word).
    @Test func anACTLPromisingMoreFramesIsReadWithAWarning() throws {
        let dir = try Fixtures.temporaryFolder("cut-short")
        let made = try CLI.run(["assemble", CLI.fixtures + "/sequences/kenney-gold-coin", "-o", "coin.apng"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        var bytes = try FileIO.readAll("\(dir)/coin.apng")
        // The acTL chunk follows IHDR (8 + 25 bytes): its frame count is the first word of its data.
        let actl = 33
        #expect(String(decoding: bytes[(actl + 4)..<(actl + 8)], as: UTF8.self) == "acTL")
        #expect(bytes[(actl + 8)..<(actl + 12)].elementsEqual([0, 0, 0, 4]))
        bytes[actl + 11] = 6
        let crc = bytes.withUnsafeBufferPointer { Zlib.crc32(UnsafeBufferPointer(rebasing: $0[(actl + 4)..<(actl + 16)])) }
        bytes.replaceSubrange((actl + 16)..<(actl + 20), with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/more.apng"))

        let warning = "warning: more.apng: acTL promises 6 frames but the file holds 4; read as the frames it holds"
        let frames = try CLI.run(["frames", "more.apng", "-o", "out"], in: dir)
        #expect(frames.status == 0 && frames.stderr.contains(warning), "\(frames.stderr)")
        let info = try CLI.run(["info", "more.apng"], in: dir)
        #expect(info.status == 0 && info.stderr.contains(warning) && info.stdout.contains("4 frames"), "\(info.stderr)\(info.stdout)")
    }

    /// The warning reaches a script too: `info --json` (per file), `frames --json` and `assemble
    /// --json` carry it in `warnings` (only standard error had it: the JSON said `"errors": []` and
    /// nothing else; found by a new-user round). A whole file has an empty list.
    @Test(arguments: ["gif", "webp"])
    func jsonReportsCarryTheWarning(format: String) throws {
        let dir = try Fixtures.temporaryFolder("cut-short-json")
        let made = try CLI.run(["assemble", CLI.fixtures + "/sequences/kenney-gold-coin", "-o", "coin.\(format)"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        let bytes = try FileIO.readAll("\(dir)/coin.\(format)")
        try Data(bytes.prefix(bytes.count * 3 / 4)).write(to: URL(fileURLWithPath: "\(dir)/cut.\(format)"))
        func warnings(_ arguments: [String], at path: (Any) -> Any?) throws -> [String]? {
            let run = try CLI.run(arguments + ["--json"], in: dir)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            return path(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String]
        }
        let file = { (json: Any) -> Any? in (((json as? [String: Any])?["files"] as? [[String: Any]])?.first)?["warnings"] }
        let top = { (json: Any) -> Any? in (json as? [String: Any])?["warnings"] }
        for (arguments, path) in [(["info", "cut.\(format)"], file), (["frames", "cut.\(format)", "-o", "out"], top),
                                  (["assemble", "cut.\(format)", "-o", "again.gif"], top)] {
            let found = try warnings(arguments, at: path)
            #expect(found?.count == 1 && found?.first?.hasPrefix("cut.\(format) is cut short (") == true, "\(arguments): \(String(describing: found))")
        }
        #expect(try warnings(["info", "coin.\(format)"], at: file) == [])
    }
}
