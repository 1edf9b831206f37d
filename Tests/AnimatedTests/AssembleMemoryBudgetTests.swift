import Animated
import Basics
import Raster
import Testing
import TestSupport

/// Assembling an animated source holds its frames decoded, and the encoder holds working canvases
/// beside them: both are checked together against `maxDecodedBytes`, from the source's header,
/// before a frame is decoded (issue 43). An 89-byte GIF of three 1×1 frames on an 8000² screen
/// passed every limit and took 1.9 GB to write as GIF and 2.8 GB as WebP (peak resident memory,
/// release build).
@Suite("Assembling keeps the frames and the encoder's canvases within maxDecodedBytes")
struct AssembleMemoryBudgetTests {
    /// The reported file, built here byte for byte (no loop block), at the default limits: its
    /// three frames (768 MB decoded) and the WebP encoder's nine canvases are over 2 GiB, refused
    /// from the header (nothing is decoded, so this test is quick).
    @Test func theReportedFileIsRefusedForWebPFromItsHeader() throws {
        let bytes = HostileGIF.bomb(width: 8000, height: 8000, frames: 3, loops: false)
        #expect(bytes.count == 89)
        var job = AssembleJob(source: .files([InMemoryFile(name: "x.gif", bytes: bytes)]), output: nil)
        job.format = .webp
        let limit = LimitError(limit: .decodedBytes, subject: "x.gif", amount: (3 + 9) * 8000 * 8000 * 4, maximum: 2 << 30,
                               detail: "3 frames of 8000×8000, and the WebP encoder's 9 working canvases")
        #expect(throws: AssembleError.source(.decode(.limit(limit)))) { _ = try job.plan(cancellation: nil) }
        #expect(limit.description.contains("ResourceLimits.maxDecodedBytes"))
    }

    /// The same file on a 100² screen, with a budget that holds its three decoded frames (120 000
    /// bytes) and the GIF and APNG encoders' canvases beside them (5 and 4, at most 200 000 bytes),
    /// but not WebP's (9): the WebP job is refused by `plan()`, naming the limit, the frames and
    /// the encoder; the others are written.
    @Test(arguments: [AssembleJob.Format.gif, .apng, .webp])
    func theEncodersWorkingCanvasesCountWithTheFramesDeclared(format: AssembleJob.Format) throws {
        let file = InMemoryFile(name: "bomb.gif", bytes: HostileGIF.bomb(width: 100, height: 100, frames: 3, loops: false))
        var job = AssembleJob(source: .files([file]), output: nil)
        job.format = format
        job.limits = ResourceLimits(maxDecodedBytes: 320_000)
        guard format == .webp else {
            #expect(try !job.run(cancellation: nil).bytes.isEmpty)
            return
        }
        let limit = LimitError(limit: .decodedBytes, subject: "bomb.gif", amount: (3 + 9) * 40_000, maximum: 320_000,
                               detail: "3 frames of 100×100, and the WebP encoder's 9 working canvases")
        #expect(throws: AssembleError.source(.decode(.limit(limit)))) { _ = try job.plan(cancellation: nil) }
    }

    /// Reading a GIF on its own counts no encoder: the same file and budget read.
    @Test func readingAloneCountsNoEncoder() throws {
        let bytes = HostileGIF.bomb(width: 100, height: 100, frames: 3, loops: false)
        let animation = try Animation.load(gif: bytes, file: "bomb.gif", limits: ResourceLimits(maxDecodedBytes: 300_000))
        #expect(animation.frames.count == 3)
    }

    /// Bitmaps given as the source are frames held too, checked with the encoder's canvases
    /// before anything is encoded.
    @Test func bitmapsGivenCountAsHeld() throws {
        let frames = (0..<3).map { index -> FrameSource in
            var bitmap = Bitmap(clearWidth: 100, height: 100)
            bitmap.withUnsafeMutablePixels { $0[index * 4 + 3] = 255 }
            return .bitmap(bitmap)
        }
        let animation = try Animation(frames: frames, frameDurations: [0.1, 0.1, 0.1])
        var job = AssembleJob(source: .animation(animation), output: nil)
        job.format = .webp
        job.limits = ResourceLimits(maxDecodedBytes: 300_000)
        #expect(throws: AssembleError.limit(LimitError(limit: .decodedBytes, subject: "the animation", amount: 480_000, maximum: 300_000,
                                                       detail: "3 frames of 100×100, and the WebP encoder's 9 working canvases"))) {
            _ = try job.plan(cancellation: nil)
        }
        job.limits = ResourceLimits(maxDecodedBytes: 480_000)
        #expect(try !job.run(cancellation: nil).bytes.isEmpty)
    }
}
