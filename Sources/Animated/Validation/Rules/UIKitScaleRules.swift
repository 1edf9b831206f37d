// The `uikit.*` rules about scales, sizes, devices and the highlighted sequence (see UIKitRules.swift
// for what these rules are and the Apple documentation they rest on).

/// `uikit.mixed-scale`: no scale at which every frame UIKit loads exists, so every device mixes
/// scales within the animation.
///
/// Apple: "All images included in the animated image should share the same size and scale"
/// (`animatedImageNamed(_:duration:)`, `animatedImage(with:duration:)`). Which file stands in for a
/// missing scale (lower scales first, then higher) is observed behaviour. `scale.mismatch` reports
/// the same for all files; this rule looks only at the frames UIKit loads and names the scales
/// each shows at.
public enum UIKitMixedScaleRule: ValidationRule {
    public static let id = RuleID.uikitMixedScale
    public static let title = "UIKit mixes scales on every device"
    public static let explanation = "Apple: \"All images included in the animated image should share the same size "
        + "and scale\" (animatedImageNamed(_:duration:), animatedImage(with:duration:)). No scale has every frame "
        + "UIKit loads, so on every screen some frames come from another scale's file (sharper or blurrier, and a "
        + "different size when the files are not exact multiples). Export every frame at the same scales."
    public static let defaultSeverity = Severity.error
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let load = UIKitLoad(facts.sequence)
        return load.perIdiom { idiom in
            let frames = load.loadedFrames(idiom: idiom)
            guard let first = frames.first else { return [] }
            guard UIKitLoad.commonScales(frames).isEmpty else { return [] }
            let byScales = Dictionary(grouping: frames) { $0.scales.sorted().map { "@\($0)x" }.joined(separator: "+") }
            let description = byScales.sorted { $0.value[0].number < $1.value[0].number }
                .map { "\(UIKitLoad.framesWord($0.value.count)) \(Rules.ranges($0.value.map(\.number))) only \($0.key)" }
                .joined(separator: "; ")
            return [Problem("no scale has every frame UIKit loads, so every screen mixes scales: \(description)",
                            file: first.files.first?.path)]
        }
    }
}

/// `uikit.missing-scale`: frames without an `@2x`/`@3x` (or `@1x`) file that other frames have, so a
/// screen of that scale shows them from another scale's file.
///
/// Apple: without a high-resolution version "the image object still loads a standard-resolution
/// image (if one exists) and scales it during drawing" (iOS App Programming Guide, "Supporting
/// High-Resolution Screens"), and "All images included in the animated image should share the same
/// size and scale" (`animatedImageNamed(_:duration:)`). Falling back to a higher scale when no
/// lower one exists is observed behaviour. `scale.missing-variant` reports the missing files; this
/// rule says which screens show which frames from another scale.
public enum UIKitMissingScaleRule: ValidationRule {
    public static let id = RuleID.uikitMissingScale
    public static let title = "UIKit loads some frames at another scale"
    public static let explanation = "When some frames have an @2x file and others do not, a Retina screen loads the "
        + "@1x file for those: Apple, \"the image object still loads a standard-resolution image (if one exists) and "
        + "scales it during drawing\" (Supporting High-Resolution Screens). The animation then jumps in sharpness "
        + "(and in size, if that file is not an exact fraction), against \"All images included in the animated image "
        + "should share the same size and scale\" (animatedImageNamed(_:duration:)). scale.missing-variant lists the "
        + "missing files; this rule says which screens show which frames at another scale. Export the missing files."
    public static let defaultSeverity = Severity.error
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let load = UIKitLoad(facts.sequence)
        return load.perIdiom { idiom in
            let frames = load.loadedFrames(idiom: idiom)
            guard !frames.isEmpty else { return [] }
            // With no common scale, uikit.mixed-scale says it better.
            guard !UIKitLoad.commonScales(frames).isEmpty else { return [] }
            // Per screen scale: the scale most frames are shown at (the best match the files allow)
            // and the frames shown from another scale's file; screens with the same split share a line.
            var groups: [(best: Int, odd: [FrameFile], screens: [Int])] = []
            for screen in UIKitLoad.screenScales {
                let shown = load.frames(idiom: idiom, scale: screen).files
                let scales = Set(shown.map(\.scale))
                guard scales.count > 1,
                      let best = scales.filter({ $0 <= screen }).max() ?? scales.min() else { continue }
                let odd = shown.filter { $0.scale != best }
                if let index = groups.firstIndex(where: { $0.best == best && $0.odd == odd }) {
                    groups[index].screens.append(screen)
                } else {
                    groups.append((best, odd, [screen]))
                }
            }
            return groups.map { group in
                let used = Set(group.odd.map(\.scale)).sorted()
                let look = used.allSatisfy { $0 < group.best } ? "upscaled, so blurred beside the others"
                    : used.allSatisfy { $0 > group.best } ? "downscaled from a larger file" : "at other scales"
                return Problem("\(UIKitLoad.screens(group.screens)), \(UIKitLoad.framesWord(group.odd.count)) "
                               + "\(Rules.ranges(group.odd.map(\.number))) of \(facts.sequence.prefix) "
                               + "\(group.odd.count == 1 ? "has" : "have") no @\(group.best)x file and "
                               + "\(group.odd.count == 1 ? "loads" : "load") \(used.map { "@\($0)x" }.joined(separator: " or ")) "
                               + "(\(group.odd[0].fileName)\(group.odd.count > 1 ? ", …" : "")) beside @\(group.best)x frames: \(look)",
                               file: group.odd[0].path)
            }
        }
    }
}

