import Raster

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
        return animation.warnings.filter { !$0.losesFrames }.map { Problem($0.description, file: animation.file) }
    }
}

/// `animation.frames-lost`: a lone GIF, APNG or WebP whose data ends inside or before a frame, or
/// stops at a frame that does not decode or at a damaged chunk, or holds fewer frames than its header declares: frames
/// of the animation are lost. `assemble`, `frames` and `info` read such a file leniently with a
/// warning; validation judges it, and a file that lost frames is an error, so CI goes red on a
/// broken upload. A file that ends only before its end marker (a GIF without its trailer, an APNG
/// without `IEND`, every declared frame read) loses nothing and stays `animation.lenient-read`.
public enum AnimationFramesLostRule: ValidationRule {
    public static let id = RuleID.animationFramesLost
    public static let title = "GIF, APNG or WebP that lost frames"
    public static let explanation = "The file ends inside or before a frame, is damaged, stops at a frame that does not decode, "
        + "or holds fewer frames than it declares: it plays shorter than it was made. Export or upload the whole file again."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        guard let animation = facts.animation else { return [] }
        // Chosen by the warning's kind (Raster's `LenientReadWarning.Kind.losesFrames`), never its words.
        return animation.warnings.filter(\.losesFrames).map { Problem($0.description, file: animation.file) }
    }
}

/// `animation.unreadable`: a GIF, APNG or WebP in a validated folder (or a `.png` holding an APNG)
/// that does not read at all — cut before its first frame, damaged in its header, over a limit,
/// or not the format its name says. Every animation of the tree is read, beside frames or alone,
/// so a broken one turns CI red (exit 1) as a corrupt frame does, naming the file; the other
/// files are still checked. The folder walk finds it, not a check of a sequence, so
/// ``check(_:config:)`` finds nothing.
public enum AnimationUnreadableRule: ValidationRule {
    public static let id = RuleID.animationUnreadable
    public static let title = "GIF, APNG or WebP that does not read"
    public static let explanation = "The file does not decode at all: it is cut before its first frame, damaged, "
        + "over a limit, or not the format its name says. Export or upload the whole file again, or remove it."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] { [] }
}
