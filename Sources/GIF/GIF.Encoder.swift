import Basics
import Dispatch
import Foundation
import Raster

extension GIF {
    /// Encodes a frame sequence as an animated GIF with exact timing, per-frame cropping and
    /// transparency. `standard` and `high` give each frame a palette for the pixels it redraws
    /// (the internal `ColorRefiner`), so more than 256 colours build up on screen; `fast` uses one global
    /// palette built from every frame, dithered in parallel in a way that keeps static areas static.
    ///
    /// Frames are decoded on all cores a few frames ahead of the encoder (the internal `FramePipeline`) —
    /// once for `standard` and `high`, twice for `fast` (once for the colour histogram, once to
    /// encode); no more than a core count plus two decoded frames is ever in memory.
    public struct Encoder: Sendable {
        /// Speed against quality.
        public enum Quality: String, Sendable, CaseIterable {
            /// One palette for all frames (from a quarter of the pixels), dithered — ordered by default —
            /// on all cores. The only preset that dithers.
            case fast
            /// The default. The first frame gets a full table; each later frame a table of at most 64
            /// entries (more at a scene cut) fitted to the pixels the screen shows worst, and only those
            /// are redrawn, only when that brings them closer to their source: a pixel whose source
            /// holds still may be refined, never back and forth. No dithering. Where the eye cannot
            /// tell (a dot of a dithered smoke or glow), a redrawn pixel may take a nearby colour that
            /// lets LZW's string go on, as gifsicle's and gifski's lossy modes do; opaque pixels and
            /// frames whose colours the table holds exactly (pixel art) stay exact. A later frame whose
            /// pixels the first frame's table holds nearly as well draws with that one and carries
            /// no table of its own.
            case standard
            /// Like `standard` with full tables for every frame (~40 dB on a slowly changing
            /// many-colour sequence). Larger files, slower.
            case high

            /// The most entries a table after the first may hold, the transparent one included.
            var laterFrameColors: Int { self == .standard ? 64 : 256 }

            /// How much worse than its own colour `standard` may draw a redrawn pixel so that LZW
            /// finds longer strings (``FrameDiff/Target/tolerance``: weighted squared RGB distance;
            /// only soft pixels away from opaque ones, see `FrameDiff`). `high` draws every pixel
            /// with its own colour.
            var lzwTolerance: Float { self == .standard ? FrameDiff.softTolerance : 0 }
        }

        /// What the encoder did.
        public struct Report: Sendable, Equatable {
            /// Width of the GIF's logical screen in pixels.
            public var width: Int
            /// Height of the GIF's logical screen in pixels.
            public var height: Int
            /// Frames in the file, after merges (and counting a frame longer than 65 535 cs as the several
            /// frames it is written as).
            public var framesWritten: Int
            /// Input frames dropped to keep every delay ≥ 2 cs.
            public var framesMergedForTiming: Int
            /// Input frames folded into the one before because they repeat it exactly: the same
            /// file bytes (`FrameInput.identical`) or the same pixels.
            public var framesMergedIdentical: Int
            /// Input frames folded into the one before although their pixels differ from it, by at
            /// most ``nearIdenticalMaxDifference`` levels: in the GIF's colours they draw nothing new.
            public var framesMergedNearIdentical: Int = 0
            /// The largest difference of one channel of one pixel (0…255 levels) between a
            /// near-identical frame merged and the frame shown in its place; 0 when none was merged.
            public var nearIdenticalMaxDifference: Int = 0
            /// Input frames (0-based) folded into the one before because the alpha mode drops every
            /// pixel of them (alpha under 16 with `dither`, under 128 with `threshold`): invisible in a GIF.
            public var framesMergedInvisible: [Int] = []
            /// No frame draws a pixel: every one was cut by the alpha mode (under 128 with
            /// `threshold`; under 16, or too faint for a dot, with `dither`). The GIF shows nothing at all.
            public var showsNothing = false
            /// Some frame has a pixel that is not fully transparent (alpha above 0) before the alpha
            /// mode's cut: with ``showsNothing``, the GIF lost what the frames show.
            public var sourceShowsSomething = true
            /// Frames longer than 655.35 s (``GIF/Timing/maximumDelay``, the longest delay a GIF can
            /// store), each written as the frame and frames that change nothing after it.
            public var framesSplitForTiming: Int = 0
            /// The frames that change nothing written after ``framesSplitForTiming``'s frames to make up
            /// their time (counted in ``framesWritten``).
            public var framesAddedForTiming: Int = 0
            /// The sum of the delays written, in centiseconds: one play's length.
            public var totalCentiseconds: Int
            /// The most entries a colour table could hold: the encoder's ``GIF/Encoder/colors`` and the
            /// transparent entry, at most 256.
            public var paletteSize: Int
            /// The entries of the largest colour table written: a power of two, the transparent
            /// entry and padding included, at most ``paletteSize`` rounded up (two colours on a
            /// clear ground write 4 where 256 were allowed). No cap at or above it makes the GIF smaller.
            public var colorsUsed: Int = 0
            /// Frames carrying a colour table of their own (`standard`, `high`: every frame that draws, but the first).
            public var localPalettes: Int
            /// Size of the GIF in bytes.
            public var bytes: Int
        }

