import ArgumentParser

/// `--threads N`: the most threads a command's work uses at once (the jobs' `threads`, Basics'
/// `ThreadBudget`), for a CI runner or a build that shares the machine; the output is the same.
struct ThreadsOption: ParsableArguments {
    @Option(parsing: .unconditional, help: "Most threads the work uses at once (default: every core); the output is the same at any number.")
    var threads: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1 (got \(threads)).") }
    }
}
