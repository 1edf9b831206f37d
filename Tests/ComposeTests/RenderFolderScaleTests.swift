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
}
