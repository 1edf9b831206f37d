import Basics
import Foundation
import Testing
import TestSupport
@testable import Pipeline

/// A target whose output was renamed in `flipbook.json` (`build/coin0.gif` → `build/gold.gif`) left
/// the old file beside the new one, to ship with it. The next build removes what the target's
/// earlier build wrote and no longer writes — unless it was edited since or another target claims
/// it — and says so. On the real gold-coin frames.
@Suite("Builds remove the outputs a target no longer writes")
struct StaleOutputTests {
    /// Rewrites the project file with coin0's output at `to` where it was at `from`.
    static func rename(_ file: String, from: String = "build/coin0.gif", to: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: #""output": "\#(from)""#, with: #""output": "\#(to)""#)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// Built, renamed, built again: the old file is gone and the report says so. From the cache
    /// too: built as coin0.gif and as gold.gif, then back to coin0.gif, which the cache holds.
    @Test(arguments: [false, true])
    func aRenamedOutputReplacesTheOldFile(fromCache: Bool) throws {
        let (folder, file) = try IncrementalBuildTests.project("stale-rename", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func build() throws -> BuildReport.Entry {
            var job = BuildJob(project: try Project.read(file: file))
            job.tool = "test"
            if !fromCache { job.cache = nil }
            return try #require(try job.run(cancellation: nil).entries.first)
        }
        _ = try build()
        try Self.rename(file, to: "build/gold.gif")
        var entry = try build()
        var (old, new) = ("build/coin0.gif", "build/gold.gif")
        if fromCache {
            try Self.rename(file, from: "build/gold.gif", to: "build/coin0.gif")
            entry = try build()
            guard case .restored = entry.status else { Issue.record("not from the cache: \(entry.status)"); return }
            (old, new) = (new, old)
        }
        #expect(FileManager.default.fileExists(atPath: "\(folder)/\(new)"))
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/\(old)"))
        #expect(entry.notes.contains { $0.hasPrefix("removed \(old): ") }, "\(entry.notes)")
    }

    /// An old output edited since it was built is the user's now: it stays, and nothing is said of it.
    @Test func anEditedOldOutputStays() throws {
        let (folder, file) = try IncrementalBuildTests.project("stale-edited", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try IncrementalBuildTests.build(file)
        try Data("mine now".utf8).write(to: URL(fileURLWithPath: folder + "/build/coin0.gif"))
        try Self.rename(file, to: "build/gold.gif")
        let report = try IncrementalBuildTests.build(file)
        #expect(FileManager.default.fileExists(atPath: folder + "/build/coin0.gif"))
        #expect(report.entries.first?.notes.allSatisfy { !$0.contains("removed") } == true)
    }

    /// An old output that another target now writes or reads is left to it.
    @Test func anOldOutputAnotherTargetClaimsStays() throws {
        let (folder, file) = try IncrementalBuildTests.project("stale-claimed", count: 1,
                                                               extra: #""again": {"frames": "build/coin0.gif", "output": "build/again"}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try IncrementalBuildTests.build(file)
        try Self.rename(file, to: "build/gold.gif")
        _ = try IncrementalBuildTests.build(file, ["coin0"])
        #expect(FileManager.default.fileExists(atPath: folder + "/build/coin0.gif"))
    }

    /// An output folder respelt from composed to decomposed (`café/`: one text to `String ==`, two
    /// folders on Linux) is a renamed output: the GIF in the composed folder goes, with the folder,
    /// and the build says its settings changed (it said "its inputs changed", and kept both GIFs).
    @Test func anOutputRespeltInAnotherNormalisationReplacesTheOldFile() throws {
        let (composed, decomposed) = ("caf\u{E9}/coin.gif", "cafe\u{301}/coin.gif")
        let (folder, file) = try IncrementalBuildTests.project("stale-respelt", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.rename(file, to: composed)
        _ = try IncrementalBuildTests.build(file)
        try Self.rename(file, from: composed, to: decomposed)
        let entry = try #require(try IncrementalBuildTests.build(file).entries.first)
        guard case .built(let reasons, _) = entry.status else { Issue.record("not built: \(entry.status)"); return }
        #expect(reasons.contains("its settings changed"), "\(reasons)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("caf") }
        #expect(names.map { Array($0.utf8) } == [Array("cafe\u{301}".utf8)], "\(names.map(NameSpelling.spelled))")
        #expect(entry.notes.contains { $0.hasPrefix("removed \(composed): ") }, "\(entry.notes)")
    }

    /// Fresh eyes 55 #9: a sheet target's data and page respelt (`café.json` to `café.json`
    /// decomposed) were replaced through the sheet's set without the note a renamed output gives
    /// (the files removed were looked up among those written as Strings, where the two are one).
    @Test func aSheetRespeltInAnotherNormalisationSaysWhatItRemoved() throws {
        let (folder, file) = try IncrementalBuildTests.project("stale-respelt-sheet", count: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func sheet(_ name: String) throws {
            let json = #"{"targets": {"s": {"sheet": "frames/coin0", "output": "build/\#(name).png", "data": "build/\#(name).json", "engine": "phaser3"}}}"#
            try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        }
        try sheet("caf\u{E9}")
        _ = try IncrementalBuildTests.build(file)
        try sheet("cafe\u{301}")
        let entry = try #require(try IncrementalBuildTests.build(file).entries.first)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/build").filter { !$0.hasPrefix(".") }
        #expect(Set(names.map { Array($0.utf8) }) == [Array("cafe\u{301}.json".utf8), Array("cafe\u{301}.png".utf8)], "\(names.map(NameSpelling.spelled))")
        #expect(entry.notes.contains { $0.hasPrefix("removed build/caf\u{E9}.json, build/caf\u{E9}.png: ") }, "\(entry.notes)")
    }
}
