import APNG
import Basics
import Foundation
import GIF
import Raster
import WebP

/// Frames assembled into an animated GIF, APNG or WebP (``Format``, by default from the output's name),
/// as `flipbook assemble` does it, with every rule the command keeps: the source read as `Animation.load(_:scale:device:limits:onDuplicateNumber:)` reads it, timing
/// laid over the source's own, the frame and pixel limits, the output's name checked against its
/// format, no input ever replaced, a rerun's own earlier GIF left out of a glob, and the file
/// written atomically (or the bytes returned, with no ``output``).
///
/// ```swift
/// var job = AssembleJob(sources: ["Sequences/kenney-robot-walk"], output: "walk.gif")
/// job.timing = Animation.Timing(fps: 12)
/// let outcome = try await job.run()              // cancellable: stops before the next frame
/// print(outcome.report.bytes, outcome.notes)
/// ```
///
/// ``plan(progress:cancellation:)`` reads and checks everything but encodes nothing; ``run(progress:cancellation:)`` and
/// the `async` ``run(progress:)`` encode and write. Errors are ``AssembleError``s.
public struct AssembleJob: Sendable {
    /// What the frames are read from.
    public enum Source: Sendable {
        /// A folder, a prefix path, PNG files or one GIF, on disk.
        case paths([String])
        /// Files in memory: one GIF, or PNG frames named as on disk (`walk1.png`, `walk2@2x.png`)
        /// with their `sequence.json`; see ``Animation/load(files:scale:device:limits:onDuplicateNumber:)``.
        case files([InMemoryFile])
        /// An animation built by the caller (generated frames, bitmaps).
        case animation(Animation)

        /// Files in memory (``files(_:)``), by the name `FramesJob.Source` and `RenderJob.Source`
        /// give them: `.memory(files: upload)` reads the same in every job.
        public static func memory(files: [InMemoryFile]) -> Source { .files(files) }
    }

    /// The frames.
    public var source: Source
    /// The file to write, named for its format (`.gif`; `.png` or `.apng`; `.webp`); `nil` returns the
    /// bytes in ``Outcome/bytes`` and writes nothing.
    public var output: String?
    /// The container to write; `nil` takes it from ``output``'s name (GIF when there is no output).
    /// A name that promises another format is refused.
    public var format: Format?
    /// Whether ``output`` may replace a file Flipbook did not write (never an input, never a file
    /// of another Flipbook set).
    public var overwrite: Bool
    /// Timing over the source's own: delays, then duration, then frames per second.
    public var timing: Animation.Timing
    /// Plays the highlighted frames that the source's `sequence.json` names.
    public var highlighted: Bool
    /// UIKit's repeat count (0 = forever, N = N plays); `nil` keeps the source's.
    public var repeatCount: Int?
    /// Which `@Nx` files to read (1, 2 or 3); `nil` takes the source's `sequence.json` scale, else 1.
    public var scale: Int?
    /// The encoder's settings: quality, colours, dithering, alpha. Its `repeatCount` and `scale`
    /// are set by the job (``repeatCount``, else the source's; the frames' scale).
    public var encoder: GIF.Encoder
    /// The APNG encoder's settings (effort, compatibility); its `repeatCount` is set by the job.
    public var apng: APNG.Encoder
    /// The WebP encoder's settings (lossless or lossy, quality); its `repeatCount` is set by the job.
    public var webp: WebP.Encoder
    /// GIF and WebP: the largest acceptable file: smaller settings are searched until one fits
    /// (`GIF.Encoder.encode(_:maxBytes:progress:)`; for WebP lossy frames at the highest quality
    /// that fits, `WebP.Encoder.encode(_:maxBytes:progress:)`); ``Outcome/fits`` says whether one did.
    public var maxBytes: Int?
    /// What the source may ask for: pixels of a frame, frames, decoded bytes of a GIF source.
    public var limits: ResourceLimits
    /// Two files for one frame number at one scale (`fire2.png` and `fire02.png`): refused,
    /// naming both (``FrameSequence/DuplicateNumberPolicy/error``, the default), or the first or
    /// the last in name order kept on purpose.
    public var onDuplicateNumber: FrameSequence.DuplicateNumberPolicy = .error
    /// The most threads each of the encoder's parallel stages uses (Basics' `ThreadBudget`): the
    /// frames decoded ahead, and the loops over the frame being encoded; `nil` uses every core.
    /// The GIF is the same whatever the limit.
    public var threads: Int?