        /// Amplitude of the ordered pattern in RGB levels: enough to break bands between palette
        /// entries, small enough to add little noise. Measured on the benchmark sequences: 4 costs
        /// ~0.1 dB and ~4 % bytes against no dithering; 12 costs 0.8 dB and 20 %.
        static let orderedSpread = 4.0
        /// Share of the quantisation error Floyd–Steinberg diffuses (1 = classic). Full diffusion
        /// turns flat areas to noise that LZW cannot compress; 0.6 keeps gradients smooth.
        static let diffusionStrength = 0.6

        /// The colour preset: `standard` (the default), `high` or `fast`.
        public var quality: Quality
        /// The most colours a frame draws, 2…256. A colour table also keeps one entry for
        /// transparency, and a GIF table holds at most 256 entries, so 256 and 255 both draw at most
        /// 255; a table of 16 entries (4-bit codes) holds 15 colours. With `standard`, tables after
        /// the first hold at most 63 colours.
        public var colors: Int

        /// The most entries of any colour table: ``colors`` and the transparent entry, at most 256.
        var tableEntries: Int { colors < 256 ? colors + 1 : 256 }
        /// How `fast` renders colours between palette entries; `standard` and `high` refine colours
        /// across frames instead and take only `.none`.
        public var dithering: Dithering
        /// How soft alpha becomes GIF's one bit of transparency; ``AlphaMode/dither`` by default.
        public var alpha: AlphaMode
        /// With `threshold` and `dither`: the colour that partly transparent pixels kept opaque are
        /// composited onto, for a GIF shown on a known background (with a matte alpha it is
        /// refused: ``settingError``). `nil` (the default) keeps their
        /// own colour, as other encoders do. (Mid-grey lowers the worst-case error over
        /// an unknown background, but measured on the benchmark sprites it lost 0.4–0.6 dB as often
        /// as it gained 0.9, so it is not the default.)
        public var edgeMatte: Color?
        /// UIKit's meaning: 0 forever, N plays.
        public var repeatCount: Int
        /// Pixels per point of the frames, as UIKit's `scale` (2 for `@2x` files; 1…8, `ImageFileName.drawingScaleRange`). With
        /// ``AlphaMode/dither``, frames of 2 and more keep soft pixels in horizontal pairs (half a
        /// point wide on the screen they are made for), which GIF's LZW compresses better than
        /// single dots: 16 % fewer bytes on the benchmark's `@2x` spinner.
        public var scale: Int

