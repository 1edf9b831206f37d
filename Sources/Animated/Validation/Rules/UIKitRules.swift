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
    public static let id = RuleID.uikitPadded
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
    public static let id = RuleID.uikitGap
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
    public static let id = RuleID.uikitPast1024
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
