import Foundation
/// `frame.empty`: a fully transparent frame (`--deep`).
public enum FrameEmptyRule: ValidationRule {
    public static let id = RuleID.frameEmpty
    public static let title = "Frame is fully transparent"
    public static let explanation = "An empty frame is usually an export mistake (a hidden layer, a wrong range)."
    public static let defaultSeverity = Severity.warning
    public static let needsPixels = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.files.filter { $0.pixels?.fullyTransparent == true }.map { fact in
            Problem("\(fact.file.fileName) is fully transparent", file: fact.file.path)
        }
    }
}

/// `frame.duplicate`: a frame identical to the one before it, at the same scale (`--deep`).
public enum FrameDuplicateRule: ValidationRule {
    public static let id = RuleID.frameDuplicate
    public static let title = "Frame repeats the previous one"
    public static let explanation = "Identical consecutive frames are often deliberate holds; a per-frame duration "
        + "in sequence.json says the same thing in less space."
    public static let defaultSeverity = Severity.notice
    public static let needsPixels = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let byVariant = Dictionary(grouping: facts.files) { Rules.scaleLabel($0.file.scale, $0.file.device) }
        var problems: [Problem] = []
        for (_, files) in byVariant.sorted(by: { $0.key < $1.key }) {
            let ordered = files.sorted { $0.file.number < $1.file.number }
            // One problem per run of repeats (a hold of 703 frames is one line, not 703).
            var index = 1
            while index < ordered.count {
                guard let held = ordered[index - 1].pixels, ordered[index].pixels == held else { index += 1; continue }
                let start = index
                while index < ordered.count, ordered[index].pixels == held { index += 1 }
                let (first, last, original) = (ordered[start].file, ordered[index - 1].file, ordered[start - 1].file)
                let message = start == index - 1 ? "\(first.fileName) is identical to \(original.fileName)"
                    : "\(first.fileName)…\(last.fileName) (\(index - start) frames) are identical to \(original.fileName)"
                problems.append(Problem(message, file: first.path))
            }
        }
        return problems
    }
}

/// `frame.hidden-color`: fully transparent pixels that store a colour (`--deep`).
public enum FrameHiddenColorRule: ValidationRule {
    public static let id = RuleID.frameHiddenColor
    public static let title = "Fully transparent pixels store a colour"
    public static let explanation = "A pixel with alpha 0 is invisible, but its colour is still in the file: it costs "
        + "bytes, and an engine that filters textures bilinearly without premultiplying blends it into the "
        + "edges of the sprite as a fringe. Harmless when deliberate (the edge colour of TexturePacker's bleeding "
        + "and of Atlas's AlphaHandling.bleed); AlphaHandling.clear sets it to black."
    public static let defaultSeverity = Severity.notice
    public static let needsPixels = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let dirty = facts.files.filter { ($0.pixels?.hiddenColorPixels ?? 0) > 0 }
        guard let first = dirty.first else { return [] }
        let worst = dirty.map { Double($0.pixels!.hiddenColorPixels) / Double(max(1, $0.pixels!.pixelCount)) }.max()!
        let total = dirty.reduce(0) { $0 + $1.pixels!.hiddenColorPixels }
        let frames = dirty.count == 1 ? first.file.fileName : "\(dirty.count) of \(facts.files.count) frames"
        let share = worst < 0.001 ? "under 0.1 %" : String(format: "up to %.1f %%", worst * 100)
        return [Problem("\(frames): \(total) fully transparent pixels store a colour (\(share) of a frame)",
                        file: first.file.path)]
    }
}
