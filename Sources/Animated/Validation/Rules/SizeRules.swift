import Basics
import Foundation

/// `size.mismatch`: frames of one sequence at one scale that differ in pixel size, or frames whose
/// point size differs from the configured `expectedSize`.
public enum SizeMismatchRule: ValidationRule {
    public static let id = RuleID.sizeMismatch
    public static let title = "Frames differ in size"
    public static let explanation = "Every frame of an animation must have the same size (UIImage.animatedImage "
        + "requires it; GIFs and sprite sheets assume it). Re-export the odd frames on the same canvas."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        var problems: [Problem] = []
        let byVariant = Dictionary(grouping: facts.files.filter { $0.size != nil }) { Rules.scaleLabel($0.file.scale, $0.file.device) }
        for (label, files) in byVariant.sorted(by: { $0.key < $1.key }) {
            guard let usual = Rules.majority(files.compactMap(\.size)) else { continue }
            for fact in files where fact.size != usual {
                problems.append(Problem("\(fact.file.fileName) is \(fact.size!) px; the other \(label) frames are \(usual) px",
                                        file: fact.file.path))
            }
        }
        problems += deviceFileMismatches(facts)
        if let expected = config.expectedSize, expected.count == 2 {
            for fact in facts.files {
                guard let size = fact.size else { continue }
                let points = (Double(size.width) / Double(fact.file.scale), Double(size.height) / Double(fact.file.scale))
                if points != (expected[0], expected[1]) {
                    problems.append(Problem("\(fact.file.fileName) is \(format(points.0))×\(format(points.1)) pt; "
                                            + "expected \(format(expected[0]))×\(format(expected[1])) pt", file: fact.file.path))
                }
            }
        }
        return problems
    }

    /// A `~ipad`/`~iphone` file stands in for its frame's generic file of the same scale on that
    /// device, so the device shows it among the generic files of the frames that have none: a
    /// size that differs from theirs is a mismatch without `--uikit` too (`fire1~ipad.png` at
    /// 64×64 beside `fire2.png` at 32×32). A device file that is already the odd one among its
    /// own kind is reported above, and a device variant of every frame is a set of its own.
    static func deviceFileMismatches(_ facts: SequenceFacts) -> [Problem] {
        let sized = facts.files.filter { $0.size != nil }
        var problems: [Problem] = []
        for device in Set(sized.compactMap(\.file.device)).sorted() {
            for scale in Set(sized.filter { $0.file.device == device }.map(\.file.scale)).sorted() {
                let specific = sized.filter { $0.file.device == device && $0.file.scale == scale }
                let numbers = Set(specific.map(\.file.number))
                let generic = sized.filter { $0.file.device == nil && $0.file.scale == scale && !numbers.contains($0.file.number) }
                guard let shownWith = Rules.majority(generic.compactMap(\.size)),
                      let own = Rules.majority(specific.compactMap(\.size)) else { continue }
                for fact in specific where fact.size == own && own != shownWith {
                    problems.append(Problem("\(fact.file.fileName) is \(own) px; on \(device == "ipad" ? "iPad" : "iPhone") it is shown with "
                                            + "the other @\(scale)x frames, which are \(shownWith) px", file: fact.file.path))
                }
            }
        }
        return problems
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
    }
}

/// `scale.mismatch`: no scale at which every frame exists, so any load mixes scales.
public enum ScaleMismatchRule: ValidationRule {
    public static let id = RuleID.scaleMismatch
    public static let title = "Frames exist at different scales"
    public static let explanation = "UIKit requires all images of an animated image to share one scale. Export "
        + "every frame at the same scales."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let frames = facts.sequence.frames
        guard !frames.isEmpty else { return [] }
        let common = frames.dropFirst().reduce(frames[0].scales) { $0.intersection($1.scales) }
        guard common.isEmpty else { return [] }
        let byScales = Dictionary(grouping: frames) { $0.scales.sorted().map { "@\($0)x" }.joined(separator: "+") }
        let description = byScales.sorted { $0.key < $1.key }
            .map { "frames \(Rules.ranges($0.value.map(\.number))) only \($0.key)" }.joined(separator: "; ")
        return [Problem("no scale has every frame: \(description)", file: frames[0].files.first?.path)]
    }
}

/// `scale.not-multiple`: an `@2x`/`@3x` file that is not exactly 2×/3× the frame's `@1x` file.
public enum ScaleNotMultipleRule: ValidationRule {
    public static let id = RuleID.scaleNotMultiple
    public static let title = "Scale variant is not an exact multiple"
    public static let explanation = "An @2x file must be exactly twice the @1x size (and @3x three times), or the "
        + "point sizes differ between devices. Resize the canvas, not just the content."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        var problems: [Problem] = []
        for frame in facts.sequence.frames {
            // A file at a scale UIKit does not load is scale.unsupported's, not compared here.
            let sized = facts.facts(for: frame).filter { $0.size != nil && ImageFileName.scaleRange.contains($0.file.scale) }
            let devices = Set(sized.map { $0.file.device ?? "" }).sorted()
            for device in devices {
                // Each variant is compared with the lowest-scale file of the same device.
                let variants = sized.filter { ($0.file.device ?? "") == device }.sorted { $0.file.scale < $1.file.scale }
                guard let base = variants.first, let a = base.size else { continue }
                for other in variants.dropFirst() where other.file.scale > base.file.scale {
                    let b = other.size!
                    let expectedWidth = a.width * other.file.scale, expectedHeight = a.height * other.file.scale
                    if b.width * base.file.scale != expectedWidth || b.height * base.file.scale != expectedHeight {
                        let wanted = SizeMismatchRule.format(Double(expectedWidth) / Double(base.file.scale)) + "×"
                            + SizeMismatchRule.format(Double(expectedHeight) / Double(base.file.scale))
                        problems.append(Problem("\(other.file.fileName) is \(b) px; at @\(other.file.scale)x it must be "
                                                + "\(wanted) px (\(base.file.fileName) is \(a) px)", file: other.file.path))
                    }
                }
            }
        }
        return problems
    }
}

