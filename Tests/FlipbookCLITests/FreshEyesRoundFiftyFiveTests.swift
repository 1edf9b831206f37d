import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// Fresh eyes, round 55: names that are one text in two Unicode normalisations (`café` composed,
/// U+00E9, and decomposed, `e` + U+0301) are two files and two folders on Linux; readers took them
/// for one and lost one without a word.
@Suite("Fresh eyes 55")
struct FreshEyesRoundFiftyFiveTests {
    static let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")

    /// `validate` walked one of two such folders (the second was taken as already visited): a
    /// broken frame in it passed CI. Both are checked now, and the clash is reported.
    @Test func validateChecksBothFoldersOfOneTextInTwoNormalisations() throws {
        let folder = try Fixtures.temporaryFolder("fresh55-folders")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(folder)/v/\(Self.composed)")
        // The same frames in both (round 56: the folder walk was fixed, but the folders' files
        // were then grouped by their folders' real paths as text, and one folder's dropped).
        try manager.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: "\(folder)/v/\(Self.decomposed)")
        try Data().write(to: URL(fileURLWithPath: "\(folder)/v/\(Self.composed)/gold_2.png"))
        let run = try CLI.run(["validate", "v", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        // CI goes red: the frames of one name in both folders clash (one file on macOS, one name
        // to every engine), each pair named.
        #expect(run.stdout.contains("differ only in Unicode normalisation") && run.stdout.contains("gold_2.png"), "\(run.stdout)")
    }

    /// `assemble café/f.png café/f.png` (the folders in the two spellings, two files) read the
    /// first file twice (round 56): the second folder was respelt as the first. Two files whose
    /// names are one text are refused, naming both, as `sheet` refuses them.
    @Test func twoFilesInFoldersOfOneTextAreNotReadAsOne() throws {
        let folder = try Fixtures.temporaryFolder("fresh56-files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        for name in [Self.composed, Self.decomposed] { try manager.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true) }
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        try manager.copyItem(atPath: coin + "/gold_1.png", toPath: "\(folder)/\(Self.composed)/f.png")
        try manager.copyItem(atPath: coin + "/gold_3.png", toPath: "\(folder)/\(Self.decomposed)/f.png")
        let run = try CLI.run(["assemble", "\(Self.composed)/f.png", "\(Self.decomposed)/f.png", "-o", "a.png"], in: folder)
        #expect(run.status == 3 && run.stderr.contains("normalisation"), "\(run.status) \(run.stderr)")
    }

    /// A libGDX atlas whose index groups are named `café` composed and decomposed (two animations
    /// to libGDX, which compares Java strings) was read as one animation of both groups' frames.
    /// Refused as two animations of one name, as every other format's reader refuses them.
    @Test func aLibGDXAtlasWithOneAnimationNameInTwoNormalisationsIsRefused() throws {
        let folder = try Fixtures.temporaryFolder("fresh55-libgdx")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder + "/coin")
        #expect(try CLI.run(["sheet", "coin", "-o", "l.atlas", "--engine", "libgdx"], in: folder).status == 0)
        let text = try String(contentsOfFile: folder + "/l.atlas", encoding: .utf8)
        var seen = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line == "gold" else { return String(line) }
            seen += 1
            return seen <= 2 ? Self.composed : Self.decomposed
        }
        #expect(seen == 4)
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/two.atlas"))
        let run = try CLI.run(["frames", "two.atlas", "-o", "out", "--animation", Self.composed], in: folder)
        #expect(run.status == 3 && run.stderr.contains("two animations are named") && run.stderr.contains("two Unicode normalisations"),
                "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
    /// A folder whose name is not UTF-8 (`caf\xE9`, Latin-1) was passed over by `validate` (exit 0,
    /// a broken frame in it unseen): its name came back with U+FFFD and named nothing. The folder
    /// that holds it is now refused, saying why.
    @Test func aNameThatIsNotUTF8IsSaidNotSkipped() throws {
        let folder = try Fixtures.temporaryFolder("fresh55-latin1")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/v", withIntermediateDirectories: true)
        let bytes = Array((folder + "/v/caf").utf8) + [0xE9, 0]
        let made = bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
        #expect(made == 0)
        let run = try CLI.run(["validate", "v"], in: folder)
        #expect(run.status != 0 && (run.stdout + run.stderr).contains("is not UTF-8 text"), "\(run.status) \(run.stdout) \(run.stderr)")
    }
}
