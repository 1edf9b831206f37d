/// The sentences every animation decoder (GIF, APNG, WebP) gives when it keeps the whole frames
/// before a file goes wrong, one table for all three: a file **cut short** (its bytes end early:
/// copying it again helps) and a file **damaged** in the middle (bytes changed: the same copy
/// will not help; the frames after the damage are lost). Each names the file, where it went
/// wrong, how many frames were read of how many it declares (when the format declares a count)
/// and what to do about it.
///
/// `cut.png is cut short (the file ends after byte 1530 without its IEND chunk): 3 of its 8 frames
/// were read and are kept; to get the rest, export or copy the file again.`
///
/// `flip.gif is damaged at byte 1461 (frame 3's image data: an LZW code (301) its table does not
/// hold yet): the 2 whole frames before the damage were read and are kept; the rest cannot be
/// read from this file: get it again from where it was made.`
package enum CutShortWarning {
    /// The warning for `file`, which ends early for `reason` after `framesRead` whole frames of the
    /// `declared` it announces (`nil`: the format does not say). `endMarkerOnly`: the data ends
    /// only where the end marker should be, every frame whole (a GIF without its trailer). The kind
    /// is `endMarkerMissing` then, and when every declared frame was read; `cutShort` otherwise.
    package static func text(file: String, reason: String, framesRead: Int, declared: Int? = nil,
                             endMarkerOnly: Bool = false) -> LenientReadWarning {
        let frames = framesRead == 1 ? "frame" : "frames"
        // Every frame there (an APNG without its IEND chunk): nothing to get back.
        if let declared, declared == framesRead {
            return LenientReadWarning(.endMarkerMissing, file: file, framesKept: framesRead, framesDeclared: declared, description:
                "\(file) is cut short (\(reason)), but all \(declared) \(frames) it declares \(framesRead == 1 ? "was" : "were") read")
        }
        // Every frame whole, only the end marker missing, and no count to compare with (a GIF):
        // whether frames were lost cannot be known, so nothing says "the rest".
        if endMarkerOnly, declared == nil {
            return LenientReadWarning(.endMarkerMissing, file: file, framesKept: framesRead, framesDeclared: nil, description:
                "\(file) is cut short (\(reason)): its \(framesRead) whole \(frames) \(framesRead == 1 ? "was" : "were") read and "
                + "\(framesRead == 1 ? "is" : "are") kept; the format does not say how many it holds, so if some are missing, "
                + "export or copy the file again")
        }
        return LenientReadWarning(endMarkerOnly ? .endMarkerMissing : .cutShort, file: file, framesKept: framesRead,
                                  framesDeclared: declared, description:
            "\(file) is cut short (\(reason)): \(read(framesRead, of: declared, before: "the cut")) and "
            + "\(framesRead == 1 ? "is" : "are") kept; to get the rest, export or copy the file again")
    }

    /// The warning for `file`, damaged at byte `offset` (`nil`: not known) for `reason`, after
    /// `framesRead` whole frames of the `declared` it announces (`nil`: the format does not say).
    package static func damaged(file: String, at offset: Int?, reason: String, framesRead: Int, declared: Int? = nil) -> LenientReadWarning {
        LenientReadWarning(.damaged, file: file, framesKept: framesRead, framesDeclared: declared, description:
            "\(file) is damaged\(offset.map { " at byte \($0)" } ?? "") (\(reason)): \(read(framesRead, of: declared, before: "the damage")) "
            + "and \(framesRead == 1 ? "is" : "are") kept; the rest cannot be read from this file: get it again from where it was made")
    }

    /// The reason of the error for a file damaged at byte `offset` before its first whole frame
    /// (the error names the file and the format): `damaged at byte 812 (frame 1's image data: …): no
    /// whole frame to show`.
    package static func damagedBeforeFirstFrame(at offset: Int?, reason: String) -> String {
        "damaged\(offset.map { " at byte \($0)" } ?? "") (\(reason)): no whole frame to show; get the file again from where it was made"
    }

    /// `3 of its 8 frames were read`, or `the 3 whole frames before the cut were read`.
    private static func read(_ framesRead: Int, of declared: Int?, before place: String) -> String {
        let were = framesRead == 1 ? "was" : "were"
        if let declared, declared > framesRead {
            return "\(framesRead) of its \(declared) frames \(were) read"
        }
        return "the \(framesRead) whole frame\(framesRead == 1 ? "" : "s") before \(place) \(were) read"
    }
}
