import Foundation
import Testing
import TestSupport

/// What fresh eyes rounds 29 and 30 left open (session 16), closed in session 17: a reader built
/// on a file that the build of its earlier writer removes.
@Suite("Fresh eyes 30: a reader never ends a build on a file its earlier writer's build removes")
struct FreshEyesRoundThirtyTests {
    /// `a` writes the coin's GIF, `t` unpacks it into `fr`, `u` assembles `fr`; then `t`'s output
    /// moves to `fr2` (`extra` adds more to `t`).
    static func moved(_ extra: String = "") throws -> String {
        let folder = try BuildCommandTests.project(#"""
            {"targets": {"a": {"assemble": "coin", "output": "out/a.gif"}, "t": {"frames": "out/a.gif", "output": "fr"},
                         "u": {"assemble": "fr", "output": "out/u.gif"}}}
            """#)
        let first = try CLI.run(["build"], in: folder)
        #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8)
            .replacingOccurrences(of: #""output": "fr"}"#, with: #""output": "fr2"\#(extra)}"#)
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        return folder
    }

    /// Round 30, 4: `flipbook build u` called `u` up to date on `fr`, which `t` wrote before its
    /// output moved to `fr2` — `t` was not asked for, so nothing removed `fr`; the whole project's
    /// build then failed `u`. The earlier writer is built with its reader now.
    @Test func buildingOneTargetBuildsTheTargetWhoseEarlierOutputItReads() throws {
        let folder = try Self.moved()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let only = try CLI.run(["build", "u"], in: folder)
        #expect(only.stdout.contains("t: built"), "\(only.stdout) \(only.stderr)")
        #expect(!only.stdout.contains("u: up to date"), "\(only.stdout)")
        #expect(only.status != 0, "u reads a folder no target writes any more: \(only.stdout) \(only.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/fr")) ?? []
        #expect(!left.contains { $0.hasSuffix(".png") }, "\(left)")
        // The whole project's build says the same.
        let all = try CLI.run(["build"], in: folder)
        #expect(all.status == only.status && all.stderr.contains("u: failed"), "\(all.stdout) \(all.stderr)")
    }

    /// Round 29, 4: when `t` also waits for `u` (`after`), `u` cannot wait for `t` and goes first —
    /// it was called up to date on `fr`, then `t`'s build removed `fr`'s frames, and the build ended
    /// with exit 0. `u` is decided again after `t`, and says why.
    @Test func aReaderThatCouldNotWaitIsDecidedAgainAfterTheWriterRemovesWhatItRead() throws {
        let folder = try Self.moved(#", "after": ["u"]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.stdout.contains("t: built"), "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("note: u: decided again: t's build removed fr/"), "\(run.stderr)")
        #expect(run.status != 0 && run.stderr.contains("u: failed"), "\(run.stdout) \(run.stderr)")
    }

    /// A target whose 241 frames were deleted was built "because" 241 lines of `… is missing`.
    @Test func manyMissingOutputsAreCounted() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "out/a.gif"}, "t": {"frames": "out/a.gif", "output": "fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/fr").filter { $0.hasSuffix(".png") }
        #expect(frames.count == 4)
        for name in frames { try FileManager.default.removeItem(atPath: folder + "/fr/" + name) }
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("fr/a3.png is missing; 1 more output is missing"), "\(run.stdout)")
    }

    /// `sheet -o pages/a.png --data data/a.json`, run again with the data in `data2/`, left the old
    /// `data/a.json` (naming the new page) for good; run again with the data beside the page, it was
    /// refused, even with `--overwrite`: the page alone looked like another command's single file.
    @Test func aSheetsDataMovedToAnotherFolderOrBesideItsPageReplacesTheOldData() throws {
        let dir = try Fixtures.temporaryFolder("fe30-data")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        let first = try CLI.run(["sheet", coin, "-o", "pages/a.png", "--data", "data/a.json"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let moved = try CLI.run(["sheet", coin, "-o", "pages/a.png", "--data", "data2/a.json"], in: dir)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/data/a.json"))
        #expect(FileManager.default.fileExists(atPath: dir + "/data2/a.json"))
        let beside = try CLI.run(["sheet", coin, "-o", "pages/a.png"], in: dir)
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/data2"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir + "/pages").filter { !$0.hasPrefix(".") }.sorted()
        #expect(pages == ["a.json", "a.png"])
    }

    /// A source that is a link in a circle (`loop` → `loop`) or to nothing was reported as "no
    /// such file or folder, nor frames named loop1.png…", as if mistyped.
    @Test(arguments: [["assemble", "LINK", "-o", "x.gif"], ["sheet", "LINK", "-o", "s.png"], ["validate", "LINK"]])
    func aLinkThatCannotBeFollowedIsSaidAsSuch(arguments: [String]) throws {
        let dir = try Fixtures.temporaryFolder("fe30-links")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: dir + "/gone", withDestinationPath: "nothing-here")
        for (link, reason) in [("loop", "Too many levels of symbolic links"), ("gone", "it leads to nothing")] {
            let run = try CLI.run(arguments.map { $0 == "LINK" ? link : $0 }, in: dir)
            #expect(run.status == 3, "\(run.stderr)")
            let said = arguments[0] == "validate" ? run.stdout + run.stderr : run.stderr
            #expect(said.contains(link) && said.contains(reason) && !said.contains("nor frames named"), "\(said)")
        }
    }
}
