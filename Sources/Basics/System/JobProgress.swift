import Foundation

/// One report of a job's progress, the same for every job (`AssembleJob`, `SheetJob`,
/// `FramesJob`) and for the byte-budget searches (`GIF.Encoder.encode(_:maxBytes:progress:)`,
/// `WebP.Encoder.encode(_:maxBytes:progress:)`): what the job is doing (``phase``), which
/// attempt of a search it is on (``attempt`` of at most ``maxAttempts``), the count within it
/// (``done`` of ``total``), and ``fraction``, the share of the whole call done.
///
/// ``done`` starts again at each attempt and each phase; ``fraction`` never goes backwards over
/// one call's reports (a bar drawn from it only grows), and the last report of a call that
/// finishes is 1. Reports come from the job's working threads: hop to your actor before touching
/// its state.
///
/// ```swift
/// job.maxBytes = 300_000
/// let outcome = try await job.run { progress in
///     print(progress.phase, progress.attempt, progress.fraction)   // encoding 2 0.31…
/// }
/// ```
public struct JobProgress: Sendable, Equatable, CustomStringConvertible {
    /// What a job is doing.
    public enum Phase: String, Sendable, CaseIterable {
        /// Reading and decoding the sources (a sheet's frames, an animation to explode).
        case reading
        /// Encoding frames into the output's format (an animated GIF, APNG or WebP).
        case encoding
        /// Writing the output files (a sheet's pages and data, exploded frames).
        case writing
    }

    /// What the job is doing.
    public var phase: Phase
    /// Which attempt this is, from 1: a byte-budget search encodes until a file fits; other work
    /// makes one attempt.
    public var attempt: Int
    /// The most attempts the work can take (1 without a byte budget); a search that finds its
    /// answer sooner ends with fewer, and its last report jumps to a ``fraction`` of 1.
    public var maxAttempts: Int
    /// Steps of this phase and attempt done (frames encoded, decoded or written).
    public var done: Int
    /// Steps of this phase and attempt in all.
    public var total: Int
    /// The share of the whole call done, 0…1: never less than the report before it.
    public var fraction: Double

    /// A report; `fraction` is taken as given (a job's reporter keeps it from going backwards).
    public init(phase: Phase, attempt: Int = 1, maxAttempts: Int = 1, done: Int, total: Int, fraction: Double) {
        self.phase = phase
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.done = done
        self.total = total
        self.fraction = fraction
    }

    /// `encoding 12/64, attempt 2 of at most 6 (40 %)`: the phase and count, the attempt when
    /// there may be more than one, and the whole call's share done.
    public var description: String {
        let attempts = maxAttempts > 1 ? ", attempt \(attempt) of at most \(maxAttempts)" : ""
        return "\(phase.rawValue) \(done)/\(total)\(attempts) (\(percent) %)"
    }

    /// ``fraction`` as a whole percentage, 0…100 (0 for a fraction that is not a number).
    public var percent: Int {
        fraction.isFinite ? Int((min(max(fraction, 0), 1) * 100).rounded(.down)) : 0
    }

    /// `callback` fed by a step that covers `range` of one bar: each report passed on with its
    /// ``fraction`` mapped into `range` (0 to its lower bound, 1 to its upper), the rest as it is.
    /// Two calls of one job — `plan` then `run` or `write` — each report a whole call from 0 to 1;
    /// given to both with adjoining ranges, they draw one bar that never goes backwards:
    ///
    /// ```swift
    /// let plan = try await job.plan(progress: JobProgress.within(0...0.25, bar.show))
    /// let outcome = try await job.run(plan, progress: JobProgress.within(0.25...1, bar.show))
    /// ```
    ///
    /// A range reaching outside 0…1 is clamped to it.
    public static func within(_ range: ClosedRange<Double>, _ callback: @escaping @Sendable (JobProgress) -> Void) -> @Sendable (JobProgress) -> Void {
        // Infinite bounds clamp as any other: -∞ to 0, ∞ to 1.
        let low = min(max(range.lowerBound, 0), 1)
        let high = min(max(range.upperBound, low), 1)
        return { report in
            var mapped = report
            let fraction = report.fraction.isFinite ? min(max(report.fraction, 0), 1) : 0
            mapped.fraction = low + (high - low) * fraction
            callback(mapped)
        }
    }

    /// One bar drawn by several calls in turn (a job's `plan` then its `run`): each step's reports
    /// mapped into its range of the bar (``within(_:_:)``), and the fraction reached so far kept, so
    /// that the next step starts where the last one ended (a step that reported nothing takes no room).
    package final class Bar: @unchecked Sendable {
        private let callback: (@Sendable (JobProgress) -> Void)?
        private let lock = NSLock()
        private var last = 0.0

        /// A bar for `callback` (`nil`: reports nothing).
        package init(_ callback: (@Sendable (JobProgress) -> Void)?) { self.callback = callback }

        /// The fraction of the bar reached by the reports so far.
        package var reached: Double { lock.withLock { last } }

        /// The callback of a step covering `range` of the bar; `nil` when nobody listens.
        package func step(_ range: ClosedRange<Double>) -> (@Sendable (JobProgress) -> Void)? {
            guard let callback else { return nil }
            return JobProgress.within(range) { [self] report in
                lock.withLock {
                    last = max(last, report.fraction)
                    var held = report
                    held.fraction = last
                    callback(held)
                }
            }
        }
    }

