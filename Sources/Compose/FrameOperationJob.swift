import Animated
import Basics
import Foundation
import GIF
import Raster

/// One image operation (``FrameOperation``: a blur, a nine-slice, a resize) applied to every frame
/// of a sequence — a folder of numbered PNGs, a prefix, or a GIF, APNG or WebP — and written as
/// `flipbook blur`, `slice` and `resize` write a sequence: a folder of numbered PNGs named after
/// the source's frames with its `sequence.json` (the source's timing, repeat count and direction
/// carried over), or an animated GIF, APNG or WebP by the output's name, as `flipbook assemble`
/// picks it. One output frame per input frame.
///
/// ```swift
/// var job = FrameOperationJob(sources: ["Sequences/explosion"], output: "blurred",
///                             operation: .blur(Blur(sigma: 4)))
/// let outcome = try await job.run()       // blocking: try job.run(cancellation: nil)
/// print(outcome.frames, outcome.files)
/// ```
///
/// The output contract is `assemble`'s: never over an input, a rerun replaces the set it wrote,
/// ``overwrite`` for a file Flipbook did not write, nothing left behind on failure or
/// cancellation. Frames are read, changed and written one at a time on every core: the frames of
/// a PNG sequence are decoded when their turn comes and forgotten once written, and a GIF, APNG or
/// WebP source is read once for its timing and then decoded again frame by frame as the frames are
/// made (Animated's `FrameStream`), so thousands of frames take the memory of a few. `plan()` reads the source and checks the settings, the first frame's
/// result against the limits and the output's name; ``run(_:progress:cancellation:)`` does the
/// work. Errors are ``FrameOperationError``s.
public struct FrameOperationJob: Sendable {
    /// The sequence: a folder, a prefix (`Sequences/fire` for `fire1.png …`), PNG files, or one GIF,
    /// APNG or WebP, read as `Animation.load` reads sources; empty when the job reads ``files``.
    public var sources: [String]
    /// The sequence as files held in memory (an upload: numbered PNG frames and their
    /// `sequence.json`, or one GIF, APNG or WebP), read as `Animation.load(files:)` reads them,
    /// when ``sources`` is empty: nothing is read from disk.
    public var files: [InMemoryFile] = []
    /// The folder or file to write, named for its format; `nil` returns an animation's bytes in
    /// ``Outcome/bytes`` (GIF unless ``format`` says otherwise) and writes nothing.
    public var output: String?
    /// What is done to each frame.
    public var operation: FrameOperation
    /// What to write; `nil` takes it from ``output``'s name (no extension: a folder). A sheet is
    /// refused (run `flipbook sheet` on the folder written).
    public var format: RenderJob.Format?
    /// Whether ``output`` may replace a file Flipbook did not write (never an input, never a file
    /// of another Flipbook set).
    public var overwrite: Bool
    /// What the source may ask for: pixels of each frame and of each result, frames, decoded bytes.
    public var limits: ResourceLimits
    /// The most threads the work uses; `nil` uses every core. The output is the same whatever the limit.
    public var threads: Int?
    /// Two files for one frame number (`fire2.png` and `fire02.png`): refused naming both
    /// (`.error`, the default), or the first or the last in name order kept, as `AssembleJob` and
    /// `SheetJob` take it.
    public var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error

    /// A job applying `operation` to the frames of `sources`, written to `output` (`nil`: bytes only).
    public init(sources: [String], output: String?, operation: FrameOperation, format: RenderJob.Format? = nil, overwrite: Bool = false,
                limits: ResourceLimits = .default, threads: Int? = nil) {
        self.sources = sources; self.output = output; self.operation = operation; self.format = format
        self.overwrite = overwrite; self.limits = limits; self.threads = threads
    }

    /// A job over files held in memory (an upload), returning the animation's bytes (GIF unless
    /// `format` says otherwise) when `output` is `nil`, the default.
    public init(files: [InMemoryFile], output: String? = nil, operation: FrameOperation, format: RenderJob.Format? = nil,
                limits: ResourceLimits = .default) {
        self.init(sources: [], output: output, operation: operation, format: format, limits: limits)
        self.files = files
    }

