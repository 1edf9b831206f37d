import Basics

/// What the images of one source are: the one rule a folder (``Discovery``) and files in memory
/// (``Upload``) both follow, so that `Validator`, `Animation.load` (so `AssembleJob`) and
/// `SheetJob` read a folder and an upload of the same files alike (docs/Design.md, "Sources: one
/// definition").
///
/// The images are the source's PNG, GIF, APNG and WebP files, once its hidden files, settings,
/// other files and a sprite sheet's pages are left out:
/// - PNG images among them are the frames; a GIF, APNG or WebP beside them is no frame, left out
///   (a `preview.gif` exported beside the frames, the job's own earlier output): it is an
///   animation of its own, read only alone.
/// - Without a PNG, one GIF, APNG or WebP is the source: an animation, read whole. Several are
///   refused (``Discovery/Error/severalAnimations(source:animations:)``, naming them): nothing
///   says which one is meant.
/// - A lone `.png` whose content is an APNG (`acTL`) is that animation too; among other PNGs it
///   is a frame, which `png.animated` reports and the jobs refuse.
package enum SourceImages: Equatable {
    /// One GIF, APNG or WebP, by name, and its kind.
    case animation(String, AssembleJob.Format)
    /// PNG images, in the order given, and the GIFs, APNGs and WebPs left out beside them.
    case stills([String], leftOut: [String])

    /// The images `names` (each a PNG, GIF, APNG or WebP by its name) of `source` (a folder, or
    /// ``Discovery/filesGiven``) stand for, in the order given; `nil` when there are none.
    /// `isAPNG` says whether a lone `.png` holds an animation.
    static func reading(_ names: [String], of source: String, isAPNG: (String) -> Bool) throws(Discovery.Error) -> SourceImages? {
        let animations = names.filter { Animation.animatedFileKind($0) != nil }
        let stills = names.filter { Animation.animatedFileKind($0) == nil }
        if stills.isEmpty {
            guard let first = animations.first, let kind = Animation.animatedFileKind(first) else { return nil }
            guard animations.count == 1 else { throw .severalAnimations(source: source, animations: animations) }
            return .animation(first, kind)
        }
        if stills.count == 1 && animations.isEmpty && isAPNG(stills[0]) { return .animation(stills[0], .apng) }
        return .stills(stills, leftOut: animations)
    }

    /// Whether `name` is an image of a source by its name: a PNG, GIF, APNG or WebP.
    static func isImage(_ name: String) -> Bool {
        OutputName.pathExtension(name) == "png" || Animation.animatedFileKind(name) != nil
    }
}
