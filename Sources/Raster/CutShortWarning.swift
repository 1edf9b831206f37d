/// The one sentence every animation decoder (GIF, APNG, WebP) gives when it reads a file cut short
/// leniently: the file, where it ends, how many frames were read of how many it declares (when the
/// format declares a count), and what to do about it.
///
/// `cut.png is cut short (the file ends after byte 1530 without its IEND chunk): 3 of its 8 frames
/// were read and are kept; to get the rest, export or copy the file again.`
package enum CutShortWarning {
    /// The warning for `file`, which ends early for `reason` after `framesRead` whole frames of the
    /// `declared` it announces (`nil`: the format does not say). `partialRows`: the last frame read
    /// stops after that many of its `height` rows (a GIF frame whose data ends inside it).
    /// `endMarkerOnly`: the data ends only where the end marker should be, every frame whole (a
    /// GIF without its trailer). The kind is `endMarkerMissing` then, and when every declared
    /// frame was read; `cutShort` otherwise.
    package static func text(file: String, reason: String, framesRead: Int, declared: Int? = nil,
                             partialRows: (rows: Int, height: Int)? = nil, endMarkerOnly: Bool = false) -> LenientReadWarning {
        let frames = framesRead == 1 ? "frame" : "frames"
        // Every frame there (an APNG without its IEND chunk): nothing to get back.
        if let declared, declared == framesRead, partialRows == nil {
            return LenientReadWarning(.endMarkerMissing, file: file, framesKept: framesRead, framesDeclared: declared,
                description: "\(file) is cut short (\(reason)), but all \(declared) \(frames) it declares \(framesRead == 1 ? "was" : "were") read")
        }
        var read: String
        if let declared, declared > framesRead {
            read = "\(framesRead) of its \(declared) frames \(framesRead == 1 ? "was" : "were") read"
        } else {
            read = "the \(framesRead) whole \(frames) before the cut \(framesRead == 1 ? "was" : "were") read"
        }
        if let partialRows {
            read = "\(framesRead) \(frames) \(framesRead == 1 ? "was" : "were") read, the last only down to row \(partialRows.rows) of "
                + "\(partialRows.height),"
        }
        return LenientReadWarning(endMarkerOnly && partialRows == nil ? .endMarkerMissing : .cutShort, file: file,
            framesKept: framesRead, framesDeclared: declared,
            description: "\(file) is cut short (\(reason)): \(read) and \(framesRead == 1 ? "is" : "are") kept; "
                + "to get the rest, export or copy the file again")
    }
}
