import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// Readers of a folder that a killed rerun left half-replaced (the real frames of
/// `Tests/Fixtures/sequences/ansimuz-fire-bomb-pixel`): `validate` called the mix of two runs
/// ok and `assemble` animated it; now the replace is finished before the folder is listed.
@Suite("Reading a half-replaced folder")
struct InterruptedReplaceReadingTests {
    static let fixture = "sequences/ansimuz-fire-bomb-pixel"

    /// A folder holding the 14 fixture frames as `fire1…14.png`, then a rerun of 10 frames (the
    /// last ones first) killed after `renamed` renames; returns the folder and the rerun's frames.
    static func halfReplaced(renamed: Int) throws -> (folder: String, rerun: [[UInt8]]) {
        let names = Fixtures.pngNames(in: fixture)
        #expect(names.count == 14)
        let frames = try names.map { try Fixtures.bytes("\(fixture)/\($0)") }
        let rerun = Array(frames.reversed().prefix(10))
        let dir = try Fixtures.temporaryFolder("half-replaced")
        for (run, kill) in [(frames, nil), (rerun, renamed)] as [([[UInt8]], Int?)] {
            let set = OutputSet(owner: dir + "/fire")
            set.simulatedKillAfterRenames = kill
            for (index, bytes) in run.enumerated() { try set.write(bytes, to: "\(dir)/fire\(index + 1).png") }
            do { try set.commit() } catch { if error != .simulatedKill { throw error } }
        }
        // The mix a reader saw: 14 frames, some of each run.
        let visible = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }
        #expect(visible.count == 14)
        return (dir, rerun)
    }

    @Test(arguments: [1, 5])
    func validateSeesOnlyTheRerun(renamed: Int) throws {
        let (dir, rerun) = try Self.halfReplaced(renamed: renamed)
        let report = try Validator().validate([dir], cancellation: nil)
        #expect(report.fileCount == rerun.count)
        #expect(report.sequences.map(\.frameCount) == [rerun.count])
        for (index, bytes) in rerun.enumerated() { #expect(try FileIO.readAll("\(dir)/fire\(index + 1).png") == bytes) }
    }

    @Test func loadingTheFolderSeesOnlyTheRerun() throws {
        let (dir, rerun) = try Self.halfReplaced(renamed: 3)
        let animation = try Animation.load([dir])
        #expect(animation.frames == (1...rerun.count).map { .file("\(dir)/fire\($0).png") })
        for (index, bytes) in rerun.enumerated() { #expect(try FileIO.readAll("\(dir)/fire\(index + 1).png") == bytes) }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        #expect(hidden == [".flipbook-outputs.json"])
    }

    /// A replace that cannot be finished (a rename the system refuses; in the field, a folder
    /// that went read-only) is a typed error naming the folder, never a mix called ok.
    @Test func aFolderThatCannotBeFinishedIsRefusedNotRead() throws {
        let (dir, _) = try Self.halfReplaced(renamed: 0)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".journal") }
        #expect(hidden.count == 1)
        let journal = "\(dir)/\(hidden[0])"
        // fire1.png's rename made impossible: a non-empty folder in its place, which the journal
        // names as the file the rename may replace.
        try FileManager.default.removeItem(atPath: "\(dir)/fire1.png")
        try FileManager.default.createDirectory(atPath: "\(dir)/fire1.png/inside", withIntermediateDirectories: true)
        let folderPrint = try #require(FileIO.fingerprint(of: "\(dir)/fire1.png"))
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map { line -> String in
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count > 3 && fields[2] == "fire1.png" { fields[3] = folderPrint }
            return fields.joined(separator: "\t")
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        #expect {
            _ = try Validator().validate([dir], cancellation: nil)
        } throws: { error in
            guard case .source(.unreadableFolder(let path, let reason)) = error as? Validator.Error else { return false }
            return path == dir && reason.contains("half-replaced") && reason.contains(hidden[0])
        }
        #expect(throws: Animation.LoadError.self) { try Animation.load([dir]) }
    }
}
