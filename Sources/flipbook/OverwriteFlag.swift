import ArgumentParser

/// `--overwrite`, the same flag with the same words in every command that takes `-o` (docs/CLI.md,
/// *Outputs*): a file of the user's at a name the command writes may be replaced; an input or a
/// file of another Flipbook set never is.
struct OverwriteFlag: ParsableArguments {
    /// The help every command shows for `--overwrite`.
    static let help = "Replace an output file Flipbook did not write (never an input, never a file of another Flipbook set)."

    @Flag(help: ArgumentHelp(help))
    var overwrite = false
}