    /// A job over the sources at the file URLs `urls`, written to the file or folder at `output`.
    public init(urls: [URL], output: URL?, operation: FrameOperation, overwrite: Bool = false, limits: ResourceLimits = .default) {
        self.init(sources: urls.map(\.filePathForFlipbook), output: output?.filePathForFlipbook, operation: operation, overwrite: overwrite,
                  limits: limits)
    }

    /// What `plan()` found.
    public struct Plan: Sendable {
        /// The source read (frames not decoded, for a PNG sequence).
        public var animation: Animation
        /// What is written.
        public var format: RenderJob.Format
        /// The frames' file name before their number (a folder).
        public var prefix: String
        /// Each frame's size after the operation, in pixels (the first frame's: every frame of a
        /// sequence has one size).
        public var width: Int, height: Int
        /// The files read (no output may replace one).
        public var inputs: InputFiles
        /// What the reader read past (a sequence's gaps, a GIF cut short).
        public var warnings: [String]
        /// The same sequence at the source's other scales (a folder holding `s1.png` and
        /// `s1@2x.png`): each done too and written beside this one with its `@Nx` suffix — a
        /// folder's frames `s1@2x.png …` in the same folder, an animation as `NAME@2x.gif` beside
        /// `NAME.gif`. Empty for a source of one scale. Each plan's ``output`` is where it is written.
        public var otherScales: [Plan] = []
        /// Where this plan's frames are written: the job's output, or for another scale's plan the
        /// name with its `@Nx` suffix; `nil` for bytes only.
        public var output: String?
    }

    /// What the job wrote.
    public struct Outcome: Sendable {
        /// The files written: the animation, or a folder's frames and `sequence.json`.
        public var files: [String]
        /// The animation, when the job has no ``FrameOperationJob/output``; empty when it wrote files.
        public var bytes: [UInt8]
        /// What was written.
        public var format: RenderJob.Format
        /// Frames written: a folder's, one per frame of the source; an animation's, the frames the
        /// file holds — one per step of one play, less those its encoder merged (``report`` says
        /// how many and why).
        public var frames: Int
        /// Frame size in pixels.
        public var width: Int, height: Int
        /// The scale every reader takes the output at: a folder's frames' (their `@Nx` names), an
        /// animation file's name's (`spin.gif` is @1x even when made of @2x frames: ``warnings``
        /// then names the file that would keep @2x); for bytes only, the frames' scale.
        public var scale: Int
        /// Length of one play in seconds, as the source gives it.
        public var duration: Double
        /// What the reader read past, and an animation named for another scale than its frames'
        /// (as `AssembleJob` warns); empty when nothing was.
        public var warnings: [String]
        /// What `assemble` notes of the same frames written as a GIF (their semi-transparent
        /// pixels, which GIF's one bit of alpha dithers) and of the sources (files no scale read:
        /// a `~ipad` frame, a PNG without a number), and frames of any scale written (``otherScales``
        /// too) that had no file at it and were resampled from another scale's; empty when none.
        public var notes: [String]
        /// What the encoder of an animation (GIF, APNG, WebP) reported — frames written and merged,
        /// bytes — as `AssembleJob` reports it; `nil` for a folder.
        public var report: AssembleJob.Report?
        /// What was written at the source's other scales (``Plan/otherScales``), one outcome each;
        /// ``files`` lists their files too (a folder's one `sequence.json` with the first scale's).
        public var otherScales: [Outcome] = []
    }

    /// Checks the settings, reads the source (decoding its first frame, and all of an animated
    /// file's), checks the first frame's result against the limits and the output's name against
    /// the output contract; writes nothing. A raised `cancellation` stops an animated source's
    /// reading before its next frame with ``FrameOperationError/cancelled``. (Without the flag,
    /// `plan()` is the `async` form, wherever it is called; pass `nil` for this blocking one.)
    public func plan(cancellation: CancellationFlag?) throws(FrameOperationError) -> Plan {
        if cancellation?.isCancelled == true { throw .cancelled }
        return try makePlan(cancellation: cancellation)
    }

