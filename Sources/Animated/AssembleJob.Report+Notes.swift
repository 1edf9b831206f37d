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
    /// says them; none when empty; ``AssembleJob/emptyGIFNote(_:)`` instead when nothing shows at all), exact repeats (``framesMergedIdentical``) and, in a GIF,
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
        if case .gif(let report) = self, let note = AssembleJob.emptyGIFNote(report) {
            notes.append(note)
        } else if let note = AssembleJob.invisibleFramesNote(invisible) {
            notes.append(note)
        }
        if framesMergedIdentical > 0 { notes.append("\(count(framesMergedIdentical, "identical frame")) merged into the frame before") }
        if framesMergedNearIdentical > 0 {
            notes.append("\(count(framesMergedNearIdentical, "near-identical frame")), at most \(count(nearIdenticalMaxDifference, "level")) apart, "
                + "merged into the frame before: in the GIF's colours they draw nothing new")
        }
        // A frame longer than the format's longest delay, written as several (round 66b: said for
        // a GIF only; an APNG of 4 frames held 5, a WebP 9, without a word).
        let (split, added, longest): (Int, Int, String) = switch self {
        case .gif(let report): (report.framesSplitForTiming, report.framesAddedForTiming, "longer than 655.35 s (GIF's longest delay)")
        case .apng(let report): (report.framesSplitForTiming, report.framesAddedForTiming, "too long for one APNG frame's delay")
        case .webp(let report): (report.framesSplitForTiming, report.framesAddedForTiming, "longer than 16 777.215 s (WebP's longest)")
        }
        if split > 0 {
            notes.append("\(count(split, "frame")) \(longest) \(split == 1 ? "was" : "were") written as "
                + "\(count(split + added, "frame")), the rest changing nothing: the time is kept")
        }
        return notes
    }
}