        /// `dithering` defaults to ordered for `fast` and none otherwise; `alpha` to ``AlphaMode/dither``.
        public init(quality: Quality = .standard, colors: Int = 256, dithering: Dithering? = nil,
                    alpha: AlphaMode = .dither, edgeMatte: Color? = nil, repeatCount: Int = 0, scale: Int = 1) {
            self.quality = quality
            self.colors = colors
            self.dithering = dithering ?? (quality == .fast ? .ordered : .none)
            self.alpha = alpha
            self.edgeMatte = edgeMatte
            self.repeatCount = repeatCount
            self.scale = scale
        }

        /// Encodes `input` in memory; `progress` receives the frames done for both passes as
        /// `JobProgress` (Basics) of phase `encoding`, on the encoding thread. Throws only ``EncodeError``: ``EncodeError/cancelled`` once the
        /// input's `cancellation` is raised; what its `load` throws as
        /// ``EncodeError/frame(_:)`` (Raster's `PNG.DecodeError`, for frames read from files) or
        /// ``EncodeError/load(reason:)`` (any other error). A duration that is not a
        /// positive number of seconds of at most a day is ``EncodeError/invalidInput(_:)``, a setting out
        /// of range ``EncodeError/setting(_:)`` (``settingError``); a frame
        /// over 655.35 s is written as the frame and frames that change nothing (``Timing``).
        public func encode(_ input: FrameInput, progress: (@Sendable (JobProgress) -> Void)? = nil) throws(EncodeError)
            -> (bytes: [UInt8], report: Report) {
            do { return try run(input, progress: JobProgress.counter(for: progress, phase: .encoding), drain: nil) } catch { throw .encoding(error) }
        }

        /// Encodes `input` straight into `path`, atomically (temporary file, then rename), as a
        /// single-file Basics `OutputSet` (recorded, so a later run may replace it); the GIF is
        /// never held in memory whole. Before any work, ``EncodeError/output(_:)`` refuses a `path` that
        /// is one of `inputs`, not a regular file, another set's file, or — unless `overwrite` — a
        /// file Flipbook did not write, or a name that promises another format than GIF (a name without an
        /// extension is taken as it is). Throws as ``encode(_:progress:)`` does, and ``EncodeError/writeFailed(_:)``
        /// when the file cannot be written; nothing is left at `path` on any error.
        public func write(_ input: FrameInput, to path: String, protecting inputs: InputFiles = InputFiles(), overwrite: Bool = false,
                          progress: (@Sendable (JobProgress) -> Void)? = nil) throws(EncodeError) -> Report {
            // A name that promises another format (`walk.png`) is refused: a GIF is named .gif. A name
            // without an extension promises nothing, as for the APNG and WebP encoders.
            if !OutputName.pathExtension(path).isEmpty || path.isEmpty {
                do throws(OutputError) { try OutputName.require(path, extensions: ["gif"], what: "a GIF encoder writes GIF") } catch { throw .output(error) }
            }
            let set = OutputSet(owner: path, protecting: inputs)
            let file: AtomicFileWriter
            do { file = try set.open(path, named: overwrite) } catch { throw .writing(error) }
            let drain: ([UInt8]) throws -> Void = { bytes in
                do throws(FileIO.Error) { try file.write(bytes) } catch { throw EncodeError.writeFailed(error) }
            }
            var (rest, report): ([UInt8], Report)
            do {
                (rest, report) = try run(input, progress: JobProgress.counter(for: progress, phase: .encoding), drain: drain)
                try drain(rest)
            } catch {
                throw .encoding(error)
            }
            // Raised while the last frames were encoded (checked between frames only): still nothing is written.
            if input.cancellation?.isCancelled == true { throw .cancelled }
            do { try set.commit() } catch { throw .writing(error) }
            rest = []
            report.bytes = Self.fileSize(path) ?? report.bytes
            return report
        }

