import Animated
import Basics

/// The work of a `validate` target: the folders to check, the validator, and the report to write
/// (as `flipbook validate DIR… --output FILE` writes it).
public struct ValidationTarget: Sendable {
    /// The folders to check, as opened from the working directory.
    public var folders: [String]
    /// The validator, with its settings.
    public var validator: Validator
    /// A configuration file for every folder (otherwise each folder's own `.flipbook.json`).
    public var config: String?
    /// The report's format.
    public var format: ReportFormat
    /// The report file, as opened from the working directory.
    public var output: String
    /// Whether errors in the report fail the target (the build's exit status 1); on by default.
    public var failOnErrors: Bool
    /// The folder the report's paths are written from, as opened (a project's folder, so that a
    /// build run from anywhere writes the report `flipbook validate` writes in that folder); `nil`
    /// writes them as opened from the working directory.
    public var reportBase: String?

    /// A validation of `folders` reported in `format` at `output`.
    public init(folders: [String], validator: Validator = Validator(), config: String? = nil, format: ReportFormat, output: String,
                failOnErrors: Bool = true) {
        self.folders = folders
        self.validator = validator
        self.config = config
        self.format = format
        self.output = output
        self.failOnErrors = failOnErrors
    }
}
