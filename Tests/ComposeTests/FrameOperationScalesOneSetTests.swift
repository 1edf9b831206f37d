import Basics
import Compose
import Foundation
import Raster
import Testing
import TestSupport

/// Issue 43/44: one run's outputs are committed together or not at all. `blur`, `slice` and
/// `resize` of a folder with @1x, @2x and @3x frames (`FrameOperationJob`) wrote and committed each
/// scale in turn, so a failure or a cancel while the @3x frames were written left the new @1x and
/// @2x files beside the previous run's @3x ones: a folder (or `coin.gif`, `coin@2x.gif`,
/// `coin@3x.gif`) of two runs, each scale another picture. Now every scale's files are one commit.
/// Inputs: Kenney's gold coin at @1x and made at @2x and @3x (``FrameOperationJobTests/threeScales(in:)``).
@Suite("FrameOperationJob commits every scale as one set")
struct FrameOperationScalesOneSetTests {
    /// Every file in `folder` (hidden ones too: the record), by name.
    static func contents(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
            files[name] = isFolder.boolValue ? Data("folder".utf8) : try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    /// A folder where the rerun's last @3x frame goes: the @3x write fails after the @1x and @2x
    /// frames were made, and every file of the first run stays as it was.
    @Test func aFailureWritingTheLastScaleLeavesThePreviousRunWhole() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-one-set")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let both = try FrameOperationJobTests.threeScales(in: folder)
        let out = folder + "/out"
        let first = try FrameOperationJob(sources: [both], output: out, operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(first.files.count == 13)
        try FileManager.default.removeItem(atPath: out + "/gold_4@3x.png")
        try FileManager.default.createDirectory(atPath: out + "/gold_4@3x.png", withIntermediateDirectories: false)
        let before = try Self.contents(out)
        // 11 frames, the folder in place of the 12th, sequence.json and the record.
        #expect(before.count == 14 && before.keys.filter { $0.hasSuffix("@2x.png") }.count == 4)
        #expect(throws: FrameOperationError.self) {
            try FrameOperationJob(sources: [both], output: out, operation: .blur(Blur(sigma: 3))).run(cancellation: nil)
        }
        let after = try Self.contents(out)
        #expect(after.keys.sorted() == before.keys.sorted())
        for name in before.keys.sorted() { #expect(after[name] == before[name], "\(name) was changed by a run that failed") }
    }

    /// A cancel while the @3x frames are made (after the @1x and @2x ones) writes nothing, as
    /// `run`'s documentation says: neither into a folder nor to the animations of each scale.
    @Test(arguments: ["out", "coin.gif"])
    func aCancelAtTheLastScaleWritesNothing(output name: String) throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-one-set-cancel")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let both = try FrameOperationJobTests.threeScales(in: folder)
        let out = folder + "/" + name, listed = name.hasSuffix(".gif") ? folder : out
        _ = try FrameOperationJob(sources: [both], output: out, operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        let before = try Self.contents(listed)
        let cancellation = CancellationFlag()
        // 12 frames in all, 4 a scale: the ninth is the first @3x frame.
        #expect(throws: FrameOperationError.self) {
            try FrameOperationJob(sources: [both], output: out, operation: .blur(Blur(sigma: 3))).run(progress: { progress in
                if progress.phase == .encoding, progress.done >= 9 { cancellation.cancel() }
            }, cancellation: cancellation)
        }
        #expect(cancellation.isCancelled)
        let after = try Self.contents(listed)
        #expect(after.keys.sorted() == before.keys.sorted())
        for name in before.keys.sorted() { #expect(after[name] == before[name], "\(name) was changed by a cancelled run") }
    }

    /// A rerun over every scale with one frame fewer was refused (`out/sequence.json also times the
    /// @1x frames of this sequence, and there are 4 frames at @1x where this @2x run writes 3`)
    /// although it replaces the @1x frames in the same commit (fresh eyes 42): the folder had to be
    /// cleared by hand. Each scale's files are replaced together now, the dropped frame gone at each.
    @Test func aRerunWithFewerFramesAtEveryScaleReplacesThemAll() throws {
        let folder = try Fixtures.temporaryFolder("frame-operation-fewer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let both = try FrameOperationJobTests.threeScales(in: folder)
        let out = folder + "/out"
        _ = try FrameOperationJob(sources: [both], output: out, operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        for scale in ["", "@2x", "@3x"] { try FileManager.default.removeItem(atPath: both + "/gold_4\(scale).png") }
        let rerun = try FrameOperationJob(sources: [both], output: out, operation: .blur(Blur(sigma: 1))).run(cancellation: nil)
        #expect(rerun.files.count == 10)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == ["gold_1.png", "gold_1@2x.png", "gold_1@3x.png", "gold_2.png", "gold_2@2x.png", "gold_2@3x.png",
                          "gold_3.png", "gold_3@2x.png", "gold_3@3x.png", "sequence.json"])
    }
}