/// `uikit.mixed-size`: frames UIKit would show at different point sizes on some screen.
///
/// Apple: "All images included in the animated image should share the same size and scale"
/// (`animatedImageNamed(_:duration:)`, `animatedImage(with:duration:)`). A frame's point size is its
/// pixel size divided by the scale of the file UIKit picks for the screen (`@2x` "lets the system
/// know that the image is the high-resolution variant", Supporting High-Resolution Screens), so a
/// fallback file of the wrong size changes the frame's size on screen. `size.mismatch` compares
/// pixel sizes per scale; this rule compares what each screen would show.
public enum UIKitMixedSizeRule: ValidationRule {
    public static let id = RuleID.uikitMixedSize
    public static let title = "UIKit shows frames at different point sizes"
    public static let explanation = "Apple: \"All images included in the animated image should share the same size "
        + "and scale\" (animatedImageNamed(_:duration:), animatedImage(with:duration:)). On the screens named, the "
        + "files UIKit picks (pixels ÷ their @Nx scale) differ in point size, so the animation jumps in size or "
        + "position. size.mismatch compares pixel sizes per scale; this rule compares what a device shows, "
        + "fallback files included. Re-export the odd frames on the same canvas."
    public static let defaultSeverity = Severity.error
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let load = UIKitLoad(facts.sequence)
        let sizes = Dictionary(facts.files.compactMap { fact in fact.size.map { (fact.file.path, $0) } },
                               uniquingKeysWith: { first, _ in first })
        return load.perIdiom { idiom in
            var byDescription: [(description: String, file: String, scales: [Int])] = []
            for scale in UIKitLoad.screenScales {
                let shown = load.frames(idiom: idiom, scale: scale).files.compactMap { file in
                    sizes[file.path].map { (file, UIKitLoad.points($0, scale: file.scale)) }
                }
                guard let usual = Rules.majority(shown.map(\.1)) else { continue }
                let odd = shown.filter { $0.1 != usual }
                guard let firstOdd = odd.first else { continue }
                let bySize = Dictionary(grouping: odd, by: \.1)
                let parts = bySize.sorted { $0.value[0].0.number < $1.value[0].0.number }.map { size, files in
                    "\(UIKitLoad.framesWord(files.count)) \(Rules.ranges(files.map(\.0.number))) "
                        + "\(files.count == 1 ? "is" : "are") \(size) (\(files[0].0.fileName)\(files.count > 1 ? ", …" : ""))"
                }
                let description = parts.joined(separator: ", ") + "; the others are \(usual)"
                if let index = byDescription.firstIndex(where: { $0.description == description }) {
                    byDescription[index].scales.append(scale)
                } else {
                    byDescription.append((description, firstOdd.0.path, [scale]))
                }
            }
            return byDescription.map { entry in
                Problem("\(UIKitLoad.screens(entry.scales)) UIKit shows frames of different sizes: \(entry.description)",
                        file: entry.file)
            }
        }
    }
}

