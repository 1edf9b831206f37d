/// `animation.lenient-read`: a GIF, APNG or WebP read as a source of its own (a lone animation in a
/// folder or an upload) whose decoder read past something — a file cut short (its whole frames
/// are kept), a missing colour table — as `flipbook assemble` and `flipbook info` read it with a
/// warning. The file plays, but not as it was made: a server and CI see it in the report.
public enum AnimationLenientReadRule: ValidationRule {
    public static let id = RuleID.animationLenientRead
    public static let title = "GIF, APNG or WebP read past damage"
    public static let explanation = "The decoder read the file leniently, as browsers and gifsicle do: a file cut "
        + "short keeps only its whole frames, a frame without a colour table is drawn grey. The animation loads, "
        + "but it is not the one that was made; re-export or re-upload the whole file."
    public static let defaultSeverity = Severity.warning

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        guard let animation = facts.animation else { return [] }
        return animation.warnings.map { Problem($0, file: animation.file) }
    }
}
