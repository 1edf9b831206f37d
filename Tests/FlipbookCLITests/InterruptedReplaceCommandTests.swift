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
            do { try set.commit() } catch { if error != .simulatedKill { throw error } }
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

    /// A sheet rewritten from other frames, killed after its data was renamed but not its page:
    /// `frames` read the new data against the old page. The sheet's folder is finished first.
    @Test func framesOfAHalfReplacedSheetReadsTheNewSheet() throws {
        let work = try Fixtures.temporaryFolder("cli-interrupted-sheet")
        // Two real sheets, packed by `sheet` in scratch folders: 14 fire frames, then 4 coins.
        var sheets: [[(String, [UInt8])]] = []
        for (name, source) in [("fire", Self.fixture), ("coin", "sequences/kenney-gold-coin")] {
            let packed = try CLI.run(["sheet", Fixtures.path(source), "-o", "\(name)/sheet.json"], in: work)
            #expect(packed.status == 0, "\(packed.stderr)")
            sheets.append(try ["sheet.json", "sheet.png"].map { ($0, try FileIO.readAll("\(work)/\(name)/\($0)")) })
        }
        let out = work + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        for (files, kill) in [(sheets[0], nil), (sheets[1], 1)] as [([(String, [UInt8])], Int?)] {
            let set = OutputSet(owner: out + "/sheet.json")
            set.simulatedKillAfterRenames = kill
            for (name, bytes) in files { try set.write(bytes, to: "\(out)/\(name)") }
            do { try set.commit() } catch { if error != .simulatedKill { throw error } }
        }
        #expect(try FileIO.readAll(out + "/sheet.json") == sheets[1][0].1 && FileIO.readAll(out + "/sheet.png") == sheets[0][1].1)
        let frames = try CLI.run(["frames", "out/sheet.json", "-o", "back"], in: work)
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(try FileIO.readAll(out + "/sheet.png") == sheets[1][1].1)
        let back = try FileManager.default.contentsOfDirectory(atPath: work + "/back").filter { $0.hasSuffix(".png") }
        #expect(back.count == 4)
        let direct = try CLI.run(["frames", "coin/sheet.json", "-o", "direct"], in: work)
        #expect(direct.status == 0, "\(direct.stderr)")
        for name in back { #expect(try FileIO.readAll("\(work)/back/\(name)") == FileIO.readAll("\(work)/direct/\(name)"), "\(name)") }
    }
}