        /// The first setting out of range, or meaningless with another (dithering without `fast`, an
        /// ``edgeMatte`` with a ``AlphaMode/matte(_:)`` alpha, which leaves no soft pixel to blend),
        /// naming it; `nil` when all are usable.
        public var settingError: SettingError? {
            if !(2...256).contains(colors) { return SettingError(.colors, of: "GIF.Encoder", value: colors, allowed: .range(2...256)) }
            if let error = ImageFileName.drawingScaleError(scale, of: "GIF.Encoder") { return error }
            if !(0...GIF.maximumRepeatCount).contains(repeatCount) {
                return SettingError(.repeatCount, of: "GIF.Encoder", value: repeatCount, allowed: .range(0...GIF.maximumRepeatCount),
                                    format: "GIF", reason: "its loop block holds 16 bits")
            }
            if quality != .fast && dithering != .none {
                return SettingError(.dithering, of: "GIF.Encoder", value: dithering.rawValue, problem: .conflicts(with: .quality, value: quality.rawValue),
                                    reason: "\(quality.rawValue) refines colours across frames and does not dither; dithering needs fast")
            }
            if case .matte(let matte) = alpha, let edgeMatte {
                return SettingError(.edgeMatte, of: "GIF.Encoder", value: edgeMatte.description, problem: .conflicts(with: .alpha, value: "matte:\(matte)"),
                                    reason: "a matte makes every pixel opaque on its colour, so no soft edge is left to blend")
            }
            return nil
        }

        private static func fileSize(_ path: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        }

        private func run(_ input: FrameInput, progress: (@Sendable (Int, Int) -> Void)?,
                         drain: (([UInt8]) throws -> Void)?) throws -> (bytes: [UInt8], report: Report) {
            // The input's own scale, when it knows it, is the one its frames are dithered for
            // (out of range, it is named as the input's: it was refused as `GIF.Encoder.scale`).
            if let error = input.settingError { throw EncodeError.setting(error) }
            if let scale = input.scale, scale != self.scale {
                var encoder = self, input = input
                (encoder.scale, input.scale) = (scale, nil)
                return try encoder.run(input, progress: progress, drain: drain)
            }
            if input.cancellation?.isCancelled == true { throw EncodeError.cancelled }
            guard !input.durations.isEmpty else { throw EncodeError.invalidInput("no frames") }
            // NaN, infinities, 0, negatives and durations over a day are refused before any work
            // (a GIF that silently played a day for 10⁶ s would say nothing).
            if let error = DelayTimeline.durationError(input.durations, name: { frame in
                input.names.flatMap { frame < $0.count ? $0[frame] : nil } ?? "frame \(frame + 1)"
            }) {
                throw EncodeError.setting(error)
            }
            if let error = settingError { throw EncodeError.setting(error) }
            // Runs of frames the input knows are identical are one frame before timing, so short
            // repeats do not move the next picture's start (`FrameInput.identical`).
            let runs = IdenticalRuns(durations: input.durations, identical: input.identical)
            let timing = Timing(runs.durations, longest: .infinity, splitting: false)
            let frames = timing.frameIndices.map { runs.firsts[$0] }
            // The first frame gives the size, and is handed to the first worker that asks for it
            // (not decoded twice; `fast`'s second pass decodes it again rather than hold it).
            let first = try input.load(frames[0])
            let (width, height) = (first.width, first.height)
            let load = loader(frames: frames, input: input, width: width, height: height, first: first)
            var output = Output(width: width, height: height, netscapeLoops: GIF.netscapeLoops(repeatCount: repeatCount),
                                drain: drain)
            output.merged.invisibleBelow = alpha.faintestDrawn
            do {
                if quality == .fast {
                    // Each kept frame counts in the palette as often as the input shows it.
                    let shown = timing.frameIndices.map(runs.length(of:))
                    try quantizeGlobally(frames.count, load: load, timing: timing, weights: shown, output: &output,
                                         stop: input.cancellation, progress: progress)
                } else {
                    try refine(frames.count, load: load, timing: timing, output: &output, stop: input.cancellation, progress: progress)
                }
            } catch {
                output.abandon()
                throw error
            }
            let (bytes, written, merged) = try output.finish()
            // Counted as written (the last frame is written by `finish`).
            let localPalettes = quality == .fast ? 0 : output.localTables
            var report = Report(width: width, height: height, framesWritten: written,
                                framesMergedForTiming: timing.mergedFrames,
                                framesMergedIdentical: merged.identical + runs.folded,
                                framesMergedNearIdentical: merged.nearIdentical, nearIdenticalMaxDifference: merged.maxDifference,
                                framesMergedInvisible: merged.invisible.map { frames[$0] },
                                totalCentiseconds: timing.totalCentiseconds, paletteSize: tableEntries,
                                localPalettes: localPalettes, bytes: bytes.count)
            report.colorsUsed = output.largestTable
            report.showsNothing = !merged.drewVisible
            report.sourceShowsSomething = merged.sourceVisible
            (report.framesSplitForTiming, report.framesAddedForTiming) = output.longFrames
            return (bytes, report)
        }

