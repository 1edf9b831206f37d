import Animated
import APNG
import Basics
import Foundation
import GIF
import Raster
import WebP

/// A GIF, APNG, animated WebP or a sprite sheet exploded into numbered PNG frames in a folder, as
/// `flipbook frames` does it, with the command's rules: an animation's frames fully composited with a `sequence.json` of
/// their timing (so the folder assembles back into the same animation); a sheet's frames cut out,
/// turned back and un-trimmed, named after its sprites; a folder refused as input (it holds frames
/// already), a prefix refused for a sheet (its frames have names), the output folder written as
/// one set that never replaces the input or a file Flipbook did not write. Errors are
/// ``FramesJobError``s.
public struct FramesJob: Sendable {
    /// Where the animation or the sheet comes from.
    public enum Source: Sendable {
        /// A GIF, APNG, WebP or sheet data file on disk; a sheet's pages lie beside its data.
        case file(String)
        /// A file held in memory, named as on disk (`boom.gif`, `hero.atlas`), and, for a sheet's
        /// data, its pages named as the data names them.
        case memory(file: InMemoryFile, pages: [InMemoryFile])
    }

    /// The animation or the sheet's data.
    public var source: Source
    /// The folder to write (created if needed); `nil` writes nothing and returns the frames (and
    /// an animation's `sequence.json`) in ``Outcome/frames``.
    public var output: String?
    /// An animation's frames' file name before their number; `nil` takes the file's name. Not for a sheet.
    public var prefix: String?
    /// What the input may ask for: pixels of the screen or a page, frames or sprites.
    public var limits: ResourceLimits
    /// Whether a file Flipbook did not write at one of the names written may be replaced (never
    /// the input, never a file of another set), as every command's `--overwrite`.
    public var overwrite: Bool

    /// A job exploding `input` into the folder `output`.
    public init(input: String, output: String, prefix: String? = nil, limits: ResourceLimits = .default, overwrite: Bool = false) {
        self.source = .file(input)
        self.output = output
        self.prefix = prefix
        self.limits = limits
        self.overwrite = overwrite
    }

    /// A job exploding the file at the file URL `input` into the folder at `output`.
    public init(url input: URL, output: URL, prefix: String? = nil, limits: ResourceLimits = .default) {
        self.init(input: input.filePathForFlipbook, output: output.filePathForFlipbook, prefix: prefix, limits: limits)
    }

    /// A job exploding `file`, held in memory, into frames returned in memory (``Outcome/frames``):
    /// a GIF, an APNG or a WebP, or a sheet's data file (`hero.atlas`) with its `pages` named as the
    /// data names them. The rules are those of a file on disk; nothing is read from or written to disk.
    public init(file: InMemoryFile, pages: [InMemoryFile] = [], prefix: String? = nil, limits: ResourceLimits = .default) {
        self.source = .memory(file: file, pages: pages)
        self.output = nil
        self.prefix = prefix
        self.limits = limits
        self.overwrite = false
    }

    /// The input's path on disk, or the name of the file held in memory. Setting it reads that
    /// path from disk.
    public var input: String {
        get {
            switch source {
            case .file(let path): path
            case .memory(let file, _): file.name
            }
        }
        set { source = .file(newValue) }
    }

    /// The data file extensions read as a sheet; anything else is read as a GIF, an APNG or a WebP.
    public static let sheetExtensions = ["json", "atlas", "atlasc", "plist", "tres"]

    /// What the job wrote.
    public struct Outcome: Sendable {
        /// The frames written, in order (and the GIF's `sequence.json` last); their names when
        /// the job has no ``FramesJob/output``.
        public var files: [String]
        /// The frames as PNG files (and an animation's `sequence.json` last), named as they would
        /// be on disk, when the job has no ``FramesJob/output``; empty when it wrote a folder.
        public var frames: [InMemoryFile] = []
        /// What the input was read past leniently (a GIF's missing palette; a sheet's unknown keys).
        public var warnings: [String]
        /// A GIF's timing as written to `sequence.json`; `nil` for a sheet.
        public var manifest: SequenceManifest?
        /// A GIF's screen size, or a sheet's first page size.
        public var width: Int, height: Int
        /// A GIF's repeat count (UIKit's meaning); 0 for a sheet.
        public var repeatCount: Int
        /// A sheet's page count; 0 for a GIF.
        public var pages: Int
        /// The prefix a GIF's frames are named with.
        public var prefix: String?
    }

