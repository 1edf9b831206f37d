import Foundation
import Testing
import TestSupport

/// The third fresh-eyes round (issue 43, "files identified once"): an output named as a frame of
/// the sequence it is made of was refused only when `-o` spelled the source folder as the input
/// did, so `./ln//src/gold_6.png`, an absolute path, `..` or a link to the folder wrote an APNG
/// into the source folder and broke it for every later run; a case-only or Unicode variant of a
/// frame's name was written the same way. Every case runs the real command on the real
/// `kenney-gold-coin` sequence.
@Suite("Outputs identified by the folder they resolve to")
struct OutputIdentityCommandTests {
    /// `ln/src` (a copy of kenney-gold-coin, gold_1…4) and `ln/o/srclink`, a link to it.
    static func linkedSource() throws -> String {
        let dir = try Fixtures.temporaryFolder("output-identity")
        try FileManager.default.createDirectory(atPath: "\(dir)/ln/o", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/ln/src")
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/ln/o/srclink", withDestinationPath: "../src")
        return dir
    }

    static func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// Every other spelling of the source folder is the source folder: refused (exit 2), nothing written.
    @Test(arguments: [
        ["assemble", "ln/src", "-o", "ln/src/gold_6.png"],
        ["assemble", "ln/src", "-o", "./ln//src/gold_6.png"],
        ["assemble", "ln/src", "-o", "ABSOLUTE/ln/src/gold_6.png"],
        ["assemble", "ln/src", "-o", "ln/src/./gold_6.png"],
        ["assemble", "ln/src", "-o", "ln/o/../src/gold_6.png"],
        ["assemble", "ln/src", "-o", "ln/o/srclink/gold_5.png"],
        ["assemble", "ln/src/gold_1.png", "ln/src/gold_2.png", "-o", "ln/o/srclink/gold_3.png"],
        ["sheet", "ln/src", "-o", "ln/o/srclink/gold_9.png"],
        ["sheet", "ln/src", "-o", "ABSOLUTE/ln/src/gold_9.png"],
    ])
    func aFrameOfTheSourceSpelledAnotherWayIsRefused(arguments: [String]) throws {
        let dir = try Self.linkedSource()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try Self.names("\(dir)/ln/src")
        #expect(before.filter { $0.hasSuffix(".png") }.count == 4)
        let result = try CLI.run(arguments.map { $0.replacingOccurrences(of: "ABSOLUTE", with: dir) }, in: dir)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("its name makes it a frame of the sequence it ") && result.stderr.contains("(gold_"), "\(result.stderr)")
        #expect(try Self.names("\(dir)/ln/src") == before, "nothing written into the source folder")
        // The folder still reads as the one sequence it was.
        #expect(try CLI.run(["validate", "ln/src"], in: dir).status == 0)
    }

    /// A case-only or Unicode-normalisation variant of a frame's prefix (`Gold_1.png` beside
    /// `gold_1.png`; `pie\u{300}ce_5.png` beside `pi\u{E8}ce_1.png`) is the same sequence on macOS
    /// and Windows: refused as `gold_5.png` is.
    @Test(arguments: [
        ("gold_", "Gold_1.png"), ("gold_", "GOLD_7.png"),
        ("pi\u{E8}ce_", "pie\u{300}ce_5.png"), ("pie\u{300}ce_", "PI\u{C8}CE_5.png"),
    ])
    func aVariantSpellingOfTheSequenceIsRefused(prefix: String, output: String) throws {
        let dir = try Fixtures.temporaryFolder("output-identity")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/oc", withIntermediateDirectories: true)
        let source = Fixtures.path("sequences/kenney-gold-coin")
        let frames = try Self.names(source).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 4)
        for frame in frames {
            try FileManager.default.copyItem(atPath: "\(source)/\(frame)", toPath: "\(dir)/oc/\(prefix)\(frame.dropFirst("gold_".count))")
        }
        let result = try CLI.run(["assemble", "oc", "-o", "oc/\(output)"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(try Self.names("\(dir)/oc").count == 4, "nothing written")
        #expect(try CLI.run(["assemble", "oc", "-o", "x.gif"], in: dir).status == 0, "the folder still assembles")
    }

    /// An output whose name differs from an input's only in case, beside it, is refused (it is
    /// the input on macOS and Windows), through a link to the folder too.
    @Test(arguments: ["coin/GOLD_1.PNG", "link/Gold_1.png"])
    func aCaseVariantOfAnInputIsRefused(output: String) throws {
        let dir = try Fixtures.temporaryFolder("output-identity")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(dir)/coin")
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/link", withDestinationPath: "coin")
        let before = try Self.names("\(dir)/coin")
        let result = try CLI.run(["blur", "coin/gold_1.png", "-o", output, "--sigma", "1"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("only in case"), "\(result.stderr)")
        #expect(try Self.names("\(dir)/coin") == before)
        // Another name beside it is fine.
        #expect(try CLI.run(["blur", "coin/gold_1.png", "-o", "coin/blurred.png", "--sigma", "1"], in: dir).status == 0)
    }
}
