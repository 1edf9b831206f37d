import Basics
import Raster

extension WebP {
    /// Writes frames as an animated WebP with libwebp's own animation encoder: lossless by default
    /// (every pixel with alpha > 0 keeps its straight RGBA, alpha 0 stays transparent), each frame
    /// drawn as the smallest of libwebp's candidates (a key frame or a sub-frame over the last,
    /// blended or not).
    ///
    /// ``effort`` picks libwebp's settings: `fast` is method 4; `standard` (the default) runs two
    /// encoders side by side on two cores — method 6 (what `img2webp -m 6` writes) and method 5
    /// with `minimize_size` — and keeps the smaller file, so it is never larger than `img2webp`'s
    /// at about twice its time; `max` does the same at lossless effort 100 (tens of times slower,
    /// about 1 % smaller).
    ///
    /// Delays are whole milliseconds on the cumulative timeline, so a loop lasts exactly as long
    /// as the durations given; a frame that would show for 10 ms or less, which browsers stretch
    /// to 100 ms, is merged into its neighbours. Frames are decoded a few at a time on all cores;
    /// libwebp keeps the encoded frames (not the pixels) until the file is assembled.
    public struct Encoder: Sendable {
        /// Every frame exact (the default), or lossy VP8 at ``quality`` (alpha stays lossless).
        public var lossless: Bool
        /// Lossy only: quality, 0–100 (80 by default).
        public var quality: Double
        /// How hard to work for smaller files; `standard` by default.
        public var effort: EncodingEffort
        /// UIKit's repeat count: 0 plays forever (the default), N plays N times (at most 65 535).
        public var repeatCount: Int

        /// An encoder writing lossless frames, or lossy ones at `quality`, at `effort`, playing
        /// `repeatCount` times (0: forever).
        public init(lossless: Bool = true, quality: Double = 80, effort: EncodingEffort = .standard, repeatCount: Int = 0) {
            self.lossless = lossless
            self.quality = quality
            self.effort = effort
            self.repeatCount = repeatCount
        }

        /// libwebp's settings for each encoder run side by side (the smallest file is kept).
        private var runs: [(settings: LibWebP.FrameSettings, minimizeSize: Bool)] {
            // For lossless frames libwebp's "quality" is its effort; img2webp's default is 75.
            let q = Float(lossless ? (effort == .max ? 100 : 75) : quality)
            let frame = { (method: Int32) in LibWebP.FrameSettings(lossless: lossless, quality: q, method: method) }
            switch effort {
            case .fast: return [(frame(4), false)]
            case .standard, .max: return [(frame(6), effort == .max), (frame(5), true)]
            }
        }

