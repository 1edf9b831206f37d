/// Animated WebP through libwebp: full colour and 8-bit alpha, lossless (every frame exact) or
/// lossy, played by every browser, Discord, Telegram and the game engines. ``Encoder`` writes it,
/// ``Decoder`` reads it back.
public enum WebP {
    /// The most plays a WebP can say short of forever (its loop count is 16 bits).
    public static let maximumRepeatCount = 65_535
}
