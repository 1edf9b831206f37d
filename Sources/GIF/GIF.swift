import Raster

/// Animated GIF reading and writing, through giflib.
public enum GIF {
    /// Converts the NETSCAPE2.0 loop value to UIKit's `repeatCount` (0 = forever, N = N plays):
    /// no block → 1 play; 0 → forever; N → N + 1 plays. The block holds 16 bits: a value outside
    /// 0…65 535 is taken as the nearest of them.
    public static func repeatCount(netscapeLoops: Int?) -> Int {
        guard let loops = netscapeLoops else { return 1 }
        return loops == 0 ? 0 : min(max(loops, 0), 65_535) + 1
    }

    /// The most plays a GIF can say short of forever: its loop block holds at most 65 535 extra
    /// loops (16 bits).
    public static let maximumRepeatCount = 65_536

    /// The NETSCAPE2.0 loop value for a UIKit `repeatCount`, or `nil` when no block is written
    /// (one play): forever → 0; N plays → N − 1, at most 65 535. A negative count, which the
    /// encoders refuse before they get here, is one play.
    public static func netscapeLoops(repeatCount: Int) -> Int? {
        repeatCount == 0 ? 0 : repeatCount <= 1 ? nil : min(repeatCount - 1, 65_535)
    }

    /// How a frame's area is treated before the next frame is drawn.
    public enum Disposal: Int, Sendable, Codable {
        /// 0: no disposal specified; decoders leave the frame in place.
        case unspecified = 0
        /// 1: leave the frame in place.
        case keep = 1
        /// 2: clear the frame's rectangle to transparent.
        case background = 2
        /// 3: restore the rectangle to what it was before the frame was drawn.
        case previous = 3
    }

    /// A rectangle on the logical screen, in pixels.
    public typealias Rect = PixelRect
}
