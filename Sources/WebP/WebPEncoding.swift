import Basics
import Raster

/// One encode: frames decoded a batch at a time on all cores; lossless at `standard`, laid out
/// and compressed a batch at a time by ``WebPFramePlanner``; otherwise handed to libwebp's animation
/// encoders (one per setting of the effort, side by side on the cores) in segments of
/// ``segmentFrames``; each segment's smallest file gives its `ANMF` frames to `drain`, so libwebp
/// never holds more than a segment's encoded frames and the file streams. The header comes last
/// (``WebPContainer/header(bodySize:width:height:alpha:loops:background:)``).
struct WebPEncoding {
    let settings: WebP.Encoder
    let input: FrameInput
    let progress: (@Sendable (Int, Int) -> Void)?

    /// Frames per libwebp encoder. Each segment starts with a key frame (a whole canvas): one in
    /// 128 costs 0.1–0.3 % on the real sequences, and bounds memory whatever the frame count.
    static let segmentFrames = 128
    /// Frames per segment for this encode (tests make it small).
    var segmentFrames = WebPEncoding.segmentFrames
    /// The longest an `ANMF` frame lasts, in milliseconds (24 bits), and the longest gap libwebp
    /// accepts between two frames it is given. A frame that shows longer is given again every
    /// this many milliseconds: libwebp then ends the frame there and adds a 1×1 transparent frame
    /// blended over it for the next piece (a few bytes), so the total stays exact. Every gap
    /// being at most this, a segment's timestamps (`Int32` in libwebp) stay under 2³¹ ms.
    static let longestGap = (1 << 24) - 1

    func run(drain: ([UInt8]) throws -> Void) throws -> (header: [UInt8], report: WebP.Encoder.Report) {
        if let error = settings.settingError ?? input.settingError { throw WebP.EncodeError.setting(error) }
        guard input.count > 0 else { throw WebP.EncodeError.invalidInput("no frames") }
        // NaN, infinities, 0, negatives and durations over a day are refused before any work.
        if let error = DelayTimeline.durationError(input.durations, name: input.name(of:)) { throw WebP.EncodeError.setting(error) }
        // A run of frames known identical is one frame before timing (``FrameInput/identical``).
        let runs = IdenticalRuns(durations: input.durations, identical: input.identical)
        let timeline = DelayTimeline(durations: runs.durations)
        let shown = timeline.frameIndices.map { runs.firsts[$0] }
        var segment = Segment(start: 0)
        var size: (width: Int, height: Int)? = nil
        var alpha = false, background: UInt32? = nil
        // A frame that shows what the last one showed is not given to libwebp: the last one just
        // lasts until the next (libwebp would merge it, but not across segments).
        var last: Bitmap? = nil
        var elapsed = 0, bodySize = 0, written = 0, alphaBytes = 0
        // When `last` was last given to libwebp, and how often a frame was given again to split it.
        var lastGiven = 0, repeated = 0, split = 0

        func finishSegment(endingAt end: Int) throws {
            guard let finished = try segment.finish(endingAt: end, width: size!.width, height: size!.height) else { return }
            var chunks = finished.chunks
            // A later segment starts on the last one's canvas, not on the blank one libwebp
            // assumed: its first frame is redrawn whole, in place.
            if segment.start > 0, let first = segment.first {
                guard let still = LibWebP.encodeStill(first.pixels, width: first.width, height: first.height, settings: settings.runs[0].settings),
                      let replaced = WebPContainer.replacingFirstFrame(of: chunks, with: still, width: first.width, height: first.height) else {
                    throw WebP.EncodeError.libwebp("libwebp could not encode a segment's first frame")
                }
                chunks = replaced
            }
            try drain(chunks)
            bodySize += chunks.count
            alphaBytes += WebPContainer.alphaBytes(in: chunks)
            alpha = alpha || WebPContainer.usesAlpha(chunks)
            written += WebPContainer.frameCount(chunks)
            background = background ?? finished.background
            segment = Segment(start: end)
        }

        // Lossless at `standard`: frames laid out as libwebp's encoder lays them out, each
        // compressed on a core of its own (``WebPFramePlanner``), in one run without segments.
        var planner: WebPFramePlanner? = nil

        func emit(_ chunks: [UInt8]) throws {
            guard !chunks.isEmpty else { return }
            try drain(chunks)
            bodySize += chunks.count
            alpha = alpha || WebPContainer.usesAlpha(chunks)
            written += WebPContainer.frameCount(chunks)
        }

        func give(_ frame: Bitmap, at time: Int) throws {
            if settings.plansFrames {
                if planner == nil { planner = WebPFramePlanner(width: frame.width, height: frame.height, settings: settings.runs[0].settings) }
                planner!.add(frame.pixels, at: time)
                last = frame
                lastGiven = time
                return
            }
            if segment.count == segmentFrames { try finishSegment(endingAt: time) }
            try segment.add(frame, at: time, settings: settings)
            (last, lastGiven) = (frame, time)
        }

        // The last frame given lasts until `time`: given again in equal pieces of at most
        // ``longestGap`` ms up to it. Equal, each over half the longest: a remainder of a few ms
        // would play as 100 ms in a browser (a frame of 10 ms or less does), and the file would
        // last longer than its report says.
        func lastUntil(_ time: Int) throws {
            guard let shown = last, time - lastGiven > Self.longestGap else { return }
            let start = lastGiven, gap = time - lastGiven
            let pieces = (gap + Self.longestGap - 1) / Self.longestGap
            split += 1
            for piece in 1..<pieces {
                try give(shown, at: start + gap * piece / pieces)
                repeated += 1
            }
        }

        let batch = max(4, 2 * ParallelLoop.cores)
        for first in stride(from: 0, to: shown.count, by: batch) {
            if input.cancellation?.isCancelled == true { throw WebP.EncodeError.cancelled }
            let indices = Array(shown[first..<min(shown.count, first + batch)])
            let load = input.load
            var loaded = [Result<Bitmap, any Error>?](repeating: nil, count: indices.count)
            loaded.withUnsafeMutableBufferPointer { out in
                let out = UnsafeMutableSendable(out)
                ParallelLoop.perform(indices.count) { i in out.buffer[i] = Result { try load(indices[i]) } }
            }
            for (offset, result) in loaded.enumerated() {
                if input.cancellation?.isCancelled == true { throw WebP.EncodeError.cancelled }
                let frame = try result!.get()
                let index = indices[offset]
                if size == nil {
                    guard (1...16_383).contains(frame.width), (1...16_383).contains(frame.height) else {
                        throw WebP.EncodeError.invalidInput("\(input.name(of: index)) is \(frame.width)×\(frame.height); WebP frames are 1…16383 pixels a side")
                    }
                    size = (frame.width, frame.height)
                }
                guard frame.width == size!.width, frame.height == size!.height else {
                    throw WebP.EncodeError.invalidInput("\(input.name(of: index)) is \(frame.width)×\(frame.height), "
                                                        + "the frames before it \(size!.width)×\(size!.height): all frames must be one size")
                }
                alpha = alpha || !frame.isOpaque
                if !(last?.showsSame(as: frame) ?? false) {
                    try lastUntil(elapsed)
                    try give(frame, at: elapsed)
                }
                elapsed += timeline.delays[first + offset]
                progress?(first + offset + 1, shown.count)
            }
            if planner != nil {
                guard let chunks = planner!.flush() else { throw WebP.EncodeError.libwebp("libwebp could not encode a frame") }
                try emit(chunks)
                if input.cancellation?.isCancelled == true { throw WebP.EncodeError.cancelled }
            }
        }
        try lastUntil(elapsed)
        if planner != nil {
            guard let chunks = planner!.finish(endingAt: elapsed) else { throw WebP.EncodeError.libwebp("libwebp could not encode a frame") }
            try emit(chunks)
        } else {
            try finishSegment(endingAt: elapsed)
        }
        let header = WebPContainer.header(bodySize: bodySize, width: size!.width, height: size!.height, alpha: alpha,
                                          loops: settings.repeatCount, background: background ?? 0xFFFF_FFFF)
        let report = WebP.Encoder.Report(width: size!.width, height: size!.height, framesWritten: written,
                                         framesMergedForTiming: timeline.mergedFrames, framesMergedIdentical: max(0, shown.count + repeated - written) + runs.folded,
                                         duration: Double(elapsed) / 1000, lossless: settings.lossless,
                                         quality: settings.lossless ? nil : settings.quality, bytes: WebPContainer.headerSize + bodySize)
        var full = report
        full.alphaBytes = alphaBytes
        (full.framesSplitForTiming, full.framesAddedForTiming) = (split, repeated)
        return (header, full)
    }

