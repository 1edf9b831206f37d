import Basics
import Foundation

extension Validator {
    /// Why a validation gave no report.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A root is missing, a file, unreadable or holds no PNG (see `validate(_:progress:cancellation:)`),
        /// or files in memory repeat a name for different contents
        /// (``Discovery/Error/repeatedName(first:second:)``, as every reader of an upload says).
        case source(Discovery.Error)
        /// A lone GIF, APNG or WebP among the files given could not be read, as `AssembleJob`
        /// could not read it.
        case animation(Animation.LoadError)
        /// The task was cancelled before every file was read.
        case cancelled
        /// A setting of the validator is out of range (``Validator/threads`` under 1), found
        /// before anything is read.
        case setting(SettingError)
        /// The ``Validator/config`` (or a folder's, in `validate(folders:progress:cancellation:)`) holds a value
        /// that `.flipbook.json` could not hold (``ValidationConfig/check(file:)``), found before anything is read.
        case config(ValidationConfig.Error)
        /// A folder given holds nothing validation reads: no numbered PNG frame (in it or below)
        /// and no GIF, APNG or WebP — an empty folder, one of `logo.png` alone, one of a
        /// licence. A CI job names the folders it checks; one that holds nothing is a wrong
        /// path or lost assets, never a pass.
        case nothingToCheck(folder: String)
        /// A folder that one part of a sharded run could not validate, as that part's report gives
        /// it (a ``MergedReport``'s ``ValidationReport/folderErrors``): the error's message.
        case unvalidatedInShard(message: String)

        /// What went wrong.
        public var description: String {
            switch self {
            case .source(let error): error.description
            case .animation(let error): error.description
            case .cancelled: "cancelled"
            case .setting(let error): error.description
            case .config(let error): error.description
            case .nothingToCheck(let folder):
                "\(folder): nothing to validate: no numbered PNG frames (walk1.png, walk2.png…) in it or below, "
                    + "and no GIF, APNG or WebP; give the folder that holds the frames"
            case .unvalidatedInShard(let message): message
            }
        }
    }
}

extension Validator.Error {
    /// The resource limit this error reports, if it is one (an animation over a limit): a caller
    /// may raise that limit and retry.
    public var limitError: LimitError? {
        if case .animation(let error) = self { error.limitError } else { nil }
    }

    /// The setting this error reports, if it is one (``setting(_:)``): a caller may show it beside
    /// the control that sets it.
    public var settingError: SettingError? {
        if case .setting(let error) = self { error } else { nil }
    }
}

extension Validator {
    /// `validate(_:progress:cancellation:)` for folders named by file URLs.
    public func validate(urls: [URL], progress: (@Sendable (JobProgress) -> Void)? = nil,
                         cancellation: CancellationFlag?) throws(Validator.Error) -> ValidationReport {
        try validate(urls.map(\.filePathForFlipbook), progress: progress, cancellation: cancellation)
    }

    /// `validate(_:progress:cancellation:)` without blocking the caller's thread: the files are
    /// read on a thread of its own and Dispatch's workers (never on Swift's cooperative pool), and
    /// cancelling the calling task stops the reading before the next file (``Error/cancelled``).
    /// `progress` receives the files read as `JobProgress` (phase `reading`) from the workers.
    public func validate(_ roots: [String], progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(Validator.Error) -> ValidationReport {
        try await inBackground { validator, flag throws(Validator.Error) in try validator.validate(roots, progress: progress, cancellation: flag) }
    }

    /// The `async` form of `validate(folders:progress:cancellation:)`: each folder with its own
    /// config, read off the caller's thread; cancelling the calling task stops the reading.
    public func validate(folders: [(folder: String, config: ValidationConfig)], progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(Validator.Error) -> ValidationReport {
        try await inBackground { validator, flag throws(Validator.Error) in try validator.validate(folders: folders, progress: progress, cancellation: flag) }
    }

    /// The `async` form of `validate(urls:progress:cancellation:)`.
    public func validate(urls: [URL], progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(Validator.Error) -> ValidationReport {
        try await validate(urls.map(\.filePathForFlipbook), progress: progress)
    }

    /// The `async` form of `validate(files:progress:cancellation:)`.
    public func validate(files: [InMemoryFile], progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(Validator.Error) -> ValidationReport {
        try await inBackground { validator, flag throws(Validator.Error) in try validator.validate(files: files, progress: progress, cancellation: flag) }
    }

    /// `work` on a thread of its own, with a flag the calling task's cancellation raises.
    private func inBackground(_ work: @escaping @Sendable (Validator, CancellationFlag) throws(Validator.Error) -> ValidationReport)
        async throws(Validator.Error) -> ValidationReport {
        let validator = self
        return try await BackgroundThread.run(cancelled: Validator.Error.cancelled) { flag throws(Validator.Error) in
            try work(validator, flag)
        }
    }
}
