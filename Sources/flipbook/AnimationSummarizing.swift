/// A command that writes an animation (GIF, APNG, WebP) and says what it wrote in `assemble`'s
/// words: one summary line and its notes on merged frames, or `--json` (Assemble+Summary.swift).
protocol AnimationSummarizing {
    /// The path written.
    var output: String { get }
    /// Whether the summary is JSON.
    var json: Bool { get }
    /// The size asked for (`--max-bytes`), if any.
    var maxBytes: Int? { get }
}

extension Assemble: AnimationSummarizing {}
