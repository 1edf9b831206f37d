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
///
/// The shape of every job (docs/Design.md): ``plan(progress:cancellation:)`` reads and checks the
/// input, its limits and every frame's name against the output contract, and writes nothing;
/// ``run(_:progress:cancellation:)`` writes a plan (as often as wanted); ``run(progress:cancellation:)``
/// is both; each has an `async` form on a thread of its own.
///
/// ```swift
/// let job = FramesJob(input: "boom.gif", output: "boom")
/// let plan = try await job.plan()      // nothing written yet
/// print(plan.files.count, "files")
/// let outcome = try await job.run(plan)
/// ```
public struct FramesJob: Sendable {
    /// Where the animation or the sheet comes from.
    public enum Source: Sendable {
        /// A GIF, APNG, WebP or sheet data file on disk; a sheet's pages lie beside its data.
        case file(String)
        /// Files held in memory, named as on disk, in any order: the animation (`boom.gif`), or the
        /// sheet's data (`hero.atlas`) with its pages named as the data names them; other files are
        /// left out (``FramesJob/init(files:prefix:limits:)``).
        case memory(files: [InMemoryFile])
    }

    /// The animation or the sheet's data.
    public var source: Source
    /// The folder to write (created if needed); `nil` writes nothing and returns the frames (and
    /// an animation's `sequence.json`) in ``Outcome/frames``.
    public var output: String?
    /// An animation's frames' file name before their number; `nil` takes the file's name. Not for a sheet.
    public var prefix: String?
    /// Of a sheet, only the frames of the animation of this name (TexturePacker's `animations`,
    /// Aseprite's tags, Godot's animations, libGDX's index groups: the names its data gives), in
    /// the sheet's order; `nil` writes every frame. Two animations whose frames read back as one
    /// sequence in one folder (`frame-000…` of one, `frame-020…` of another) are each written into
    /// a folder of their own this way, with a `sequence.json` of the animation's frame durations,
    /// direction and count of plays when its frames are one numbered sequence (``Outcome/manifest``).
    /// Not for a GIF, APNG or WebP (``FramesJobError/animationForFile(path:)``).
    public var animation: String?
    /// What the input may ask for: pixels of the screen or a page, frames or sprites.
    public var limits: ResourceLimits
    /// Whether a file Flipbook did not write at one of the names written may be replaced (never
    /// the input, never a file of another set), as every command's `--overwrite`.
    public var overwrite: Bool
    /// The most threads the frames are encoded on at once (Basics' `ThreadBudget`), as
    /// `SheetJob.threads` and `AssembleJob.threads`; `nil` uses every core. The files are the same
    /// whatever the limit; under 1 is a `SettingError`.
    public var threads: Int?

    /// A job exploding `input` into the folder `output`.
    public init(input: String, output: String, prefix: String? = nil, limits: ResourceLimits = .default, overwrite: Bool = false) {
        self.source = .file(input)
        self.output = output
        self.prefix = prefix
        self.limits = limits
        self.overwrite = overwrite
    }

    /// A job exploding the file at the file URL `input` into the folder at `output`, as
    /// ``init(input:output:prefix:limits:overwrite:)`` does with paths.
    public init(url input: URL, output: URL, prefix: String? = nil, limits: ResourceLimits = .default, overwrite: Bool = false) {
        self.init(input: input.filePathForFlipbook, output: output.filePathForFlipbook, prefix: prefix, limits: limits, overwrite: overwrite)
    }

    /// A job exploding `files`, held in memory, into frames returned in memory (``Outcome/frames``):
    /// one GIF, APNG or WebP alone, or a sheet's data file (`hero.atlas`, anywhere among the
    /// files) with its pages named as the data names them. The rules are those of a file on disk
    /// and of every job's upload: names normalised, a name given twice with different bytes, no
    /// animation or sheet data at all, or several of them refused when planned
    /// (``FramesJobError/source(_:)``, ``FramesJobError/severalSheets(data:)``); a file that is no
    /// input (`readme.txt`, a still PNG beside a GIF) left out and named in a warning, whatever the
    /// order of the files. Nothing is read from or written to disk.
    public init(files: [InMemoryFile], prefix: String? = nil, limits: ResourceLimits = .default) {
        self.source = .memory(files: files)
        self.output = nil
        self.prefix = prefix
        self.limits = limits
        self.overwrite = false
    }

    /// The input's path on disk, or the name of the file held in memory that is exploded (the
    /// sheet's data or the animation, wherever it is among the files). Setting it reads that path
    /// from disk.
    public var input: String {
        get {
            switch source {
            case .file(let path): path
            case .memory(let files): Self.mainFile(of: files)?.name ?? ""
            }
        }
        set { source = .file(newValue) }
    }

    /// The file of an upload that is exploded (``GivenFiles``): its one sheet data file wherever
    /// it is among the files (the rest are its pages), else its one animation; the first file
    /// when the upload is refused.
    static func mainFile(of files: [InMemoryFile]) -> InMemoryFile? {
        (try? GivenFiles(files))?.main ?? files.first
    }

    /// The data file extensions read as a sheet; anything else is read as a GIF, an APNG or a WebP.
    public static let sheetExtensions = ["json", "atlas", "atlasc", "plist", "tres"]

    /// What the job wrote.
    public struct Outcome: Sendable {
        /// The frames written, in order, and the `sequence.json` last when one was written (an
        /// animation's; a sheet's, see ``manifest``); their names when the job has no ``FramesJob/output``.
        public var files: [String]
        /// The frames as PNG files (and an animation's `sequence.json` last), named as they would
        /// be on disk, when the job has no ``FramesJob/output``; empty when it wrote a folder.
        public var frames: [InMemoryFile] = []
        /// What the input was read past leniently (a GIF's missing palette; a sheet's unknown keys).
        public var warnings: [String]
        /// The frames' timing in `sequence.json`: an animated file's; a sheet's when its frames are
        /// one animation with timing to keep — the animation picked (``FramesJob/animation``), or
        /// a sheet of one animation (or none) whose frames have durations, a direction or a count
        /// of plays (a sheet's frames beside the same frames at another scale share the
        /// `sequence.json` those wrote, when it says the same); `nil` for every other sheet.
        public var manifest: SequenceManifest?
        /// A GIF's screen size, or a sheet's first page size.
        public var width: Int, height: Int
        /// An animation's repeat count (UIKit's meaning), as in ``manifest``; 0 for a sheet without one.
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

    /// ``plan(progress:cancellation:)`` then ``run(_:progress:cancellation:)``: reads the input and
    /// writes its frames as one set. `progress` receives `JobProgress` reports: the input read
    /// (phase `reading`, one step), then each frame written (phase `writing`, out of the frames the
    /// file declares), the last with a fraction of 1. A raised `cancellation` stops the run before
    /// the next frame (``FramesJobError/cancelled``): nothing is written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(FramesJobError) -> Outcome {
        // Reading a sheet decodes its pages; reading an APNG or WebP decodes every frame.
        let reporter = JobProgress.Reporter(progress, phases: [(.reading, 1), (.writing, 3)])
        // The folders read are held until the job has read them (``FolderReads``): never a mix of two runs.
        return try FolderReads.reading { () throws(FramesJobError) -> Outcome in
            let planned = try self.plan(reporter, cancellation: cancellation)
            return try self.run(planned, reporter: reporter, cancellation: cancellation)
        }
    }
}