    func makePlan(cancellation: CancellationFlag?) throws(FrameOperationError) -> Plan {
        if let threads, threads < 1 { throw .setting(SettingError(.threads, of: "FrameOperationJob", value: threads, allowed: .atLeast(1))) }
        if let error = limits.rangeError { throw .setting(error) }
        if case .blur(let blur) = operation {
            // Its settings, checked on one pixel before any frame is read.
            do { _ = try blur.apply(to: Bitmap(clearWidth: 1, height: 1)) } catch { throw .setting(error) }
        }
        let format = try resolvedFormat()
        var main = try plan(format: format, scale: nil, cancellation: cancellation)
        // A folder of PNG frames at several scales: every scale is done (each frame file names its own).
        var others: [Plan] = []
        if main.animation.frames.contains(where: { $0.fileScale != nil }) {
            for scale in Animation.scaleRange where scale != main.animation.scale {
                let other = try plan(format: format, scale: scale, cancellation: cancellation)
                guard other.animation.scale == scale, other.animation.frames.contains(where: { $0.fileScale == scale }) else { continue }
                others.append(other)
            }
        }
        // All the frames it makes, every scale's together, against `maxOutputPixels`: a folder of PNGs
        // is bounded as a GIF of them is when read.
        try checkOutputPixels([main] + others)
        // Said once, not once a scale.
        main.warnings += leftOutHighlighted(main.animation)
        if let output { main.warnings += earlierScales(beside: output, written: [main] + others) }
        guard !others.isEmpty else { return main }
        // Each animation named for its scale (`spin.gif`, `spin@2x.gif`); a folder holds every scale's frames.
        if let output, format != .folder {
            main.warnings += unwrittenName(output, written: [main] + others)
            main.output = Self.output(output, scale: main.animation.scale)
            for index in others.indices { others[index].output = Self.output(output, scale: others[index].animation.scale) }
            for plan in [main] + others {
                do { try OutputSet.check(file: plan.output ?? output, protecting: main.inputs, overwrite: overwrite) } catch {
                    throw .checking(error)
                }
            }
        }
        main.otherScales = others
        return main
    }

    /// The plan of the source read at `scale` (`nil`: as `Animation.load` reads it by default).
    private func plan(format: RenderJob.Format, scale: Int?, cancellation: CancellationFlag?) throws(FrameOperationError) -> Plan {
        var animation: Animation
        do {
            // An animated file's frames are streamed: decoded again as the frames are made, never all held.
            animation = sources.isEmpty && !files.isEmpty
                ? try Animation.load(files: files, scale: scale, limits: limits, onDuplicateNumber: onDuplicateNumber, streaming: true,
                                     cancellation: cancellation)
                : try Animation.load(sources, scale: scale, limits: limits, onDuplicateNumber: onDuplicateNumber, streaming: true,
                                     cancellation: cancellation)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .source(error)
        }
        // A GIF, APNG or WebP named `@2x` holds @2x frames (sizes and radii are in points): the
        // loader gives an animation file the scale its name gives, as every reader takes it.
        do { try animation.check() } catch { throw .playback(error) }
        // One folder says why it gave none (a device's frames only, a sheet's pages, subfolders of sequences).
        guard let first = animation.frames.first else { throw .source(.discovery(sources.count == 1 ? Discovery.noFrames(in: sources[0]) : .noFrames(source: sources.joined(separator: " ")))) }
        let firstFrame = try Self.load(first, scale: animation.scale, limits: limits)
        try Self.checkOneSize(animation, first: firstFrame)
        let size: (width: Int, height: Int)
        do { size = try operation.outputSize(width: firstFrame.width, height: firstFrame.height, scale: animation.scale, limits: limits) } catch {
            // A blur keeps the size: only a size or a factor asked for can be too large, and it is the caller's setting.
            var error = error
            switch operation {
            case .blur: throw .limit(error)
            case .scale: error.subject = "the frames scaled by FrameOperation.scale's factor"
            case .slice, .resize: error.subject = "the frames of FrameOperation's width and height"
            }
            throw .size(error)
        }
        // A side rounded to no pixel (`--scale 1e-9`): refused as for one image, not made 1 px.
        if let error = operation.noPixels(width: size.width, height: size.height, scale: animation.scale,
                                          subject: "the frames of \(sourceNames) (\(firstFrame.width)×\(firstFrame.height) px) \(operation.name)d") {
            throw error
        }
        let protected = InputFiles(animation.sourceFiles + sources)
        if let output {
            switch format {
            case .folder:
                do throws(OutputError) {
                    try OutputName.requireFolder(output, what: "a \(operation.name) of a sequence without an extension is a folder of PNG frames")
                } catch {
                    throw .output(error)
                }
            default:
                // `rz@4x.png`: an animation named at a scale no reader takes.
                if let reason = ImageFileName.animationScaleRefusal(output, animated: true, drawnAt: animation.scale) { throw .output(.unsupportedName(path: output, reason: reason)) }
                // `coin/gold_5.png` beside gold_1…4 would be read as the sequence's 5th frame.
                if let refusal = FrameFile.claimRefusal(output: output, among: animation.sourceFiles) { throw .output(refusal) }
                do { try OutputSet.check(file: output, protecting: protected, overwrite: overwrite) } catch { throw .checking(error) }
            }
        }
        return Plan(animation: animation, format: format, prefix: prefix(first), width: size.width, height: size.height,
                    inputs: protected, warnings: animation.warnings, output: output)
    }

