import Basics
import Foundation

/// Holds a job's worker at a progress step until the test has done something (cancelled the task
/// awaiting the job), so that cancellation tests are deterministic: the job is known to be running,
/// and known not to have finished.
public final class ProgressGate: Sendable {
    private let reached = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let step: Int

    /// A gate that holds the worker when progress reports `step` done.
    public init(at step: Int = 1) { self.step = step }

    /// The progress callback to give the job: at ``step`` it signals and waits for ``release()``.
    public var progress: @Sendable (Int, Int) -> Void {
        { [self] done, _ in
            if done == step {
                reached.signal()
                released.wait()
            }
        }
    }

    /// The same gate for a job that reports `JobProgress`: it holds at ``step`` steps done.
    public var jobProgress: @Sendable (JobProgress) -> Void {
        let progress = self.progress
        return { progress($0.done, $0.total) }
    }

    /// Suspends until the worker is held at the step (without blocking a cooperative thread).
    public func held() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [self] in
                reached.wait()
                continuation.resume()
            }.start()
        }
    }

    /// Lets the worker go on.
    public func release() { released.signal() }
}
