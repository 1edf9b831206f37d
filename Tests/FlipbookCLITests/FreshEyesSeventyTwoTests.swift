import Foundation
import Testing
import TestSupport

/// What fresh eyes rounds 72p (session 40) and 74p (session 41) found, fixed in session 41.
@Suite("Fresh eyes 72p/74p: failed targets previewed, places in a build, cache addresses")
struct FreshEyesSeventyTwoTests {
    /// `preview flipbook.json` said of a target whose build failed "not there yet (build the project
    /// first)" — building again fails again — and said the same of a source no target writes.
    @Test func aPreviewSaysWhyAnOutputOrASourceIsNotThere() throws {
        let folder = try BuildCommandTests.project(#"""
            { "targets": {
                "coin": { "assemble": "coin", "output": "build/coin.gif" },
                "lost": { "assemble": "nothere", "output": "build/lost.gif" },
                "later": { "frames": "build/coin.gif", "output": "build/later" },
                "lost-frames": { "frames": "build/lost.gif", "output": "build/lost-frames" } } }
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try CLI.run(["preview", "flipbook.json", "-o", "before.html"], in: folder)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stderr.contains("build/lost.gif (target lost): not there yet (build the project first)"), "\(before.stderr)")
        #expect(before.stderr.contains("build/coin.gif (target later): not there yet (build the project first)"), "\(before.stderr)")
        #expect(before.stderr.contains("nothere (target lost): not there: no such file or folder (a source of the target)"), "\(before.stderr)")

        let build = try CLI.run(["build"], in: folder)
        #expect(build.status != 0 && build.stdout.contains("2 built, 0 up to date, 1 failed, 1 skipped"), "\(build.stdout)\(build.stderr)")
        let after = try CLI.run(["preview", "flipbook.json", "-o", "after.html"], in: folder)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr.contains("build/lost.gif (target lost): not there: its last build failed"), "\(after.stderr)")
        #expect(after.stderr.contains("build/lost-frames (target lost-frames): not there: target lost, which it reads, failed its last build"),
                "\(after.stderr)")
        #expect(after.stderr.contains("build/lost.gif (target lost-frames): not there: target lost, which writes it, failed its last build"),
                "\(after.stderr)")
        #expect(!after.stderr.contains("build the project first"), "\(after.stderr)")

        // Round 74p: outputs an earlier build wrote, shown without a word that their target failed since.
        try FileManager.default.moveItem(atPath: folder + "/coin", toPath: folder + "/coin-away")
        _ = try CLI.run(["build"], in: folder)
        let failed = try CLI.run(["preview", "flipbook.json", "-o", "failed.html"], in: folder)
        #expect(failed.stderr.contains("build/coin.gif (target coin): its last build failed; shown as it is on disk"), "\(failed.stderr)")
        #expect(failed.stderr.contains("build/later (target later): target coin, which it reads, failed its last build; shown as it is on disk"),
                "\(failed.stderr)")
    }

    #if os(Linux)
    /// On a terminal, `building coin (1/4)…` numbered a target by the targets decided before it:
    /// two built side by side both said `(1/4)`. Each says its own place now. (`script` gives the
    /// build a terminal: util-linux's, as Debian installs it.)
    @Test func targetsBuiltSideBySideSayTheirOwnPlace() throws {
        let folder = try BuildCommandTests.project(#"""
            { "targets": {
                "a": { "assemble": "coin", "output": "build/a.gif" }, "b": { "assemble": "coin", "output": "build/b.png" },
                "c": { "assemble": "dino", "output": "build/c.gif" }, "d": { "assemble": "dino", "output": "build/d.png" } } }
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let command = "'\(CLI.executable.path)' build --no-cache --threads 2"
        let run = try CLI.run(["-qec", command, "/dev/null"], in: folder, through: ["/usr/bin/script"])
        #expect(run.status == 0, "\(run.stdout)")
        let places = run.stdout.matches(of: /building \w+ \((\d)\/4\)/).map { String($0.output.1) }
        #expect(places.sorted() == ["1", "2", "3", "4"], "\(run.stdout)")
    }
    #endif

    /// Round 74p: `--cache 127.0.0.1:18910` (the scheme forgotten) built with a cache folder of that
    /// name, sharing nothing, without a word.
    @Test(arguments: [("127.0.0.1:18910", "write http://127.0.0.1:18910 (or ./127.0.0.1:18910 for a folder so named)"),
                      ("http:/cache.internal", "write http://cache.internal (or ./http:/cache.internal for a folder so named)")])
    func aServersAddressWithoutItsSchemeIsRefused(text: String, advice: String) throws {
        let folder = try BuildCommandTests.project(#"{ "targets": { "coin": { "assemble": "coin", "output": "build/coin.gif" } } }"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build", "--cache", text], in: folder)
        #expect(run.status == 2 && run.stderr.contains("error: --cache \(text) looks like a server's address: \(advice)."), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build"))
    }

    /// Round 74p: `--watch --json`'s warning lines carried `warning: ` in their message, its error
    /// lines no `error: `: the event names the kind, the message is bare.
    @Test func aWatchsJSONWarningIsBare() throws {
        let folder = try BuildCommandTests.project(BuildWatchCommandTests.json)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try SilentServer.freePort()
        let watch = try BuildWatchCommandTests.Watching(["build", "--watch", "--json", "--cache", "http://127.0.0.1:\(port)"], in: folder)
        #expect(watch.waitForLines(2), "\(watch.stdout)")
        let lines = watch.stdout.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let warning = lines.first { $0["event"] as? String == "warning" }
        #expect((warning?["message"] as? String)?.hasPrefix("the watch goes on without the cache from now on") == true, "\(watch.stdout)")
        #expect(watch.interrupt() == 130)
    }
}