        /// `fast`: pass 1 gathers every frame's colours into one global palette; pass 2
        /// dithers to it and writes. Ordered and no dithering give the same index for the same colour
        /// at the same place, so each frame is split over the cores and static pixels stay static by
        /// themselves; error diffusion depends on the previous frame's output and runs in order,
        /// keeping the previous index wherever the source did not change. `weights`: how many input
        /// frames each kept frame stands for (a run of known repeats, decoded once, counts in the
        /// palette as often as it shows, as when each repeat is decoded).
        private func quantizeGlobally(_ count: Int, load: @escaping @Sendable (Int) throws -> AlphaFlattener.Prepared, timing: Timing,
                                      weights: [Int],
                                      output: inout Output, stop: CancellationFlag?, progress: (@Sendable (Int, Int) -> Void)?) throws {
            let steps = count * 2
            // Flattened in order (a pixel's alpha state carries over) in both passes alike, so the
            // second sees the pixels the palette was built for.
            var planner = PalettePlanner(colors: tableEntries, refinements: 2, sampling: 4)
            var flattener = AlphaFlattener(alpha: alpha)
            try FramePipeline.run(count: count, ahead: Self.framesAhead(width: output.width, height: output.height), stop: stop, stopped: { EncodeError.cancelled }, produce: load) { index, frame in
                planner.add(flattener.flatten(frame), times: weights[index])
                progress?(index + 1, steps)
            }
            let palette = planner.finish()
            output.globalPalette = palette.rgb
            let (width, height) = (output.width, output.height)
            let dithering = self.dithering
            let strength = dithering == .ordered ? Self.orderedSpread : Self.diffusionStrength
            var previous: (pixels: [UInt8], indices: [UInt8])?
            flattener = AlphaFlattener(alpha: alpha)
            try FramePipeline.run(count: count, ahead: Self.framesAhead(width: output.width, height: output.height), stop: stop, stopped: { EncodeError.cancelled }, produce: load) { index, frame in
                let source = frame.source
                var pixels = flattener.flatten(frame)
                // Ordered and none split each frame over the cores (``Dither/indices``); error
                // diffusion runs along the frame and keeps what the previous frame showed.
                let indices = Dither.indices(pixels, width: width, height: height, map: palette.map,
                                             transparent: palette.transparent, method: dithering, strength: strength,
                                             previous: dithering == .floydSteinberg ? previous : nil)
                let colors = Self.colors(of: indices, pixels: pixels, palette: palette)
                if dithering == .floydSteinberg { previous = (pixels, indices) }
                pixels = []
                try output.add(FrameDiff.Target(colors: colors, indices: indices, transparent: palette.transparent,
                                                 palette: palette.rgb, isLocal: false), delay: timing.delays[index], source: source)
                progress?(count + index + 1, steps)
            }
        }

