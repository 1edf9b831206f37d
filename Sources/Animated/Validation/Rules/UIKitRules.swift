// The `uikit.*` rules: what `UIImage.animatedImageNamed(_:duration:)` would load from a sequence
// on a device, and where that differs from the frames in the folder. They run only with
// `flipbook validate --uikit` (``ValidationConfig/uikit``).
//
// Each rule says what a device does; the general rules (`seq.gap`, `scale.missing-variant`,
// `scale.mismatch`, `size.mismatch`, `highlighted.mismatch`) say what is wrong with the files. Where
// both fire on one cause they carry different information — `seq.gap` names the missing numbers,
// `uikit.gap` the frames UIKit then never loads — and each can be turned off on its own.
//
// Apple's documentation quoted below:
// - UIKit, `UIImage.animatedImageNamed(_:duration:)`: "this method would attempt to load images
//   from files with the names 'image0', 'image1' and so on all the way up to 'image1024'. All
//   images included in the animated image should share the same size and scale."
// - UIKit, `UIImage.animatedImage(with:duration:)`: "All images included in the animated image
//   should share the same size and scale."
// - Drawing and Printing Guide for iOS, "Supporting High-Resolution Screens In Views", "Updating
//   Your Image Resource Files": "The <device_modifier> portion is optional and contains either the
//   string ~ipad or ~iphone. You include one of these modifiers when you want to specify different
//   versions of an image for iPad and iPhone."; the @2x modifier "lets the system know that the
//   image is the high-resolution variant of the standard image."
// - iOS App Programming Guide, "Supporting High-Resolution Screens": "If you do not provide a
//   high-resolution version of a given image, the image object still loads a standard-resolution
//   image (if one exists) and scales it during drawing."
// - UIKit, `UIImageView.animationDuration`: "The amount of time it takes to go through one cycle of
//   the images" — one duration for `animationImages` and `highlightedAnimationImages`.
//
// Not documented by Apple, and modelled on observed behaviour (``UIKitFrames``,
// ``FrameSequence/Frame/file(scale:device:)``): loading starts at `name0`, or at `name1` when
// `name0` is missing, and stops at the first missing number; a name is tried exactly as
// `"\(name)\(i)"`, so `name01` is never tried; a missing scale falls back to lower scales, then
// higher ones; at each scale a `~ipad`/`~iphone` file is preferred to the generic one (the scale
// outranks the device).

/// `uikit.padded`: frames numbered with leading zeros, which `UIImage.animatedImageNamed(_:duration:)`
/// never loads.
///
/// Apple documents the names tried as "'image0', 'image1' and so on all the way up to 'image1024'"
/// (`animatedImageNamed(_:duration:)`): the number is appended as written in decimal, so
/// `explosion0001.png` is never asked for — UIKit asks for `explosion1`. That padded names are
/// never found is observed behaviour that follows from those names.
public enum UIKitPaddedRule: ValidationRule {
    public static let id = "uikit.padded"
    public static let title = "UIKit never loads zero-padded frame numbers"
    public static let explanation = "UIImage.animatedImageNamed(_:duration:) appends unpadded numbers to the name: "
        + "Apple documents the files it tries as \"'image0', 'image1' and so on all the way up to 'image1024'\", so "
        + "walk01.png is never asked for (UIKit asks for walk1). Rename the frames without leading zeros "
        + "(walk0.png or walk1.png, walk2.png, …). seq.padding-mixed is about padding widths in general; this rule "
        + "says which frames a device never shows."
    public static let defaultSeverity = Severity.error
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let sequence = facts.sequence
        let padded = sequence.files.filter(\.isZeroPadded)
        guard let first = padded.first, let last = padded.last else { return [] }
        let numbers = Set(padded.map(\.number)).sorted()
        let load = UIKitLoad(sequence)
        let loadsNothing = load.idioms.allSatisfy { load.frames(idiom: $0).files.isEmpty }
        let span = first.fileName == last.fileName ? first.fileName : "\(first.fileName)…\(last.fileName)"
        return [Problem("UIKit never loads \(UIKitLoad.count(numbers.count, "zero-padded frame")) (\(span)): "
                        + "it asks for \(sequence.prefix)\(first.number), never \(sequence.prefix)\(first.numberText)"
                        + (loadsNothing ? "; animatedImageNamed(\"\(sequence.prefix)\") loads no frame at all" : ""),
                        file: first.path)]
    }
}

