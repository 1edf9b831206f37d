import Foundation

/// A flag that one thread raises and long work on other threads looks at between steps: how an
/// `async` entry point's task cancellation reaches a synchronous loop running on threads of its
/// own (the GIF encoder's frames, a sheet's decoders). Raising it is permanent.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    /// A flag not yet raised.
    public init() {}

    /// Raises the flag: work that looks at it stops at its next step.
    public func cancel() {
        lock.withLock { raised = true }
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        lock.withLock { raised }
    }
}
