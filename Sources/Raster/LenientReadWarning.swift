/// What an animation decoder (`GIF.Decoder`, `APNG.Decoder`, `WebP.Decoder`) read past leniently,
/// as a value: its ``kind``, the file, the frames it kept and declared where the format says, and
/// the sentence a user reads (``description``, naming the file and what to do).
///
/// Code that judges a warning — the validator's `animation.frames-lost` rule, a server that
/// refuses an upload that lost frames — matches on ``kind`` (or ``losesFrames``), never on the
/// words, which may be reworded at any time.
public struct LenientReadWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was read past.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The data ends inside or before a frame: the whole frames before the cut are kept, the
        /// rest is lost.
        case cutShort
        /// The data ends only before the format's end marker (a GIF without its trailer, an APNG
        /// without `IEND` whose declared frames were all read): nothing is lost.
        case endMarkerMissing
        /// A frame that does not decode stopped the reading: the frames before it are kept.
        case stoppedAtFrame
        /// A chunk after some frames is damaged (an APNG's bad CRC or order): the frames before
        /// the damage are kept, the rest is lost.
        case damaged
        /// The file holds fewer frames than its header declares (an APNG's `acTL`).
        case fewerFramesThanDeclared
        /// Zero bytes between a GIF's blocks, skipped as gifsicle and Pillow skip them.
        case strayZeros
        /// A GIF frame without a colour table, drawn in greys.
        case missingColorTable
        /// A GIF frame whose LZW code size is over 8, read as browsers read it.
        case oversizedCodeSize

        /// Whether frames of the animation are lost: the file plays shorter than it was made.
        public var losesFrames: Bool {
            switch self {
            case .cutShort, .stoppedAtFrame, .damaged, .fewerFramesThanDeclared: true
            case .endMarkerMissing, .strayZeros, .missingColorTable, .oversizedCodeSize: false
            }
        }
    }

    /// What was read past.
    public var kind: Kind
    /// The file read, as it was opened (its path, or the name given with its bytes).
    public var file: String
    /// The whole frames kept, where the warning is about frames (a cut, a frame that stopped the
    /// reading, a declared count); `nil` otherwise.
    public var framesKept: Int?
    /// The frames the file's header declares, where the format declares a count; `nil` otherwise.
    public var framesDeclared: Int?
    /// The sentence a user reads, naming the file and what to do.
    public var description: String

    /// A warning of `kind` about `file`, read as `description`.
    public init(_ kind: Kind, file: String, framesKept: Int? = nil, framesDeclared: Int? = nil, description: String) {
        self.kind = kind
        self.file = file
        self.framesKept = framesKept
        self.framesDeclared = framesDeclared
        self.description = description
    }

    /// Whether frames of the animation are lost (``Kind/losesFrames``).
    public var losesFrames: Bool { kind.losesFrames }
}