    /// Plans, then reads, changes and writes every frame (see ``run(_:progress:cancellation:)``).
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(FrameOperationError) -> Outcome {
        if cancellation?.isCancelled == true { throw .cancelled }
        // The folders read are held until the job has read them (``FolderReads``): never a mix of two runs.
        return try FolderReads.reading { () throws(FrameOperationError) -> Outcome in
            try run(plan(cancellation: cancellation), progress: progress, cancellation: cancellation)
        }
    }

    /// Reads, changes and writes every frame of a plan made by `plan()`, on the calling thread and
    /// as many worker threads as ``threads`` allows. `progress` receives `JobProgress` reports:
    /// phase `encoding` for the frames done, then `writing`, ending at a fraction of 1. A raised
    /// `cancellation` stops the run before its next frame with ``FrameOperationError/cancelled``;
    /// nothing is written. A source with several scales writes all of them as one commit: the
    /// files of every scale replace the previous run's together, or none does (a failure or a
    /// cancel while the last scale is written leaves the previous run's files as they were).
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                    cancellation: CancellationFlag?) throws(FrameOperationError) -> Outcome {
        let reporter = JobProgress.Reporter(progress, phases: [(.encoding, 9), (.writing, 1)])
        let plans = [plan] + plan.otherScales
        let steps = plans.map { $0.format == .folder ? $0.animation.frames.count : $0.animation.steps().count }
        let total = steps.reduce(0, +)
        var outcomes: [Outcome] = []
        // Several scales written to disk are one commit, made once the last is written.
        let batch = plans.count > 1 && plans.allSatisfy({ $0.output != nil }) ? OutputBatch() : nil
        for (index, each) in plans.enumerated() {
            let before = steps[..<index].reduce(0, +)
            let counter = reporter.counter(.encoding).map { count in { @Sendable (done: Int, _: Int) in count(before + done, total) } }
            outcomes.append(try write(each, batch: batch, scales: Set(plans.map(\.animation.scale)), progress: counter, cancellation: cancellation))
        }
        if cancellation?.isCancelled == true { throw .cancelled }
        do { try batch?.commit() } catch { throw .checking(error) }
        reporter.finish(.writing)
        var outcome = outcomes[0]
        outcome.otherScales = Array(outcomes.dropFirst())
        // Frames from another scale's file, and files no scale read (a `~ipad` frame), said as `assemble` says them.
        let read = sources.isEmpty ? [] : Discovery.readingNotes(sources, read: plans.flatMap(\.animation.sourceFiles), outputs: plans.compactMap(\.output))
        outcome.notes = plans.compactMap(Self.fallbackNote) + plans.prefix(1).compactMap { FrameSource.depthNote($0.animation.frames) } + read + outcome.notes
        // A folder's `sequence.json` is shared by its scales: listed once, with the first scale's files.
        var listed = Set(outcome.files)
        for index in outcome.otherScales.indices {
            outcome.otherScales[index].files.removeAll { !listed.insert($0).inserted }
            outcome.files += outcome.otherScales[index].files
        }
        return outcome
    }

    /// The note for a plan some of whose frames have no file at its scale (`3.png` without
    /// `3@2x.png`): those frames are resampled from another scale's file, as UIKit falls back per
    /// frame; `nil` when every frame has its own.
    static func fallbackNote(_ plan: Plan) -> String? {
        let animation = plan.animation
        let fallbacks = animation.frames.filter { $0.fileScale.map { $0 != animation.scale } ?? false }
        guard !fallbacks.isEmpty else { return nil }
        let names = fallbacks.prefix(3).compactMap(\.fileName).joined(separator: ", ") + (fallbacks.count > 3 ? ", …" : "")
        return "\(fallbacks.count) of \(animation.frames.count) frames \(fallbacks.count == 1 ? "has" : "have") no @\(animation.scale)x file: "
            + "resampled from another scale (\(names)), as UIKit falls back per frame"
    }

    /// The frame at the animation's scale, decoded within the limits (a decoded animation's
    /// frame is at the animation's scale: its file's name gives it).
    static func load(_ source: FrameSource, scale: Int, limits: ResourceLimits) throws(FrameOperationError) -> Bitmap {
        if case .bitmap(var bitmap) = source {
            bitmap.scale = scale
            return bitmap
        }
        if case .streamed(let stream, let index) = source {
            // The stream gives its frames the scale the file's name gives (`FrameStream.scale`).
            do { return try stream.frame(index) } catch {
                throw .frame(frame: "frame \(index + 1) of \(stream.file)", PNG.DecodeError.corrupt(file: stream.file, reason: error.description))
            }
        }
        do { return try source.load(scale: scale, decoder: PNG.Decoder(maxPixels: limits.maxPixels)) } catch {
            throw .frame(frame: source.fileName ?? "a frame", error)
        }
    }

    /// The source's timing as a folder's `sequence.json` keeps it: its frame durations (in
    /// milliseconds) or its duration, its repeat count and its direction.
    static func manifest(_ animation: Animation, prefix: String) -> SequenceManifest {
        SequenceManifest(name: prefix, duration: animation.frameDurations == nil ? animation.duration : nil,
                         repeatCount: animation.repeatCount, direction: animation.direction == .forward ? nil : animation.direction,
                         frameDurations: animation.frameDurations?.map { ($0 * 1000 * 1000).rounded() / 1000 })
    }

    /// The source's frame name before its number (`explosion` for `explosion07@2x.png`, `fire`
    /// for `fire.gif`), or `frame`.
    private func prefix(_ first: FrameSource) -> String {
        let name: String
        if let file = first.fileName {
            var stem = ImageFileName(path: file).stem
            while stem.last?.isNumber == true { stem.removeLast() }
            name = stem
        } else {
            let source = sources.first.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? files.first?.name ?? ""
            name = ImageFileName(path: (source as NSString).lastPathComponent).stem
        }
        return name.isEmpty || name.hasPrefix(".") ? "frame" : name
    }

    /// The format asked for, or the one ``output``'s name promises; a sheet, or a name that
    /// promises another format or none, is refused.
    private func resolvedFormat() throws(FrameOperationError) -> RenderJob.Format {
        guard let output else {
            let format = format ?? .gif
            guard [.gif, .apng, .webp].contains(format) else {
                throw .output(.unsupportedName(path: "(no output)", reason: "\(format) is written to disk: give FrameOperationJob.output, "
                                               + "or ask for GIF, APNG or WebP bytes"))
            }
            return format
        }
        let named = RenderJob.Format(fileName: output)
        let resolved = format ?? named
        guard let resolved, resolved != .sheet, format == nil || named == format || named == .folder else {
            throw .output(.unsupportedName(path: output, reason: "a \(operation.name) of a sequence writes a folder (no extension), NAME.gif, "
                                           + "NAME.png or NAME.apng (APNG), or NAME.webp" + RenderJob.dottedFolderHint(output)))
        }
        return resolved
    }

    static func writerFormat(_ format: RenderJob.Format) -> FrameWriter.Format {
        switch format {
        case .folder, .sheet: .folder
        case .gif: .gif
        case .apng: .apng
        case .webp: .webp
        }
    }
}
