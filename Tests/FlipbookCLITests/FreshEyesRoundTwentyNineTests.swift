#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// What fresh eyes round 29 found (session 16), on the gold coin and the Kabooms GIF.
@Suite("Fresh eyes 29: frames set aside survive kill -9; links that lead nowhere yet; scales written as named; edited files kept and said")
struct FreshEyesRoundTwentyNineTests {
    /// `kill -9` while a frames target's earlier frames were set aside (its source renamed): they
    /// were removed as a dead process's temporary files, and with the next build failing nothing
    /// was left. The next build puts them back first.
    @Test func framesSetAsideByAKilledBuildAreThereAfterTheNextBuildFails() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"fr": {"frames": "a.gif", "output": "build/fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.gif", "b.gif"] { try FileManager.default.copyItem(atPath: InterruptCommandTests.gif, toPath: "\(folder)/\(name)") }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let visible = { try FileManager.default.contentsOfDirectory(atPath: folder + "/build/fr").filter { !$0.hasPrefix(".") }.sorted() }
        let earlier = try visible()
        #expect(earlier.count == 61)
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "a.gif", with: "b.gif")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let child = try InterruptCommandTests.Child(["build", "--project", folder + "/flipbook.json"])
        let asides = { InterruptCommandTests.temporaries(in: folder + "/build/fr").filter { $0.contains("-aside-") } }
        let setAside = InterruptCommandTests.waitUntil { asides().count == earlier.count }
        kill(child.pid, SIGKILL)
        #expect(child.wait() == 128 + SIGKILL)
        #expect(setAside, "the frames were not set aside")
        // The new source is damaged: the next build fails, and the earlier frames stand.
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: folder + "/b.gif"))
        let next = try CLI.run(["build"], in: folder)
        #expect(next.status != 0, "\(next.stdout) \(next.stderr)")
        #expect(try visible() == earlier)
        #expect(asides().isEmpty)
    }

    /// `"sheet": "links/frlink"`, a link to `../out/fr` (the frames target's output): on a fresh
    /// checkout the link led nowhere yet, its root was its folder, and the sheet ran first and failed.
    @Test func aLinkThatLeadsNowhereYetWaitsForTheTargetWritingThere() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"a": {"assemble": "coin", "output": "out/a.gif"}, "s1": {"sheet": "links/frlink", "output": "sh/s.png"}, "zfr": {"frames": "out/a.gif", "output": "out/fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/links", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/links/frlink", withDestinationPath: "../out/fr")
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let only = try CLI.run(["build", "s1", "--force"], in: folder)
        #expect(only.stdout.contains("zfr: built"), "\(only.stdout)")
    }

    /// `blur src -o o.gif` after `src` lost its @1x frames writes the @2x ones into `o.gif`, as
    /// named: the earlier run's `o@2x.gif` stayed without a word, played on @2x screens.
    @Test func anEarlierScalesFileBesideTheOneWrittenAsNamedIsSaid() throws {
        let folder = try Fixtures.temporaryFolder("fe29-blur")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
        for index in 1...4 {
            for scale in ["", "@2x"] {
                try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(index).png"), toPath: "\(folder)/src/gold_\(index)\(scale).png")
            }
        }
        #expect(try CLI.run(["blur", "src", "--sigma", "1", "-o", "o.gif"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/o@2x.gif"))
        for index in 1...4 { try FileManager.default.removeItem(atPath: "\(folder)/src/gold_\(index).png") }
        let run = try CLI.run(["blur", "src", "--sigma", "2", "-o", "o.gif"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("o@2x.gif, beside the output, is not written again (its @2x frames go to o.gif, as named)"),
                "\(run.stderr)")
    }

    /// A frames target whose source went `g.gif` → `g@2x.gif` kept an earlier frame edited since
    /// (the user's now) but named only the frames it removed.
    @Test func anEditedEarlierFrameKeptInTheTargetsFolderIsNamed() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"g": {"assemble": "coin", "output": "out/g.gif"}, "f": {"frames": "out/g.gif", "output": "fr"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/fr/g2.png")
        try FileManager.default.copyItem(atPath: folder + "/coin/gold_1.png", toPath: folder + "/fr/g2.png")
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "out/g.gif", with: "out/g@2x.gif")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.stderr.contains("kept fr/g2.png: written by its earlier build, no longer among its outputs, but changed since"), "\(run.stdout) \(run.stderr)")
    }

    /// Fresh eyes 30: `kill -9` while the frames were set aside, then the target taken out of the
    /// project: every later build left the 61 hidden set-aside files there for good (nothing read
    /// the folder to put them back). The build puts them back, then removes them as the target's.
    @Test func aRemovedTargetsFramesSetAsideByAKilledBuildAreRemoved() throws {
        let folder = try BuildCommandTests.project(#"{"targets": {"fr": {"frames": "a.gif", "output": "build/fr"}, "c": {"assemble": "coin", "output": "c.gif"}}}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.gif", "b.gif"] { try FileManager.default.copyItem(atPath: InterruptCommandTests.gif, toPath: "\(folder)/\(name)") }
        #expect(try CLI.run(["build"], in: folder).status == 0)
        let project = try String(contentsOfFile: folder + "/flipbook.json", encoding: .utf8).replacingOccurrences(of: "a.gif", with: "b.gif")
        try Data(project.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let child = try InterruptCommandTests.Child(["build", "fr", "--project", folder + "/flipbook.json"])
        let asides = { InterruptCommandTests.temporaries(in: folder + "/build/fr").filter { $0.contains("-aside-") } }
        let setAside = InterruptCommandTests.waitUntil { asides().count == 61 }
        kill(child.pid, SIGKILL)
        _ = child.wait()
        #expect(setAside, "the frames were not set aside")
        try Data(#"{"targets": {"c": {"assemble": "coin", "output": "c.gif"}}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/flipbook.json"))
        let run = try CLI.run(["build"], in: folder)
        #expect(run.status == 0 && run.stderr.contains("written by target fr, no longer in the project"), "\(run.stdout) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/fr"))
    }
}
