import Animated
import Basics
import Foundation
import Testing
import TestSupport

/// An upload's names are names, not paths on this machine: the folder they spell (`..`, `/tmp`,
/// a real folder's path) is not read from the disk. `seq.misnamed-frame` and the loader's warning
/// listed the folder of an upload's frames on disk (the server's working directory, `/tmp`) and
/// named its files; fuzz-upload found it (an upload of 4 PNGs named `../walk1.png`,
/// `/tmp/walk2.png`… took 20 s, sorting `/tmp`'s names).
@Suite("Upload: its folder is not read from the disk")
struct UploadFolderTests {
    /// `gold_1.png` and `gold_2.png` uploaded under the path of a folder on disk that holds
    /// `gold_3.jpg` (PNG bytes): the folder validated on disk has the misnamed frame; the upload,
    /// validated or loaded, has none.
    @Test(arguments: ["", "/./x/.."])
    func anUploadNamingAFolderOnDiskLeavesItsFilesAlone(spelling: String) throws {
        let dir = try Fixtures.temporaryFolder("upload-folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = try (1...3).map { try Fixtures.bytes("sequences/kenney-gold-coin/gold_\($0).png") }
        for number in 1...2 { try Data(frames[number - 1]).write(to: URL(fileURLWithPath: "\(dir)/gold_\(number).png")) }
        try Data(frames[2]).write(to: URL(fileURLWithPath: "\(dir)/gold_3.jpg"))
        let onDisk = try Validator().validate([dir], cancellation: nil)
        #expect(onDisk.findings.map(\.rule).contains(.seqMisnamedFrame), "\(onDisk.findings)")

        let upload = (1...2).map { InMemoryFile(name: "\(dir)\(spelling)/gold_\($0).png", bytes: frames[$0 - 1]) }
        let report = try Validator().validate(files: upload, cancellation: nil)
        #expect(report.sequences.map(\.frameCount) == [2])
        #expect(!report.findings.map(\.rule).contains(.seqMisnamedFrame), "\(report.findings)")
        let animation = try Animation.load(files: upload)
        #expect(animation.frames.count == 2)
        #expect(!animation.warnings.contains { $0.contains("gold_3.jpg") }, "\(animation.warnings)")
    }
}
