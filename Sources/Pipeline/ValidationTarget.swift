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
