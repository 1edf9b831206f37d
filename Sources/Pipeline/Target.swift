import Animated
import Atlas
import Basics
import Compose

/// One target of a ``Project``: a source, an output and the job that makes the one from the
/// other: the same library job its command runs, so a build and the command write the same bytes.
public struct Target: Sendable {
    /// What a target makes, and the command it matches.
    public enum Kind: String, Sendable, CaseIterable {
        /// An animated GIF, APNG or WebP from frames (`flipbook assemble`).
        case assemble
        /// A sprite sheet for an engine (`flipbook sheet`).
        case sheet
        /// Numbered PNG frames from an animation or a sheet (`flipbook frames`).
        case frames
        /// A rendered scene (`flipbook render`).
        case render
        /// A validation report (`flipbook validate --output`).
        case validate
    }

    /// The job a target runs, configured.
    public enum Job: Sendable {
        /// `flipbook assemble`'s job.
        case assemble(AssembleJob)
        /// `flipbook sheet`'s job.
        case sheet(SheetJob)
        /// `flipbook frames`' job.
        case frames(FramesJob)
        /// `flipbook render`'s job.
        case render(RenderJob)
        /// `flipbook validate --output`'s work.
        case validate(ValidationTarget)
    }

    /// The target's name in the project file.
    public var name: String
    /// What it makes.
    public var kind: Kind
    /// What it reads, relative to the project's folder, as written.
    public var sources: [String]
    /// What it writes, relative to the project's folder: the file, the folder of frames, or a
    /// sheet's page (its data file is in ``extraOutputs``).
    public var output: String
    /// Other files it writes beside ``output`` (a sheet's data file when named).
    public var extraOutputs: [String]
    /// Targets that must be built first: named under `after`, and every target whose output
    /// this target reads (found by the build).
    public var after: [String]
    /// The job, its paths as opened from the working directory.
    public var job: Job
    /// The target's settings as a canonical text (sorted keys, the defaults merged in): a change
    /// of any setting changes it, and a rebuild says so.
    public var settings: String

    /// A target; see the properties.
    public init(name: String, kind: Kind, sources: [String], output: String, extraOutputs: [String] = [], after: [String] = [],
                job: Job, settings: String) {
        self.name = name
        self.kind = kind
        self.sources = sources
        self.output = output
        self.extraOutputs = extraOutputs
        self.after = after
        self.job = job
        self.settings = settings
    }

    /// Every path it writes, relative to the project's folder.
    public var outputs: [String] { [output] + extraOutputs }

    /// The paths of ``outputs`` that are files or folders on disk: all of them, but for a SpriteKit
    /// sheet (made by `sheet` or `render`) only its `.atlasc` folder (the name given, `S.png` or
    /// `k.plist`, names the sheet; no file is written there).
    package var writtenOutputs: [String] {
        switch job {
        case .sheet(let sheet) where sheet.format == .spritekit: break
        case .render(let render) where render.sheetFormat == .spritekit && OutputName.pathExtension(output) == "plist": break
        default: return outputs
        }
        return outputs.filter { OutputName.pathExtension($0) == "atlasc" }
    }
}
