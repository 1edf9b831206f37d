import Foundation
import Testing
import TestSupport

/// What fresh eyes round 72p (session 40) left for later, fixed in session 41.
@Suite("Fresh eyes 72p: a failed target's output previewed, a source that is not there")
struct FreshEyesSeventyTwoTests {
    /// `preview flipbook.json` said of a target whose build failed "not there yet (build the project
    /// first)" — building again fails again — and said the same of a source no target writes.
    @Test func aPreviewSaysWhyAnOutputOrASourceIsNotThere() throws {
        let folder = try BuildCommandTests.project(#"""
            { "targets": {
                "coin": { "assemble": "coin", "output": "build/coin.gif" },
                "lost": { "assemble": "nothere", "output": "build/lost.gif" },
                "later": { "frames": "build/coin.gif", "output": "build/later" } } }
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try CLI.run(["preview", "flipbook.json", "-o", "before.html"], in: folder)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stderr.contains("build/lost.gif (target lost): not there yet (build the project first)"), "\(before.stderr)")
        #expect(before.stderr.contains("build/coin.gif (target later): not there yet (build the project first)"), "\(before.stderr)")
        #expect(before.stderr.contains("nothere (target lost): not there: no such file or folder (a source of the target)"), "\(before.stderr)")

        let build = try CLI.run(["build"], in: folder)
        #expect(build.status != 0 && build.stdout.contains("2 built, 0 up to date, 1 failed"), "\(build.stdout)\(build.stderr)")
        let after = try CLI.run(["preview", "flipbook.json", "-o", "after.html"], in: folder)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr.contains("build/lost.gif (target lost): not there: its last build failed"), "\(after.stderr)")
        #expect(!after.stderr.contains("build the project first"), "\(after.stderr)")
    }
}