        /// `standard` and `high`: one pass; each frame gets a palette for the pixels it redraws (``ColorRefiner``).
        /// Frames are decoded on the workers; refining depends on what the screen shows, so it runs in
        /// order. Returns how many frames carry their own palette.
        private func refine(_ count: Int, load: @escaping @Sendable (Int) throws -> AlphaFlattener.Prepared, timing: Timing,
                            output: inout Output, stop: CancellationFlag?, progress: (@Sendable (Int, Int) -> Void)?) throws {
            // Flattened here in order: a pixel's alpha state carries over.
            var flattener = AlphaFlattener(alpha: alpha)
            var refiner = ColorRefiner(width: output.width, height: output.height, firstColors: tableEntries,
                                       colors: min(tableEntries, quality.laterFrameColors), refinements: 8,
                                       laterFullRefinements: quality == .standard ? 4 : 8,
                                       lzwTolerance: quality.lzwTolerance, sharesFirstTable: quality == .standard)
            // Frame N is added (its LZW choice, on `side`) while frame N + 1's candidates are found
            // here, row by row behind it (``FrameDiff/add(_:delay:next:side:beside:)``): so a frame
            // waits here for the next one, and is added once that one is flattened.
            let side = ParallelLoop.cores > 1 ? SideThread() : nil
            defer { side?.stop() }
            var waiting: (target: FrameDiff.Target, delay: Int, source: [UInt8])?
            try FramePipeline.run(count: count, ahead: Self.framesAhead(width: output.width, height: output.height), stop: stop, stopped: { EncodeError.cancelled }, produce: load) { (index: Int, frame: consuming AlphaFlattener.Prepared) in
                // Without a matte the flattened frame's opaque pixels are the source's, whose
                // neighbourhoods the workers found (``AlphaFlattener/Prepared/rim``).
                let nearOpaque = alpha == .dither && edgeMatte == nil ? frame.rim : nil
                let source = frame.source
                let facts = frame.facts
                // Handed over, not copied: the flattener then changes the frame's pixels in place
                // (a copy of every frame's pixels on the encoding thread, 640 KB a 400² frame).
                let pixels = flattener.flatten(consume frame)
                var cleared: GIF.Rect?
                var found = ColorRefiner.Candidates()
                if let before = waiting {
                    waiting = nil
                    try output.add(before.target, delay: before.delay, source: before.source, next: pixels,
                                   nextDrawsEveryPixel: facts?.drawsEveryPixel == true, side: side) { screen, region, rows in
                        cleared = region
                        found = refiner.candidates(of: pixels, screen: screen, cleared: region, rows: rows, facts: facts)
                    }
                } else {
                    cleared = output.diff.regionCleared(transparentIn: pixels)
                    found = output.diff.canvas.withUnsafeBufferPointer { refiner.candidates(of: pixels, screen: $0, cleared: cleared, rows: nil, facts: facts) }
                }
                var target = refiner.target(for: pixels, screen: output.diff.canvas, cleared: cleared, found)
                target.nearOpaque = nearOpaque
                waiting = (target, timing.delays[index], source)
                progress?(index + 1, count)
            }
            if let last = waiting { try output.add(last.target, delay: last.delay, source: last.source) }
        }

        /// Frames decoded (or waiting) ahead of the one being encoded: one per core. Measured on
        /// the 800² explosion and 720p film: the old windows of two per core, two windows at once,
        /// held 8 frames (+15 MB) for no gain in wall time, and one more than the cores neither.
        /// Frames over 4096² (64 MB each, flattened in a copy of their own) are decoded one ahead:
        /// three frames of an 8000² screen held 0.8 GB in flight for no gain.
        static func framesAhead(width: Int, height: Int) -> Int { width * height > 1 << 24 ? 1 : max(2, ParallelLoop.cores) }
    }
}

