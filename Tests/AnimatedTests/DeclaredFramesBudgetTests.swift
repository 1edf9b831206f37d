import Animated
import Basics
import GIF
import Raster
import Testing
import TestSupport

/// A GIF of a few bytes that declares many frames of a large screen is refused from its header,
/// before one frame is decoded (issue 43): `bomb.gif`, 7 KB, cost 2.2 GB and 4–17 s before its
/// refusal; `bomb8.gif`, 223 bytes inside the old limits, 2.9 GB and over a minute.
@Suite("Declared frames checked before decoding")
struct DeclaredFramesBudgetTests {
    /// The refusal is from the header: it names every declared frame (it used to be counted at the
    /// third frame decoded, after holding two).
    @Test func holdingEveryDeclaredFrameIsCheckedFirst() {
        let bytes = HostileGIF.bomb(width: 100, height: 100, frames: 300)
        let limits = ResourceLimits(maxDecodedBytes: 100_000)
        let expected = AnimationDecodeError.limit(LimitError(limit: .decodedBytes, subject: "bomb.gif", amount: 300 * 100 * 100 * 4,
                                                             maximum: 100_000, detail: "300 frames of 100×100"))
        #expect(throws: expected) { _ = try GIF.Decoder(bytes: bytes, file: "bomb.gif", limits: limits).allGIFFrames() }
        #expect(throws: expected) { _ = try GIF.Decoder(bytes: bytes, file: "bomb.gif", limits: limits).allFrames() }
    }

    /// Frames × screen over `maxOutputPixels` is refused by every whole-file reader (it was accepted
    /// while the frames held fitted `maxDecodedBytes`).
    @Test func theOutputBudgetBoundsEveryWholeFileRead() throws {
        let bytes = HostileGIF.bomb(width: 100, height: 100, frames: 8)
        let limits = ResourceLimits(maxOutputPixels: 40_000)
        let limit = LimitError(limit: .outputPixels, subject: "bomb.gif", amount: 80_000, maximum: 40_000, detail: "8 frames of 100×100")
        #expect(throws: Animation.LoadError.decode(.limit(limit))) { _ = try Animation.load(gif: bytes, file: "bomb.gif", limits: limits) }
        var job = AssembleJob(source: .files([InMemoryFile(name: "bomb.gif", bytes: bytes)]), output: nil)
        job.limits = limits
        #expect(throws: AssembleError.source(.decode(.limit(limit)))) { _ = try job.plan(cancellation: nil) }
        // Within the budget the same file reads, frame by frame and whole.
        #expect(try Animation.load(gif: bytes, file: "bomb.gif").frames.count == 8)
    }

    /// The files themselves, at the default limits: refused at once (a test that decoded them
    /// would take gigabytes).
    @Test(arguments: [(300, "bomb.gif"), (8, "bomb8.gif")])
    func theReviewedBombsAreRefusedFromTheirHeader(frames: Int, name: String) throws {
        let file = InMemoryFile(name: name, bytes: HostileGIF.bomb(width: 8000, height: 8000, frames: frames))
        let limit = LimitError(limit: .outputPixels, subject: name, amount: 8000 * 8000 * frames, maximum: 1 << 28,
                               detail: "\(frames) frames of 8000×8000")
        #expect(throws: AssembleError.source(.decode(.limit(limit)))) { _ = try AssembleJob(source: .files([file]), output: nil).plan(cancellation: nil) }
        #expect(throws: Animation.LoadError.decode(.limit(limit))) { _ = try Animation.load(files: [file]) }
        #expect(throws: Validator.Error.animation(.decode(.limit(limit)))) { _ = try Validator().validate(files: [file], cancellation: nil) }
    }

    /// Streaming, one frame at a time, is bounded too: each frame is composed on the whole canvas,
    /// so the first `nextFrame()` checks frames × canvas (a hundred "restore to previous" frames on
    /// 8000² took 25 s and 773 MB through `nextFrame()` with the default limits).
    @Test func streamingChecksTheWorkOfComposingEveryFrame() throws {
        let bytes = HostileGIF.bomb(width: 8000, height: 8000, frames: 100)
        let decoder = try GIF.Decoder(bytes: bytes, file: "bomb.gif")
        #expect(throws: AnimationDecodeError.limit(LimitError(limit: .outputPixels, subject: "bomb.gif", amount: 8000 * 8000 * 100,
                                                              maximum: 1 << 28, detail: "100 frames of 8000×8000"))) {
            _ = try decoder.nextFrame()
        }
        // Within the budget the same kind of file streams.
        let small = try GIF.Decoder(bytes: HostileGIF.bomb(width: 100, height: 100, frames: 8), file: "small.gif")
        var count = 0
        while try small.nextFrame() != nil { count += 1 }
        #expect(count == 8)
    }
}
