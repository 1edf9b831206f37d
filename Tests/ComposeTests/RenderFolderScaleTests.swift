import Basics
import Compose
import Foundation
import Testing
import TestSupport

/// `SequenceWriter` now refuses scales outside 1…3 (`f1@5x.png` is no name a reader takes), so a
/// render to a folder at @4x…@8x is refused by `RenderJob.plan()` as its scale setting, before a
/// frame is drawn; the same scale still renders to an APNG, a WebP and a GIF (the GIF encoder
/// refused @4x…@8x as "GIF.Encoder.scale is 1…3" although `render` documents 1…8).
@Suite("RenderJob: a folder of frames at @4x or more")
struct RenderFolderScaleTests {
    @Test(arguments: [4, 8])
    func aFolderAtAScaleOverThreeIsRefusedInThePlan(scale: Int) throws {
        try RenderJobTests.withFolder { folder in
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/frames")
            job.scale = scale
            do {
                _ = try job.plan(cancellation: nil)
                Issue.record("a folder at @\(scale)x was planned")
            } catch {
                guard case RenderError.setting(let refusal) = error else { Issue.record("\(error)"); return }
                #expect(refusal.setting == .scale && refusal.owner == "RenderJob" && refusal.allowed == .range(1...3))
                #expect(refusal.description.hasPrefix("RenderJob.scale is 1…3 (got \(scale)): a folder's frames are named @1x…@3x"))
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/frames"))
            for name in ["big.apng", "big.webp", "big.gif"] {
                job.output = folder + "/" + name
                let outcome = try job.run(progress: nil, cancellation: nil)
                #expect(outcome.files == [folder + "/" + name])
                #expect(outcome.scale == scale)
            }
        }
    }

    /// `render` at @2x, the scene changed, then at @1x into the same folder: the @2x frames of the
    /// old scene stayed, same count and size, and nothing said so (fresh eyes 43 #3). Each run
    /// records what it drew from; the other scale's run from another version of the scene is said.
    @Test func framesAtAnotherScaleFromAnotherSceneAreSaid() throws {
        try RenderJobTests.withFolder { folder in
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/frames")
            job.scale = 2
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            job.scale = 1
            // The same scene at the other scale: the documented way to write both, nothing to say.
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            let changed = RenderJobTests.scene.replacingOccurrences(of: "#FF0000", with: "#00FF00")
            try Data(changed.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
            let stale = try job.run(cancellation: nil).warnings
            #expect(stale == ["\(folder)/frames still holds its frames at @2x from an earlier render of another scene than \(folder)/scene.json "
                              + "is now (or of other files it reads), which readers take at @2x: render it at @2x again, or remove them"])
            job.scale = 2
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            job.scale = 1
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            // A scene that states its scale draws the same at each: the key is not what it draws from.
            let stated = changed.replacingOccurrences(of: #""frames": 6,"#, with: #""frames": 6, "scale": 2,"#)
            try Data(stated.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
        }
    }

    /// A scene in `folder` drawing `img.png`, which has an `img@2x.png` variant.
    static func writeImageScene(in folder: String) throws {
        for name in ["note-chrome.png", "note-chrome@2x.png"] {
            try FileManager.default.copyItem(atPath: Fixtures.repository + "/Examples/" + name, toPath: folder + "/" + name.replacingOccurrences(of: "note-chrome", with: "img"))
        }
        let scene = #"{"size": [64, 48], "frames": 2, "fps": 10, "layers": [{"image": "img.png", "bounds": [20, 20], "position": [20, 20]}]}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
    }

    /// The record named the files read by their path from the output folder (`../img@2x.png`):
    /// the folder moved, the @1x run took the @2x frames for another scene's (fresh eyes 52 #7).
    /// It names them from the scene's folder, so it stays true when the output folder moves.
    @Test func theRecordStaysTrueWhenTheOutputFolderMoves() throws {
        try RenderJobTests.withFolder { folder in
            try Self.writeImageScene(in: folder)
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/frames")
            job.scale = 2
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            try FileManager.default.createDirectory(atPath: folder + "/sub/deeper", withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: folder + "/frames", toPath: folder + "/sub/deeper/frames")
            job = RenderJob(scene: folder + "/scene.json", output: folder + "/sub/deeper/frames")
            job.scale = 1
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            // Still a record that sees a change: the @2x image changed, the @2x frames are said.
            try FileManager.default.removeItem(atPath: folder + "/img@2x.png")
            try FileManager.default.copyItem(atPath: Fixtures.repository + "/Examples/note-chrome.png", toPath: folder + "/img@2x.png")
            let stale = try job.run(cancellation: nil).warnings
            #expect(stale.count == 1 && stale.first?.contains("still holds its frames at @2x") == true, "\(stale)")
        }
    }

    /// A scene reading an image with an @2x variant read `img@2x.png` at @2x and `img.png` at @1x,
    /// so each run took the other's frames for another version, unchanged as they were (fresh eyes
    /// 45 #3). No warning until a file a scale read changes, and then for that scale only: a
    /// changed `img@2x.png` flagged the @1x frames too, which never read it (round 46 E).
    @Test func anImagesScaleVariantsAreOneVersion() throws {
        try RenderJobTests.withFolder { folder in
            try Self.writeImageScene(in: folder)
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/frames")
            for scale in [2, 1, 2, 1] {
                job.scale = scale
                #expect(try job.run(cancellation: nil).warnings.isEmpty, "@\(scale)x")
            }
            func warnings(at scale: Int) throws -> [String] {
                job.scale = scale
                return try job.run(cancellation: nil).warnings
            }
            func replace(_ name: String, with example: String) throws {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
                try FileManager.default.copyItem(atPath: Fixtures.repository + "/Examples/" + example, toPath: folder + "/" + name)
            }
            // The @2x image changed: the @2x frames drawn from the old one are said.
            try replace("img@2x.png", with: "note-chrome.png")
            let stale = try warnings(at: 1)
            #expect(stale.count == 1 && stale.first?.contains("still holds its frames at @2x") == true, "\(stale)")
            // Drawn again at @2x: the @1x frames, which read only img.png, are not flagged.
            #expect(try warnings(at: 2).isEmpty)
            // A third scale (no img@3x.png: it reads img@2x.png, as a reader picks the nearest) — then img.png
            // changes: only the @1x frames read it.
            #expect(try warnings(at: 3).isEmpty)
            try replace("img.png", with: "note-chrome@2x.png")
            let only = try warnings(at: 2)
            #expect(only.count == 1 && only.first?.contains("still holds its frames at @1x") == true, "\(only)")
            // The @3x frames fell back to img@2x.png: an img@3x.png arriving is what @3x draws from now (round 48).
            #expect(try warnings(at: 1).isEmpty)
            #expect(try warnings(at: 3).isEmpty)
            try replace("img@3x.png", with: "note-chrome@2x.png")
            // …and only that: the @2x frames still read img@2x.png (a variant added flagged every scale: fresh eyes 49 #2).
            let added = try warnings(at: 1)
            #expect(added.count == 1 && added.first?.contains("still holds its frames at @3x") == true, "\(added)")
        }
    }

    /// A scene whose sequence layer reads the render's own output folder: refused at @1x (a frame's
    /// name), but at @2x it read the @1x frames and rewrote their sequence.json (fresh eyes 45 #10).
    /// Refused at every scale now, before anything is drawn; a scene beside its output is not.
    @Test func aSceneReadingItsOwnOutputFolderIsRefusedAtEveryScale() throws {
        try RenderJobTests.withFolder { folder in
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/out")
            _ = try job.run(cancellation: nil)
            let reading = #"{"size": [16, 8], "frames": 2, "fps": 6, "layers": [{"sequence": {"source": "out"}, "bounds": [16, 8], "position": [8, 4]}]}"#
            try Data(reading.utf8).write(to: URL(fileURLWithPath: folder + "/self.json"))
            let manifest = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/sequence.json"))
            for scale in [1, 2] {
                var own = RenderJob(scene: folder + "/self.json", output: folder + "/out")
                own.scale = scale
                do {
                    _ = try own.run(cancellation: nil)
                    Issue.record("@\(scale)x: rendered from its own output")
                } catch {
                    #expect("\(error)".contains("is the input \(folder)/out/out1"), "@\(scale)x: \(error)")
                }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/sequence.json")) == manifest)
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/out1@2x.png"))
            // A folder inside the output is the output's too (round 46: a build called the target up to date
            // after a frame in out/sub changed).
            try FileManager.default.createDirectory(atPath: folder + "/out/sub", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: folder + "/out/out1.png", toPath: folder + "/out/sub/a1.png")
            let nested = #"{"size": [16, 8], "frames": 2, "fps": 6, "layers": [{"sequence": {"source": "out/sub"}, "bounds": [16, 8], "position": [8, 4]}]}"#
            try Data(nested.utf8).write(to: URL(fileURLWithPath: folder + "/nested.json"))
            do {
                _ = try RenderJob(scene: folder + "/nested.json", output: folder + "/out").run(cancellation: nil)
                Issue.record("rendered from a folder inside its output")
            } catch {
                #expect("\(error)".contains("is the input \(folder)/out/sub/a1.png"), "\(error)")
            }
            // Frames written beside the scene itself (no frames of it read there) are fine.
            job.output = folder
            #expect(try job.run(cancellation: nil).files.count == 7)
        }
    }

    /// A sequence's sequence.json is read with its frames, so it is part of what the frames are
    /// drawn from: a timing added there made the @2x frames stale without a word (round 46 D).
    @Test func aSequencesTimingCountsInTheOrigin() throws {
        try RenderJobTests.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/seq", withIntermediateDirectories: true)
            for number in 1...3 {
                try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_\(number).png"), toPath: folder + "/seq/f\(number).png")
            }
            let scene = #"{"size": [32, 32], "frames": 6, "fps": 6, "layers": [{"sequence": {"source": "seq"}, "bounds": [32, 32], "position": [16, 16]}]}"#
            try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
            var job = RenderJob(scene: folder + "/scene.json", output: folder + "/out")
            for scale in [2, 1] {
                job.scale = scale
                #expect(try job.run(cancellation: nil).warnings.isEmpty, "@\(scale)x")
            }
            try Data(#"{"direction": "reverse"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/seq/sequence.json"))
            #expect(try job.run(cancellation: nil).warnings.first?.contains("still holds its frames at @2x") == true)
            // A frame added to the sequence changes what every scale draws: the other scale's frames are said (round 48).
            job.scale = 2
            #expect(try job.run(cancellation: nil).warnings.isEmpty)
            try FileManager.default.copyItem(atPath: Fixtures.path("sequences/kenney-gold-coin/gold_4.png"), toPath: folder + "/seq/f4.png")
            #expect(try job.run(cancellation: nil).warnings.first?.contains("still holds its frames at @1x") == true)
        }
    }
}
