import Animated
import Atlas
import Basics
import Foundation
import FrameGen
import GIF
import Raster

/// A scene file (``SceneFile``) rendered frame by frame and written as `flipbook render` does it:
/// a folder of numbered PNGs with `sequence.json`, an animated GIF, APNG or WebP, or a sprite
/// sheet (``Format``, by default from the output's name as `flipbook assemble` picks it), under the
/// output contract (never over an input, a rerun replaces its own set, ``overwrite`` for a file
/// Flipbook did not write).
///
/// ```swift
/// var job = RenderJob(scene: "Examples/seagull-flight.json", output: "flight.gif")
/// job.scale = 2
/// let outcome = try await job.run()              // cancellable: stops before the next frame
/// print(outcome.frames, outcome.files)
/// ```
///
/// Frames are drawn on every core and streamed into the writer: a folder's frames are written as
/// they are drawn, an animation's are handed to the encoder one at a time, so a render of
/// thousands of frames holds a few in memory (a sheet, which holds them all on its page, is
/// checked against `maxDecodedBytes` first). `plan()` reads and checks everything and
/// draws nothing; ``run(progress:cancellation:)`` and the `async` ``run(progress:)`` draw and
/// write. Errors are ``RenderError``s.
public struct RenderJob: Sendable {
    /// Where the scene comes from.
    public enum Source: Sendable {
        /// A scene file on disk; its images and sequences lie in its folder.
        case file(String)
        /// A scene held in memory and the files it names, by their paths relative to the scene.
        case memory(scene: InMemoryFile, files: [InMemoryFile])
    }

    /// The scene.
    public var source: Source
    /// The folder or file to write, named for its format; `nil` writes nothing and returns an
    /// animation's bytes in ``Outcome/bytes`` (GIF by default, or ``format``), or a folder's or a
    /// sheet's files in ``Outcome/encodedFiles``.
    public var output: String?
    /// What to write; `nil` takes it from ``output``'s name. A name that promises another format is refused.
    public var format: Format?
    /// Whether ``output`` may replace a file Flipbook did not write (never an input, never a file
    /// of another Flipbook set).
    public var overwrite: Bool
    /// Pixels per point (1…8; 1…3 for a folder of frames, whose names carry it), replacing the
    /// scene's `scale`; images are read for it (`@2x` files).
    public var scale: Int?
    /// Frames per second (above 0, at most 1000), replacing the scene's `fps`: a scene given by
    /// `duration` keeps its length and gets more or fewer frames.
    public var fps: Double?
    /// UIKit's repeat count of the animation written (0 forever, at most 65535), replacing the scene's `repeatCount`.
    public var repeatCount: Int?
    /// What the scene may ask for: pixels of the canvas and of each image, frames, frames ×
    /// pixels, path segments, a sheet's decoded bytes.
    public var limits: ResourceLimits
    /// The data a sprite sheet (``Format/sheet``) is written with; `nil` takes it from the output's
    /// extension: `.json` TexturePacker's JSON hash, `.atlas` libGDX, `.tres` Godot 4, `.plist`
    /// Cocos2d-x. A format whose data extension is not the output's is refused, and so is one given
    /// for an output that is no sheet (a GIF, a folder).
    public var sheetFormat: SheetExport.Format?
    /// The most threads the drawing and encoding use; `nil` uses every core. The output is the
    /// same whatever the limit.
    public var threads: Int?

    /// A job rendering the scene file at `scene` into `output` (`nil`: bytes only).
    public init(scene: String, output: String?, overwrite: Bool = false, limits: ResourceLimits = .default) {
        self.init(source: .file(scene), output: output, overwrite: overwrite, limits: limits)
    }

    /// A job rendering the scene file at the file URL `url` into the file or folder at `output` (`nil`: bytes only).
    public init(url: URL, output: URL?, overwrite: Bool = false, limits: ResourceLimits = .default) {
        self.init(source: .file(url.filePathForFlipbook), output: output?.filePathForFlipbook, overwrite: overwrite, limits: limits)
    }

    /// A job rendering a scene in memory, its images and sequences among `files`, into `output`
    /// (`nil`, the default: the animation's bytes in ``Outcome/bytes``, as `format` says, GIF by default).
    public init(scene: InMemoryFile, files: [InMemoryFile], output: String? = nil, format: Format? = nil, limits: ResourceLimits = .default) {
        self.init(source: .memory(scene: scene, files: files), output: output, format: format, limits: limits)
    }

