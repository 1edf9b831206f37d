import Atlas
import Basics

/// What a sprite editor's server answers when a user imports an animation or a sprite sheet to
/// edit its frames: the frames as PNG files, or a status and a reason.
public enum ImportResponse: Sendable, Equatable {
    /// The frames, named as `flipbook frames` would write them (an animation's `sequence.json`
    /// last), and what was read past leniently.
    case frames(files: [InMemoryFile], warnings: [String])
    /// The import was refused: an HTTP status and the reason to show.
    case rejected(status: Int, reason: String)
}

/// Explodes an uploaded GIF, APNG or WebP — or a sprite sheet's data file with its pages — into
/// numbered PNG frames in memory, as `flipbook frames` does on disk (`FramesJob`'s in-memory form):
/// same names, same bytes, same rules, nothing read from or written to disk. A page the data names
/// outside its folder is refused, never looked up.
public struct FrameImport: Sendable {
    /// What an import may ask for.
    public var limits: ResourceLimits

    /// An importer within `limits`.
    public init(limits: ResourceLimits = .default) {
        self.limits = limits
    }

    /// The frames of `file` (with `pages`, when it is a sheet's data), or why not. Runs off the
    /// caller's thread; cancelling the calling task stops it before its next frame.
    public func frames(of file: InMemoryFile, pages: [InMemoryFile] = []) async -> ImportResponse {
        do throws(FramesJobError) {
            let outcome = try await FramesJob(files: [file] + pages, limits: limits).run()
            return .frames(files: outcome.frames, warnings: outcome.warnings)
        } catch {
            switch error {
            case .limit: return .rejected(status: 413, reason: error.description)
            // An upload named @5x (a scale no reader takes) is the client's.
            case .outsideFolder, .prefixForSheet, .invalidPrefix, .folderGiven, .scaleOutOfRange: return .rejected(status: 400, reason: error.description)
            // An animation asked for by a name the data lacks, or of a GIF (one animation): the client's.
            case .animationNotFound, .animationForFile: return .rejected(status: 400, reason: error.description)
            // Nothing to explode, two animations or sheets (which one is meant?), a name given twice:
            // the same `Discovery.Error`s every job's upload gives.
            case .source, .severalSheets: return .rejected(status: 400, reason: error.description)
            // Limits or threads out of range are this server's own mistake.
            case .setting: return .rejected(status: 500, reason: error.description)
            case .stillImage: return .rejected(status: 415, reason: error.description)
            case .decode, .sheet: return .rejected(status: 422, reason: error.description)
            case .cancelled: return .rejected(status: 499, reason: "cancelled")
            case .output, .encode, .manifest, .write: return .rejected(status: 500, reason: error.description)
            }
        }
    }
}
