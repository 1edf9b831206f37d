import Basics

/// `seq.gap`: numbers missing between the first and last frame.
public enum SequenceGapRule: ValidationRule {
    public static let id = RuleID.seqGap
    public static let title = "Frame numbers have gaps"
    public static let explanation = "UIKit's animatedImageNamed: stops at the first missing number, and most tools "
        + "silently play a shorter animation. Renumber the frames or add the missing ones."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let missing = facts.sequence.missingRanges
        guard let gap = missing.first else { return [] }
        let after = facts.sequence.frames.first { $0.number > gap.lowerBound }
        return [Problem("missing frame\(facts.sequence.missingCount == 1 ? "" : "s") \(Rules.ranges(missing)) of "
                        + "\(facts.sequence.prefix)\(facts.sequence.frames[0].number)…\(facts.sequence.frames.last!.number)",
                        file: after?.files.first?.path)]
    }
}

/// `seq.misnamed-frame`: a file named as a frame the sequence does not have, but not as a PNG
/// (`gold_3.jpg`, `GOLD_4.JPG`, `gold_5.webp`): no reader takes it, so the animation plays without it.
public enum SequenceMisnamedFrameRule: ValidationRule {
    public static let id = RuleID.seqMisnamedFrame
    public static let title = "A frame's file is not named as a PNG"
    public static let explanation = "A file named as a frame of the sequence (its prefix and a number it does not have) but "
        + "with another extension, or in another format, is left out by UIKit, engines and every Flipbook command: the "
        + "animation plays without it, in a gap or at either end. Save it as a PNG under the sequence's name."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let sequence = facts.sequence
        guard let first = sequence.frames.first?.number, let last = sequence.frames.last?.number else { return [] }
        // A file the config ignores is not reported (the rule lists the folder itself, after the walk
        // that left ignored files out); the glob is matched against the path below each folder above it.
        let ignored = { (path: String) in
            let parts = path.split(separator: "/")
            return parts.indices.contains { config.isIgnored(parts[$0...].joined(separator: "/")) }
        }
        return sequence.misnamedFrames(reading: facts.reading).filter { !ignored($0.path) }.map { file in
            Problem("\(FileIO.lastComponent(of: file.path)) is named as a frame of \(sequence.prefix)\(first)…\(last) but not as a PNG, "
                    + "so it is left out: \(file.advice)", file: file.path)
        }
    }
}

/// `seq.padding-mixed`: zero-padded numbers of different widths (`__0009` then `__00010`).
public enum SequencePaddingMixedRule: ValidationRule {
    public static let id = RuleID.seqPaddingMixed
    public static let title = "Frame numbers mix zero-padding widths"
    public static let explanation = "Padded names only sort correctly when every number has the same width; "
        + "`walk0009` then `walk00010` sorts wrongly in Finder, shells and many engines. Use one width."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let files = facts.sequence.files
        guard files.contains(where: \.isZeroPadded) else { return [] }
        guard let width = Rules.majority(files.map(\.numberText.count)) else { return [] }
        return files.filter { $0.numberText.count != width }.map { file in
            Problem("\(file.fileName) numbers the frame with \(file.numberText.count) digits; the sequence uses \(width)",
                    file: file.path)
        }
    }
}

/// `seq.duplicate-number`: two files for the same frame number and scale (`a1.png`, `a01.png`).
public enum SequenceDuplicateNumberRule: ValidationRule {
    public static let id = RuleID.seqDuplicateNumber
    public static let title = "Two files claim the same frame number"
    public static let explanation = "Which one a tool picks depends on directory order. Delete or renumber one."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        var problems: [Problem] = []
        for frame in facts.sequence.frames {
            let groups = Dictionary(grouping: frame.files) { Rules.scaleLabel($0.scale, $0.device) }
            for (label, files) in groups.sorted(by: { $0.key < $1.key }) where files.count > 1 {
                problems.append(Problem("frame \(frame.number) \(label) has \(files.count) files: "
                                        + files.map(\.fileName).joined(separator: ", "), file: files[1].path))
            }
        }
        return problems
    }
}

/// `manifest.invalid`: a `sequence.json` that cannot be read or has values out of range.
public enum ManifestInvalidRule: ValidationRule {
    public static let id = RuleID.manifestInvalid
    public static let title = "sequence.json is invalid"
    public static let explanation = "The manifest sets the sequence's timing and highlighted frames (fps or "
        + "duration, repeatCount, direction, frameDurations, highlighted, scale). Fix the value it names."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        // The message names the file by its name alone (the report names its folder, spelled as the
        // report spells paths), not as the command line gave it: report bytes would depend on it.
        func said(_ text: String, of file: String) -> String {
            text.hasPrefix(file + ": ") ? FileIO.lastComponent(of: file) + ": " + text.dropFirst(file.count + 2) : text
        }
        var problems: [Problem] = []
        if let error = facts.manifestError { problems.append(Problem(said(error.description, of: error.file), file: error.file)) }
        if let manifest = facts.manifest, let path = facts.manifestPath,
           let error = manifest.mismatch(sequence: facts.sequence.prefix, frameCount: facts.sequence.frames.count,
                                         highlightedFound: facts.highlighted != nil, file: path) {
            problems.append(Problem(said(error.description, of: path), file: path))
        }
        return problems
    }
}

/// `manifest.short-duration`: a `sequence.json` whose `frameDurations` hold a duration under one
/// millisecond — kept as written (an APNG may time a frame that short), but most often seconds
/// written where milliseconds are meant.
public enum ManifestShortDurationRule: ValidationRule {
    public static let id = RuleID.manifestShortDuration
    public static let title = "A frame shows for less than a millisecond"
    public static let explanation = "frameDurations are milliseconds: 0.1 is a ten-thousandth of a second, which no screen shows "
        + "(GIF keeps whole centiseconds, browsers stretch short frames). Write 100 for a tenth of a second."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        guard let manifest = facts.manifest, let path = facts.manifestPath, let warning = manifest.shortDurationsWarning(file: path) else { return [] }
        return [Problem(String(warning.dropFirst(path.count + 2)), file: path)]
    }
}
