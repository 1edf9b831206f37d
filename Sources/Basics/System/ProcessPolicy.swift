/// Process-wide settings the `flipbook` executable makes once at start; a program using the
/// libraries may make them too, or keep its own.
package enum ProcessPolicy {
    /// Applies every setting below.
    package static func apply() {
        keepPrintingSafe()
        removeTemporaryFilesOnInterrupt()
        reuseFrameBuffers()
        reportFileSizeLimitsAsErrors()
    }

    /// Ctrl-C, TERM or HUP removes the temporary files of outputs being written (and folders made
    /// for them, left empty) before the process ends with 128 + the signal's number: 130, 143, 129
    /// (``InterruptCleanup``). First, before any other thread starts: the signals are blocked in
    /// every thread and taken by a watcher thread.
    package static func removeTemporaryFilesOnInterrupt() {
        InterruptCleanup.install()
    }

    /// What the process says on standard error when an interrupt ends it, once its temporary files
    /// are gone: `words` returns the line (`nil` for none). A long command (`build`) says what was
    /// done and what the next run does, where it would otherwise end without a word.
    package static func sayOnInterrupt(_ words: @escaping @Sendable () -> String?) {
        InterruptCleanup.sayOnInterrupt(words)
    }

    /// What the process prints on standard output when an interrupt ends it (after what
    /// ``sayOnInterrupt(_:)`` says): a command that promises JSON (`build --json`) still prints
    /// one object, of what was done, where it would otherwise print nothing; `text` is given the
    /// status the process exits with (130 for Ctrl-C, 143 for `kill`).
    package static func printOnInterrupt(_ text: @escaping @Sendable (_ exitStatus: Int32) -> String?) {
        InterruptCleanup.printOnInterrupt(text)
    }

    /// Buffers of up to 32 MiB — frames (a 720p frame is 3.7 MB), their copies, libwebp's
    /// histograms (16–20 MB for each 355² frame it compresses) — are carved from the threads'
    /// heaps and reused, and up to 64 MiB freed at the top of a heap is kept for the next frame
    /// instead of being given back. glibc's own rule (a threshold that rises to the largest
    /// buffer freed) trims too soon; mapping every buffer of 1 MiB or more on its own (the rule
    /// before) gave each frame's buffers fresh pages, all zeroed by the kernel on first touch:
    /// 7.0 s of system time on 240 frames of 400² to WebP (0.2 s now), 0.4 s of 2.8 s on an
    /// 800² explosion to GIF. Peak memory stays flat with the frame count (WebP of 200 and 2000
    /// frames of 192²: 154 and 155 MiB) and is 10–40 MiB higher than with the old rule.
    /// A no-op where the allocator is not glibc's.
    package static func reuseFrameBuffers() {
        System.tuneAllocator(mapping: 32 << 20, keepingFree: 64 << 20)
    }

    /// A write past the file-size limit (`ulimit -f`) raises SIGXFSZ, which kills the process
    /// without a word. Ignored, the write fails with EFBIG instead: the temporary file is removed,
    /// the destination is untouched and the command exits 4 with "File too large", as for a full disk.
    package static func reportFileSizeLimitsAsErrors() {
        System.ignoreFileSizeSignal()
    }

    /// Printing never ends the process: a closed standard stream (`>&-`) is opened on
    /// `/dev/null` (so no file the process opens takes its number and receives the text), and
    /// SIGPIPE is ignored, so a write to a pipe whose reader is gone (`flipbook info x.png | head
    /// -0`) fails with EPIPE instead of killing the process. Standard error is written through
    /// ``FileIO/writeToStandardError(_:)``, which drops what cannot be written.
    package static func keepPrintingSafe() {
        System.openClosedStandardStreams()
        System.ignoreBrokenPipeSignal()
    }

    /// Removes the folders this process made for its outputs (``FileIO/createDirectory(_:)``,
    /// ``AtomicFileWriter``) that are empty now, innermost first: a command that failed leaves no
    /// empty folder behind. Only folders the process made itself, and only empty ones: never a
    /// user's folder, never a file.
    package static func removeEmptyFoldersMadeForOutputs() {
        InterruptCleanup.removeEmptyMadeFolders()
    }

    /// Ends the process with exit status `status` (standard output flushed).
    package static func exit(_ status: Int32) -> Never {
        System.exitProcess(status)
    }
}
