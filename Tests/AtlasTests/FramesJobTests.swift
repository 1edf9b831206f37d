import Animated
import Atlas
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport

/// `FramesJob` makes every refusal `flipbook frames` makes, and explodes GIFs and sheets as it does.
@Suite("FramesJob: the frames command's rules as a library call")
struct FramesJobTests {
    static let fire = Fixtures.path("gif/giflib/fire.gif")

    @Test func refusals() throws {
        let out = try Fixtures.temporaryFolder("frames-job") + "/out"
        let coin = Fixtures.path("sequences/kenney-gold-coin")
        #expect(throws: FramesJobError.folderGiven(path: coin)) { _ = try FramesJob(input: coin, output: out).run(cancellation: nil) }
        #expect(throws: FramesJobError.prefixForSheet(path: "sheet.json")) { _ = try FramesJob(input: "sheet.json", output: out, prefix: "a").run(cancellation: nil) }
        for bad in ["", "a/b", ".hidden"] {
            #expect(throws: FramesJobError.invalidPrefix(bad)) { _ = try FramesJob(input: Self.fire, output: out, prefix: bad).run(cancellation: nil) }
        }
        do {
            _ = try FramesJob(input: Self.fire, output: out + ".png").run(cancellation: nil)
            Issue.record("a folder named like a PNG was written")
        } catch {
            guard case .output(.unsupportedName(let path, _)) = error else { Issue.record("\(error)"); return }
            #expect(path == out + ".png")
        }
        do {
            _ = try FramesJob(input: coin + "/missing.gif", output: out).run(cancellation: nil)
            Issue.record("a missing GIF was read")
        } catch {
            guard case .decode(.unreadable(let file, _)) = error else { Issue.record("\(error)"); return }
            #expect(file == coin + "/missing.gif")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Frames and a sequence.json written beside another sequence's frames (the user's) would make
    /// the folder read as the new animation: refused, the folder untouched.
    @Test func aFolderOfAnotherSequenceIsNotTakenOver() throws {
        let folder = try Fixtures.temporaryFolder("frames-other") + "/coin"
        try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin"), toPath: folder)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(throws: FramesJobError.output(.holdsAnotherSequence(folder: folder, prefix: "gold_"))) {
            _ = try FramesJob(input: Self.fire, output: folder).run(cancellation: nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
        #expect(try Animation.load([folder]).frames.count == 4)
    }

    /// A GIF's frames and timing, written as the animation `Animation.load` reads back.
    @Test func aGIFBecomesAFolderThatReadsBackTheSame() throws {
        let out = try Fixtures.temporaryFolder("frames-gif")
        let outcome = try FramesJob(input: Self.fire, output: out).run(cancellation: nil)
        let gif = try Animation.load([Self.fire])
        let folder = try Animation.load([out])
        #expect(outcome.files.count == gif.frames.count + 1)
        #expect(outcome.prefix == "fire" && outcome.pages == 0)
        #expect(try folder.stepDurations().map { ($0 * 1000).rounded() } == gif.stepDurations().map { ($0 * 1000).rounded() })
        for index in gif.frames.indices { #expect(try folder.frames[index].load() == gif.frames[index].load()) }
    }

    /// A sheet's frames cut back out are the frames packed.
    @Test func aSheetBecomesItsFrames() throws {
        let folder = try Fixtures.temporaryFolder("frames-sheet")
        let robot = Fixtures.repository + "/Sequences/kenney-robot-walk"
        let job = SheetJob(sources: [robot], output: folder + "/walk.png", builder: SheetBuilder(trim: true))
        try job.write(try job.plan(cancellation: nil), cancellation: nil)
        let outcome = try FramesJob(input: folder + "/walk.json", output: folder + "/cut").run(cancellation: nil)
        #expect(outcome.files.count == 8 && outcome.pages == 1 && outcome.manifest == nil)
        for file in outcome.files {
            let name = FileIO.lastComponent(of: file)
            #expect(try PNG.Decoder().decodeBitmap(file: file) == PNG.Decoder().decodeBitmap(file: "\(robot)/\(name)"), "\(name)")
        }
    }
}
