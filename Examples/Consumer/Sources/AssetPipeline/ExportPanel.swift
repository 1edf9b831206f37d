import Animated
import Basics
import GIF

/// An editor's export panel: the values a user typed in its fields, exported in a task of its own
/// (as a button's action starts one). A setting the library refuses is shown beside its field, in
/// the panel's words: the job's typed `SettingError` says which setting, so nothing parses a message.
public struct ExportPanel: Sendable {
    /// The panel's fields.
    public enum Field: String, Sendable, CaseIterable {
        case plays = "Plays"
        case scale = "Scale"
        case colours = "Colours"
        case sizeLimit = "Size limit"
        case threads = "Threads"
    }

    /// What an export ended with.
    public enum Outcome: Sendable, Equatable {
        /// The animation, this many bytes.
        case exported(bytes: Int)
        /// A field's value was refused: the field and what to tell the user beside it.
        case refused(Field, String)
        /// Any other failure, described.
        case failed(String)
    }

    /// Plays in all (0 forever); `nil` keeps the upload's own.
    public var plays: Int?
    /// Which `@Nx` files to use; `nil` takes the upload's.
    public var scale: Int?
    /// Most entries of a GIF colour table.
    public var colours: Int
    /// The largest file wanted, in bytes.
    public var sizeLimit: Int?
    /// Threads the export may use.
    public var threads: Int?

    /// A panel with the fields' defaults.
    public init(plays: Int? = nil, scale: Int? = nil, colours: Int = 256, sizeLimit: Int? = nil, threads: Int? = 1) {
        self.plays = plays
        self.scale = scale
        self.colours = colours
        self.sizeLimit = sizeLimit
        self.threads = threads
    }

    /// Exports `files` (an upload, in memory) as `format`, in a task of its own: cancel the task to
    /// stop the encode before its next frame.
    public func export(_ files: [InMemoryFile], as format: AssembleJob.Format) -> Task<Outcome, Never> {
        var job = AssembleJob(source: .files(files), output: nil, repeatCount: plays, scale: scale, maxBytes: sizeLimit)
        job.format = format
        job.encoder.colors = colours
        job.threads = threads
        return Task {
            // Swift infers no error type for a task's closure: `do throws(AssembleError)` gives the
            // `catch` an AssembleError to switch over (a plain `do` would give it `any Error`).
            do throws(AssembleError) {
                let outcome = try await job.run()
                return .exported(bytes: outcome.bytes.count)
            } catch {
                switch error {
                case .setting(let refusal):
                    guard let field = Self.field(for: refusal.setting) else { return .failed(refusal.description) }
                    return .refused(field, refusal.description(naming: { Self.field(for: $0)?.rawValue }))
                case .cancelled:
                    return .failed("cancelled")
                default:
                    return .failed(error.description)
                }
            }
        }
    }

    /// The field that sets `setting`, if the panel has one.
    static func field(for setting: SettingError.Setting) -> Field? {
        switch setting {
        case .repeatCount: .plays
        case .scale: .scale
        case .colors: .colours
        case .maxBytes: .sizeLimit
        case .threads: .threads
        default: nil
        }
    }
}
