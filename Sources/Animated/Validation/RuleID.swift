/// The ID of each rule ``Validator`` applies: a closed set, one case per rule in ``Rules/all``,
/// in report order. The raw value is the stable, dotted ID that `.flipbook.json`'s `severities`,
/// SARIF's `ruleId`, JUnit and the JSON report use (`seq.gap`); it is never renamed once
/// published. ``Finding/rule`` is one, so a caller switches over what a report found:
///
/// ```swift
/// if report.findings.contains(where: { $0.rule == .pngTooLarge }) { reject(413) }
/// ```
public enum RuleID: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable, CustomStringConvertible {
    /// `png.corrupt`: ``PNGCorruptRule``.
    case pngCorrupt = "png.corrupt"
    /// `png.cgbi`: ``PNGCgBIRule``.
    case pngCgBI = "png.cgbi"
    /// `png.too-large`: ``PNGTooLargeRule``.
    case pngTooLarge = "png.too-large"
    /// `png.animated`: ``PNGAnimatedRule``.
    case pngAnimated = "png.animated"
    /// `png.trailing-data`: ``PNGTrailingDataRule``.
    case pngTrailingData = "png.trailing-data"
    /// `seq.gap`: ``SequenceGapRule``.
    case seqGap = "seq.gap"
    /// `seq.misnamed-frame`: ``SequenceMisnamedFrameRule``.
    case seqMisnamedFrame = "seq.misnamed-frame"
    /// `seq.padding-mixed`: ``SequencePaddingMixedRule``.
    case seqPaddingMixed = "seq.padding-mixed"
    /// `seq.duplicate-number`: ``SequenceDuplicateNumberRule``.
    case seqDuplicateNumber = "seq.duplicate-number"
    /// `size.mismatch`: ``SizeMismatchRule``.
    case sizeMismatch = "size.mismatch"
    /// `scale.mismatch`: ``ScaleMismatchRule``.
    case scaleMismatch = "scale.mismatch"
    /// `scale.not-multiple`: ``ScaleNotMultipleRule``.
    case scaleNotMultiple = "scale.not-multiple"
    /// `scale.unsupported`: ``ScaleUnsupportedRule``.
    case scaleUnsupported = "scale.unsupported"
    /// `scale.missing-variant`: ``ScaleMissingVariantRule``.
    case scaleMissingVariant = "scale.missing-variant"
    /// `highlighted.mismatch`: ``HighlightedMismatchRule``.
    case highlightedMismatch = "highlighted.mismatch"
    /// `png.colortype-mixed`: ``PNGColorTypeMixedRule``.
    case pngColorTypeMixed = "png.colortype-mixed"
    /// `file.too-large`: ``FileTooLargeRule``.
    case fileTooLarge = "file.too-large"
    /// `animation.lenient-read`: ``AnimationLenientReadRule``.
    case animationLenientRead = "animation.lenient-read"
    /// `animation.frames-lost`: ``AnimationFramesLostRule``.
    case animationFramesLost = "animation.frames-lost"
    /// `animation.unreadable`: ``AnimationUnreadableRule``.
    case animationUnreadable = "animation.unreadable"
    /// `folder.unreadable`: ``FolderUnreadableRule``.
    case folderUnreadable = "folder.unreadable"
    /// `folder.link-outside`: ``FolderLinkOutsideRule``.
    case folderLinkOutside = "folder.link-outside"
    /// `config.not-applied`: ``ConfigNotAppliedRule``.
    case configNotApplied = "config.not-applied"
    /// `config.ignores-all`: ``ConfigIgnoresAllRule``.
    case configIgnoresAll = "config.ignores-all"
    /// `frame.link-outside`: ``FrameLinkOutsideRule``.
    case frameLinkOutside = "frame.link-outside"
    /// `frame.number-too-long`: ``FrameNumberTooLongRule``.
    case frameNumberTooLong = "frame.number-too-long"
    /// `manifest.invalid`: ``ManifestInvalidRule``.
    case manifestInvalid = "manifest.invalid"
    /// `manifest.short-duration`: ``ManifestShortDurationRule``.
    case manifestShortDuration = "manifest.short-duration"
    /// `frame.empty`: ``FrameEmptyRule``.
    case frameEmpty = "frame.empty"
    /// `frame.duplicate`: ``FrameDuplicateRule``.
    case frameDuplicate = "frame.duplicate"
    /// `frame.hidden-color`: ``FrameHiddenColorRule``.
    case frameHiddenColor = "frame.hidden-color"
    /// `name.case-clash`: ``NameCaseClashRule``.
    case nameCaseClash = "name.case-clash"
    /// `name.mixed-normalization`: ``NameMixedNormalizationRule``.
    case nameMixedNormalization = "name.mixed-normalization"
    /// `uikit.padded`: ``UIKitPaddedRule``.
    case uikitPadded = "uikit.padded"
    /// `uikit.gap`: ``UIKitGapRule``.
    case uikitGap = "uikit.gap"
    /// `uikit.past-1024`: ``UIKitPast1024Rule``.
    case uikitPast1024 = "uikit.past-1024"
    /// `uikit.mixed-scale`: ``UIKitMixedScaleRule``.
    case uikitMixedScale = "uikit.mixed-scale"
    /// `uikit.missing-scale`: ``UIKitMissingScaleRule``.
    case uikitMissingScale = "uikit.missing-scale"
    /// `uikit.mixed-size`: ``UIKitMixedSizeRule``.
    case uikitMixedSize = "uikit.mixed-size"
    /// `uikit.device-variant`: ``UIKitDeviceVariantRule``.
    case uikitDeviceVariant = "uikit.device-variant"
    /// `uikit.highlighted`: ``UIKitHighlightedRule``.
    case uikitHighlighted = "uikit.highlighted"

    /// The dotted ID, the raw value: `seq.gap`.
    public var description: String { rawValue }
}
