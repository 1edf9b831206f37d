import Basics
import Foundation

/// The `JobProgress` reports a job gave, in the order they arrived (from any thread).
public final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [JobProgress] = []

    /// An empty log.
    public init() {}

    /// The callback to give the job.
    public var callback: @Sendable (JobProgress) -> Void {
        { [self] report in lock.withLock { reports.append(report) } }
    }

    /// The reports so far.
    public var values: [JobProgress] { lock.withLock { reports } }

    /// Whether no report's fraction is below the one before it.
    public var neverGoesBackwards: Bool {
        let fractions = values.map(\.fraction)
        return zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// How many times `done` fell from one report to the next (a count that started again).
    public var restarts: Int {
        let done = values.map(\.done)
        return zip(done, done.dropFirst()).filter { $0 > $1 }.count
    }
}
