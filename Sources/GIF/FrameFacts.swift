import Basics

/// What the encoder needs to know of a flattened frame that depends on the frame alone, found on
/// a decoding worker ahead of the encoding thread (`standard` and `high`): the frame's
/// ``ColorRefiner/digest(_:onAllCores:)`` (is it the frame before, byte for byte?) and whether it
/// draws every pixel (then it clears nothing the screen shows, and the passes that look for such
/// pixels are skipped). Found only for a frame that the serial step of flattening leaves as it is
/// (``AlphaFlattener/Prepared/undecided`` empty); others are looked at on the encoding thread, as before.
struct FrameFacts: Sendable {
    /// ``ColorRefiner/digest(_:onAllCores:)`` of the flattened pixels.
    var digest: ColorRefiner.Digest
    /// No pixel is transparent after flattening (an opaque frame: a film, a screencast).
    var drawsEveryPixel: Bool

    /// The facts of `frame`, when flattening will not change its pixels; `nil` otherwise. Hashed
    /// on the calling thread alone (a worker's: the other cores are busy with the encoder).
    static func of(_ frame: AlphaFlattener.Prepared) -> FrameFacts? {
        guard frame.undecided.isEmpty else { return nil }
        return FrameFacts(digest: ColorRefiner.digest(frame.pixels, onAllCores: false), drawsEveryPixel: frame.opaque)
    }
}
