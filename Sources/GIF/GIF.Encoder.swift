import Dispatch
import Foundation
import Raster

extension GIF {
    /// Encodes a frame sequence as an animated GIF: one global palette built from every frame (plus
    /// run palettes with the `high` preset),
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
            /// More palette refinement, and palettes of their own for runs of frames whose colours the
            /// global palette serves badly: higher fidelity, larger files.
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
            /// Palettes besides the global one, each used by a run of frames.
            public var localPalettes: Int
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

            // Pass 1: colour statistics, frames decoded in parallel windows, and the palette plan.
            let flatten = flattener(frames: frames, input: input, width: width, height: height)
            var planner = PalettePlanner(colors: colors, refinements: quality == .fast ? 2 : quality == .standard ? 8 : 24,
                                         allowRuns: quality == .high, sampling: quality == .fast ? 4 : 1)
            try FramePipeline.run(count: frames.count, windowSize: Self.windowSize, produce: flatten) { index, pixels in
                planner.add(pixels)
                progress?(index + 1, steps)
            }
            let plan = planner.finish()

            // Pass 2: dither to indices, difference, write. Ordered and no dithering give the same
            // index for the same colour at the same place, so they run on the workers; error
            // diffusion depends on the previous frame's output and runs in order. A pixel whose
            // source did not change keeps its colour, even across a change of palette.
            let writer = try Writer(width: width, height: height, globalPalette: plan.palettes[0].rgb,
                                    netscapeLoops: GIF.netscapeLoops(repeatCount: repeatCount), drain: drain)
            var diff = FrameDiff(width: width, height: height)
            var previous: (pixels: [UInt8], indices: [UInt8], palette: Int, colors: [UInt32])?
            var written = 0
            let dithering = self.dithering
            let strength = dithering == .ordered ? Self.orderedSpread : Self.diffusionStrength
            let parallel = dithering != .floydSteinberg
            // With one palette and a position-stable dithering, colours are a function of the source
            // pixel and its place, so static pixels stay static by themselves and the workers can
            // produce final colours; otherwise the previous frame decides, in order.
            let workersFinish = parallel && plan.palettes.count == 1
            try FramePipeline.run(count: frames.count, windowSize: Self.windowSize, produce: { index in
                let pixels = try flatten(index)
                guard parallel else { return (pixels, [UInt8](), [UInt32]()) }
                let palette = plan.palettes[plan.paletteOfFrame[index]]
                var indices = Dither.indices(pixels, width: width, height: height, map: palette.map,
                                             transparent: palette.transparent, method: dithering, strength: strength, previous: nil)
                guard workersFinish else { return (pixels, indices, [UInt32]()) }
                let colors = Self.colors(of: &indices, pixels: pixels, palette: palette, keeping: nil)
                return ([UInt8](), indices, colors)
            }, consume: { index, produced in
                var (pixels, indices, colors) = produced
                let paletteNumber = plan.paletteOfFrame[index]
                let palette = plan.palettes[paletteNumber]
                if !workersFinish {
                    if !parallel {
                        let samePalette = previous.map { $0.palette == paletteNumber } ?? false
                        indices = Dither.indices(pixels, width: width, height: height, map: palette.map,
                                                 transparent: palette.transparent, method: dithering, strength: strength,
                                                 previous: samePalette ? previous.map { ($0.pixels, $0.indices) } : nil)
                    }
                    colors = Self.colors(of: &indices, pixels: pixels, palette: palette, keeping: previous.map { ($0.pixels, $0.colors) })
                    previous = (pixels, indices, paletteNumber, colors)
                }
                pixels = []
                let target = FrameDiff.Target(colors: colors, indices: indices, transparent: palette.transparent,
                                              palette: palette.rgb, isLocal: !palette.isGlobal)
                if let ready = diff.add(target, delay: timing.delays[index]) {
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
                                totalCentiseconds: timing.totalCentiseconds, paletteSize: colors,
                                localPalettes: plan.palettes.count - 1, bytes: bytes.count)
            return (bytes, report)
        }

        /// The colour each pixel should show (`0xFFRRGGBB`, 0 when transparent). Where the flattened
        /// source equals the previous frame's, the previous colour is kept — static areas never
        /// change, even when the palette does, because unchanged pixels are left transparent; the
        /// index is set to the nearest entry in case the pixel has to be redrawn after a disposal.
        static func colors(of indices: inout [UInt8], pixels: [UInt8], palette: PalettePlanner.Palette,
                           keeping previous: ([UInt8], [UInt32])?) -> [UInt32] {
            var colors = [UInt32](repeating: 0, count: indices.count)
            let rgb = palette.rgb
            for pixel in 0..<indices.count {
                let i = pixel * 4
                guard pixels[i + 3] != 0 else { continue }
                if let (oldPixels, oldColors) = previous, oldPixels[i + 3] != 0, oldPixels[i] == pixels[i],
                   oldPixels[i + 1] == pixels[i + 1], oldPixels[i + 2] == pixels[i + 2] {
                    let old = oldColors[pixel]
                    let p = Int(indices[pixel]) * 3
                    let current = 0xFF00_0000 | UInt32(rgb[p]) << 16 | UInt32(rgb[p + 1]) << 8 | UInt32(rgb[p + 2])
                    if current != old {
                        indices[pixel] = palette.map.nearest(Int(old >> 16 & 0xFF), Int(old >> 8 & 0xFF), Int(old & 0xFF))
                    }
                    colors[pixel] = old
                    continue
                }
                let p = Int(indices[pixel]) * 3
                colors[pixel] = 0xFF00_0000 | UInt32(rgb[p]) << 16 | UInt32(rgb[p + 1]) << 8 | UInt32(rgb[p + 2])
            }
            return colors
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

