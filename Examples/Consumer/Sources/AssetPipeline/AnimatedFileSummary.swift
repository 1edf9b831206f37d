import Animated
import APNG
import Basics
import GIF
import Raster
import WebP

/// What a service tells a user about an uploaded animation — a GIF, an APNG or a WebP — before
/// using it: read through Flipbook's one decoder protocol (Raster's `AnimationDecoder`), one frame
/// at a time, so an upload of any size holds one frame in memory.
public struct AnimatedFileSummary: Sendable, Equatable {
    /// The format read.
    public var format: AnimationDecodeError.Format
    /// The canvas size in pixels.
    public var width: Int, height: Int
    /// The frames read.
    public var frames: Int
    /// How long one play lasts in a browser, in seconds (frames of 10 ms or less count 100 ms).
    public var seconds: Double
    /// UIKit's repeat count: 0 forever.
    public var repeatCount: Int
    /// What was read past (a file cut short: its whole frames are summed), one line each.
    public var warnings: [String]

    /// The summary of `bytes`, an upload named `name`, read by the decoder its bytes call for
    /// (`Animation.decoder`: a GIF sent as `clip.webp` is read as the GIF it is; a still PNG is one
    /// frame). A file that cannot be read is the decoders' one error, naming `name`.
    public static func read(_ bytes: [UInt8], name: String, limits: ResourceLimits = .default) throws(AnimationDecodeError)
        -> AnimatedFileSummary {
        try summary(of: Animation.decoder(bytes: bytes, file: name, limits: limits))
    }

    /// The summary of `bytes` read by `decoder`, whichever format it reads.
    public static func read<Decoder: AnimationDecoder>(_ decoder: Decoder.Type, _ bytes: [UInt8], name: String,
                                                       limits: ResourceLimits = .default) throws(AnimationDecodeError) -> AnimatedFileSummary {
        try summary(of: Decoder(bytes: bytes, file: name, limits: limits))
    }

    /// The summary of what `reader` holds, read one frame at a time.
    static func summary(of reader: any AnimationDecoder) throws(AnimationDecodeError) -> AnimatedFileSummary {
        var frames = 0, seconds = 0.0
        while let frame = try reader.nextFrame() {
            frames += 1
            seconds += frame.playedDuration
        }
        return AnimatedFileSummary(format: type(of: reader).format, width: reader.info.width, height: reader.info.height, frames: frames,
                                   seconds: (seconds * 1000).rounded() / 1000, repeatCount: reader.info.repeatCount,
                                   warnings: reader.warnings)
    }
}