/// `scale.unsupported`: a frame file named at a scale UIKit does not load (`coin1@9x.png`): UIKit
/// reads `@1x`…`@3x`, and so does every reader of Flipbook (`assemble` and `sheet` refuse the file).
public enum ScaleUnsupportedRule: ValidationRule {
    public static let id = RuleID.scaleUnsupported
    public static let title = "Frame named at a scale UIKit does not load"
    public static let explanation = "UIKit loads @1x, @2x and @3x images; a frame named @4x…@9x is never loaded "
        + "on a device, and assemble and sheet refuse it. Rename it (@3x at most) or move it out of the frames."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        facts.sequence.frames.flatMap(\.files).filter { !ImageFileName.scaleRange.contains($0.scale) }.map { file in
            Problem("\(file.fileName) is named @\(file.scale)x: frames are loaded at @\(ImageFileName.scaleRange.lowerBound)x…"
                    + "@\(ImageFileName.scaleRange.upperBound)x", file: file.path)
        }
    }
}

/// `scale.missing-variant`: a frame lacks a scale its siblings have (or that the config requires).
public enum ScaleMissingVariantRule: ValidationRule {
    public static let id = RuleID.scaleMissingVariant
    public static let title = "Frame is missing a scale variant"
    public static let explanation = "When some frames have @2x and others don't, a Retina device mixes scales "
        + "within one animation. Export the missing variants (or set requiredScales in .flipbook.json)."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let frames = facts.sequence.frames
        guard !frames.isEmpty else { return [] }
        let common = frames.dropFirst().reduce(frames[0].scales) { $0.intersection($1.scales) }
        // With no common scale at all, scale.mismatch says it better.
        // A scale no reader takes (`coin1@9x.png`) is scale.unsupported's, never a variant the others lack.
        let siblingScales = common.isEmpty ? Set<Int>() : frames.reduce(Set<Int>()) { $0.union($1.scales) }.filter(ImageFileName.scaleRange.contains)
        let wanted = siblingScales.union(config.requiredScales ?? [])
        var missing: [Int: [Int]] = [:]   // scale → frame numbers lacking it
        for frame in frames {
            for scale in wanted.subtracting(frame.scales) { missing[scale, default: []].append(frame.number) }
        }
        return missing.sorted { $0.key < $1.key }.map { scale, numbers in
            let first = frames.first { $0.number == numbers[0] }
            return Problem("frame\(numbers.count == 1 ? "" : "s") \(Rules.ranges(numbers)) of \(facts.sequence.prefix) "
                           + "\(numbers.count == 1 ? "has" : "have") no @\(scale)x file", file: first?.files.first?.path)
        }
    }
}

/// `highlighted.mismatch`: highlighted frames differ in size or scale from the normal ones.
public enum HighlightedMismatchRule: ValidationRule {
    public static let id = RuleID.highlightedMismatch
    public static let title = "Highlighted frames differ from the normal frames"
    public static let explanation = "UIImageView shows highlightedAnimationImages in the same frame as the normal "
        + "ones, and UIKit requires one scale: export both sequences at the same sizes and scales."
    public static let defaultSeverity = Severity.error

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        guard let highlighted = facts.highlighted else { return [] }
        var normalSizes: [String: PixelSize] = [:]
        for fact in facts.files {
            guard let size = fact.size else { continue }
            normalSizes[Rules.scaleLabel(fact.file.scale, fact.file.device)] = normalSizes[Rules.scaleLabel(fact.file.scale, fact.file.device)] ?? size
        }
        var problems: [Problem] = []
        for fact in highlighted.files {
            let label = Rules.scaleLabel(fact.file.scale, fact.file.device)
            guard let normal = normalSizes[label] else {
                problems.append(Problem("\(fact.file.fileName) is \(label) but the normal frames have no \(label) files",
                                        file: fact.file.path))
                continue
            }
            if let size = fact.size, size != normal {
                problems.append(Problem("\(fact.file.fileName) is \(size) px; the normal \(label) frames are \(normal) px",
                                        file: fact.file.path))
            }
        }
        let normalScales = Set(facts.sequence.frames.flatMap(\.scales))
        let highlightedScales = Set(highlighted.sequence.frames.flatMap(\.scales))
        for scale in normalScales.subtracting(highlightedScales).sorted() {
            problems.append(Problem("the highlighted frames \(highlighted.sequence.prefix) have no @\(scale)x files",
                                    file: highlighted.sequence.files.first?.path))
        }
        return problems
    }
}
