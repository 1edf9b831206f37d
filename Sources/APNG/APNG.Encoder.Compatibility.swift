extension APNG.Encoder {
    /// Which decoders an APNG is written to decode exactly in. Every choice is exact by the APNG
    /// specification, so browsers (Chromium, Firefox, Safari) show every frame exactly whatever is
    /// chosen; what changes is whether the encoder also steers around the known bugs of decoders
    /// people process animations with (docs/Formats.md names each bug and the smallest file that
    /// shows it):
    ///
    /// - ffmpeg 5.1 (Debian 12's) places a frame of 1, 2 or 4 bits per pixel drawn at x > 0 at
    ///   the wrong place, and refuses a 1-bit grey APNG;
    /// - Pillow 13 clears a frame disposed of to the background with sample 0 (wrong when the
    ///   `tRNS` colour is another), draws a frame over the canvas with its semi-transparent pixels
    ///   scaled and a grey `tRNS` frame's transparent pixels opaque, and does not restore what was
    ///   under a frame drawn over the canvas.
    public enum Compatibility: String, Sendable, Equatable, CaseIterable {
        /// Exact in ffmpeg 5.1 and Pillow 13 too (the default): no frame of under 8 bits per pixel
        /// drawn at x > 0, no 1-bit grey, a frame cleared to the background only when sample 0 is
        /// the transparent colour, a frame drawn over the canvas only when every pixel it changes
        /// is opaque (never with grey `tRNS`), and never restored to what was under it when it
        /// was drawn over the canvas. On the 19 real sequences this costs 0.04 % of the bytes in all:
        /// 16 do not change, a film fade-in grows 0.36 %, a 3.4 KB pixel-art file 70 bytes at
        /// `fast` (docs/Formats.md).
        case decoders
        /// Only what the APNG specification asks: every choice open, the smallest files. Exact in
        /// browsers; ffmpeg 5.1 and Pillow 13 may show some frames wrong.
        case specification

        /// The encoder choices this setting rules out.
        var rules: Rules {
            switch self {
            case .decoders: .all
            case .specification: []
            }
        }
    }
}

extension APNG.Encoder.Compatibility {
    /// Encoder choices that a known decoder gets wrong, each one ruled out on its own.
    struct Rules: OptionSet, Sendable {
        let rawValue: Int
        /// ffmpeg 5.1: a frame of 1, 2 or 4 bits per pixel starts at x = 0 (ffmpeg unpacks each
        /// row from the canvas's left edge, not the frame's).
        static let subByteFramesAtLeftEdge = Rules(rawValue: 1 << 0)
        /// ffmpeg 5.1: no 1-bit grey (its APNG decoder has no pixel format for it).
        static let noOneBitGrey = Rules(rawValue: 1 << 1)
        /// Pillow 13: dispose to the background only when the transparent unit is all zeros (it
        /// fills the region with sample 0); the transparent colour is chosen as 0 where free.
        static let backgroundIsZero = Rules(rawValue: 1 << 2)
        /// Pillow 13: blend over only where every changed pixel is opaque (it pastes through the
        /// alpha as a mask, scaling semi-transparent pixels and their alpha).
        static let overOnlyOpaque = Rules(rawValue: 1 << 3)
        /// Pillow 13: no blending over with grey and `tRNS` (it makes the transparent level opaque).
        static let noGreyTransparencyOver = Rules(rawValue: 1 << 4)
        /// Pillow 13: no dispose to previous after a frame blended over (its saved canvas is the
        /// one it blended into, so nothing is restored).
        static let noPreviousAfterOver = Rules(rawValue: 1 << 5)

        static let all: Rules = [.subByteFramesAtLeftEdge, .noOneBitGrey, .backgroundIsZero, .overOnlyOpaque,
                                 .noGreyTransparencyOver, .noPreviousAfterOver]
    }
}
