/// A check over one sequence, with a stable ID that CI configs, SARIF and JUnit refer to.
public protocol ValidationRule: Sendable {
    /// Its case of the closed set of rule IDs; the raw value is stable, dotted, lowercase
    /// (`seq.gap`) and never renamed once published.
    static var id: RuleID { get }
    /// One line: what the rule looks for.
    static var title: String { get }
    /// Why it matters and how to fix it.
    static var explanation: String { get }
    /// The severity the rule's findings have unless `.flipbook.json` sets another in `severities`
    /// (``ValidationConfig/severity(of:)``); `flipbook validate --help` lists it beside the ID.
    static var defaultSeverity: Severity { get }
    /// `true` when the rule needs decoded pixels (runs only with `--deep`).
    static var needsPixels: Bool { get }
    /// `true` when the rule applies UIKit's own loading rules (`uikit.*`): it runs only when
    /// ``ValidationConfig/uikit`` is on (`flipbook validate --uikit`, or `"uikit": true` in `.flipbook.json`).
    static var needsUIKit: Bool { get }
    /// The problems in `facts`.
    static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem]
}

extension ValidationRule {
    public static var needsPixels: Bool { false }
    public static var needsUIKit: Bool { false }
}

/// What a rule reports; the validator adds the rule ID, severity and sequence.
public struct Problem: Sendable, Equatable {
    /// One line saying what is wrong and where, naming the frames or files (becomes
    /// ``Finding/message``).
    public var message: String
    /// The path of the file the problem is about, as ``Validator`` found it; `nil` for a problem of
    /// the sequence as a whole. The JSON, GitHub and SARIF reports give it, relative to their base
    /// folder, and annotate that file.
    public var file: String?

    /// A problem described by `message`, about `file` when there is one.
    public init(_ message: String, file: String? = nil) {
        self.message = message
        self.file = file
    }
}

/// Every rule, in the order reports list them.
public enum Rules {
    /// Every rule ``Validator`` knows: the general rules in report order, then ``uikit``. Their IDs
    /// are the rule IDs `.flipbook.json`'s `severities` accepts; a rule whose ``ValidationRule/needsPixels``
    /// is `true` runs only with `--deep`, one whose ``ValidationRule/needsUIKit`` is `true` only when
    /// ``ValidationConfig/uikit`` is on.
    public static let all: [any ValidationRule.Type] = [
        PNGCorruptRule.self, PNGCgBIRule.self, PNGTooLargeRule.self, PNGAnimatedRule.self, PNGTrailingDataRule.self, SequenceGapRule.self, SequenceMisnamedFrameRule.self, SequencePaddingMixedRule.self,
        SequenceDuplicateNumberRule.self, SizeMismatchRule.self, ScaleMismatchRule.self, ScaleNotMultipleRule.self,
        ScaleUnsupportedRule.self, ScaleMissingVariantRule.self, HighlightedMismatchRule.self, PNGColorTypeMixedRule.self,
        FileTooLargeRule.self, AnimationLenientReadRule.self, AnimationFramesLostRule.self, AnimationUnreadableRule.self, FolderUnreadableRule.self, FolderLinkOutsideRule.self, ConfigNotAppliedRule.self, ConfigIgnoresAllRule.self, FrameLinkOutsideRule.self, FrameNumberTooLongRule.self, ManifestInvalidRule.self, ManifestShortDurationRule.self, FrameEmptyRule.self, FrameDuplicateRule.self,
        FrameHiddenColorRule.self, NameCaseClashRule.self, NameMixedNormalizationRule.self,
    ] + uikit

    /// The rules that apply `UIImage.animatedImageNamed(_:duration:)`'s loading rules, in report
    /// order; they run only when ``ValidationConfig/uikit`` is on.
    public static let uikit: [any ValidationRule.Type] = [
        UIKitPaddedRule.self, UIKitGapRule.self, UIKitPast1024Rule.self, UIKitMixedScaleRule.self,
        UIKitMissingScaleRule.self, UIKitMixedSizeRule.self, UIKitDeviceVariantRule.self, UIKitHighlightedRule.self,
    ]

    /// `1–3, 7, 9–12`: runs of consecutive numbers.
    static func ranges(_ ranges: [ClosedRange<Int>]) -> String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
    }

    /// The same for single `numbers`, runs of consecutive ones joined.
    static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = numbers.sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])–\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    /// The value most entries have (ties go to the first seen), for "the odd one out" messages.
    static func majority<T: Hashable>(_ values: [T]) -> T? {
        var counts: [T: Int] = [:]
        var order: [T] = []
        for value in values {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) }
    }

    static func scaleLabel(_ scale: Int, _ device: String?) -> String {
        "@\(scale)x" + (device.map { "~\($0)" } ?? "")
    }
}
