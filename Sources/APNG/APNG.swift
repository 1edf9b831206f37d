import Raster

/// Animated PNG: full colour and 8-bit alpha in every frame, played by every browser, Discord,
/// Telegram, iMessage and the game engines, and shown as its first frame by anything that knows
/// only PNG. ``Encoder`` writes it exactly and small; ``Decoder`` reads it back.
public enum APNG {
    /// How a frame's region is treated before the next frame is drawn (`dispose_op`).
    enum Dispose: UInt8, Sendable {
        /// 0: left as it is.
        case none = 0
        /// 1: cleared to transparent black.
        case background = 1
        /// 2: restored to what was there before the frame was drawn.
        case previous = 2
    }

    /// The most plays an APNG can say short of forever (`num_plays` is 32 bits).
    public static let maximumRepeatCount = Int(UInt32.max)
}
