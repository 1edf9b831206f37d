import Basics
import Foundation
import Testing
import TestSupport

/// A set with files in several folders (a sheet's page in `pages/`, its data in `data/`): its next
/// run replaces it in every folder, also one it no longer writes into.
@Suite("Output sets across folders")
struct OutputSetFoldersTests {
    static func write(_ files: [String: String], owner: String) throws {
        let set = OutputSet(owner: owner)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try set.write(Array(text.utf8), to: path) }
        try set.commit()
    }

    static func visible(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The data moved from `data/` to `data2/` (or next to the page): the old data went with the
    /// old set, and `data/`, left empty, goes too. Before, `data/a.json` stayed for good.
    @Test(arguments: ["data2/a.json", "pages/a.json"])
    func dataMovedToAnotherFolderRemovesTheOldData(moved: String) throws {
        let dir = try Fixtures.temporaryFolder("set-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(["\(dir)/pages/a.png": "page", "\(dir)/data/a.json": "data"], owner: "\(dir)/pages/a.png")
        try Self.write(["\(dir)/pages/a.png": "page 2", "\(dir)/\(moved)": "data 2"], owner: "\(dir)/pages/a.png")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/data"), "\(Self.visible(dir + "/data"))")
        #expect(try String(contentsOfFile: "\(dir)/\(moved)", encoding: .utf8) == "data 2")
        // And back: the set is known in its new folders.
        try Self.write(["\(dir)/pages/a.png": "page 3", "\(dir)/data/a.json": "data 3"], owner: "\(dir)/pages/a.png")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/\(moved)"))
        #expect(Self.visible(dir + "/pages") == ["a.png"])
    }

    /// A page written alone in its folder (its data elsewhere) was taken for a single file another
    /// command wrote, so a rerun with the data beside the page was refused, even when named.
    @Test func aPageWrittenApartFromItsDataIsNotASingleFile() throws {
        let dir = try Fixtures.temporaryFolder("set-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(["\(dir)/pages/a.png": "page", "\(dir)/data/a.json": "data"], owner: "\(dir)/pages/a.png")
        try Self.write(["\(dir)/pages/a.png": "page 2", "\(dir)/pages/a.json": "data 2"], owner: "\(dir)/pages/a.png")
        #expect(Self.visible(dir + "/pages") == ["a.json", "a.png"])
        // A single file over the page is still another command's output over a sheet.
        #expect(throws: OutputSet.Error.self) { try OutputSet.check(file: "\(dir)/pages/a.png") }
    }

    /// A data file edited since it was written, in a folder the set leaves, refuses the run as the
    /// same file where the set writes now does (it was kept without a word: a sheet that changed
    /// engine later shipped such a page inside its new folder); nothing is written. In a build the
    /// file is kept and the build says so (the build's scope, `FreshEyesRoundThirtyNineTests`).
    @Test func anEditedOldDataFileInTheFolderLeftRefusesTheRun() throws {
        let dir = try Fixtures.temporaryFolder("set-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(["\(dir)/pages/a.png": "page", "\(dir)/data/a.json": "data"], owner: "\(dir)/pages/a.png")
        try "edited".write(toFile: "\(dir)/data/a.json", atomically: false, encoding: .utf8)
        #expect(throws: OutputSet.Error.refused(.changedAndLeft(path: "\(dir)/pages/../data/a.json"))) {
            try Self.write(["\(dir)/pages/a.png": "page 2", "\(dir)/data2/a.json": "data 2"], owner: "\(dir)/pages/a.png")
        }
        #expect(try String(contentsOfFile: "\(dir)/data/a.json", encoding: .utf8) == "edited")
        #expect(try String(contentsOfFile: "\(dir)/pages/a.png", encoding: .utf8) == "page")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/data2/a.json"))
    }

    /// An edited record cannot point a removal at another folder's files: the other folder's own
    /// record must name them under the same owner.
    @Test func aRecordNamingAnotherFolderRemovesOnlyWhatThatFoldersRecordNames() throws {
        let dir = try Fixtures.temporaryFolder("set-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/mine", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        try "keep".write(toFile: "\(dir)/mine/a.json", atomically: false, encoding: .utf8)
        try Self.write(["\(dir)/pages/a.png": "page", "\(dir)/pages/a.json": "data"], owner: "\(dir)/pages/a.png")
        let record = "\(dir)/pages/.flipbook-outputs.json"
        let text = try String(contentsOfFile: record, encoding: .utf8)
        #expect(text.contains(#""owner""#))
        try text.replacingOccurrences(of: #""owner""#, with: #""otherFolders" : ["../mine", "../empty"], "owner""#).write(toFile: record, atomically: false, encoding: .utf8)
        try Self.write(["\(dir)/pages/a.png": "page 2", "\(dir)/pages/a.json": "data 2"], owner: "\(dir)/pages/a.png")
        #expect(try String(contentsOfFile: "\(dir)/mine/a.json", encoding: .utf8) == "keep")
        #expect(FileManager.default.fileExists(atPath: dir + "/empty"), "an empty folder the record named was removed")
    }
}
