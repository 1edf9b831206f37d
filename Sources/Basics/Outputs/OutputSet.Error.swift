extension OutputSet {
    /// Why writing through the output contract failed: the one error of ``OutputSet``'s writes and
    /// commit, of ``OutputSet/check(file:protecting:overwrite:)`` and
    /// ``InputFiles/prepare(folder:)``. Either the contract refused the output before it replaced
    /// anything (``refused(_:)``: the CLI's exit 2, exit 4 for ``OutputError/notAFolder(path:)``),
    /// or the file system failed (``write(_:)``: a temporary file, a folder or a rename that could
    /// not be made; exit 4, or 3 for a folder that could not be read). A job's error maps the two
    /// onto its own `output` and `write` cases without looking at anything else.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The output contract refused the output: nothing was replaced.
        case refused(OutputError)
        /// The file system failed while checking, writing or renaming the output (its path and
        /// the system's reason).
        case write(FileIO.Error)

        /// The file or folder the error is about.
        public var path: String {
            switch self {
            case .refused(let error): error.path
            case .write(let error): error.path
            }
        }

        /// The refusal's or the file system's own message, naming the file.
        public var description: String {
            switch self {
            case .refused(let error): error.description
            case .write(let error): error.description
            }
        }

        /// What ``OutputSet/commit()`` throws where ``OutputSet/simulatedKillAfterRenames`` stops
        /// it, leaving its journals as a killed process would (tests only).
        package static let simulatedKill = Error.write(FileIO.Error(path: "", reason: "killed during the renames (simulated)", operation: .write))
    }

    /// `body`'s file-system failure as ``Error/write(_:)``.
    static func io<T>(_ body: () throws(FileIO.Error) -> T) throws(Error) -> T {
        do { return try body() } catch { throw .write(error) }
    }
}
