import Basics
import Foundation

extension Validator {
    /// Why an `async` validation gave no report.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// A root is missing, a file, unreadable or holds no PNG (see `validate(_:progress:)`).
        case source(Discovery.Error)
        /// The task was cancelled before every file was read.
        case cancelled

        /// What went wrong.
        public var description: String {
            switch self {
            case .source(let error): error.description
            case .cancelled: "cancelled"
            }
        }
    }

    /// `validate(_:progress:)` for folders named by file URLs.
    public func validate(_ roots: [URL], progress: (@Sendable (Int, Int) -> Void)? = nil) throws(Discovery.Error) -> ValidationReport {
        try validate(roots.map(\.filePathForFlipbook), progress: progress)
    }

    /// `validate(_:progress:)` without blocking the caller's thread: the files are read on a
    /// thread of their own and Dispatch's workers (never on Swift's cooperative pool), and
    /// cancelling the calling task stops the reading before the next file
    /// (``Error/cancelled``). `progress` receives (files done, files in all) from the workers.
    public func validate(_ roots: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) async throws(Validator.Error) -> ValidationReport {
        if Task.isCancelled { throw .cancelled }
        let flag = CancellationFlag()
        let validator = self
        let result: Result<ValidationReport, Validator.Error> = await withTaskCancellationHandler {
            await BackgroundThread.run {
                Result { () throws(Validator.Error) in
                    let report: ValidationReport
                    do throws(Discovery.Error) { report = try validator.validate(roots, progress: progress, cancellation: flag) } catch { throw .source(error) }
                    if flag.isCancelled { throw .cancelled }
                    return report
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}
