/// What an animated file says about itself once its header is read, before any frame is decoded
/// (``AnimationDecoder/info``).
public struct AnimationInfo: Sendable, Equatable {
    /// Canvas width in pixels: every frame's image has this width.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// The frames the file's structure holds (a GIF's image blocks, an APNG's frames with data —
    /// 1 for a still PNG —, a WebP's frames). A file cut short may give fewer: the decoder's
    /// warnings say so.
    public var frameCount: Int
    /// UIKit's repeat count: 0 plays forever, N plays N times.
    public var repeatCount: Int

    /// The facts of a `width`×`height` canvas of `frameCount` frames played `repeatCount` times.
    public init(width: Int, height: Int, frameCount: Int, repeatCount: Int) {
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.repeatCount = repeatCount
    }
}