    /// A job reading `sources` (a folder, a prefix path, PNG files or one GIF) into `output`
    /// (`nil`: bytes only); the other settings are `flipbook assemble`'s defaults.
    public init(sources: [String], output: String?, overwrite: Bool = false, encoder: GIF.Encoder = GIF.Encoder(),
                limits: ResourceLimits = .default) {
        self.init(source: .paths(sources), output: output, overwrite: overwrite, encoder: encoder, limits: limits)
    }

    /// A job reading the files or folder at `sources` (file URLs) into the file at `output` (`nil`:
    /// bytes only).
    public init(urls: [URL], output: URL?, overwrite: Bool = false, encoder: GIF.Encoder = GIF.Encoder(),
                limits: ResourceLimits = .default) {
        self.init(sources: urls.map(\.filePathForFlipbook), output: output?.filePathForFlipbook, overwrite: overwrite,
                  encoder: encoder, limits: limits)
    }

    /// A job reading an upload — PNG frames (with their `sequence.json`) or one GIF, APNG or
    /// WebP, as `Validator.validate(files:)` reads it — into bytes only: nothing is read from or
    /// written to disk (the outcome's `bytes`; ``format`` picks GIF, APNG or WebP).
    public init(files: [InMemoryFile], encoder: GIF.Encoder = GIF.Encoder(), limits: ResourceLimits = .default) {
        self.init(source: .files(files), output: nil, encoder: encoder, limits: limits)
    }

    /// A job reading `source` into `output` (`nil`: bytes only).
    public init(source: Source, output: String?, overwrite: Bool = false, timing: Animation.Timing = Animation.Timing(),
                highlighted: Bool = false, repeatCount: Int? = nil, scale: Int? = nil, encoder: GIF.Encoder = GIF.Encoder(),
                maxBytes: Int? = nil, limits: ResourceLimits = .default) {
        self.source = source
        self.output = output
        self.overwrite = overwrite
        self.timing = timing
        self.highlighted = highlighted
        self.repeatCount = repeatCount
        self.scale = scale
        self.encoder = encoder
        self.maxBytes = maxBytes
        self.limits = limits
        self.apng = APNG.Encoder()
        self.webp = WebP.Encoder()
    }

    /// What ``plan(progress:cancellation:)`` found: the play to encode, and what the caller should pass on.
    public struct Plan: Sendable {
        /// The animation read.
        public var animation: Animation
        /// The play encoded: one step per frame shown, with its duration.
        public var playback: Animation.Playback
        /// The container written.
        public var format: Format
        /// The GIF encoder, with the repeat count and scale the job resolved.
        public var encoder: GIF.Encoder
        /// The APNG encoder, with the repeat count the job resolved.
        public var apng: APNG.Encoder
        /// The WebP encoder, with the repeat count the job resolved.
        public var webp: WebP.Encoder
        /// Lenient reads of a GIF source (a missing palette, data that ends early), and settings
        /// given that the format written does not use.
        public var warnings: [String]
        /// What the caller may not expect: a list played in its own order, frames resampled from
        /// another scale, the output's earlier GIF left out of the sources.
        public var notes: [String]
        /// The files read (no output may replace one).
        public var inputs: InputFiles
    }

    /// What the job wrote.
    public struct Outcome: Sendable {
        /// The animation, when the job has no ``AssembleJob/output``; empty when it wrote a file.
        public var bytes: [UInt8]
        /// What the encoder did: size, frames written and merged, duration, and what is particular
        /// to the format (palettes; the colour type).
        public var report: Report
        /// The settings of the format written (with ``AssembleJob/maxBytes``, the ones that fitted,
        /// or the smallest tried).
        public var settings: Settings
        /// `false` when ``AssembleJob/maxBytes`` was given and no setting fitted (the smallest
        /// result is written all the same).
        public var fits: Bool
        /// ``Plan/warnings``.
        public var warnings: [String]
        /// ``Plan/notes``, then what the encoding did unasked: a GIF's frames that its one bit of
        /// alpha erased whole, merged into the frame before (``AssembleJob/invisibleFramesNote(_:)``).
        public var notes: [String]
    }

