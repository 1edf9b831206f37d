import Basics

extension AssembleJob.Report {
    /// Frames the encoder merged into the frame before for timing: browsers play APNG and WebP
    /// frames of 10 ms or less as 100 ms; GIF delays are whole centiseconds, at least 2.
    public var framesMergedForTiming: Int {
        switch self {
        case .gif(let report): report.framesMergedForTiming
        case .apng(let report): report.framesMergedForTiming
        case .webp(let report): report.framesMergedForTiming
        }
    }

    /// What the encoder merged unasked, in words, one note a kind: frames merged for timing
    /// (``framesMergedForTiming``), the GIF's frames its alpha erases
    /// (``framesMergedInvisible``, named by `invisible`, as ``AssembleJob/invisibleFramesNote(_:)``
    /// says them; none when empty), exact repeats (``framesMergedIdentical``) and, in a GIF,
    /// frames that draw nothing new in its colours (``framesMergedNearIdentical``); and in a GIF,
    /// frames longer than its longest delay written as several (`GIF.Encoder.Report.framesSplitForTiming`). What
    /// `assemble` and `render` print as `note:` lines and put in `--json`'s `notes`.
    public func mergeNotes(invisible: [String] = []) -> [String] {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var notes: [String] = []
        if framesMergedForTiming > 0 {
            let rule = if case .gif = self { "GIF delays are whole centiseconds, at least 2" } else { "browsers play frames of 10 ms or less as 100 ms" }
            notes.append("\(count(framesMergedForTiming, "frame")) merged: \(rule)")
        }
        if let note = AssembleJob.invisibleFramesNote(invisible) { notes.append(note) }
        if framesMergedIdentical > 0 { notes.append("\(count(framesMergedIdentical, "identical frame")) merged into the frame before") }
        if framesMergedNearIdentical > 0 {
            notes.append("\(count(framesMergedNearIdentical, "near-identical frame")), at most \(count(nearIdenticalMaxDifference, "level")) apart, "
                + "merged into the frame before: in the GIF's colours they draw nothing new")
        }
        if case .gif(let report) = self, report.framesSplitForTiming > 0 {
            let split = report.framesSplitForTiming
            notes.append("\(count(split, "frame")) longer than 655.35 s (GIF's longest delay) \(split == 1 ? "was" : "were") written as "
                + "\(count(split + report.framesAddedForTiming, "frame")), the rest changing nothing: the time is kept")
        }
        return notes
    }
}