    /// A job rendering `source` into `output`.
    public init(source: Source, output: String?, format: Format? = nil, overwrite: Bool = false, scale: Int? = nil, fps: Double? = nil,
                repeatCount: Int? = nil, limits: ResourceLimits = .default, threads: Int? = nil) {
        self.source = source; self.output = output; self.format = format; self.overwrite = overwrite; self.scale = scale
        self.fps = fps; self.repeatCount = repeatCount; self.limits = limits; self.threads = threads
    }

    /// What `plan()` found: the scene to draw and where it goes.
    public struct Plan: Sendable {
        /// The scene read, with the job's scale and fps.
        public var scene: SceneFile
        /// The renderer of its tree.
        public var renderer: LayerRenderer
        /// What is written.
        public var format: Format
        /// The frames' file name before their number (a folder), or the sprites' (a sheet).
        public var prefix: String
        /// The repeat count written.
        public var repeatCount: Int
        /// The data of a sprite sheet (TexturePacker's JSON hash unless the name or
        /// ``RenderJob/sheetFormat`` says otherwise).
        public var sheetFormat: SheetExport.Format
        /// The files read (no output may replace one).
        public var inputs: InputFiles
    }

    /// What the job wrote.
    public struct Outcome: Sendable {
        /// The files written: the animation, or a folder's frames and `sequence.json`, or a sheet's page and data.
        public var files: [String]
        /// The animation, when the job has no ``RenderJob/output``; empty when it wrote files.
        public var bytes: [UInt8]
        /// A folder's frames (`sequence.json` last) or a sheet's pages and data, named as they
        /// would be written (the sheet after the scene: `flight.png`, `flight.json`), when the job
        /// has no ``RenderJob/output``; empty otherwise.
        public var encodedFiles: [InMemoryFile] = []
        /// What was written.
        public var format: Format
        /// Frames rendered.
        public var frames: Int
        /// Frame size in pixels.
        public var width: Int, height: Int
        /// Pixels per point.
        public var scale: Int
        /// Frames per second.
        public var fps: Double
        /// UIKit's repeat count written (0 forever).
        public var repeatCount: Int
        /// What a reader read past (a sequence's gaps, a text's characters without a glyph), and an animation named for another @Nx
        /// scale than its frames' (`panel.png` at scale 2: every reader takes the name's); empty
        /// when there is nothing to say.
        public var warnings: [String]
        /// What the encoder of an animation (GIF, APNG, WebP) reported, as `AssembleJob` reports
        /// it: the frames the file holds after identical frames were merged, its bytes, its
        /// length; `nil` for a folder or a sheet, which hold every frame rendered.
        public var report: AssembleJob.Report?
        /// The files of a sheet's earlier writing there that this one removed (another data
        /// format, fewer pages), as opened: what `render` prints as a `note:`; empty otherwise.
        public var removed: [String] = []
        /// For a GIF whose drawn frames are 1 % or more semi-transparent, what `assemble` notes of
        /// the same frames: what GIF's one bit of alpha does with them; `nil` otherwise.
        public var softAlphaNote: String?
        /// The note on semi-transparent pixels (``softAlphaNote``), then what the encoder merged
        /// unasked, in words (``report``'s `mergeNotes`, its invisible frames named by number):
        /// what `render` prints as `note:` lines; empty for a folder or a sheet.
        public var notes: [String] {
            (softAlphaNote.map { [$0] } ?? []) + (report.map { $0.mergeNotes(invisible: $0.framesMergedInvisible.map { "frame \($0 + 1)" }) } ?? [])
        }
    }

    /// Checks the settings, reads the scene, its images and sequences, and checks the output's name
    /// against the output contract; draws nothing, writes nothing. `progress` receives the reading
    /// (phase `reading`, one step, ending at a fraction of 1), as the other jobs' plans report it. A
    /// `cancellation` flag set before or while the files are read throws ``RenderError/cancelled``
    /// (pass `nil` for none; without the argument, `plan()` is the `async` form).
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(RenderError) -> Plan {
        try JobProgress.reading(progress) { () throws(RenderError) in try reading(cancellation: cancellation) }
    }

