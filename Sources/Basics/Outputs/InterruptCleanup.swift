import Foundation

/// What an interrupt (Ctrl-C, `kill`, a closed terminal: SIGINT, SIGTERM, SIGHUP) leaves behind:
/// nothing. Every temporary file ``AtomicFileWriter`` creates is registered here until it is
/// renamed into place or removed, and so is every folder made for an output; once
/// ``install()`` has run (the `flipbook` executable does, first thing), such a signal removes the
/// registered temporary files and the registered folders left empty, then ends the process with
/// the conventional status, 128 + the signal's number (130 for Ctrl-C, 143 for TERM, 129 for HUP).
///
/// Nothing runs in a signal handler: the signals are blocked in every thread and taken by one
/// watcher thread (`sigwait`), which does the clean-up as ordinary code under this registry's
/// lock. Only paths this process registered are removed, never another process's file. A commit's
/// journals and renames (``OutputSet/commit()``) are one step the watcher waits for
/// (``uninterrupted(_:)``): an interrupt never removes a temporary file a journal names, and the
/// set is either the old one or the new one. Without ``install()`` (a program using the
/// libraries) the signals keep whatever effect that program gave them.
enum InterruptCleanup {
    private static let state = State()

    /// The registry, under one condition lock.
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var files = Set<String>()
        var folders: [String] = []
        /// Files set aside under a temporary name (``settingAside(_:as:_:)``), by that name: where each was.
        var asides: [String: String] = [:]
        /// Commits between their first journal and their last rename.
        var committing = 0
        /// Set by the watcher once it has begun: nothing new is created after that.
        var ending = false
        var installed = false
        /// What the process says on an interrupt (``sayOnInterrupt(_:)``).
        var lastWords: (@Sendable () -> String?)?
        /// What the process prints on standard output on an interrupt (``printOnInterrupt(_:)``).
        var lastOutput: (@Sendable (Int32) -> String?)?
    }

    /// Sets what the process prints on standard error when an interrupt ends it, after its
    /// temporary files are removed (`interrupted: 2 of 5 targets built …`): `words` runs on the
    /// watcher thread, before the registry's lock is taken, and returns the line (`nil`: nothing).
    static func sayOnInterrupt(_ words: @escaping @Sendable () -> String?) {
        state.condition.withLock { state.lastWords = words }
    }

    /// Sets what the process prints on standard output when an interrupt ends it, as
    /// ``sayOnInterrupt(_:)`` does on standard error (`build --json`'s object of what was done);
    /// `text` is given the exit status (128 + the signal's number).
    static func printOnInterrupt(_ text: @escaping @Sendable (Int32) -> String?) {
        state.condition.withLock { state.lastOutput = text }
    }

    /// Blocks the signals in this thread (and so in every thread started after it) and starts the
    /// watcher thread; once per process. Call before any other thread starts.
    static func install() {
        let first = state.condition.withLock { () -> Bool in
            defer { state.installed = true }
            return !state.installed
        }
        // Nothing to take where every such signal was ignored when the process started (`nohup`).
        guard first, !System.cleanedUpSignals.isEmpty else { return }
        System.blockCleanedUpSignals()
        Thread.detachNewThread {
            let number = System.waitForCleanedUpSignal()
            end(signal: number)
        }
    }

    /// Runs `create`, which makes the file at `path`, with `path` registered first, under the
    /// lock: an interrupt either finds the file registered or comes before it is made. The path
    /// stays registered when `create` succeeds (returns true).
    static func creating(_ path: String, _ create: () -> Bool) -> Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        waitWhileEnding()
        let made = create()
        if made { state.files.insert(path) }
        return made
    }

    /// Whether this process made the temporary file or set aside the file now named `name` (a
    /// name in a folder): one with this process's ID that it did not make is a dead process's
    /// whose ID was the same (each run is process 1 in a container).
    static func isOwn(_ name: String) -> Bool {
        state.condition.withLock {
            state.files.contains { FileIO.lastComponent(of: $0) == name } || state.asides.keys.contains { FileIO.lastComponent(of: $0) == name }
        }
    }

    /// Forgets `path`: renamed into place, or removed already.
    static func forget(_ path: String) {
        state.condition.withLock { _ = state.files.remove(path) }
    }

    /// Runs `move`, which renames the file at `path` to `aside` (a temporary name beside it), and
    /// notes it under the lock, as ``creating(_:_:)`` does: an interrupt puts the file back at
    /// `path` (``OutputRecovery/putBack(aside:at:)``: unless a file is there by then, or a set has
    /// replaced it). Whether it was moved.
    static func settingAside(_ path: String, as aside: String, _ move: () -> Bool) -> Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        waitWhileEnding()
        let moved = move()
        if moved { state.asides[aside] = path }
        return moved
    }

    /// Runs `body` (which puts back or removes the file set aside as `aside`) and forgets it, under
    /// the lock: an interrupt finds it either set aside or done with.
    static func endingAside<T>(_ aside: String, _ body: () -> T) -> T {
        state.condition.lock()
        defer { state.condition.unlock() }
        waitWhileEnding()
        let result = body()
        state.asides[aside] = nil
        return result
    }

    /// Runs `make`, which makes the folder at `path`, and notes it, under the lock (as
    /// ``creating(_:_:)`` does for files): made and then noted apart, an interrupt between the two
    /// left the folder behind, empty. Whether it was made.
    static func makingFolder(_ path: String, _ make: () -> Bool) -> Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        waitWhileEnding()
        let made = make()
        if made { state.folders.append(path) }
        return made
    }

    /// Removes every registered folder that is empty now, innermost first (a failed command's
    /// output folders; ``ProcessPolicy/removeEmptyFoldersMadeForOutputs()``), and forgets them.
    static func removeEmptyMadeFolders() {
        state.condition.withLock {
            for folder in state.folders.reversed() { _ = System.removeDirectory(folder) }
            state.folders = []
        }
    }

    /// Runs `body` (a commit's journals and renames) as one step: an interrupt meanwhile takes
    /// effect once it is done.
    static func uninterrupted<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        state.condition.withLock {
            waitWhileEnding()
            state.committing += 1
        }
        defer {
            state.condition.withLock {
                state.committing -= 1
                state.condition.broadcast()
            }
        }
        return try body()
    }

    /// With the lock held: once the watcher has begun, waits for the end of the process.
    private static func waitWhileEnding() {
        while state.ending { state.condition.wait() }
    }

    /// The watcher's work after `signal`: waits for commits under way, removes every registered
    /// temporary file, puts back the files set aside and removes every registered folder left
    /// empty, and ends the process.
    private static func end(signal number: Int32) -> Never {
        // Asked before the lock: the words may take locks of their own that a thread holds while
        // it waits for this registry.
        let words = state.condition.withLock { state.lastWords }?()
        let output = state.condition.withLock { state.lastOutput }?(128 + number)
        state.condition.lock()
        while state.committing > 0 { state.condition.wait() }
        state.ending = true
        for path in state.files { System.remove(path) }
        // Back only while no set has replaced them (a commit that ended just before the signal).
        for (aside, path) in state.asides { OutputRecovery.putBack(aside: aside, at: path) }
        for folder in state.folders.reversed() { _ = System.removeDirectory(folder) }
        if let words { FileIO.writeToStandardError("\n" + words + "\n") }
        if let output { System.writeToStandardOutput(Array((output + "\n").utf8)) }
        System.exitImmediately(128 + number)
    }
}
