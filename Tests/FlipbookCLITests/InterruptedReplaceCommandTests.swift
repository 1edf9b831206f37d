import Basics
import Foundation
import Testing
import TestSupport

/// The commands on a folder a rerun left half-replaced when it was killed while renaming (built
/// with Basics' test stand-in for `kill -9`, on the real frames of
/// `Tests/Fixtures/sequences/ansimuz-fire-bomb-pixel`): `validate` said ok and `assemble` animated
/// a mix of both runs, and the next `frames` into the folder was refused ("fire2.png was changed
/// after Flipbook wrote it").
@Suite("Commands after an interrupted replace")
struct InterruptedReplaceCommandTests {
    static let fixture = "sequences/ansimuz-fire-bomb-pixel"

    /// A work folder with `out/` holding the 14 frames as `fire1…14.png`, and a rerun of 10 frames
    /// (the last ones first) killed after 3 renames.
    static func halfReplaced() throws -> (work: String, rerun: [[UInt8]]) {
        let names = Fixtures.pngNames(in: fixture)
        #expect(names.count == 14)
        let frames = try names.map { try Fixtures.bytes("\(fixture)/\($0)") }
        let rerun = Array(frames.reversed().prefix(10))
        let work = try Fixtures.temporaryFolder("cli-interrupted")
        let out = work + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        for (run, kill) in [(frames, nil), (rerun, 3)] as [([[UInt8]], Int?)] {
            let set = OutputSet(owner: out + "/fire")
            set.simulatedKillAfterRenames = kill
            for (index, bytes) in run.enumerated() { try set.write(bytes, to: "\(out)/fire\(index + 1).png") }
            do { try set.commit() } catch is OutputSet.SimulatedKill {}
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.count == 14)
        return (work, rerun)
    }

    @Test func validateAndAssembleSeeOnlyTheRerun() throws {
        let (work, rerun) = try Self.halfReplaced()
        let validate = try CLI.run(["validate", "out"], in: work)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout.contains("out/fire: 10 frames (1–10)"), "\(validate.stdout)")
        let assemble = try CLI.run(["assemble", "out", "-o", "fire.gif", "--json"], in: work)
        #expect(assemble.status == 0, "\(assemble.stderr)")
        #expect(assemble.stdout.contains("\"frames\" : 10"), "\(assemble.stdout)")
        for (index, bytes) in rerun.enumerated() { #expect(try FileIO.readAll("\(work)/out/fire\(index + 1).png") == bytes) }
    }

    @Test func theNextFramesIntoTheFolderIsNotRefused() throws {
        let (work, _) = try Self.halfReplaced()
        let gif = try CLI.run(["assemble", Fixtures.path(Self.fixture), "-o", "fire.gif"], in: work)
        #expect(gif.status == 0, "\(gif.stderr)")
        let frames = try CLI.run(["frames", "fire.gif", "-o", "out", "--prefix", "fire"], in: work)
        #expect(frames.status == 0, "\(frames.stderr)")
        let visible = try FileManager.default.contentsOfDirectory(atPath: work + "/out").filter { !$0.hasPrefix(".") }
        #expect(Set(visible) == Set((1...14).map { "fire\($0).png" } + ["sequence.json"]))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: work + "/out").filter { $0.hasPrefix(".") }
        #expect(hidden == [".flipbook-outputs.json"])
    }
}