    /// Whether ``input`` is read as a sheet's data (by its extension).
    public var readsSheet: Bool {
        Self.sheetExtensions.contains(OutputName.pathExtension(Discovery.trimmingSlash(input)))
    }

    /// Reads the input and writes its frames as one set. `progress` receives `JobProgress` reports:
    /// the input read (phase `reading`, one step), then each frame written (phase `writing`, out of
    /// the frames the file declares), the last with a fraction of 1. A raised `cancellation` stops
    /// the run before the next frame (``FramesJobError/cancelled``): nothing is written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag? = nil) throws(FramesJobError) -> Outcome {
        // Reading a sheet decodes its pages; reading an APNG or WebP decodes every frame.
        let reporter = JobProgress.Reporter(progress, phases: [(.reading, 1), (.writing, 3)])
        do { return try explode(reporter, cancellation: cancellation) } catch { throw FramesJobError.from(error) }
    }

    /// ``run(progress:cancellation:)`` on a thread of its own, for `async` callers: the task's
    /// cancellation stops it before the next frame (``FramesJobError/cancelled``), and nothing is written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(FramesJobError) -> Outcome {
        try await BackgroundThread.run(cancelled: FramesJobError.cancelled) { flag throws(FramesJobError) in
            try run(progress: progress, cancellation: flag)
        }
    }

    private func explode(_ reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws -> Outcome {
        // Limits of 0 or less would refuse every input with a false "over the limit": the setting first.
        if let error = limits.rangeError { throw FramesJobError.setting(error) }
        // `G.atlasc/`, as a shell completes a SpriteKit atlas, is `G.atlasc`.
        let input = Discovery.trimmingSlash(self.input)
        if let output { try OutputName.requireFolder(output, what: "frames are written to a folder of PNG frames") }
        if let prefix, prefix.isEmpty || prefix.contains("/") || prefix.hasPrefix(".") { throw FramesJobError.invalidPrefix(prefix) }
        var isDirectory: ObjCBool = false
        if case .file = source, FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue,
           !input.lowercased().hasSuffix(".atlasc") {
            throw FramesJobError.folderGiven(path: input)
        }
        if readsSheet {
            if prefix != nil { throw FramesJobError.prefixForSheet(path: input) }
            reporter.report(.reading, done: 0, total: 1)
            let sheet: SpriteSheet
            switch source {
            case .file:
                // A sheet a killed run left half-replaced is finished before it is read, never read mixed.
                for folder in isDirectory.boolValue ? [input] : [FileIO.parentDirectory(of: input)] {
                    do { try OutputRecovery.recover(folder: folder) } catch { throw SheetImport.Error.unreadable(file: input, reason: error.description) }
                }
                sheet = try SheetImport.read(input, limits: limits)
            case .memory(let file, let pages):
                sheet = try SheetImport.read(files: [file] + pages, data: file.name, limits: limits)
            }
            // A data file cut after its page header names no frame: nothing to write, and no empty folder.
            guard !sheet.sprites.isEmpty else {
                throw SheetImport.Error.invalid(file: input, reason: "names no frames (a data file cut short, or a sheet of no sprites): nothing was written")
            }
            reporter.report(.reading, done: 1, total: 1)
            if cancellation?.isCancelled == true { throw FramesJobError.cancelled }
            let report: (Int, Int) -> Void = { reporter.report(.writing, done: $0, total: $1) }
            var outcome = Outcome(files: [], warnings: sheet.warnings.map(\.description) + sheet.fileNameWarnings,
                                  manifest: nil, width: sheet.pages.first?.width ?? 0,
                                  height: sheet.pages.first?.height ?? 0, repeatCount: 0, pages: sheet.pages.count, prefix: nil)
            if let output {
                outcome.files = try sheet.unpack(into: output, source: input, overwrite: overwrite, cancellation: cancellation, progress: report)
            } else {
                outcome.frames = try sheet.unpackedFrames(source: input, cancellation: cancellation, progress: report)
                outcome.files = outcome.frames.map(\.name)
            }
            return outcome
        }
        // `spin@2x.gif` gives `spin1@2x.png…`: the scale stays where UIKit reads it.
        let file = ImageFileName(path: input)
        let scale = file.scale ?? 1
        // `spin@5x.gif` would give `spin1@5x.png`, a name no reader takes for a scale (1…3).
        if let error = ImageFileName.scaleError(scale, of: nil) {
            var named = error
            named.reason = "the name \(FileIO.lastComponent(of: input)) asks for @\(scale)x frames; rename it NAME.gif, NAME@2x.gif or NAME@3x.gif"
            throw FramesJobError.setting(named)
        }
        // A prefix given with the scale in it (`hero@3x`) is the stem: the writer adds the scale.
        let name = prefix.map { ImageFileName(path: $0 + ".png").stem } ?? file.stem
        // A GIF, an APNG (`.apng`, or a `.png` with `acTL`) or a WebP: decoded and written one
        // frame at a time, through the one decoder shape.
        switch OutputName.pathExtension(input) {
        case "gif": return try explode(GIF.Decoder.self, input: input, name: name, scale: scale, reporter: reporter, cancellation: cancellation)
        case "webp": return try explode(WebP.Decoder.self, input: input, name: name, scale: scale, reporter: reporter, cancellation: cancellation)
        default:
            let head: [UInt8]?
            switch source {
            case .file: head = try? FileIO.readPrefix(input, limit: 4096).bytes
            case .memory(let file, _): head = Array(file.bytes.prefix(4096))
            }
            if OutputName.pathExtension(input) == "png", let head, !APNG.Decoder.isAnimated(head), head.starts(with: [0x89, 0x50]) {
                throw FramesJobError.stillImage(path: input)
            }
            return try explode(APNG.Decoder.self, input: input, name: name, scale: scale, reporter: reporter, cancellation: cancellation)
        }
    }

    /// The animated file `input` read by `decoder`, its frames written as `name1.png…` at `scale`
    /// (or returned in memory when the job has no output).
    private func explode<Decoder: AnimationDecoder>(_ decoder: Decoder.Type, input: String, name: String, scale: Int,
                                                     reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws -> Outcome {
        reporter.report(.reading, done: 0, total: 1)
        let reader: Decoder
        switch source {
        case .file: reader = try Decoder(file: input, limits: limits)
        case .memory(let file, _): reader = try Decoder(bytes: file.bytes, file: file.name, limits: limits)
        }
        // Work in proportion to the input: a GIF of a kilobyte may declare fifty 8000² frames.
        let info = reader.info
        try limits.checkOutput(info.frameCount, "frames", width: info.width, height: info.height, of: input)
        reporter.report(.reading, done: 1, total: 1)
        let report: (Int, Int) -> Void = { reporter.report(.writing, done: $0, total: $1) }
        var outcome = Outcome(files: [], warnings: [], manifest: nil, width: info.width, height: info.height,
                              repeatCount: info.repeatCount, pages: 0, prefix: nil)
        if let output {
            let writer = try SequenceWriter(folder: output, prefix: name, scale: scale, protecting: InputFiles([input]), overwrite: overwrite)
            (outcome.manifest, outcome.files) = try reader.writeFrames(to: writer, cancellation: cancellation, progress: report)
            outcome.prefix = writer.prefix
        } else {
            let prefix = SequenceWriter.numberingPrefix(name)
            (outcome.manifest, outcome.frames) = try reader.encodedFrames(prefix: prefix, scale: scale, cancellation: cancellation, progress: report)
            outcome.files = outcome.frames.map(\.name)
            outcome.prefix = prefix
        }
        outcome.warnings = reader.warnings + [prefixWarning(inputScale: scale)].compactMap { $0 }
        return outcome
    }
}