        /// The WebP for `input`, in memory. `progress` receives (frames done, frames in all).
        /// Throws ``EncodeError``, or the error `input.load` throws.
        public func encode(_ input: FrameInput, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> (bytes: [UInt8], report: Report) {
            if let message = settingError { throw EncodeError.invalidInput(message) }
            guard input.count > 0 else { throw EncodeError.invalidInput("no frames") }
            if let bad = input.durations.first(where: { !($0 > 0 && $0.isFinite) }) {
                throw EncodeError.invalidInput("a frame's duration must be a positive number of seconds (got \(bad))")
            }
            let timeline = MillisecondTimeline(durations: input.durations)
            let shown = timeline.frameIndices
            var encoders: [LibWebP.AnimationEncoder] = []
            var size: (width: Int, height: Int)? = nil
            var start = 0
            let batch = max(4, 2 * ParallelLoop.cores)
            for first in stride(from: 0, to: shown.count, by: batch) {
                if input.cancellation?.isCancelled == true { throw EncodeError.cancelled }
                let indices = Array(shown[first..<min(shown.count, first + batch)])
                let load = input.load
                var loaded = [Result<Bitmap, any Error>?](repeating: nil, count: indices.count)
                loaded.withUnsafeMutableBufferPointer { out in
                    let out = UnsafeMutableSendable(out)
                    ParallelLoop.perform(indices.count) { i in out.buffer[i] = Result { try load(indices[i]) } }
                }
                for (offset, result) in loaded.enumerated() {
                    if input.cancellation?.isCancelled == true { throw EncodeError.cancelled }
                    let frame = try result!.get()
                    let index = indices[offset]
                    if size == nil {
                        guard (1...16_383).contains(frame.width), (1...16_383).contains(frame.height) else {
                            throw EncodeError.invalidInput("\(input.name(of: index)) is \(frame.width)×\(frame.height); WebP frames are 1…16383 pixels a side")
                        }
                        size = (frame.width, frame.height)
                        for run in runs {
                            guard let encoder = LibWebP.AnimationEncoder(width: frame.width, height: frame.height, loops: repeatCount,
                                                                         settings: run.settings, minimizeSize: run.minimizeSize,
                                                                         allowMixed: !lossless) else {
                                throw EncodeError.libwebp("libwebp refused the settings or could not allocate")
                            }
                            encoders.append(encoder)
                        }
                    }
                    guard frame.width == size!.width, frame.height == size!.height else {
                        throw EncodeError.invalidInput("\(input.name(of: index)) is \(frame.width)×\(frame.height), "
                                                       + "the frames before it \(size!.width)×\(size!.height): all frames must be one size")
                    }
                    let at = start
                    if let reason = Self.inParallel(encoders, { $0.add(frame.pixels, at: at) }).compactMap({ $0 }).first {
                        throw EncodeError.libwebp(reason)
                    }
                    start += timeline.delays[first + offset]
                    progress?(first + offset + 1, shown.count)
                }
            }
            // The smallest of the runs' files (the first on a tie: the same input, the same bytes).
            let end = start
            var bytes: [UInt8]? = nil
            for result in Self.inParallel(encoders, { $0.assemble(endingAt: end) }) {
                switch result {
                case .success(let data): if bytes == nil || data.count < bytes!.count { bytes = data }
                case .failure(let failure): throw EncodeError.libwebp(failure.reason)
                }
            }
            let written = Self.frameCount(bytes!)
            return (bytes!, Report(width: size!.width, height: size!.height, framesWritten: written,
                                   framesMergedForTiming: timeline.mergedFrames, framesMergedIdentical: shown.count - written,
                                   duration: Double(start) / 1000, lossless: lossless, bytes: bytes!.count))
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

        /// Encodes `input` into the file `path`, written to a temporary file renamed into place
        /// when complete. Refused before anything is read (`OutputError`) when the name's extension
        /// promises another format than WebP (a name without one is taken as it is), when `path`
        /// is one of `inputs`, or — unless `overwrite` — a file Flipbook did not write.
        public func write(_ input: FrameInput, to path: String, protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false,
                          progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Report {
            if !OutputName.pathExtension(path).isEmpty || path.isEmpty {
                try OutputName.require(path, extensions: ["webp"], what: "a WebP encoder writes WebP")
            }
            try OutputSet.check(file: path, protecting: inputs, overwrite: overwrite)
            let (bytes, report) = try encode(input, progress: progress)
            do {
                try OutputSet.write(bytes, toFile: path, protecting: inputs, overwrite: overwrite)
            } catch let error as FileIO.Error {
                throw EncodeError.writeFailed(error)
            }
            return report
        }

        /// The first setting out of range, in a sentence naming it.
        private var settingError: String? {
            if !(0...100).contains(quality) { return "WebP.Encoder.quality is 0…100 (got \(quality))" }
            if !(0...WebP.maximumRepeatCount).contains(repeatCount) {
                return "WebP.Encoder.repeatCount is 0 (forever) or 1…\(WebP.maximumRepeatCount) plays (got \(repeatCount))"
            }
            return nil
        }

        /// The `ANMF` chunks of a WebP file (1 for a still image).
        static func frameCount(_ bytes: [UInt8]) -> Int {
            var offset = 12, frames = 0
            while offset + 8 <= bytes.count {
                let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
                if bytes[offset..<(offset + 4)].elementsEqual("ANMF".utf8) { frames += 1 }
                offset += 8 + size + (size & 1)
            }
            return max(frames, 1)
        }
    }
}
