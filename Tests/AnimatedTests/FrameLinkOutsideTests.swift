import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// A frame file in a folder given that is a symbolic link leading out of it (`gold_4.png ->
/// /elsewhere/…`) was read by `assemble`, `sheet` and `validate` as if it were in the folder
/// (issue 43, "symlinks that leave"): every reader of the folder refuses it now, naming the link
/// and where it leads, with the same `Discovery.Error` (what validates assembles).
@Suite("Discovery: frame files that are links leading out")
struct FrameLinkOutsideTests {
    static let coin = Fixtures.path("sequences/kenney-gold-coin")

    /// A folder with the coin's frames 1…3 and `gold_4.png` a link to frame 4 in another folder.
    static func folderWithLinkOut(_ label: String) throws -> (folder: String, outside: String) {
        let folder = try Fixtures.temporaryFolder(label), outside = try Fixtures.temporaryFolder(label + "-outside")
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: "\(coin)/gold_\(number).png", toPath: "\(folder)/gold_\(number).png")
        }
        try FileManager.default.copyItem(atPath: "\(coin)/gold_4.png", toPath: "\(outside)/gold_4.png")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/gold_4.png", withDestinationPath: "\(outside)/gold_4.png")
        return (folder, outside)
    }

    static func isLinkOutside(_ error: Discovery.Error, folder: String, outside: String) -> Bool {
        guard case .linkOutside(let link, let target) = error else { return false }
        return link == "\(folder)/gold_4.png" && target == (FileIO.resolvedPath(outside) ?? outside) + "/gold_4.png"
            && error.description.contains("gold_4.png is a symbolic link to ")
    }

    @Test func assemblingTheFolderRefusesTheLink() throws {
        let (folder, outside) = try Self.folderWithLinkOut("link-out-assemble")
        defer { for path in [folder, outside] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 4)
        #expect {
            _ = try Animation.load([folder])
        } throws: { error in
            guard case .discovery(let discovery)? = error as? Animation.LoadError else { return false }
            return Self.isLinkOutside(discovery, folder: folder, outside: outside)
        }
        // The prefix form reads the same folder: refused the same way.
        #expect(throws: Animation.LoadError.self) { _ = try Animation.load([folder + "/gold_"]) }
    }

    /// `validate` reports the link on that file, `frame.link-outside`, and checks the rest of the
    /// tree: it made the whole tree one `folder.unreadable` (exit 3), so a gap in another folder
    /// went unreported until the link was fixed (fresh eyes round 14).
    @Test func validatingTheFolderReportsTheLinkAndChecksTheRest() throws {
        let (folder, outside) = try Self.folderWithLinkOut("link-out-validate")
        defer { for path in [folder, outside] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: folder + "/gapped", withIntermediateDirectories: true)
        for number in [1, 3] { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(folder)/gapped/gold_\(number).png") }
        let report = try Validator().validate(folders: [(folder, ValidationConfig())], cancellation: nil)
        #expect(report.hasErrors && report.folderErrors.isEmpty, "\(report.folderErrors)")
        #expect(Set(report.findings.map(\.rule)) == [.frameLinkOutside, .seqGap], "\(report.findings)")
        let link = try #require(report.findings.first { $0.rule == .frameLinkOutside })
        #expect(link.file == folder + "/gold_4.png" && link.severity == .error)
        #expect(Self.isLinkOutside(.linkOutside(link: link.file ?? "", target: (FileIO.resolvedPath(outside) ?? outside) + "/gold_4.png"),
                                   folder: folder, outside: outside))
        #expect(link.message.contains("gold_4.png is a symbolic link to "), "\(link.message)")
        #expect(report.sequences.map(\.frameCount).sorted() == [2, 3])
        // Given with its parent, the link is reported once.
        let twice = try Validator().validate(folders: [(folder, ValidationConfig()), (folder + "/.", ValidationConfig())], cancellation: nil)
        #expect(twice.findings.filter { $0.rule == .frameLinkOutside }.count == 1, "\(twice.findings)")
    }

    /// Links that stay inside the folder are read as before.
    @Test func aLinkInsideIsRead() throws {
        let folder = try Fixtures.temporaryFolder("link-in")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(folder)/gold_\(number).png")
        }
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/gold_4.png", withDestinationPath: "gold_1.png")
        #expect(try Animation.load([folder]).frames.count == 4)
    }

    /// Fresh eyes: `logo.png`, a link to a file elsewhere beside the coin's numbered frames, made
    /// `validate` call the folder unreadable and `assemble` refuse it, where a plain `logo.png` is
    /// left out as no frame. An image without a number beside numbered frames is left out, a link
    /// as any other; in a folder of such images alone (they are its frames) a link out is refused.
    @Test func aLinkOutThatIsNoFrameIsLeftOut() throws {
        let (folder, outside) = try Self.folderWithLinkOut("link-out-logo")
        defer { for path in [folder, outside] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.removeItem(atPath: folder + "/gold_4.png")
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_4.png", toPath: "\(folder)/gold_4.png")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/logo.png", withDestinationPath: "\(outside)/gold_4.png")
        #expect(try Animation.load([folder]).frames.count == 4)
        let report = try Validator().validate(folders: [(folder, ValidationConfig())], cancellation: nil)
        #expect(!report.hasErrors && report.fileCount == 4, "\(report.findings)")
        // Images without numbers alone are the folder's frames: one leading out is refused.
        let unnumbered = try Fixtures.temporaryFolder("link-out-unnumbered")
        defer { try? FileManager.default.removeItem(atPath: unnumbered) }
        try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_1.png", toPath: "\(unnumbered)/title.png")
        try FileManager.default.createSymbolicLink(atPath: "\(unnumbered)/logo.png", withDestinationPath: "\(outside)/gold_4.png")
        #expect {
            _ = try Animation.load([unnumbered])
        } throws: { error in
            guard case .discovery(.linkOutside(let link, _))? = error as? Animation.LoadError else { return false }
            return link == unnumbered + "/logo.png"
        }
    }
    /// Round 62 #3: a folder's `sequence.json` that was a link out of it (`-> ../../secret.json`,
    /// `-> /etc/passwd`) was read: the outside file's keys named in errors, its fps used, `validate`
    /// ok. It is refused unread, naming where it leads; a link inside the folder is read.
    @Test func aManifestThatLinksOutIsRefusedUnread() throws {
        let folder = try Fixtures.temporaryFolder("manifest-link-out"), outside = try Fixtures.temporaryFolder("manifest-link-out-outside")
        defer { for path in [folder, outside] { try? FileManager.default.removeItem(atPath: path) } }
        for number in 1...2 { try FileManager.default.copyItem(atPath: "\(Self.coin)/gold_\(number).png", toPath: "\(folder)/gold_\(number).png") }
        try Data(#"{"fps": 5, "apiToken": "hunter2"}"#.utf8).write(to: URL(fileURLWithPath: outside + "/secret.json"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/sequence.json", withDestinationPath: outside + "/secret.json")
        #expect {
            _ = try Animation.load([folder])
        } throws: { error in
            guard case .manifest(.invalid(let file, let reason))? = error as? Animation.LoadError else { return false }
            return file == folder + "/sequence.json" && reason.contains("outside the folder") && !"\(error)".contains("apiToken")
        }
        // A link to a file in the folder is the folder's own.
        try Data(#"{"fps": 5}"#.utf8).write(to: URL(fileURLWithPath: folder + "/timing.json"))
        try FileManager.default.removeItem(atPath: folder + "/sequence.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/sequence.json", withDestinationPath: "timing.json")
        #expect(try Animation.load([folder]).duration == 0.4)
    }
}
