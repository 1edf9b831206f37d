import Dispatch
import Foundation
import Raster

extension GIF {
    /// Encodes a frame sequence as an animated GIF: one global palette built from every frame,
    /// dithering that keeps static areas static, per-frame cropping and transparency, exact timing.
    ///
    /// Frames are read twice — once for the colour histogram, once to encode — a few at a time,
    /// decoded in parallel; no more than a small window of decoded frames is ever in memory.
    public struct Encoder: Sendable {
        /// Speed against quality.
        public enum Quality: String, Sendable, CaseIterable {
            /// Samples a quarter of the pixels for the palette; few refinement passes.
            case fast
            /// The default.
            case standard
            /// More palette refinement.
            case high
        }

        /// Where the frames come from: a count, their durations, and a loader called from any thread.
        public struct Input: Sendable {
            public var durations: [Double]
            public var load: @Sendable (Int) throws -> Bitmap

            public init(durations: [Double], load: @escaping @Sendable (Int) throws -> Bitmap) {
                self.durations = durations
                self.load = load
            }
        }

        /// What the encoder did.
        public struct Report: Sendable, Equatable {
            public var width: Int
            public var height: Int
            public var framesWritten: Int
            /// Input frames dropped to keep every delay ≥ 2 cs.
            public var framesMergedForTiming: Int
            /// Input frames folded into the one before because they showed nothing new.
            public var framesMergedIdentical: Int
            public var totalCentiseconds: Int
            public var paletteSize: Int
            public var bytes: Int
        }

        /// Amplitude of the ordered pattern in RGB levels: enough to break bands between palette
        /// entries, small enough to add little noise. Measured on the benchmark sequences: 4 costs
        /// ~0.1 dB and ~4 % bytes against no dithering; 12 costs 0.8 dB and 20 %.
        static let orderedSpread = 4.0
        /// Share of the quantisation error Floyd–Steinberg diffuses (1 = classic). Full diffusion
        /// turns flat areas to noise that LZW cannot compress; 0.6 keeps gradients smooth.
        static let diffusionStrength = 0.6

        public var quality: Quality
        /// Palette size, 2…256 (one entry is kept for transparency).
        public var colors: Int
        public var dithering: Dithering
        public var alpha: AlphaMode
        /// With `threshold` and `dither`: the colour that partly transparent pixels kept opaque are
        /// composited onto, for a GIF shown on a known background. `nil` (the default) keeps their
        /// un-premultiplied colour, as other encoders do. (Mid-grey lowers the worst-case error over
        /// an unknown background, but measured on the benchmark sprites it lost 0.4–0.6 dB as often
        /// as it gained 0.9, so it is not the default.)
        public var edgeMatte: Color?
        /// UIKit's meaning: 0 forever, N plays.
        public var repeatCount: Int

        public init(quality: Quality = .standard, colors: Int = 256, dithering: Dithering = .ordered,
                    alpha: AlphaMode = .threshold, edgeMatte: Color? = nil, repeatCount: Int = 0) {
            self.quality = quality
            self.colors = colors
            self.dithering = dithering
            self.alpha = alpha
            self.edgeMatte = edgeMatte
            self.repeatCount = repeatCount
        }

