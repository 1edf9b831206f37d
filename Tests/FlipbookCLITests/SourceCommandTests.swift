import Foundation
import Testing
import TestSupport

/// Issue 44: sources read alike by every command. `-` said "no such file or folder, nor frames
/// named -1.png…" (exit 3); a copy of a sheet without its hidden record (`fire-0.png … fire-13.png`
/// and `fire.json`) was validated as a sequence `fire-`.
@Suite("Sources as every command reads them")
struct SourceCommandTests {
    @Test(arguments: [
        ["assemble", "-", "-o", "x.gif"], ["validate", "-"], ["sheet", "-", "-o", "s.png"], ["assemble", "-", "-o", "-"],
        // The one-file commands said "-: cannot read file: No such file or directory", exit 3 (a new-user round).
        ["info", "-"], ["frames", "-", "-o", "out"], ["blur", "-", "-o", "b.png", "--sigma", "1"], ["resize", "-", "-o", "r.png", "--scale", "2"],
        ["slice", "-", "-o", "s.png", "--insets", "1,1,1,1", "--size", "8x8"], ["draw", "-", "-o", "d.png"],
    ])
    func standardInputIsNoSource(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("stdin-source")
        let result = try CLI.run(arguments, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: -: frames are not read from standard input"), "\(result.stderr)")
        #expect(!result.stderr.contains("no such file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }

    @Test func aSheetCopiedWithoutItsRecordIsNoSequence() throws {
        let dir = try Fixtures.temporaryFolder("sheet-copy")
        let fire = Fixtures.path("sequences/ansimuz-fire-bomb-pixel")
        let made = try CLI.run(["sheet", fire, "--engine", "phaser3", "--max-size", "128", "-o", "copy/fire.json"], in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.removeItem(atPath: "\(dir)/copy/.flipbook-outputs.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/copy").filter { $0.hasSuffix(".png") }.count == 14)
        for arguments in [["validate", "copy"], ["assemble", "copy", "-o", "a.gif"], ["sheet", "copy", "-o", "again/s.png"]] {
            let result = try CLI.run(arguments, in: dir)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("copy holds no frames but the pages of a sprite sheet: fire-0.png, fire-1.png, fire-2.png and 11 more "
                                           + "are the pages copy/fire.json names"), "\(result.stderr)")
        }
    }
}