    /// Reads the source and checks everything that can be checked before encoding: the output's
    /// name and that it is no input, the timing, the frame count. Nothing is decoded but an animation
    /// source (GIF, APNG, WebP: read once for its frame count and timing, its frames not held —
    /// the encoder decodes them again as it pulls them, a few at a time) and, for a GIF output,
    /// two frames whose alpha the notes describe; nothing is written. `progress` receives an
    /// animated source's frames decoded as `JobProgress` of phase `reading`, as `SheetJob`'s plan
    /// reports its frames; a raised `cancellation` stops that reading before its next frame
    /// (``AssembleError/cancelled``). (Without `cancellation`, `plan()` is the `async` form,
    /// wherever it is called; this blocking one is reached by passing the flag, `nil` for none.)
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(AssembleError) -> Plan {
        if cancellation?.isCancelled == true { throw .cancelled }
        let plan = try plan(cancellation: cancellation, reading: JobProgress.Reporter(progress, phase: .reading).counter(.reading))
        if cancellation?.isCancelled == true { throw .cancelled }
        return plan
    }

    /// ``plan(progress:cancellation:)``, an animated source's frames decoded with `cancellation` checked and
    /// `reading` told (frames decoded, frames in all) before and after each.
    func plan(cancellation: CancellationFlag?, reading: (@Sendable (Int, Int) -> Void)?) throws(AssembleError) -> Plan {
        let format = try resolvedFormat()
        if let error = settingError(format: format) { throw .setting(error) }
        // A timing out of range is a setting of this job (`timing.fps`), as `SheetJob.fps` is of that one.
        // The steps are not known yet: a duration's bound (a day a step) is checked by the playback.
        if case .outOfRange(let error)? = timing.rangeError(steps: .max) { throw .setting(error) }
        var notes: [String] = []
        let animation: Animation
        var inputs = InputFiles()
        switch source {
        case .paths(let given):
            var sources = given
            // A glob that catches this job's own earlier GIF (`dir/*` on a second run) leaves it out.
            if sources.count > 1, let output {
                sources = OutputSet.leavingOut(earlierOutputOf: output, from: sources)
                if sources.count < given.count { notes.append("leaving out \(output), written by an earlier run") }
            }
            do {
                animation = try Self.reading(for: format) { () throws(Animation.LoadError) in try Animation.load(sources, scale: scale, limits: limits,
                    onDuplicateNumber: onDuplicateNumber, streaming: true, cancellation: cancellation, progress: reading) }
            } catch .cancelled { throw .cancelled } catch { throw .source(error) }
            notes += Discovery.readingNotes(sources, read: animation.sourceFiles, outputs: output.map { [$0] } ?? [])
            if let note = Self.otherScalesNote(animation, asked: scale, output: output) { notes.append(note) }
            inputs = InputFiles(sources + animation.sourceFiles)
        case .files(let files):
            do {
                animation = try Self.reading(for: format) { () throws(Animation.LoadError) in try Animation.load(files: files, scale: scale, limits: limits,
                    onDuplicateNumber: onDuplicateNumber, streaming: true, cancellation: cancellation, progress: reading) }
            } catch .cancelled { throw .cancelled } catch { throw .source(error) }
            // Files that are no frames (a readme, a sheet's pages), left out as `Validator` leaves them out.
            if let note = (try? Upload(files))?.leftOutNote { notes.append(note) }
        case .animation(let given):
            guard !given.frames.isEmpty else { throw .source(.discovery(.noFrames(source: "the animation"))) }
            animation = given
            inputs = InputFiles(given.sourceFiles)
        }
        // 16-bit PNG frames are encoded with 8 bits a sample (an APNG could have kept 16): said.
        if let note = FrameSource.depthNote(animation.frames) { notes.append(note) }
        let play: Animation.Playback
        do { play = try animation.playback(highlighted: highlighted, timing: timing) } catch .noHighlightedFrames {
            throw .noHighlightedFrames(source: Self.named(source))
        } catch .outOfRange(let error) {
            // A duration past a day a frame, known once the frames are: a setting of this job, as
            // a negative one is before reading (it was `.playback` here, `.setting` there).
            throw .setting(error)
        } catch { throw .playback(error) }
        do { try limits.check(.frames, play.frames.count, of: Self.subject(of: source)) } catch { throw .limit(error) }
        guard !play.frames.isEmpty else {
            // One folder says why (a device's frames only, a sheet's pages, subfolders of sequences).
            if !highlighted, case .paths(let paths) = source, paths.count == 1 { throw .source(.discovery(Discovery.noFrames(in: paths[0]))) }
            throw .source(.discovery(.noFrames(source: highlighted ? "the highlighted frames" : Self.subject(of: source))))
        }
        do { try Self.checkMemory(of: animation, format: format, limits: limits, subject: Self.subject(of: source)) } catch { throw .limit(error) }
        do { try Self.checkOutputPixels(of: play, limits: limits, subject: Self.subject(of: source)) } catch { throw .limit(error) }
        try Self.checkFrames(of: play, scale: animation.scale, format: format, limits: limits, cancellation: cancellation)
        // The source's own repeat count (a GIF's loop count, an animation's) must fit the format too.
        if let error = repeatCountError(repeatCount ?? play.repeatCount, format: format) { throw .setting(error) }
        // A frame without a file at the animation's scale is drawn from another scale's, as UIKit does.
        let fallbacks = play.frames.filter { $0.fileScale.map { $0 != animation.scale } ?? false }.count
        if fallbacks > 0 {
            notes.append("\(fallbacks) of \(play.frames.count) frames \(fallbacks == 1 ? "has" : "have") no @\(animation.scale)x file: "
                         + "resampled from another scale, as UIKit falls back per frame")
        }
        if format == .gif, let note = Self.softAlphaNote(share: Self.softAlphaShare(play, scale: animation.scale, limits: limits), output: output,
                                                         framePaths: play.frames.compactMap(\.path), alpha: encoder.alpha) {
            notes.append(note)
        }
        if let scale, animation.scale != scale, case .paths = source {
            notes.append("no @\(scale)x files: the @\(animation.scale)x files are used, at scale \(animation.scale), as UIKit loads them")
        }
        var encoder = self.encoder, apng = self.apng, webp = self.webp
        encoder.repeatCount = repeatCount ?? play.repeatCount
        encoder.scale = animation.scale
        apng.repeatCount = repeatCount ?? play.repeatCount
        webp.repeatCount = repeatCount ?? play.repeatCount
        if let output {
            // `out@4x.png`: an APNG named at a scale no reader takes (a .gif, .apng or .webp so named is refused with every output).
            if let reason = ImageFileName.animationScaleRefusal(output, animated: true) { throw .output(.unsupportedName(path: output, reason: reason)) }
            // An APNG named as the next frame of its own sequence would be read back as one.
            if format == .apng, let refusal = FrameFile.claimRefusal(output: output, among: animation.sourceFiles) { throw .output(refusal) }
            do { try OutputSet.check(file: output, protecting: inputs, overwrite: overwrite) } catch { throw AssembleError.writing(error) }
            // …or, new, as a frame of another sequence, whose folder it would join (fresh eyes: `-o bomb/frame-7.png`).
            if format == .apng, let refusal = FrameFile.joinRefusal(animation: output) { throw .output(refusal) }
        }
        return Plan(animation: animation, playback: play, format: format, encoder: encoder, apng: apng, webp: webp,
                    warnings: animation.warnings + unusedSettingsWarnings(format: format) + scaleNameWarnings(scale: animation.scale, inputs: inputs),
                    notes: notes, inputs: inputs)
    }

