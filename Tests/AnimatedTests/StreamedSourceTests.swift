import Animated
import APNG
import Basics
import Foundation
import GIF
import Raster
import Testing
import TestSupport
import WebP

/// An animated source (GIF, APNG, WebP) is not held whole while it is assembled (issues 43 and
/// 46): the plan keeps no decoded frame, and the encoders pull the frames from one `FrameStream`
/// a few at a time, in order. Before, every frame was decoded into memory first (a GIF of
/// 1024² × 256 full-screen frames peaked at 1.87 GB assembled to GIF). Shown by what the stream
/// counts, never by timing.
@Suite("Animated sources stream into the encoders in bounded memory")
struct StreamedSourceTests {
    /// Real animated files: GIFs from a CC0 effects pack and a WebP made by img2webp.
    static let sources = ["gif/effects/Effect_Kabooms.gif", "gif/effects/Effect_Hyperspeed.gif", "webp-img2webp/emt-watch-spinner-2x.webp"]

    /// The stream every frame of `animation` reads, when they all read one.
    static func stream(of animation: Animation) -> FrameStream? {
        guard case .streamed(let stream, _)? = animation.frames.first else { return nil }
        let all = animation.frames.enumerated().allSatisfy { index, frame in
            if case .streamed(let each, let at) = frame { return each === stream && at == index }
            return false
        }
        return all ? stream : nil
    }

    /// The plan holds no decoded frame: each is a frame of one stream. For an APNG none is
    /// decoded again yet; for a GIF, the first and middle frames whose alpha the note describes
    /// are, within the stream's window.
    @Test(arguments: sources, [AssembleJob.Format.gif, .apng])
    func thePlanHoldsNoFrame(source: String, format: AssembleJob.Format) throws {
        var job = AssembleJob(sources: [Fixtures.path(source)], output: nil)
        job.format = format
        let plan = try job.plan(cancellation: nil)
        #expect(plan.animation.frames.count > 10)
        #expect(!plan.animation.frames.contains { if case .bitmap = $0 { true } else { false } })
        let stream = try #require(Self.stream(of: plan.animation))
        #expect(stream.count == plan.animation.frames.count)
        if format == .apng {
            #expect(stream.statistics == FrameStream.Statistics())
        } else {
            #expect(stream.statistics.mostHeld <= stream.window && stream.statistics.restarts == 0)
        }
    }

    /// Each encoder pulls the frames through the stream, which never holds more than its window,
    /// decodes the file a few times at most (an encoder's passes), and the file written is the
    /// one written from frames held whole.
    @Test(arguments: sources, [AssembleJob.Format.gif, .apng, .webp])
    func theEncodersPullFramesAFewAtATime(source: String, format: AssembleJob.Format) throws {
        var job = AssembleJob(sources: [Fixtures.path(source)], output: nil)
        job.format = format
        let plan = try job.plan(cancellation: nil)
        let stream = try #require(Self.stream(of: plan.animation))
        let streamed = try job.run(plan, cancellation: nil)
        let statistics = stream.statistics
        #expect(statistics.mostHeld <= stream.window)
        #expect(stream.window < stream.count)
        // GIF: the first frame for its size, then one pass (two for `fast`); APNG: a survey, two
        // samples and the placing; WebP: one pass.
        #expect(statistics.framesDecoded <= 4 * stream.count)
        #expect(statistics.restarts <= 4)

        let bytes = try Fixtures.bytes(source)
        let held = OutputName.pathExtension(source) == "gif" ? try Animation.load(gif: bytes, file: source)
                                                               : try Animation.load(webp: bytes, file: source)
        #expect(!held.frames.contains { if case .streamed = $0 { true } else { false } })
        var whole = AssembleJob(source: .animation(held), output: nil)
        whole.format = format
        #expect(try whole.run(cancellation: nil).bytes == streamed.bytes)
    }

    /// The hostile case: a GIF of a few bytes whose every frame fills its screen. With a budget of
    /// the stream's window and the GIF encoder's canvases, it is written; before, its 100 frames
    /// were held decoded and the same budget refused it.
    @Test func aFileOfManyFullScreenFramesIsWrittenWithinAFewCanvases() throws {
        let (width, height, frames) = (300, 200, 100)
        let canvas = width * height * 4
        let file = InMemoryFile(name: "bomb.gif", bytes: HostileGIF.bomb(width: width, height: height, frames: frames))
        var job = AssembleJob(source: .files([file]), output: nil)
        job.limits = ResourceLimits(maxDecodedBytes: (FrameStream.defaultWindow + 5) * canvas)
        let plan = try job.plan(cancellation: nil)
        let stream = try #require(Self.stream(of: plan.animation))
        let outcome = try job.run(plan, cancellation: nil)
        #expect(!outcome.bytes.isEmpty)
        #expect(stream.statistics.mostHeld <= stream.window)
        #expect(stream.statistics.framesDecoded <= 2 * frames)
        // One frame fewer than the budget holds is refused, naming what is held.
        job.limits = ResourceLimits(maxDecodedBytes: (FrameStream.defaultWindow + 5) * canvas - 1)
        #expect(throws: AssembleError.self) { _ = try job.plan(cancellation: nil) }
    }

    /// An APNG source streams too (one assembled here from a real sequence): its frames decode
    /// again, one at a time, to the same pixels.
    @Test func anAPNGSourceStreamsToTheSamePixels() throws {
        let apng = try AssembleJob(source: .paths([Fixtures.path("sequences/ansimuz-fire-bomb-pixel")]), output: nil,
                                   encoder: GIF.Encoder()).plan(cancellation: nil)
        var job = AssembleJob(source: .animation(apng.animation), output: nil)
        job.format = .apng
        let bytes = try job.run(cancellation: nil).bytes
        let held = try Animation.load(apng: bytes, file: "fire.apng")
        let streamed = try Animation.load(files: [InMemoryFile(name: "fire.apng", bytes: bytes)], streaming: true)
        let stream = try #require(Self.stream(of: streamed))
        #expect(streamed.frameDurations == held.frameDurations)
        for (index, frame) in held.frames.enumerated() {
            #expect(try streamed.frames[index].load() == frame.load())
        }
        #expect(stream.statistics.framesDecoded == held.frames.count)
        #expect(stream.statistics.restarts == 0)
    }

    /// Frames asked for out of order are decoded again from the start, never wrong: the stream
    /// gives each frame the decoder gives.
    @Test func framesAskedOutOfOrderAreTheDecodersFrames() throws {
        let source = "gif/effects/Effect_Kabooms.gif"
        let bytes = try Fixtures.bytes(source)
        let frames = try GIF.Decoder(bytes: bytes, file: source).allFrames()
        let animation = try Animation.load(decoding: GIF.Decoder.self, bytes: bytes, file: source, streaming: true)
        let stream = try #require(Self.stream(of: animation))
        for index in [frames.count - 1, 0, frames.count / 2, 1, frames.count / 2 - 1] {
            #expect(try stream.frame(index) == frames[index].image)
        }
        // Frame 0 and frame 1 were behind the decoder and no longer kept; the others lay ahead.
        #expect(stream.statistics.restarts == 2)
        #expect(throws: AnimationDecodeError.self) { _ = try stream.frame(frames.count) }
    }
}