        /// Encodes `input` in memory; `progress` receives (frames done, frames in all) for both passes.
        public func encode(_ input: Input, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> (bytes: [UInt8], report: Report) {
            try run(input, progress: progress, drain: nil)
        }

        /// Encodes `input` straight into `path`, atomically (temporary file, then rename); the GIF
        /// is never held in memory whole.
        public func write(_ input: Input, to path: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Report {
            let file: AtomicFileWriter
            do { file = try AtomicFileWriter(path: path) } catch { throw EncodeError.writeFailed(file: path, reason: error.reason) }
            let drain: ([UInt8]) throws -> Void = { bytes in
                do { try file.write(bytes) } catch {
                    throw EncodeError.writeFailed(file: path, reason: (error as? FileIO.Error)?.reason ?? "\(error)")
                }
            }
            var (rest, report) = try run(input, progress: progress, drain: drain)
            try drain(rest)
            do { try file.commit() } catch { throw EncodeError.writeFailed(file: path, reason: error.reason) }
            rest = []
            report.bytes = Self.fileSize(path) ?? report.bytes
            return report
        }

        private static func fileSize(_ path: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        }

        private func run(_ input: Input, progress: (@Sendable (Int, Int) -> Void)?,
                         drain: (([UInt8]) throws -> Void)?) throws -> (bytes: [UInt8], report: Report) {
            guard !input.durations.isEmpty else { throw EncodeError.invalidInput("no frames") }
            guard (2...256).contains(colors) else { throw EncodeError.invalidInput("colors must be 2…256 (got \(colors))") }
            let timing = Timing(durations: input.durations)
            let frames = timing.frameIndices
            let first = try input.load(frames[0])
            let (width, height) = (first.width, first.height)
            let steps = frames.count * 2

            // Pass 1: the colour histogram, frames decoded in parallel windows.
            var histogram = ColorHistogram()
            let sampling = quality == .fast ? 4 : 1
            let flatten = flattener(frames: frames, input: input, width: width, height: height)
            try FramePipeline.run(count: frames.count, windowSize: Self.windowSize, produce: flatten) { index, pixels in
                histogram.add(pixels, step: sampling)
                progress?(index + 1, steps)
            }
            let transparent = UInt8(colors - 1)
            let refinements = quality == .fast ? 2 : quality == .standard ? 8 : 24
            var palette: [UInt8]
            if let exact = histogram.exactColors, !exact.isEmpty, exact.count <= colors - 1 {
                // Few colours (pixel art, flat UI): the palette is exactly them, and the GIF is lossless.
                palette = exact.sorted().flatMap { [UInt8($0 >> 16), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
            } else {
                palette = Quantizer.palette(for: histogram.samples(), count: colors - 1, refinements: refinements)
            }
            let map = PaletteMap(palette: palette)
            while palette.count / 3 < colors { palette += [0, 0, 0] }   // the transparent slot (and padding)

            // Pass 2: dither to indices, difference, write. Ordered and no dithering give the same
            // index for the same colour at the same place, so they run on the workers; error
            // diffusion depends on the previous frame's output and runs in order.
            let writer = try Writer(width: width, height: height, globalPalette: palette,
                                    netscapeLoops: GIF.netscapeLoops(repeatCount: repeatCount), drain: drain)
            var diff = FrameDiff(width: width, height: height, transparent: transparent)
            var previous: (pixels: [UInt8], indices: [UInt8])?
            var written = 0
            let dithering = self.dithering
            let strength = dithering == .ordered ? Self.orderedSpread : Self.diffusionStrength
            let parallel = dithering != .floydSteinberg
            try FramePipeline.run(count: frames.count, windowSize: Self.windowSize, produce: { index in
                let pixels = try flatten(index)
                guard parallel else { return (pixels, [UInt8]()) }
                let indices = Dither.indices(pixels, width: width, height: height, map: map, transparent: transparent,
                                             method: dithering, strength: strength, previous: nil)
                return (pixels, indices)
            }, consume: { index, produced in
                var (pixels, indices) = produced
                if !parallel {
                    indices = Dither.indices(pixels, width: width, height: height, map: map, transparent: transparent,
                                             method: dithering, strength: strength, previous: previous)
                    previous = (pixels, indices)
                }
                pixels = []
                if let ready = diff.add(indices, delay: timing.delays[index]) {
                    try writer.add(ready)
                    written += 1
                }
                progress?(frames.count + index + 1, steps)
            })
            if let last = diff.finish() {
                try writer.add(last)
                written += 1
            }
            let bytes = try writer.finish()
            let report = Report(width: width, height: height, framesWritten: written,
                                framesMergedForTiming: timing.mergedFrames, framesMergedIdentical: diff.mergedFrames,
                                totalCentiseconds: timing.totalCentiseconds, paletteSize: colors, bytes: bytes.count)
            return (bytes, report)
        }

        /// Frames decoded ahead of the encoder: two per core.
        static var windowSize: Int { max(2, ProcessInfo.processInfo.activeProcessorCount * 2) }

        /// A loader of the `index`-th kept frame as flattened pixels, checking its size.
        private func flattener(frames: [Int], input: Input, width: Int, height: Int) -> @Sendable (Int) throws -> [UInt8] {
            let alpha = self.alpha, edgeMatte = self.edgeMatte
            return { index in
                let bitmap = try input.load(frames[index])
                guard bitmap.width == width, bitmap.height == height else {
                    throw EncodeError.invalidInput("frame \(frames[index] + 1) is \(bitmap.width)×\(bitmap.height); "
                        + "the first frame is \(width)×\(height)")
                }
                return Dither.flatten(bitmap, alpha: alpha, edgeMatte: edgeMatte)
            }
        }
    }
}