    /// `body`'s value, its work reported to `callback` as one step of phase `reading` (0 of 1
    /// before, 1 of 1 at a fraction of 1 after): a plan that reads its inputs in one go.
    package static func reading<T, E: Error>(_ callback: (@Sendable (JobProgress) -> Void)?, _ body: () throws(E) -> T) throws(E) -> T {
        let reporter = Reporter(callback, phase: .reading)
        reporter.report(.reading, done: 0, total: 1)
        let value = try body()
        reporter.finish(.reading)
        return value
    }

    /// A callback of reports that passes on only their counts (done, total) to `counter`: for
    /// work inside the package that counts on its own (`nil` for none).
    package static func counts(_ counter: (@Sendable (Int, Int) -> Void)?) -> (@Sendable (JobProgress) -> Void)? {
        guard let counter else { return nil }
        return { counter($0.done, $0.total) }
    }

    /// The counting callback of work that reports (done, total) in `phase`, turned into reports
    /// for `callback` (`nil` for none): a public call's one phase and attempt.
    package static func counter(for callback: (@Sendable (JobProgress) -> Void)?, phase: Phase) -> (@Sendable (Int, Int) -> Void)? {
        Reporter(callback, phase: phase).counter(phase)
    }

    /// Turns the counts of one call's phases and attempts into ``JobProgress`` reports for one
    /// callback, holding ``fraction`` from going backwards (counts come from several threads, and
    /// each attempt counts from 0 again). Each phase covers its share of the call, in order.
    package final class Reporter: @unchecked Sendable {
        private let callback: (@Sendable (JobProgress) -> Void)?
        private let shares: [(phase: Phase, share: Double)]
        private let lock = NSLock()
        private var last = 0.0
        private var lastTotal: [Phase: Int] = [:]

        /// A reporter for `callback` (`nil`: reports nothing) over `phases`, each with its share of
        /// the call (the shares are scaled to add up to 1).
        package init(_ callback: (@Sendable (JobProgress) -> Void)?, phases: [(Phase, Double)]) {
            self.callback = callback
            // A share that is not a positive number counts as none.
            let weights = phases.map { $0.1.isFinite ? max(0, $0.1) : 0 }
            let sum = weights.reduce(0, +)
            self.shares = zip(phases, weights).map { ($0.0, sum > 0 ? $1 / sum : 1 / Double(phases.count)) }
        }

        /// A reporter for `callback` over one phase.
        package convenience init(_ callback: (@Sendable (JobProgress) -> Void)?, phase: Phase) {
            self.init(callback, phases: [(phase, 1)])
        }

        /// Whether anyone listens (work that only counts for the callback can skip counting).
        package var isListening: Bool { callback != nil }

        /// Reports `done` of `total` in `phase`, attempt `attempt` of at most `maxAttempts`.
        package func report(_ phase: Phase, done: Int, total: Int, attempt: Int = 1, maxAttempts: Int = 1) {
            guard let callback else { return }
            let index = shares.firstIndex { $0.phase == phase } ?? 0
            let before = shares[..<index].reduce(0) { $0 + $1.share }
            let within = total > 0 ? Double(min(max(done, 0), total)) / Double(total) : 1
            let attempts = Double(max(1, maxAttempts))
            let share = shares.isEmpty ? 1 : shares[index].share
            let fraction = min(1, before + share * (Double(min(max(attempt, 1), max(1, maxAttempts)) - 1) + within) / attempts)
            // Delivered under the lock, so that reports from several threads arrive in order.
            lock.withLock {
                last = max(last, fraction)
                lastTotal[phase] = total
                callback(JobProgress(phase: phase, attempt: attempt, maxAttempts: maxAttempts, done: done, total: total, fraction: last))
            }
        }

        /// The counting callback of one attempt of `phase`, for an encoder that reports
        /// (done, total).
        package func counter(_ phase: Phase, attempt: Int = 1, maxAttempts: Int = 1) -> (@Sendable (Int, Int) -> Void)? {
            guard callback != nil else { return nil }
            return { [self] done, total in report(phase, done: done, total: total, attempt: attempt, maxAttempts: maxAttempts) }
        }

        /// The last report of a call that finished: all of `phase`'s steps done (as many as its
        /// last report counted) at the last attempt made, with a ``fraction`` of 1.
        package func finish(_ phase: Phase, attempt: Int = 1, maxAttempts: Int = 1) {
            guard let callback else { return }
            lock.withLock {
                last = 1
                let total = lastTotal[phase] ?? 0
                callback(JobProgress(phase: phase, attempt: attempt, maxAttempts: maxAttempts, done: total, total: total, fraction: 1))
            }
        }
    }
}
