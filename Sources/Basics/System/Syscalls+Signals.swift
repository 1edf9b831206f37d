#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ``System``'s signal calls: the termination signals a write defers or the CLI waits for, and
/// the signals ignored so that a failed write is an error instead of the process's end.
extension System {
    /// The signals that end a process at a user's or a supervisor's request.
    private static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Holds SIGINT, SIGTERM, SIGHUP and SIGQUIT until ``restoreTerminationSignals(_:)``: a signal
    /// that arrives meanwhile is noted, not acted on. Returns the handlers to restore.
    static func deferTerminationSignals() -> [Int32: SignalHandler?] {
        var saved: [Int32: SignalHandler?] = [:]
        for number in terminationSignals { saved[number] = signal(number, noteSignal) }
        return saved
    }

    /// Puts back the handlers ``deferTerminationSignals()`` replaced, then sends the signal that
    /// arrived meanwhile, if any, to the process, so it takes its usual effect now — to the process,
    /// not this thread (`raise`): where the signal is blocked in this thread (the CLI blocks it in
    /// every thread, for its watcher's `sigwait`) a signal for the thread stayed pending on it for good.
    static func restoreTerminationSignals(_ saved: [Int32: SignalHandler?]) {
        for (number, handler) in saved { signal(number, handler) }
        let pending = pendingSignal.exchange(0)
        if pending != 0 { kill(getpid(), pending) }
    }

    /// The signals that end a process at a user's request and that Flipbook answers by removing
    /// its temporary files first (``InterruptCleanup``): SIGINT (Ctrl-C), SIGTERM and SIGHUP —
    /// those the process was not started ignoring. `nohup flipbook build --watch &` ignores SIGHUP,
    /// a script's background job SIGINT: taken here, they ended a watch at logout all the same.
    static let cleanedUpSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP].filter { !isIgnored($0) }

    /// Whether the signal `number` is ignored (`SIG_IGN`) now: looked up by setting it ignored
    /// and putting back what was there.
    private static func isIgnored(_ number: Int32) -> Bool {
        let previous = signal(number, SIG_IGN)
        signal(number, previous)
        return unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Blocks ``cleanedUpSignals`` in the calling thread and every thread it starts afterwards, so
    /// that they stay pending until ``waitForCleanedUpSignal()`` takes one: no code runs in a
    /// signal handler. Call before any other thread starts.
    static func blockCleanedUpSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in cleanedUpSignals { sigaddset(&set, number) }
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits (in an ordinary thread) until one of ``cleanedUpSignals`` is pending, takes it and
    /// returns its number.
    static func waitForCleanedUpSignal() -> Int32 {
        var set = sigset_t()
        sigemptyset(&set)
        for number in cleanedUpSignals { sigaddset(&set, number) }
        while true {
            var number: Int32 = 0
            if sigwait(&set, &number) == 0 { return number }
        }
    }

    /// Ends the process at once with `status`: no exit handlers, no flushing (another thread may
    /// hold a stream's lock), as after an interrupt.
    static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// Ignores SIGPIPE: a write to a pipe whose reader is gone (`flipbook info x.png | head -0`)
    /// then fails with EPIPE instead of killing the process.
    static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Ignores SIGXFSZ: a write past `ulimit -f` then fails with EFBIG instead of killing the process.
    static func ignoreFileSizeSignal() {
        _ = signal(SIGXFSZ, SIG_IGN)
    }
}

#if canImport(Darwin)
typealias SignalHandler = sig_t
#else
typealias SignalHandler = sighandler_t
#endif

/// The termination signal that arrived while they were deferred (0: none).
private let pendingSignal = PendingSignal()

/// A signal number set from a signal handler and read once afterwards.
private final class PendingSignal: @unchecked Sendable {
    private let storage = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    init() { storage.initialize(to: 0) }
    func set(_ value: Int32) { storage.pointee = sig_atomic_t(value) }
    func exchange(_ value: Int32) -> Int32 {
        let old = storage.pointee
        storage.pointee = sig_atomic_t(value)
        return Int32(old)
    }
}

/// The handler that notes a deferred signal.
private let noteSignal: @convention(c) (Int32) -> Void = { number in pendingSignal.set(number) }
