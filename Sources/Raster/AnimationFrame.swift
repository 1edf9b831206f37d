/// One frame of an animated file as a player shows it, read through an ``AnimationDecoder``: the
/// whole canvas after the frame is drawn, and how long it stays, in seconds.
public struct AnimationFrame: Sendable, Equatable {
    /// The composited canvas, straight (non-premultiplied) RGBA, of the file's full size.
    public var image: Bitmap
    /// How long the frame shows, in seconds, as the file stores it (a GIF's 0–1 cs are 0 and
    /// 0.01 here, an APNG delay of 0 is 0): see ``playedDuration`` for what players show.
    public var duration: Double

    /// A frame showing `image` for `duration` seconds.
    public init(image: Bitmap, duration: Double) {
        self.image = image
        self.duration = duration
    }

    /// The shortest duration browsers honour, in seconds: a frame stored as this or shorter shows
    /// for ``defaultPlayedDuration``.
    public static let shortestHonouredDuration = 0.010
    /// What browsers show a frame stored as 10 ms or less for, in seconds (a GIF delay of 0–1 cs,
    /// an APNG or WebP delay of 0–10 ms).
    public static let defaultPlayedDuration = 0.1

    /// How long browsers show the frame, in seconds: ``duration``, except that 10 ms or less
    /// (which would be no frame at all, or flicker) plays as 100 ms. The one rule for GIF, APNG
    /// and WebP; `frames`, `info` and `assemble` of an animated file all count this.
    public var playedDuration: Double {
        duration > Self.shortestHonouredDuration ? duration : Self.defaultPlayedDuration
    }
}
