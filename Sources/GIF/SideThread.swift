import Basics
import Foundation

/// A thread of the encoder's own that runs one job at a time beside the encoding thread: the
/// LZW choice of one frame while the encoding thread gathers the next frame's candidates
/// (``FrameDiff/add(_:delay:beside:)``), the two serial stages of `standard` and `high`.
///
/// A plain thread, not a block on Dispatch's pool: the encoding thread waits on it (through
/// ``ScreenRows``), and a pool busy with the frame workers' loops must not keep it from starting.
/// It keeps the starting thread's ``ThreadBudget`` and its priority (above the frame workers').
final class SideThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var job: (() -> Void)?
    private var busy = false
    private var stopped = false

    init() {
        let budget = ThreadBudget.current
        let thread = Thread { [self] in
            // As profilers list it: Linux keeps a thread name of at most 15 bytes and refuses a
            // longer one (`flipbook.gif.side` left it listed as the encoding thread, `flipbook`).
            Thread.current.name = "flipbook.side"
            ThreadBudget.withLimit(budget) { loop() }
        }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Starts `job` on the thread; ``wait()`` returns once it has run and been let go of.
    func run(_ job: @escaping () -> Void) {
        condition.lock()
        precondition(!busy, "SideThread runs one job at a time")
        (self.job, busy) = (job, true)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the job started last to finish.
    func wait() {
        condition.lock()
        while busy { condition.wait() }
        condition.unlock()
    }

    /// Ends the thread once its job, if any, is done.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while job == nil && !stopped { condition.wait() }
            guard var current = job else { break }
            job = nil
            condition.unlock()
            current()
            // Let go of the job (and what it captured) before saying it is done: the caller may
            // hand it over with `withoutActuallyEscaping`, which checks that nothing kept it.
            current = {}
            condition.lock()
            busy = false
            condition.broadcast()
        }
        condition.unlock()
    }
}