/// `uikit.gap`: frames after the first missing number, which `UIImage.animatedImageNamed(_:duration:)`
/// never loads — including every frame when the sequence starts after 1.
///
/// Apple documents only the names tried ("'image0', 'image1' and so on all the way up to
/// 'image1024'", `animatedImageNamed(_:duration:)`). That loading starts at 1 when `image0` is
/// missing and stops at the first missing number is observed behaviour (``UIKitFrames``).
/// `seq.gap` reports the missing numbers themselves; this rule reports the frames UIKit drops
/// because of them, per device when a frame exists only as `~ipad` or `~iphone`.
public enum UIKitGapRule: ValidationRule {
    public static let id = "uikit.gap"
    public static let title = "UIKit stops at the first missing frame number"
    public static let explanation = "UIImage.animatedImageNamed(_:duration:) tries name0 (or name1 when name0 is "
        + "missing), name1, name2, … and stops at the first number that has no file (observed behaviour; Apple "
        + "documents only the names tried, \"'image0', 'image1' and so on\"): every frame after a gap is silently "
        + "dropped, and a sequence that starts at 2 or later loads nothing. seq.gap names the missing numbers; "
        + "this rule names the frames a device never shows. Renumber the frames from 0 or 1 without gaps."
    public static let defaultSeverity = Severity.error
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let load = UIKitLoad(facts.sequence)
        let prefix = facts.sequence.prefix
        return load.perIdiom { idiom in
            // The unpadded frames this device could load, and where UIKit stops.
            let candidates = load.unpaddedFrames(idiom: idiom)
            let loaded = load.frames(idiom: idiom).files
            let stop = loaded.last.map { $0.number + 1 } ?? 1
            let lost = candidates.filter { $0.number > stop && $0.number <= UIKitFrames.lastNumber }
            guard let firstLost = lost.first else { return [] }
            let numbers = lost.map(\.number)
            let why = load.whyMissing(stop, idiom: idiom).map { " (\($0))" } ?? ""
            let message = (loaded.isEmpty
                ? "UIKit loads no frame: it starts at \(prefix)0 or \(prefix)1\(why), and the first unpadded frame here "
                    + "is \(prefix)\(candidates[0].number)"
                : "UIKit stops at the missing \(prefix)\(stop)\(why) after \(UIKitLoad.count(loaded.count, "frame"))")
                + ": \(UIKitLoad.framesNeverLoad(numbers))"
            return [Problem(message, file: firstLost.files.first?.path)]
        }
    }
}

/// `uikit.past-1024`: frames numbered above 1024, which `UIImage.animatedImageNamed(_:duration:)`
/// never tries.
///
/// Apple: the method loads "'image0', 'image1' and so on all the way up to 'image1024'"
/// (`animatedImageNamed(_:duration:)`): at most 1025 frames (0…1024), 1024 when numbering starts at 1.
public enum UIKitPast1024Rule: ValidationRule {
    public static let id = "uikit.past-1024"
    public static let title = "UIKit never tries frame numbers above 1024"
    public static let explanation = "Apple documents that UIImage.animatedImageNamed(_:duration:) loads \"'image0', "
        + "'image1' and so on all the way up to 'image1024'\": frames numbered 1025 and above are never loaded, so an "
        + "animation holds at most 1025 frames (1024 when numbered from 1). Drop frames (every second one at half "
        + "the frame rate), split the animation, or build the UIImage array yourself."
    public static let defaultSeverity = Severity.error
    public static let needsUIKit = true

    public static func check(_ facts: SequenceFacts, config: ValidationConfig) -> [Problem] {
        let prefix = facts.sequence.prefix
        let past = facts.sequence.frames.filter { frame in
            frame.number > UIKitFrames.lastNumber && frame.files.contains { !$0.isZeroPadded }
        }
        guard let first = past.first else { return [] }
        return [Problem("UIKit tries \(prefix)0…\(prefix)\(UIKitFrames.lastNumber) only: "
                        + UIKitLoad.framesNeverLoad(past.map(\.number)),
                        file: first.files.first { !$0.isZeroPadded }?.path)]
    }
}

/// `uikit.mixed-scale`: no scale at which every frame UIKit loads exists, so every device mixes
/// scales within the animation.
///
/// Apple: "All images included in the animated image should share the same size and scale"
/// (`animatedImageNamed(_:duration:)`, `animatedImage(with:duration:)`). Which file stands in for a
/// missing scale (lower scales first, then higher) is observed behaviour. `scale.mismatch` reports
/// the same for all files; this rule looks only at the frames UIKit loads and names the scales
/// each shows at.
public enum UIKitMixedScaleRule: ValidationRule {
    public static let id = "uikit.mixed-scale"
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
            let common = frames.dropFirst().reduce(first.scales) { $0.intersection($1.scales) }
            guard common.isEmpty else { return [] }
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
    public static let id = "uikit.missing-scale"
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
            guard let first = frames.first else { return [] }
            // With no common scale, uikit.mixed-scale says it better.
            guard !frames.dropFirst().reduce(first.scales, { $0.intersection($1.scales) }).isEmpty else { return [] }
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
    public static let id = "uikit.mixed-size"
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
    public static let id = "uikit.device-variant"
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
                        + "\(Rules.ranges(group.specific)) load their ~\(idiom) file and "
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
    public static let id = "uikit.highlighted"
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

/// What `UIImage.animatedImageNamed(_:duration:)` loads from one sequence on each kind of device,
/// and the wording the `uikit.*` rules share.
struct UIKitLoad {
    /// The device modifiers Apple documents, in report order.
    static let allIdioms = ["iphone", "ipad"]
    /// Screen scales a device may have.
    static let screenScales = [1, 2, 3]