    /// ``plan(progress:cancellation:)``'s work.
    private func reading(cancellation: CancellationFlag?) throws(RenderError) -> Plan {
        if cancellation?.isCancelled == true { throw .cancelled }
        if let error = settingError { throw .setting(error) }
        let resolved = try resolvedFormat()
        // A sheet's data format for an output that is no sheet says nothing: refused, not ignored.
        if let sheetFormat, resolved != .sheet {
            throw .output(.unsupportedName(path: output ?? "", reason: "RenderJob.sheetFormat \(sheetFormat.rawValue) is the data format of a "
                                           + "sprite sheet, but this output is \(resolved.description): leave it out, or name a sheet's data "
                                           + "(NAME.\(sheetFormat.dataExtension))"))
        }
        let scene: SceneFile
        var inputs: [String] = []
        switch source {
        case .file(let path):
            do { scene = try SceneFile(file: path, scale: scale, fps: fps, limits: limits) } catch { throw .scene(error) }
            inputs.append(path)
        case .memory(let file, let files):
            do { scene = try SceneFile(json: file.bytes, file: file.name, files: files, scale: scale, fps: fps, limits: limits) } catch {
                throw .scene(error)
            }
        }
        inputs += scene.inputFiles
        let renderer: LayerRenderer
        do { renderer = try scene.renderer(limits: limits) } catch { throw .scene(error) }
        let protected = InputFiles(inputs)
        let prefix = Self.prefix(output: output, format: resolved, scene: scene.file)
        // A frame being drawn and what the output holds beside it (an encoder's canvases, a
        // sheet's every frame), before any frame is drawn.
        do {
            try FrameWriter.checkWork(format: Self.writerFormat(resolved, sheet: .jsonHash), count: scene.frameCount, frameBytes: renderer.frameBytes,
                                      width: Self.pixels(renderer.width, renderer.scale), height: Self.pixels(renderer.height, renderer.scale),
                                      limits: limits, subject: resolved == .sheet ? "\(scene.file): a sheet of \(scene.frameCount) frames" : scene.file)
        } catch {
            throw .limit(error)
        }
        // A folder's frames carry their scale in their names (`f1@2x.png`), which readers take for 1…3 only.
        // So are a sheet's: `frames` of its data writes them (a sheet at @4x unpacked to frames every reader refused).
        if resolved == .folder || resolved == .sheet, let error = ImageFileName.scaleError(scene.scale, of: "RenderJob") {
            let reason = resolved == .folder
                ? "a folder's frames are named @1x…@3x, as UIKit reads them; render a GIF, APNG, WebP or PNG at @\(scene.scale)x"
                : "a sheet's sprites come back as frames named @1x…@3x, as UIKit reads them; render a GIF, APNG, WebP or PNG at @\(scene.scale)x"
            // The scene's own scale is the scene file's key, not the job's setting (no --scale was given).
            guard scale != nil else {
                let requirement = (resolved == .folder ? "must be 1…3 for a folder of frames (named @1x…@3x, as UIKit reads them)"
                    : "must be 1…3 for a sheet (its sprites come back as frames named @1x…@3x)")
                    + "; render a GIF, APNG, WebP or PNG at @\(scene.scale)x"
                throw .scene(.schema(SchemaError(file: scene.file, path: "scale", problem: .outOfRange(requirement: requirement),
                                                 found: "\(scene.scale)")))
            }
            var refusal = error
            refusal.reason = reason
            throw .setting(refusal)
        }
        if let output {
            do {
                switch resolved {
                case .folder:
                    try OutputName.requireFolder(output, what: "a render without an extension is a folder of PNG frames")
                    // A folder the scene reads frames from (its sequence.json too): a run at another scale
                    // would write beside them and retime them (fresh eyes 45 #10: refused at @1x only).
                    let folder = FileIO.resolvedPath(Discovery.trimmingSlash(output))
                    let readsFrames = { (input: String) in
                        FileIO.lastComponent(of: input) == SequenceManifest.fileName || FrameFile(path: input).map { !$0.numberText.isEmpty } == true
                    }
                    // In the folder or any folder inside it (`out/sub`): the output folder is all the render's.
                    let within = { (input: String) in
                        FileIO.resolvedPath(FileIO.parentDirectory(of: input)).map { $0 == folder || $0.hasPrefix((folder ?? "") + "/") } ?? false
                    }
                    if let folder, !folder.isEmpty, let input = inputs.first(where: { readsFrames($0) && within($0) }) {
                        throw OutputError.overwritesInput(output: output, input: input)
                    }
                case .gif, .apng, .webp:
                    // `p@4x.png` at --scale 4: an animation named at a scale no reader takes.
                    if let reason = ImageFileName.animationScaleRefusal(output, animated: true, drawnAt: scene.scale) { throw OutputError.unsupportedName(path: output, reason: reason) }
                    // `seagull/seagull13.png` beside the scene's seagull1…12 would be read as its 13th frame.
                    if let refusal = FrameFile.claimRefusal(output: output, among: inputs) { throw refusal }
                    do { try OutputSet.check(file: output, protecting: protected, overwrite: overwrite) } catch { throw RenderError.writing(error) }
                    // `gold@2x.png` beside the scene's gold.png would be read for it by the next render at @2x.
                    try OutputName.checkNotAVariant(output, of: inputs)
                case .sheet: break
                }
            } catch {
                throw RenderError.from(error, output: output)
            }
        }
        let data = resolved == .sheet ? try resolvedSheetFormat() : sheetFormat ?? .jsonHash
        return Plan(scene: scene, renderer: renderer, format: resolved, prefix: prefix, repeatCount: repeatCount ?? scene.repeatCount,
                    sheetFormat: data, inputs: protected)
    }

