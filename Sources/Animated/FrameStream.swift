import Basics
import Foundation
import Raster

/// The frames of one animated file (GIF, APNG or WebP) decoded as they are asked for, in order,
/// and not held: what ``FrameSource/streamed(_:index:)`` frames read, so that assembling or
/// blurring a file of thousands of frames holds a few of them, not thousands.
///
/// The file's decoder (Raster's `AnimationDecoder`) composes its frames one after another, so the
/// stream keeps one decoder open and hands frames out in order: asking for frame 7 after frame 3
/// decodes frames 4 to 7. The last ``window`` frames decoded are kept (the encoders' workers ask
/// for neighbouring frames at once, not quite in order); a frame older than those is decoded
/// again from the start of the file (an encoder's second pass). ``statistics`` says what that
/// cost. Made by `Animation.load(_:scale:device:limits:onDuplicateNumber:streaming:cancellation:progress:)`
/// with `streaming: true`, which reads the file once first for its frame count, durations and
/// warnings.
///
/// Safe to use from several threads: one frame is decoded at a time.
public final class FrameStream: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// What the stream has done so far: how it was used, for a caller (or a test) that checks
    /// that frames were read one at a time.
    public struct Statistics: Sendable, Equatable {
        /// Frames decoded, each time one was (a frame decoded again counts again).
        public var framesDecoded = 0
        /// Times the file was opened again to reach a frame older than those kept.
        public var restarts = 0
        /// The most decoded frames the stream held at once.
        public var mostHeld = 0

        /// Nothing done yet (or the counts given).
        public init(framesDecoded: Int = 0, restarts: Int = 0, mostHeld: Int = 0) {
            self.framesDecoded = framesDecoded
            self.restarts = restarts
            self.mostHeld = mostHeld
        }
    }

    /// The file the frames come from, as it was named.
    public let file: String
    /// How many frames the stream gives (those the first reading found whole).
    public let count: Int
    /// The canvas size of every frame, in pixels.
    public let width: Int, height: Int
    /// The most decoded frames kept at once: the newest ones.
    public let window: Int

    /// The file's format.
    public let format: AnimationDecodeError.Format
    /// Pixels per point of every frame: the scale the file's name gives (`coin@2x.gif`: 2), as a
    /// frame decoded whole carries it.
    public let scale: Int

    private let open: @Sendable () throws(AnimationDecodeError) -> any AnimationDecoder
    /// Whether frame i shows exactly what frame i − 1 shows (false for frame 0).
    private let sameAsPrevious: [Bool]
    private let lock = NSLock()
    private var decoder: (any AnimationDecoder)?
    /// The index the open decoder gives next.
    private var next = 0
    /// The newest frames decoded, oldest first.
    private var kept: [(index: Int, image: Bitmap)] = []
    private var counts = Statistics()

    /// The most frames any stream keeps: enough for the workers of the encoders on this machine
    /// to ask for neighbouring frames out of order without decoding any again.
    public static var defaultWindow: Int { max(4, ParallelLoop.machineCores + 1) }

    /// A stream of `count` frames of `width`×`height` read by decoders `open` makes; `sameAsPrevious`
    /// (one per frame) says which frames repeat the one before exactly.
    init(file: String, format: AnimationDecodeError.Format, count: Int, width: Int, height: Int, sameAsPrevious: [Bool], window: Int = FrameStream.defaultWindow,
         scale: Int = 1, open: @escaping @Sendable () throws(AnimationDecodeError) -> any AnimationDecoder) {
        self.file = file
        self.format = format
        self.scale = scale
        self.count = count
        self.width = width
        self.height = height
        self.sameAsPrevious = sameAsPrevious
        self.window = max(1, window)
        self.open = open
    }

    /// Frame `index` (0-based) as the file shows it, decoded now unless it is among the newest
    /// kept.
    /// - Throws: `AnimationDecodeError` from the decoder; `.noFrames` naming the file for an index
    ///   outside `0..<count` or a frame the file no longer gives.
    public func frame(_ index: Int) throws(AnimationDecodeError) -> Bitmap {
        lock.lock()
        defer { lock.unlock() }
        guard (0..<count).contains(index) else { throw .noFrames(file: file, format: format) }
        if let found = kept.last(where: { $0.index == index }) { return found.image }
        if decoder == nil || index < next {
            decoder = try open()
            next = 0
            kept.removeAll()
            if counts.framesDecoded > 0 { counts.restarts += 1 }
        }
        while let reader = decoder, next <= index {
            guard let frame = try reader.nextFrame() else { break }
            counts.framesDecoded += 1
            var image = frame.image
            image.scale = scale
            kept.append((next, image))
            if kept.count > window { kept.removeFirst(kept.count - window) }
            counts.mostHeld = max(counts.mostHeld, kept.count)
            next += 1
        }
        guard let found = kept.last, found.index == index else { throw .noFrames(file: file, format: format) }
        return found.image
    }

    /// Whether frames `a` and `b` are known to show the same pixels: the same frame, or frames
    /// between which every frame repeats the one before (found when the file was first read).
    public func isIdentical(_ a: Int, _ b: Int) -> Bool {
        let (low, high) = (min(a, b), max(a, b))
        guard low >= 0, high < sameAsPrevious.count else { return false }
        return low == high || sameAsPrevious[(low + 1)...high].allSatisfy { $0 }
    }

    /// What the stream has done so far (frames decoded, restarts, the most frames held).
    public var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    /// Lets go of the decoder and the frames kept (the next frame asked for opens the file again).
    public func release() {
        lock.lock()
        defer { lock.unlock() }
        decoder = nil
        kept.removeAll()
        next = 0
    }

    /// A stream of the same file and frames with a decoder of its own, nothing decoded yet: for a
    /// second reader that asks for frames at its own pace (a spawned copy of a layer playing the
    /// file from another moment), so that neither sends the other back to the start of the file.
    public func reopened() -> FrameStream {
        FrameStream(file: file, format: format, count: count, width: width, height: height, sameAsPrevious: sameAsPrevious,
                    window: window, scale: scale, open: open)
    }

    /// "`file`: `count` frames of `width`×`height`, streamed".
    public var description: String { "\(file): \(count) frames of \(width)×\(height), streamed" }

    /// The same stream (the same object).
    public static func == (lhs: FrameStream, rhs: FrameStream) -> Bool { lhs === rhs }
}