    /// The frames of one segment, in libwebp's encoders (made at the segment's first frame).
    private struct Segment {
        /// Where the segment starts on the timeline, in milliseconds.
        let start: Int
        var encoders: [LibWebP.AnimationEncoder] = []
        var count = 0
        /// The segment's first frame.
        var first: Bitmap?

        init(start: Int) { self.start = start }

        mutating func add(_ frame: Bitmap, at milliseconds: Int, settings: WebP.Encoder) throws {
            if encoders.isEmpty {
                first = frame
                for run in settings.runs {
                    guard let encoder = LibWebP.AnimationEncoder(width: frame.width, height: frame.height, loops: settings.repeatCount,
                                                                 settings: run.settings, minimizeSize: run.minimizeSize,
                                                                 allowMixed: !settings.lossless && settings.effort == .max) else {
                        throw WebP.EncodeError.libwebp("libwebp refused the settings or could not allocate")
                    }
                    encoders.append(encoder)
                }
            }
            let at = milliseconds - start
            if let reason = Self.inParallel(encoders, { $0.add(frame.pixels, at: at) }).compactMap({ $0 }).first {
                throw WebP.EncodeError.libwebp(reason)
            }
            count += 1
        }

        /// The smallest of the encoders' files' frames (the first on a tie: the same input, the
        /// same bytes), the segment ending at `milliseconds`; `nil` for an empty segment.
        func finish(endingAt milliseconds: Int, width: Int, height: Int) throws -> (chunks: [UInt8], background: UInt32?)? {
            guard count > 0 else { return nil }
            let end = milliseconds - start
            var best: [UInt8]? = nil
            for result in Self.inParallel(encoders, { $0.assemble(endingAt: end) }) {
                switch result {
                case .success(let data): if best == nil || data.count < best!.count { best = data }
                case .failure(let failure): throw WebP.EncodeError.libwebp(failure.reason)
                }
            }
            guard let frames = WebPContainer.frames(of: best!, width: width, height: height, duration: end) else {
                throw WebP.EncodeError.libwebp("libwebp wrote a file without frames")
            }
            return frames
        }

        /// `body` on each encoder at once (each on a core of its own), results in order.
        private static func inParallel<T>(_ encoders: [LibWebP.AnimationEncoder], _ body: @Sendable (LibWebP.AnimationEncoder) -> T) -> [T] {
            var results = [T?](repeating: nil, count: encoders.count)
            results.withUnsafeMutableBufferPointer { out in
                let out = UnsafeMutableSendable(out)
                ParallelLoop.perform(encoders.count) { i in out.buffer[i] = body(encoders[i]) }
            }
            return results.map { $0! }
        }
    }
}