    /// Whether sheet data of `format` keeps an animation's count of plays (Aseprite's `repeat`,
    /// Godot's frames written out with `loop` off).
    static func sheetKeepsPlays(_ format: SheetExport.Format) -> Bool {
        [.aseprite, .godot3, .godot4].contains(format)
    }

    /// Plans, draws and writes, on the calling thread and as many worker threads as ``threads``
    /// allows. `progress` receives `JobProgress` reports: phase `encoding` for the frames drawn
    /// (and encoded), then `writing`, ending at a fraction of 1. A raised `cancellation` stops the
    /// run before its next frame with ``RenderError/cancelled``; nothing is written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(RenderError) -> Outcome {
        if cancellation?.isCancelled == true { throw .cancelled }
        // The folders read are held until the job has read them (``FolderReads``): never a mix of two runs.
        return try FolderReads.reading { () throws(RenderError) -> Outcome in
            try run(plan(cancellation: cancellation), progress: progress, cancellation: cancellation)
        }
    }

    /// Draws and writes a plan made by `plan()` (see ``run(progress:cancellation:)``).
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                    cancellation: CancellationFlag?) throws(RenderError) -> Outcome {
        let scene = plan.scene
        // The run's frames share the drawing limit together (a scene whose later frames draw more is not refused at an even share).
        let renderer = { var renderer = plan.renderer; renderer.run = DrawingRun(frames: renderer.frameCount, limits: renderer.limits); return renderer }()
        let reporter = JobProgress.Reporter(progress, phases: [(.encoding, 9), (.writing, 1)])
        // A GIF's first and middle frames, as drawn, for `assemble`'s note on semi-transparent pixels.
        let sampled = plan.format == .gif ? Set([0, scene.frameCount / 2]) : []
        let samples = SampledFrames()
        var writer = FrameWriter(output: output ?? "", format: Self.writerFormat(plan.format, sheet: plan.sheetFormat), prefix: plan.prefix, count: scene.frameCount,
                                 fps: scene.fps, scale: scene.scale, repeatCount: plan.repeatCount, inputs: plan.inputs,
                                 overwrite: overwrite, cancellation: cancellation, manifestForOneFrame: true) { index in
            let frame = try renderer.render(at: scene.time(ofFrame: index))
            if sampled.contains(index) { samples.keep(frame, at: index) }
            return frame
        }
        // A folder's frames record what they are drawn from, which the other scales' runs compare.
        var origin: String?
        if plan.format == .folder, output != nil, case .file(let path) = source {
            origin = Self.origin(scene: path, inputs: scene.inputFiles, fps: scene.fps, repeatCount: plan.repeatCount)
            writer.origin = origin
        }
        let counter = reporter.counter(.encoding)
        let drawing = FrameWriter.drawingThreads(threads ?? ThreadBudget.current, format: writer.format, count: scene.frameCount, frameBytes: renderer.frameBytes,
                                                 width: Self.pixels(renderer.width, renderer.scale), height: Self.pixels(renderer.height, renderer.scale),
                                                 limits: limits)
        return try ThreadBudget.withLimit(drawing) { () throws(RenderError) in
            do {
                let (files, bytes, encodedFiles, report, removed) = try writer.produced(inMemory: output == nil, progress: counter)
                if cancellation?.isCancelled == true { throw RenderError.cancelled }
                reporter.finish(.writing)
                // An animation file's name gives its scale to every reader (a folder's frames are named for theirs).
                // A sheet's too, where its data does not state the scale (`r.atlas` at @2x is read as @1x).
                let named: String? = switch plan.format {
                case .gif, .apng, .webp: output.flatMap { AssembleJob.scaleNameWarning(output: $0, scale: scene.scale) }
                case .sheet: output.flatMap { SheetExport.scaleNameWarning(output: $0, scale: scene.scale, format: plan.sheetFormat) }
                case .folder: nil
                }
                var warnings = scene.warnings + (named.map { [$0] } ?? [])
                // A count of plays the sheet's data cannot hold is said, as `flipbook sheet` says it (round 46 I).
                if plan.format == .sheet, plan.repeatCount != 0, !Self.sheetKeepsPlays(plan.sheetFormat) {
                    warnings.append("the scene plays \(plan.repeatCount)×, but \(plan.sheetFormat.rawValue) data keeps no count of plays: "
                                    + "an engine loops its animation (or plays it once) unless the game's code says otherwise")
                }
                if let origin, let output, case .file(let path) = source {
                    warnings += FrameOrigin.otherScalesWarnings(output: output, prefix: plan.prefix, scale: scene.scale, origin: origin,
                                                                base: FileIO.parentDirectory(of: path),
                                                                another: "an earlier render of another scene than \(scene.file) is now (or of other files it reads)",
                                                                again: "render it")
                }
                return Outcome(files: files, bytes: bytes, encodedFiles: encodedFiles, format: plan.format, frames: scene.frameCount, width: Self.pixels(renderer.width, renderer.scale),
                               height: Self.pixels(renderer.height, renderer.scale), scale: scene.scale, fps: scene.fps,
                               repeatCount: plan.repeatCount, warnings: warnings, report: report, removed: removed,
                               softAlphaNote: plan.format == .gif ? AssembleJob.softAlphaNote(share: AssembleJob.softAlphaShare(of: samples.frames), output: output,
                                                                                              framePaths: scene.inputFiles, alpha: GIF.Encoder().alpha) : nil)
            } catch {
                // The writer throws a frame's own error first (``FrameWriter``).
                if var drawn = error as? CompositionError {
                    // A frame over a limit (its blurs, its share of the drawing) is named by the scene's file too.
                    if case .limit(var limit) = drawn, limit.subject.hasPrefix("the frame at ") || limit.subject == LayerRenderer.wholeRun {
                        limit.subject = limit.subject == LayerRenderer.wholeRun ? scene.file : "\(scene.file): \(limit.subject)"
                        drawn = .limit(limit)
                    }
                    throw .render(drawn)
                }
                if cancellation?.isCancelled == true { throw .cancelled }
                throw RenderError.from(error, output: output)
            }
        }
    }

    /// The first setting out of range.
    private var settingError: SettingError? {
        if let scale, let error = ImageFileName.drawingScaleError(scale, of: "RenderJob") { return error }
        if let fps, !Animation.Timing.fpsRange.contains(fps) {
            return SettingError(.fps, of: "RenderJob", value: fps, allowed: .interval(Animation.Timing.fpsRange))
        }
        if let repeatCount, !(0...65_535).contains(repeatCount) {
            return SettingError(.repeatCount, of: "RenderJob", value: repeatCount, allowed: .range(0...65_535))
        }
        if let threads, threads < 1 { return SettingError(.threads, of: "RenderJob", value: threads, allowed: .atLeast(1)) }
        return limits.rangeError
    }

    /// The format asked for, or the one ``output``'s name promises; refuses a name that promises
    /// another format or none.
    private func resolvedFormat() throws(RenderError) -> Format {
        guard let output else { return format ?? .gif }
        let named = Format(fileName: output)
        if let format {
            if named == format || (named == .folder && format != .sheet) { return format }
            throw .output(.unsupportedName(path: output, reason: "the name promises \(named.map(\.description) ?? "another format"), "
                                           + "RenderJob.format asks for \(format)"))
        }
        guard let named else {
            throw .output(.unsupportedName(path: output, reason: "render writes a folder (no extension), NAME.gif, NAME.png or NAME.apng, "
                                           + "NAME.webp, or a sprite sheet's data NAME.json, NAME.atlas, NAME.tres or NAME.plist (+ NAME.png; a SpriteKit atlas: "
                                           + "NAME.plist with RenderJob.sheetFormat spritekit, written as NAME.atlasc/)" + Self.dottedFolderHint(output)))
        }
        return named
    }

    /// For an output name whose extension is no format's (`out/take.v2`): how to name a folder
    /// with a dot in its name (a trailing `/`); empty otherwise.
    static func dottedFolderHint(_ output: String) -> String {
        guard !output.hasSuffix("/"), !OutputName.pathExtension(output).isEmpty else { return "" }
        return "; for a folder whose name has a dot, end it with '/' (\(output)/)"
    }

    /// A side of the canvas in pixels, as the canvas rounds it (checked against the pixel limit already).
    private static func pixels(_ points: Double, _ scale: Int) -> Int { Int((points * Double(scale)).rounded()) }
}