/// `uikit.device-variant`: `~ipad` or `~iphone` files for some frames only, so that device shows
/// some frames from their device file and the rest from the generic one.
///
/// Apple: the device modifier "contains either the string ~ipad or ~iphone. You include one of these
/// modifiers when you want to specify different versions of an image for iPad and iPhone" (Drawing
/// and Printing Guide for iOS, "Updating Your Image Resource Files"). That a frame without one falls
/// back to the generic file, and that a scale match outranks a device match, is observed behaviour.
public enum UIKitDeviceVariantRule: ValidationRule {
    public static let id = RuleID.uikitDeviceVariant
    public static let title = "UIKit mixes device-specific and generic frames"
    public static let explanation = "A ~ipad or ~iphone file replaces the generic file on that device (Apple: the "
        + "modifier is used \"when you want to specify different versions of an image for iPad and iPhone\"). When "
        + "only some frames have one, the device shows those from the device files and the others from the generic "
        + "ones: two sets of artwork in one animation. At each scale the device file wins; a better-matching "
        + "scale wins over the device (observed). Give every frame the variant at the same scales, or none."
    public static let defaultSeverity = Severity.warning
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let load = UIKitLoad(facts.sequence)
        var problems: [Problem] = []
        for idiom in UIKitLoad.allIdioms where facts.sequence.files.contains(where: { $0.device == idiom }) {
            var groups: [(specific: [Int], generic: [Int], file: String, scales: [Int])] = []
            for scale in UIKitLoad.screenScales(idiom) {
                let loaded = load.frames(idiom: idiom, scale: scale).files
                let specific = loaded.filter { $0.device == idiom }
                guard let firstSpecific = specific.first, specific.count < loaded.count else { continue }
                let numbers = specific.map(\.number), generic = loaded.filter { $0.device == nil }.map(\.number)
                if let index = groups.firstIndex(where: { $0.specific == numbers && $0.generic == generic }) {
                    groups[index].scales.append(scale)
                } else {
                    groups.append((numbers, generic, firstSpecific.path, [scale]))
                }
            }
            for group in groups {
                problems.append(Problem(
                    "\(UIKitLoad.screens(group.scales, idiom: idiom)), \(UIKitLoad.framesWord(group.specific.count)) "
                        + "\(Rules.ranges(group.specific)) \(group.specific.count == 1 ? "loads its" : "load their") ~\(idiom) file and "
                        + "\(UIKitLoad.framesWord(group.generic.count)) \(Rules.ranges(group.generic)) the generic one: "
                        + "the animation mixes two sets of artwork", file: group.file))
            }
        }
        return problems
    }
}

/// `uikit.highlighted`: the highlighted sequence named in `sequence.json` loads a different number
/// of frames, or frames of a different point size, than the normal one.
///
/// Apple: `UIImageView.animationDuration` is "The amount of time it takes to go through one cycle of
/// the images", one property for `animationImages` and `highlightedAnimationImages`; a highlighted
/// sequence of another length therefore plays at another frame rate (as ``Animation`` models it).
/// The size half rests on "All images included in the animated image should share the same size and
/// scale". `highlighted.mismatch` compares pixel sizes and scales of the files; this rule compares
/// what UIKit loads of each.
public enum UIKitHighlightedRule: ValidationRule {
    public static let id = RuleID.uikitHighlighted
    public static let title = "Highlighted frames load unlike the normal ones"
    public static let explanation = "UIImageView plays highlightedAnimationImages in the same animationDuration as "
        + "animationImages (Apple: \"The amount of time it takes to go through one cycle of the images\"), so a "
        + "highlighted sequence that loads another number of frames runs at another frame rate, and one of another "
        + "point size makes the view jump when highlighted. Counts are of the frames UIKit loads (after padding, gaps "
        + "and the 1024 limit); highlighted.mismatch compares the files' pixel sizes. Export both sequences alike."
    public static let defaultSeverity = Severity.warning
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        guard let highlighted = facts.highlighted else { return [] }
        let normal = UIKitLoad(facts.sequence), other = UIKitLoad(highlighted.sequence)
        let both = UIKitLoad(FrameSequence(directory: facts.sequence.directory, prefix: facts.sequence.prefix,
                                           frames: facts.sequence.frames + highlighted.sequence.frames))
        var sizes: [String: PixelSize] = [:]
        for fact in facts.files + highlighted.files { if let size = fact.size { sizes[fact.file.path] = size } }
        let name = highlighted.sequence.prefix, file = highlighted.sequence.files.first?.path ?? facts.manifestPath
        return both.perIdiom { idiom in
            var problems: [Problem] = []
            let normalCount = normal.frames(idiom: idiom).files.count, otherCount = other.frames(idiom: idiom).files.count
            if normalCount != otherCount {
                problems.append(Problem("UIKit loads \(UIKitLoad.count(normalCount, "frame")) of \(facts.sequence.prefix) "
                                        + "but \(otherCount) of the highlighted \(name): both play in one animationDuration, "
                                        + "so the highlighted frames run at another frame rate", file: file))
            }
            var differing: [(normal: String, other: String, scales: [Int])] = []
            for scale in UIKitLoad.screenScales {
                func usual(_ load: UIKitLoad) -> String? {
                    Rules.majority(load.frames(idiom: idiom, scale: scale).files.compactMap { file in
                        sizes[file.path].map { UIKitLoad.points($0, scale: file.scale) }
                    })
                }
                guard let a = usual(normal), let b = usual(other), a != b else { continue }
                if let index = differing.firstIndex(where: { $0.normal == a && $0.other == b }) {
                    differing[index].scales.append(scale)
                } else {
                    differing.append((a, b, [scale]))
                }
            }
            for entry in differing {
                problems.append(Problem("\(UIKitLoad.screens(entry.scales)) the highlighted frames \(name) are \(entry.other) "
                                        + "and the normal ones \(entry.normal): the view changes size when highlighted",
                                        file: file))
            }
            return problems
        }
    }
}
