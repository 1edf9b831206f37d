import ArgumentParser
import Basics

/// `--threads N`: the most threads a command's work uses at once (the jobs' `threads`, Basics'
/// `ThreadBudget`), for a CI runner or a build that shares the machine; the output is the same.
struct ThreadsOption: ParsableArguments {
    @Option(parsing: .unconditional, help: "Most threads the work uses at once (default: every core); the output is the same at any number.")
    var threads: Int?

    /// Refuses a number under 1 (the library's `threads` of `Validator`, `AssembleJob`,
    /// `SheetJob` and `FramesJob` take 1 or more) in the one style of argument mistakes.
    func validate() throws {
        if let threads, threads < 1 {
            throw OptionRefusal.error("--threads", threads, takes: "a number of threads, 1 or more")
        }
    }
}