    /// The screen scales of `idiom`'s devices: iPads have never had @3x screens.
    static func screenScales(_ idiom: String?) -> [Int] { idiom == "ipad" ? [1, 2] : screenScales }

    let sequence: FrameSequence
    /// `true` when some file names `~iphone` or `~ipad`, so the two can load differently.
    let hasIdiomFiles: Bool

    init(_ sequence: FrameSequence) {
        self.sequence = sequence
        hasIdiomFiles = sequence.files.contains { $0.device.map(Self.allIdioms.contains) ?? false }
    }

    /// The idioms worth looking at: both when a file names one, else one (they load alike).
    var idioms: [String] { hasIdiomFiles ? Self.allIdioms : [Self.allIdioms[0]] }

    /// What UIKit loads on `idiom` at screen `scale`.
    func frames(idiom: String, scale: Int = 1) -> UIKitFrames {
        UIKitFrames(sequence: sequence, scale: scale, device: idiom)
    }

    /// The frames UIKit loads on `idiom`, each with only the files that device may use.
    func loadedFrames(idiom: String) -> [FrameSequence.Frame] {
        let loaded = Set(frames(idiom: idiom).files.map(\.number))
        return usable(idiom: idiom).filter { loaded.contains($0.number) }
    }

    /// Frames with an unpadded file this device may use, each with only those files.
    func unpaddedFrames(idiom: String) -> [FrameSequence.Frame] {
        usable(idiom: idiom).compactMap { frame in
            let plain = frame.files.filter { !$0.isZeroPadded }
            return plain.isEmpty ? nil : FrameSequence.Frame(number: frame.number, files: plain)
        }
    }

    private func usable(idiom: String) -> [FrameSequence.Frame] {
        sequence.frames.compactMap { frame in
            let files = frame.files.filter { $0.device == nil || $0.device == idiom }
            return files.isEmpty ? nil : FrameSequence.Frame(number: frame.number, files: files)
        }
    }

    /// Why frame `number` is missing for `idiom` although the folder has files for it.
    func whyMissing(_ number: Int, idiom: String) -> String? {
        guard let frame = sequence.frames.first(where: { $0.number == number }) else { return nil }
        let usable = frame.files.filter { $0.device == nil || $0.device == idiom }
        if let padded = usable.first(where: \.isZeroPadded) { return "only \(padded.fileName), zero-padded, exists" }
        if let other = frame.files.first(where: { $0.device != nil && $0.device != idiom }) {
            return "only \(other.fileName), for ~\(other.device!), exists"
        }
        return nil
    }

    /// Runs `check` for each idiom; when both find the same, reports it once, else per device.
    func perIdiom(_ check: (String) -> [Problem]) -> [Problem] {
        let results = idioms.map { ($0, check($0)) }
        if results.count < 2 || results.allSatisfy({ $0.1 == results[0].1 }) { return results[0].1 }
        return results.flatMap { idiom, problems in
            problems.map { Problem("\(Self.name(idiom)): " + $0.message, file: $0.file) }
        }
    }

    static func name(_ idiom: String) -> String { idiom == "ipad" ? "iPad" : idiom == "iphone" ? "iPhone" : idiom }

    /// `"on @2x and @3x screens"`, `"on every screen"`, `"on iPad @1x screens"`, `"on every iPad"`.
    static func screens(_ scales: [Int], idiom: String? = nil) -> String {
        let device = idiom.map { name($0) + " " } ?? ""
        if scales.sorted() == screenScales(idiom) { return idiom.map { "on every \(name($0))" } ?? "on every screen" }
        let labels = scales.sorted().map { "@\($0)x" }
        let list = labels.count == 1 ? labels[0] : labels.dropLast().joined(separator: ", ") + " and " + labels.last!
        return "on \(device)\(list) screens"
    }

    /// `"frame"` or `"frames"`.
    static func framesWord(_ count: Int) -> String { count == 1 ? "frame" : "frames" }

    /// `"3 frames"`.
    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// `"frames 4–9 (6 frames) never load"`, `"frame 4 never loads"`.
    static func framesNeverLoad(_ numbers: [Int]) -> String {
        numbers.count == 1 ? "frame \(numbers[0]) never loads"
            : "frames \(Rules.ranges(numbers)) (\(numbers.count) frames) never load"
    }

    /// A size in points, as reports print it: `32×32 pt`.
    static func points(_ size: PixelSize, scale: Int) -> String {
        SizeMismatchRule.format(Double(size.width) / Double(scale)) + "×"
            + SizeMismatchRule.format(Double(size.height) / Double(scale)) + " pt"
    }
}