    /// Plans, encodes and writes, on the calling thread (the encoder's own threads do the work).
    /// `progress` receives the frames encoded as `JobProgress` of phase `encoding` on the encoding
    /// thread, not the caller's: with ``maxBytes``, each attempt of the search with its number, and
    /// a fraction that never goes backwards. An animated source (GIF, APNG, WebP) is first reported
    /// frame by frame in phase `reading`, over the first quarter of the bar; a
    /// folder's frames are decoded as they are encoded, so its encode takes the whole bar. A raised
    /// `cancellation` stops the reading or the encode before its next frame with ``AssembleError/cancelled``.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(AssembleError) -> Outcome {
        // The folders read are held until the job has read them (``FolderReads``): never a mix of two runs.
        try FolderReads.reading { () throws(AssembleError) -> Outcome in
            let bar = JobProgress.Bar(progress)
            let reading = JobProgress.Reporter(bar.step(0...Self.readingShare), phase: .reading).counter(.reading)
            let plan = try plan(cancellation: cancellation, reading: reading)
            return try run(plan, progress: bar.step(bar.reached...1), cancellation: cancellation)
        }
    }

    /// The share of ``run(progress:cancellation:)``'s bar that decoding an animated source takes
    /// (the rest is the encode): a quarter, as in `FramesJob`'s run, where reading a file is a
    /// quarter of the bar too.
    static let readingShare = 0.25

    /// Encodes and writes a plan made by ``plan(progress:cancellation:)`` (see ``run(progress:cancellation:)``), within ``threads``.
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                    cancellation: CancellationFlag?) throws(AssembleError) -> Outcome {
        // One encode reports its frames as the whole call; a budget search reports its attempts itself.
        let reporter = JobProgress.Reporter(maxBytes == nil ? progress : nil, phase: .encoding)
        return try ThreadBudget.withLimit(threads) { () throws(AssembleError) in
            try encode(plan, progress: JobProgress.counts(reporter.counter(.encoding)), budgetProgress: maxBytes == nil ? nil : progress, cancellation: cancellation)
        }
    }

    private func encode(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)?, budgetProgress: (@Sendable (JobProgress) -> Void)?,
                        cancellation: CancellationFlag?) throws(AssembleError) -> Outcome {
        let play = plan.playback, scale = plan.animation.scale
        let decoder = PNG.Decoder(maxPixels: limits.maxPixels)
        let names = play.frames.map { $0.fileName ?? "" }
        if plan.format != .gif {
            var frames = FrameInput(durations: play.durations, names: names.contains("") ? nil : names, cancellation: cancellation) {
                try play.frames[$0].load(scale: scale, decoder: decoder)
            }
            frames.identical = RepeatFinder(play.frames).identical
            do {
                var bytes: [UInt8] = []
                let report: Report
                var fits = true
                switch (plan.format, output) {
                case (.webp, _) where maxBytes != nil:
                    let best = try plan.webp.encode(frames, maxBytes: maxBytes!, progress: budgetProgress)
                    if cancellation?.isCancelled == true { throw AssembleError.cancelled }
                    if let output {
                        do { try OutputSet.write(best.bytes, toFile: output, protecting: plan.inputs, overwrite: overwrite) } catch { throw AssembleError.writing(error) }
                    }
                    (bytes, report, fits) = (output == nil ? best.bytes : [], .webp(best.report), best.fits)
                case (.webp, let output?):
                    report = .webp(try plan.webp.write(frames, to: output, protecting: plan.inputs, overwrite: overwrite, progress: progress))
                case (.webp, nil):
                    let encoded = try plan.webp.encode(frames, progress: progress)
                    (bytes, report) = (encoded.bytes, .webp(encoded.report))
                case (_, let output?):
                    report = .apng(try plan.apng.write(frames, to: output, protecting: plan.inputs, overwrite: overwrite, progress: progress))
                case (_, nil):
                    let encoded = try plan.apng.encode(frames, progress: progress)
                    (bytes, report) = (encoded.bytes, .apng(encoded.report))
                }
                var used = Settings.apng(plan.apng)
                if case .webp(let webp) = report {
                    var encoder = plan.webp
                    (encoder.lossless, encoder.quality) = (webp.lossless, webp.quality ?? encoder.quality)
                    used = .webp(encoder)
                }
                return Outcome(bytes: bytes, report: report, settings: used, fits: fits, warnings: plan.warnings, notes: plan.notes)
            } catch {
                throw AssembleError.from(error, output: output)
            }
        }
        var input = FrameInput(durations: play.durations, names: names.contains("") ? nil : names, scale: scale,
                               cancellation: cancellation) { try play.frames[$0].load(scale: scale, decoder: decoder) }
        input.identical = RepeatFinder(play.frames).identical
        do {
            if let maxBytes {
                let best = try plan.encoder.encode(input, maxBytes: maxBytes, progress: budgetProgress)
                if cancellation?.isCancelled == true { throw AssembleError.cancelled }
                if let output {
                    do { try OutputSet.write(best.bytes, toFile: output, protecting: plan.inputs, overwrite: overwrite) } catch { throw AssembleError.writing(error) }
                }
                return Outcome(bytes: output == nil ? best.bytes : [], report: .gif(best.report), settings: .gif(best.settings), fits: best.fits,
                               warnings: plan.warnings, notes: Self.notes(plan, after: best.report))
            }
            if let output {
                let report = try plan.encoder.write(input, to: output, protecting: plan.inputs, overwrite: overwrite, progress: progress)
                return Outcome(bytes: [], report: .gif(report), settings: .gif(plan.encoder), fits: true, warnings: plan.warnings,
                               notes: Self.notes(plan, after: report))
            }
            let (bytes, report) = try plan.encoder.encode(input, progress: progress)
            return Outcome(bytes: bytes, report: .gif(report), settings: .gif(plan.encoder), fits: true, warnings: plan.warnings,
                           notes: Self.notes(plan, after: report))
        } catch {
            throw AssembleError.from(error, output: output)
        }
    }
}
