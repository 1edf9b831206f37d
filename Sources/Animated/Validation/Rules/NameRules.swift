import Basics

/// `name.case-clash`: two files whose paths differ only in case (`Fire1.png`, `fire1.png`), or
/// only in Unicode normalisation (`café1.png` with a composed and a decomposed `é`; the later
/// one is not read).
public enum NameCaseClashRule: ValidationRule {
    public static let id = RuleID.nameCaseClash
    public static let title = "File names differ only in case"
    public static let explanation = "Linux keeps Fire1.png and fire1.png as two files; macOS and Windows keep one of them, "
        + "so a checkout there loses a frame without a word, and `flipbook assemble` and `sheet` refuse the folder. "
        + "The same holds for two names of one text in two Unicode normalisations (a composed and a decomposed é), "
        + "which no reader can tell apart. Rename or delete one of the two."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.caseClashes.map { clash in
            // File names when the two share a folder (`fire1.png and Fire1.png`), else paths.
            let sameFolder = FrameFile.directory(of: clash.first) == FrameFile.directory(of: clash.second)
            let (first, second) = sameFolder ? (FileIO.lastComponent(of: clash.first), FileIO.lastComponent(of: clash.second))
                : (clash.first, clash.second)
            return Problem("\(second) and \(first) differ only in case: one file on macOS and Windows", file: clash.second)
        }
    }
}

/// `name.mixed-normalization`: the frames of one sequence whose prefix is written in two Unicode
/// normalisations (`Café1.png` with a composed `é`, `Café2.png` with `e` and a combining accent).
public enum NameMixedNormalizationRule: ValidationRule {
    public static let id = RuleID.nameMixedNormalization
    public static let title = "A prefix written in two Unicode normalisations"
    public static let explanation = "Café1.png with a composed é and Café2.png with e and a combining accent are one sequence to "
        + "Flipbook, UIKit and macOS, which compare names as text, but two to Linux and to engines that look frames up by their bytes: "
        + "a sheet's frame names keep each file's spelling, so `generateFrameNames(\"Café\", 1, 3)` misses frame 2. "
        + "Rename the files to one spelling (most tools write the composed form, NFC)."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        guard let message = facts.sequence.mixedNormalizationMessage(naming: facts.sequence.prefix), let file = facts.sequence.otherSpelling.first?.path else { return [] }
        return [Problem(message, file: file)]
    }
}
