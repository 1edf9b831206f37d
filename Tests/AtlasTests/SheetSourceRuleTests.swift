import Animated
import Atlas
import Basics
import Foundation
import Testing
import TestSupport

/// Issue 44: `SheetJob` reads a folder and an upload of the same files by the one rule
/// (docs/Design.md, "Sources: one definition"). Before, a GIF beside the frames was skipped without
/// a word in a folder but refused in an upload, and a folder holding only a GIF was "no frames"
/// while the same GIF uploaded was "not a PNG".
@Suite("Sheets: a folder and an upload of the same files agree")
struct SheetSourceRuleTests {
    enum Form: String, CaseIterable { case folder, upload }

    static let coins = (1...4).map { "sequences/kenney-gold-coin/gold_\($0).png" }

    /// The job for `files` (name → fixture), in a folder or in memory, and how it names `file`.
    static func job(_ form: Form, _ files: [String: String]) throws -> (SheetJob, (String) -> String) {
        let memory = try files.sorted { $0.key < $1.key }.map { InMemoryFile(name: $0.key, bytes: try Fixtures.bytes($0.value)) }
        guard form == .folder else { return (SheetJob(files: memory, output: "m.png"), { $0 }) }
        let folder = try Fixtures.temporaryFolder("sheet-source-rule")
        for file in memory { try Data(file.bytes).write(to: URL(fileURLWithPath: folder + "/" + file.name)) }
        let out = try Fixtures.temporaryFolder("sheet-source-rule-out")
        return (SheetJob(sources: [folder], output: out + "/m.png"), { folder + "/" + $0 })
    }

    @Test(arguments: Form.allCases)
    func aGIFBesideTheFramesIsLeftOutWithANote(_ form: Form) throws {
        var files = Dictionary(uniqueKeysWithValues: Self.coins.map { (FileIO.lastComponent(of: $0), $0) })
        files["preview.gif"] = "gif/effects/Effect_BigHit.gif"
        #expect(files.count == 5)
        let (job, name) = try Self.job(form, files)
        let plan = try job.plan(cancellation: nil)
        #expect(plan.sheets[0].animations.map { $0.frames.count } == [4])
        #expect(plan.notes.contains { $0.hasPrefix("left out, no frames: \(name("preview.gif")) (an animation") }, "\(plan.notes)")
    }

    @Test(arguments: Form.allCases)
    func aLoneGIFIsNoImageToPack(_ form: Form) throws {
        let (job, name) = try Self.job(form, ["boom.gif": "gif/effects/Effect_BigHit.gif"])
        // Named as what it is, with the folder (or the files given) that holds it: a sheet packs frames.
        let source = form == .upload ? Discovery.filesGiven : FileIO.parentDirectory(of: name("boom.gif"))
        #expect(throws: SheetJobError.source(.animationNotFrames(source: source, animation: name("boom.gif")))) { _ = try job.plan(cancellation: nil) }
    }
}
